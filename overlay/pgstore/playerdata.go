package pgstore

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/entity/effect"
	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/item/inventory"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/sandertv/gophertunnel/minecraft/nbt"
)

// playerRecord is a player's data as riddlestone_players keeps it: the fields Dragonfly's own player data
// provider (server/player/playerdb, whose encoding is unexported) writes to the players folder, under the same
// JSON names, each item as its disk NBT (item.WriteNBT) in little-endian, as playerdb stores it. A record of
// playerdb's LevelDB therefore reads as one of ours.
type playerRecord struct {
	UUID                             string
	XUID                             string
	Username                         string
	Position, Velocity               mgl64.Vec3
	Yaw, Pitch                       float64
	Health, MaxHealth                float64
	Hunger                           int
	FoodTick                         int
	ExhaustionLevel, SaturationLevel float64
	EnchantmentSeed                  int64
	Experience                       int
	AirSupply, MaxAirSupply          int
	GameMode                         uint8
	Inventory                        inventoryRecord
	EnderChestInventory              []slotRecord
	Effects                          []effectRecord
	FireTicks                        int64
	FallDistance                     float64
	Dimension                        int32
}

// inventoryRecord is a player's inventory, armour, off hand and held slot.
type inventoryRecord struct {
	Items        []slotRecord
	Boots        []byte
	Leggings     []byte
	Chestplate   []byte
	Helmet       []byte
	OffHand      []byte
	MainHandSlot uint32
}

// slotRecord is the item in one slot of an inventory; empty slots are left out.
type slotRecord struct {
	Item []byte
	Slot int
}

// effectRecord is one effect on a player.
type effectRecord struct {
	ID              int
	Level           int
	Duration        time.Duration
	Ambient         bool
	ParticlesHidden bool
	Infinite        bool
}

// The sizes of a player's inventories, as Dragonfly makes them.
const (
	inventorySize  = 36
	enderChestSize = 27
)

// encodePlayer turns a player's data, in world w, into the JSON riddlestone_players keeps. An item that cannot be
// encoded is an error: the player's data is not saved rather than saved without it.
func encodePlayer(c player.Config, w *world.World) ([]byte, error) {
	r := playerRecord{
		UUID: c.UUID.String(), XUID: c.XUID, Username: c.Name,
		Position: c.Position, Velocity: c.Velocity, Yaw: c.Rotation.Yaw(), Pitch: c.Rotation.Pitch(),
		Health: c.Health, MaxHealth: c.MaxHealth,
		Hunger: c.Food, FoodTick: c.FoodTick, ExhaustionLevel: c.Exhaustion, SaturationLevel: c.Saturation,
		EnchantmentSeed: c.EnchantmentSeed, Experience: c.Experience,
		AirSupply: c.AirSupply, MaxAirSupply: c.MaxAirSupply,
		Effects:   effectsToRecords(c.Effects),
		FireTicks: c.FireTicks, FallDistance: c.FallDistance,
	}
	if mode, ok := world.GameModeID(c.GameMode); ok {
		r.GameMode = uint8(mode)
	}
	if w != nil {
		dim, _ := world.DimensionID(w.Dimension())
		r.Dimension = int32(dim)
	}
	var err error
	if r.Inventory, err = inventoryToRecord(c); err != nil {
		return nil, err
	}
	if c.EnderChestInventory != nil {
		if r.EnderChestInventory, err = encodeSlots(c.EnderChestInventory.Slots()); err != nil {
			return nil, fmt.Errorf("ender chest: %w", err)
		}
	}
	return json.Marshal(r)
}

// inventoryToRecord encodes a player's inventory, armour, off hand and held slot.
func inventoryToRecord(c player.Config) (r inventoryRecord, err error) {
	r.MainHandSlot = uint32(c.HeldSlot)
	if c.Inventory != nil {
		if r.Items, err = encodeSlots(c.Inventory.Slots()); err != nil {
			return r, fmt.Errorf("inventory: %w", err)
		}
	}
	if c.OffHand != nil {
		off, _ := c.OffHand.Item(0)
		if r.OffHand, err = encodeItem(off); err != nil {
			return r, fmt.Errorf("off hand: %w", err)
		}
	}
	if c.Armour != nil {
		pieces := []struct {
			to *[]byte
			s  item.Stack
		}{{&r.Helmet, c.Armour.Helmet()}, {&r.Chestplate, c.Armour.Chestplate()}, {&r.Leggings, c.Armour.Leggings()}, {&r.Boots, c.Armour.Boots()}}
		for _, p := range pieces {
			if *p.to, err = encodeItem(p.s); err != nil {
				return r, fmt.Errorf("armour: %w", err)
			}
		}
	}
	return r, nil
}

// encodeSlots encodes the items of an inventory's slots, leaving the empty ones out.
func encodeSlots(items []item.Stack) ([]slotRecord, error) {
	out := make([]slotRecord, 0, len(items))
	for slot, s := range items {
		b, err := encodeItem(s)
		if err != nil {
			return nil, fmt.Errorf("slot %d: %w", slot, err)
		}
		if b != nil {
			out = append(out, slotRecord{Slot: slot, Item: b})
		}
	}
	return out, nil
}

// encodeItem encodes a stack as playerdb does: its disk NBT, little-endian; nil for an empty stack. Dragonfly
// panics on values it cannot encode (an item's WithValue of a type gob does not know): that is an error here.
func encodeItem(s item.Stack) (b []byte, err error) {
	if s.Empty() {
		return nil, nil
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("encode %s: %v", itemName(s), r)
		}
	}()
	var buf bytes.Buffer
	if err := nbt.NewEncoderWithEncoding(&buf, nbt.LittleEndian).Encode(item.WriteNBT(s, true)); err != nil {
		return nil, fmt.Errorf("encode %s: %w", itemName(s), err)
	}
	return buf.Bytes(), nil
}

