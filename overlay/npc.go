package overlay

import (
	"riddlestone/gamecheck"
	"slices"
	"strings"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/entity"
	"github.com/df-mc/dragonfly/server/world"
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
	npcConfig{variant: v}.Apply(d)
}

// EncodeNBT ...
func (npcType) EncodeNBT(d *world.EntityData) map[string]any {
	if b, ok := d.Data.(*npcBehaviour); ok && b.variant != 0 {
		return map[string]any{"Variant": b.variant}
	}
	return nil
}

// npcConfig makes the behaviour of an NPC: it stands still, and shows as its look's variant (a villager's
// profession).
type npcConfig struct{ variant int32 }

// Apply ...
func (c npcConfig) Apply(d *world.EntityData) {
	d.Data = &npcBehaviour{StationaryBehaviour: entity.StationaryBehaviourConfig{}.New(), variant: c.variant}
}

// npcBehaviour is an NPC's behaviour: Dragonfly's stationary one, and the variant clients are told (Dragonfly
// sends an entity's Variant when its behaviour has one).
type npcBehaviour struct {
	*entity.StationaryBehaviour
	variant int32
}

// Variant is the look's variant: a villager's profession.
func (b *npcBehaviour) Variant() int32 { return b.variant }

// setVariant changes the variant of an NPC; its viewers learn of it with its next state (SetNameTag sends it).
func setVariant(e *entity.Ent, v int) {
	if b, ok := e.Behaviour().(*npcBehaviour); ok {
		b.variant = int32(v)
	}
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
