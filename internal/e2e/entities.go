package e2e

import (
	"sort"
	"sync"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// Entity is an entity as the client was shown it: by AddActor, AddItemActor or AddPlayer, moved by
// MoveActorAbsolute, MoveActorDelta or MovePlayer, renamed by SetActorData.
type Entity struct {
	// RID is the entity's runtime ID, which packets about it name.
	RID uint64
	// Type is the type the client draws: "minecraft:item", "minecraft:player", "minecraft:villager_v2", or
	// "minecraft:falling_block" for a floating text.
	Type string
	// Name is the name tag, or a player's name.
	Name string
	// Pos is the position of the entity's feet (the bottom of its box).
	Pos mgl64.Vec3
	// Item is the stack an item entity carries, decoded from the packet.
	Item item.Stack
	// Flags are the entity's flags (protocol.EntityDataKeyFlags) and Variant its variant, as last sent.
	Flags   int64
	Variant int32
}

// HasFlag reports whether the entity was last sent with a flag (protocol.EntityDataFlag...) set.
func (e Entity) HasFlag(index uint8) bool { return e.Flags&(1<<int64(index)) != 0 }

// setMetadata keeps what the entity's metadata says of its look: its flags and variant.
func (e *Entity) setMetadata(m protocol.EntityMetadata) {
	if f, ok := m[protocol.EntityDataKeyFlags].(int64); ok {
		e.Flags = f
	}
	if v, ok := m[protocol.EntityDataKeyVariant].(int32); ok {
		e.Variant = v
	}
}

// ItemName returns the custom name of an item entity's stack, or its item's name ("minecraft:emerald") if it
// has none, or "" for other entities.
func (e Entity) ItemName() string {
	if e.Item.Empty() {
		return ""
	}
	if n := e.Item.CustomName(); n != "" {
		return n
	}
	name, _ := e.Item.Item().EncodeItem()
	return name
}

// IsItem reports whether the entity is an item stack lying in the world.
func (e Entity) IsItem() bool { return e.Type == "minecraft:item" }

// networkOffset is how far above its feet the server puts an entity of the type in movement packets (but not
// in the packets that add it).
func networkOffset(typ string) float64 {
	switch typ {
	case "minecraft:item":
		return 0.125
	case "minecraft:player":
		return 1.621
	case "minecraft:tnt":
		return 0.49
	}
	return 0
}

// entities tracks the entities the client was shown.
type entities struct {
	mu    sync.RWMutex
	self  uint64
	m     map[uint64]*Entity
	taken map[uint64]uint64 // item entity -> the entity that picked it up
}

func newEntities(self uint64) *entities {
	return &entities{self: self, m: map[uint64]*Entity{}, taken: map[uint64]uint64{}}
}

func (es *entities) handle(pk packet.Packet) {
	es.mu.Lock()
	defer es.mu.Unlock()
	switch pk := pk.(type) {
	case *packet.AddActor:
		es.m[pk.EntityRuntimeID] = &Entity{RID: pk.EntityRuntimeID, Type: pk.EntityType, Name: nameTag(pk.EntityMetadata), Pos: vec64(pk.Position)}
		es.m[pk.EntityRuntimeID].setMetadata(pk.EntityMetadata)
	case *packet.AddItemActor:
		es.m[pk.EntityRuntimeID] = &Entity{RID: pk.EntityRuntimeID, Type: "minecraft:item", Name: nameTag(pk.EntityMetadata), Pos: vec64(pk.Position), Item: stackOf(pk.Item.Stack)}
	case *packet.AddPlayer:
		es.m[pk.EntityRuntimeID] = &Entity{RID: pk.EntityRuntimeID, Type: "minecraft:player", Name: pk.Username, Pos: vec64(pk.Position)}
	case *packet.MoveActorAbsolute:
		if e, ok := es.m[pk.EntityRuntimeID]; ok {
			e.Pos = vec64(pk.Position).Sub(mgl64.Vec3{0, networkOffset(e.Type)})
		}
	case *packet.MoveActorDelta:
		if e, ok := es.m[pk.EntityRuntimeID]; ok {
			off := networkOffset(e.Type)
			if v, ok := pk.PositionX.Value(); ok {
				e.Pos[0] = float64(v)
			}
			if v, ok := pk.PositionY.Value(); ok {
				e.Pos[1] = float64(v) - off
			}
			if v, ok := pk.PositionZ.Value(); ok {
				e.Pos[2] = float64(v)
			}
		}
	case *packet.MovePlayer:
		if e, ok := es.m[pk.EntityRuntimeID]; ok && pk.EntityRuntimeID != es.self {
			e.Pos = vec64(pk.Position).Sub(mgl64.Vec3{0, networkOffset(e.Type)})
		}
	case *packet.SetActorData:
		if e, ok := es.m[pk.EntityRuntimeID]; ok {
			if _, ok := pk.EntityMetadata[protocol.EntityDataKeyName]; ok {
				e.Name = nameTag(pk.EntityMetadata)
			}
			e.setMetadata(pk.EntityMetadata)
		}
	case *packet.TakeItemActor:
		es.taken[pk.ItemEntityRuntimeID] = pk.TakerEntityRuntimeID
	case *packet.RemoveActor:
		delete(es.m, uint64(pk.EntityUniqueID))
	case *packet.ChangeDimension:
		clear(es.m)
	}
}

func (es *entities) get(rid uint64) (Entity, bool) {
	es.mu.RLock()
	defer es.mu.RUnlock()
	e, ok := es.m[rid]
	if !ok {
		return Entity{}, false
	}
	return *e, true
}

// takenBy returns the runtime ID of the entity that picked up the item entity rid, or 0.
func (es *entities) takenBy(rid uint64) uint64 {
	es.mu.RLock()
	defer es.mu.RUnlock()
	return es.taken[rid]
}

// all returns every entity, by runtime ID.
func (es *entities) all() []Entity {
	es.mu.RLock()
	defer es.mu.RUnlock()
	out := make([]Entity, 0, len(es.m))
	for _, e := range es.m {
		out = append(out, *e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].RID < out[j].RID })
	return out
}