// itemName names a stack's item for an error.
func itemName(s item.Stack) string {
	name, _ := s.Item().EncodeItem()
	return name
}

// decodeItem decodes a stack encodeItem encoded. Data that does not decode, or names an item this server does not
// know, is an error: the player's data is not loaded rather than loaded without the item.
func decodeItem(b []byte) (s item.Stack, err error) {
	if len(b) == 0 {
		return item.Stack{}, nil
	}
	defer func() {
		if r := recover(); r != nil { // Dragonfly panics on item values it cannot decode
			err = fmt.Errorf("decode an item: %v", r)
		}
	}()
	var tag map[string]any
	if err := nbt.NewDecoderWithEncoding(bytes.NewReader(b), nbt.LittleEndian).Decode(&tag); err != nil {
		return item.Stack{}, fmt.Errorf("decode an item: %w", err)
	}
	s = item.ReadNBT(tag, nil)
	if s.Empty() {
		name, _ := tag["Name"].(string)
		return item.Stack{}, fmt.Errorf("decode an item: %q is not an item this server knows", name)
	}
	return s, nil
}

// decodePlayer turns a record of riddlestone_players back into a player's data and the dimension they were in.
func decodePlayer(b []byte) (player.Config, world.Dimension, error) {
	var r playerRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return player.Config{}, nil, err
	}
	dim, ok := world.DimensionByID(int(r.Dimension))
	if !ok {
		dim = world.Overworld
	}
	mode, ok := world.GameModeByID(int(r.GameMode))
	if !ok {
		mode = world.GameModeSurvival
	}
	c := player.Config{
		XUID: r.XUID, Name: r.Username,
		Position: r.Position, Rotation: cube.Rotation{r.Yaw, r.Pitch}, Velocity: r.Velocity,
		Health: r.Health, MaxHealth: r.MaxHealth,
		Food: r.Hunger, FoodTick: r.FoodTick, Exhaustion: r.ExhaustionLevel, Saturation: r.SaturationLevel,
		Experience: r.Experience, AirSupply: r.AirSupply, MaxAirSupply: r.MaxAirSupply,
		EnchantmentSeed: r.EnchantmentSeed, GameMode: mode, HeldSlot: int(r.Inventory.MainHandSlot),
		FireTicks: r.FireTicks, FallDistance: r.FallDistance, Effects: recordsToEffects(r.Effects),
		Inventory: inventory.New(inventorySize, nil), EnderChestInventory: inventory.New(enderChestSize, nil),
		OffHand: inventory.New(1, nil), Armour: inventory.NewArmour(nil),
	}
	if err := recordToInventory(r.Inventory, c); err != nil {
		return player.Config{}, nil, err
	}
	if err := decodeSlots(r.EnderChestInventory, c.EnderChestInventory); err != nil {
		return player.Config{}, nil, fmt.Errorf("ender chest: %w", err)
	}
	return c, dim, nil
}

// recordToInventory fills a player's new inventories from their record.
func recordToInventory(r inventoryRecord, c player.Config) error {
	if err := decodeSlots(r.Items, c.Inventory); err != nil {
		return fmt.Errorf("inventory: %w", err)
	}
	var armour [4]item.Stack
	for i, b := range [][]byte{r.Helmet, r.Chestplate, r.Leggings, r.Boots} {
		s, err := decodeItem(b)
		if err != nil {
			return fmt.Errorf("armour: %w", err)
		}
		armour[i] = s
	}
	c.Armour.Set(armour[0], armour[1], armour[2], armour[3])
	off, err := decodeItem(r.OffHand)
	if err != nil {
		return fmt.Errorf("off hand: %w", err)
	}
	return c.OffHand.SetItem(0, off)
}

// decodeSlots puts the items of slot records into an inventory.
func decodeSlots(slots []slotRecord, inv *inventory.Inventory) error {
	for _, sl := range slots {
		s, err := decodeItem(sl.Item)
		if err != nil {
			return fmt.Errorf("slot %d: %w", sl.Slot, err)
		}
		if err := inv.SetItem(sl.Slot, s); err != nil {
			return fmt.Errorf("slot %d: %w", sl.Slot, err)
		}
	}
	return nil
}

// effectsToRecords encodes a player's effects; one whose type Dragonfly has no id for is left out.
func effectsToRecords(effects []effect.Effect) []effectRecord {
	out := make([]effectRecord, 0, len(effects))
	for _, e := range effects {
		id, ok := effect.ID(e.Type())
		if !ok {
			continue
		}
		out = append(out, effectRecord{ID: id, Level: e.Level(), Duration: e.Duration(), Ambient: e.Ambient(),
			ParticlesHidden: e.ParticlesHidden(), Infinite: e.Infinite()})
	}
	return out
}

// recordsToEffects decodes a player's effects as playerdb does; an id Dragonfly does not know is left out.
func recordsToEffects(records []effectRecord) []effect.Effect {
	out := make([]effect.Effect, 0, len(records))
	for _, r := range records {
		t, ok := effect.ByID(r.ID)
		if !ok {
			continue
		}
		lasting, ok := t.(effect.LastingType)
		if !ok {
			out = append(out, effect.NewInstant(t, r.Level))
			continue
		}
		var e effect.Effect
		switch {
		case r.Ambient:
			e = effect.NewAmbient(lasting, r.Level, r.Duration)
		case r.Infinite:
			e = effect.NewInfinite(lasting, r.Level)
		default:
			e = effect.New(lasting, r.Level, r.Duration)
		}
		if r.ParticlesHidden {
			e = e.WithoutParticles()
		}
		out = append(out, e)
	}
	return out
}
