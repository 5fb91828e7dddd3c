package overlay

import (
	"riddlestone/gamecheck"
	"riddlestone/puzzle"
	"slices"
	"strings"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/entity"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// npcType is the entity type of the puzzle's people and creatures: a stationary entity that clients draw as a
// vanilla model. Dragonfly has no vanilla mobs, and the model is a property of the type, so there is one type per
// model, saved as "riddlestone:npc/<model>".
type npcType struct{ model string }

// Open ...
func (t npcType) Open(tx *world.Tx, h *world.EntityHandle, d *world.EntityData) world.Entity {
	return entity.Open(tx, h, d)
}

// EncodeEntity is the name the type is saved and registered under.
func (t npcType) EncodeEntity() string { return npcPrefix + t.model }

// NetworkEncodeEntity is the vanilla entity clients draw.
func (t npcType) NetworkEncodeEntity() string { return "minecraft:" + t.model }

// BBox ...
func (npcType) BBox(world.Entity) cube.BBox { return cube.Box(-0.3, 0, -0.3, 0.3, 1.9, 0.3) }

// DecodeNBT ...
func (npcType) DecodeNBT(m map[string]any, d *world.EntityData) {
	v, _ := m["Variant"].(int32)
	f, _ := m["LookFlags"].(int32)
	npcConfig{variant: v, flags: uint32(f)}.Apply(d)
}

// EncodeNBT ...
func (npcType) EncodeNBT(d *world.EntityData) map[string]any {
	if b, ok := d.Data.(*npcBehaviour); ok {
		return map[string]any{"Variant": b.variant, "LookFlags": int32(b.flags)}
	}
	return nil
}

// npcConfig makes the behaviour of an NPC: it stands still, and shows as its look's variant (a villager's
// profession) with its look's flags (a sheep sheared), a mask over gamecheck.EntityFlagNames.
type npcConfig struct {
	variant int32
	flags   uint32
}

// lookConfig returns the behaviour config of an NPC with a look.
func lookConfig(look puzzle.Look) npcConfig {
	return npcConfig{variant: int32(look.Variant), flags: gamecheck.EntityFlagMask(look.Flags)}
}

// Apply ...
func (c npcConfig) Apply(d *world.EntityData) {
	d.Data = &npcBehaviour{StationaryBehaviour: entity.StationaryBehaviourConfig{}.New(), npcConfig: c}
}

// npcBehaviour is an NPC's behaviour: Dragonfly's stationary one, and the variant and flags clients are told.
// Dragonfly sends an entity's Variant and MarkVariant when its behaviour has them, and no flag a look needs (a
// sheep's sheared), so the flags ride on MarkVariant (flagCarrier and the mask) to the player's connection, where
// ShowEntityFlags turns them into the flags.
type npcBehaviour struct {
	*entity.StationaryBehaviour
	npcConfig
}

// flagCarrier marks a MarkVariant that carries an NPC's look flags in its low bits.
const flagCarrier = 1 << 30

// Variant is the look's variant: a villager's profession.
func (b *npcBehaviour) Variant() int32 { return b.variant }

// MarkVariant carries the look's flags, or is 0 without any.
func (b *npcBehaviour) MarkVariant() int32 {
	if b.flags == 0 {
		return 0
	}
	return flagCarrier | int32(b.flags)
}

// setLook changes the variant and flags of an NPC to a look's; its viewers learn of them with its next state
// (SetNameTag sends it).
func setLook(e *entity.Ent, look puzzle.Look) {
	if b, ok := e.Behaviour().(*npcBehaviour); ok {
		b.npcConfig = lookConfig(look)
	}
}

// ShowEntityFlags turns the look flags an NPC's metadata carries (npcBehaviour.MarkVariant) into the entity flags
// they name, in a packet the server is about to send: an AddActor or a SetActorData. Other packets are left as
// they are. The server calls it on every packet it writes to a player.
func ShowEntityFlags(pk packet.Packet) {
	switch pk := pk.(type) {
	case *packet.AddActor:
		showFlags(pk.EntityMetadata)
	case *packet.SetActorData:
		showFlags(pk.EntityMetadata)
	}
}

// showFlags sets the flags a metadata's MarkVariant carries and clears the carrier.
func showFlags(m protocol.EntityMetadata) {
	v, ok := m[protocol.EntityDataKeyMarkVariant].(int32)
	if !ok || v&flagCarrier == 0 {
		return
	}
	for i := range gamecheck.EntityFlagNames() {
		if v&(1<<i) != 0 {
			m.SetFlag(protocol.EntityDataKeyFlags, gamecheck.EntityFlagIndex(i))
		}
	}
	m[protocol.EntityDataKeyMarkVariant] = int32(0)
}

const npcPrefix = "riddlestone:npc/"

// NPCModels are the vanilla models a look's entity may name. Each needs its type registered before the world opens,
// so that NPCs saved in chunks load again; the list is fixed so that a pack reload never needs a new type.
var NPCModels = gamecheck.NPCModels

// EntityTypes returns the NPC types to add to the world's entity registry, one per model.
func EntityTypes() []world.EntityType {
	out := make([]world.EntityType, len(NPCModels))
	for i, m := range NPCModels {
		out[i] = npcType{model: m}
	}
	return out
}

// npcModel returns the model a look's entity names, and whether it is one of NPCModels.
func npcModel(name string) (string, bool) {
	name = strings.TrimPrefix(name, "minecraft:")
	return name, slices.Contains(NPCModels, name)
}

// isNPC reports whether an entity is one of the overlay's NPCs.
func isNPC(e world.Entity) bool { return strings.HasPrefix(e.H().Type().EncodeEntity(), npcPrefix) }

// entityRegistry is Dragonfly's default entity registry with the NPC types added, for tests that open a world.
func entityRegistry() world.EntityRegistry {
	return entity.DefaultRegistry.Config().New(append(entity.DefaultRegistry.Types(), EntityTypes()...))
}