func nameTag(m protocol.EntityMetadata) string {
	s, _ := m[protocol.EntityDataKeyName].(string)
	return s
}

// stackOf decodes an item stack as the server encoded it (Dragonfly's stackFromItem), with the item registry a Go
// client shares with a Dragonfly server.
func stackOf(s protocol.ItemStack) item.Stack {
	if s.NetworkID == 0 {
		return item.Stack{}
	}
	t, ok := world.ItemByRuntimeID(s.NetworkID, int16(s.MetadataValue))
	if !ok {
		t = block.Air{}
	}
	if s.BlockRuntimeID > 0 {
		b, _ := world.BlockByRuntimeID(uint32(s.BlockRuntimeID))
		if it, ok := b.(world.Item); ok {
			t = it
		}
	}
	if n, ok := t.(world.NBTer); ok && len(s.NBTData) != 0 {
		if it, ok := n.DecodeNBT(s.NBTData).(world.Item); ok {
			t = it
		}
	}
	st := item.NewStack(t, int(s.Count))
	return item.ReadNBT(s.NBTData, &st)
}

// Stack decodes an item of the client's inventory (see Bot.Inventory).
func Stack(it protocol.ItemInstance) item.Stack { return stackOf(it.Stack) }

// objectKey is the value the server puts in a puzzle item's stack: the object's id (overlay/look.go).
const objectKey = "riddlestone:object"

// HotbarSlotOf returns the hotbar slot (0 to 8) of the bot's inventory that holds the stack of a puzzle object, as
// /puzzle plan numbers it ("Key #12"), or false when none does. Using an item from that slot holds it.
func (b *Bot) HotbarSlotOf(object int) (int, bool) {
	for slot, it := range b.Inventory(protocol.WindowIDInventory) {
		if slot > 8 {
			break
		}
		if v, ok := Stack(it).Value(objectKey); ok && v == object {
			return slot, true
		}
	}
	return 0, false
}

// EmptyHotbarSlot returns a hotbar slot that holds nothing, or holds no puzzle item (the guide book), for using a
// thing with an empty hand; it prefers an empty one.
func (b *Bot) EmptyHotbarSlot() int {
	inv := b.Inventory(protocol.WindowIDInventory)
	fallback := 0
	for slot := range 9 {
		if slot >= len(inv) || inv[slot].Stack.NetworkID == 0 {
			return slot
		}
		if _, puzzle := Stack(inv[slot]).Value(objectKey); !puzzle {
			fallback = slot
		}
	}
	return fallback
}
