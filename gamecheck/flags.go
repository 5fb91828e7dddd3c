package gamecheck

import (
	"slices"

	"github.com/sandertv/gophertunnel/minecraft/protocol"
)

// entityFlags are the flags an entity look may set, by the names a pack writes, in a fixed order (the overlay
// numbers them by it), with the game's index of each.
var entityFlags = []struct {
	name  string
	index uint8
}{
	{"sheared", protocol.EntityDataFlagSheared},
	{"saddled", protocol.EntityDataFlagSaddled},
	{"sitting", protocol.EntityDataFlagSitting},
	{"angry", protocol.EntityDataFlagAngry},
	{"tamed", protocol.EntityDataFlagTamed},
	{"chested", protocol.EntityDataFlagChested},
	{"baby", protocol.EntityDataFlagBaby},
}

// EntityFlagNames returns the names of the flags an entity look may set, in their fixed order.
func EntityFlagNames() []string {
	names := make([]string, len(entityFlags))
	for i, f := range entityFlags {
		names[i] = f.name
	}
	return names
}

// EntityFlagIndex returns the game's index of the flag at position i of EntityFlagNames.
func EntityFlagIndex(i int) uint8 { return entityFlags[i].index }

// EntityFlagMask returns the flags named as a bit mask over EntityFlagNames; unknown names are left out.
func EntityFlagMask(names []string) uint32 {
	var mask uint32
	for _, n := range names {
		if i := slices.Index(EntityFlagNames(), n); i >= 0 {
			mask |= 1 << i
		}
	}
	return mask
}
