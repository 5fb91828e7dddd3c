package gamecheck

import "github.com/df-mc/dragonfly/server/world"

// VanillaItems are game items Dragonfly v0.11.4 does not implement that a look may name: they are registered as
// plain items, which clients draw as the game's own and which do nothing when used, so that a fishing rod shows as
// a fishing rod rather than as a stand-in.
var VanillaItems = []string{"fishing_rod", "empty_map", "filled_map"}

// vanillaItem is a game item Dragonfly does not implement, known by its name.
type vanillaItem struct{ name string }

// EncodeItem is the item's name in the game.
func (v vanillaItem) EncodeItem() (string, int16) { return v.name, 0 }

func init() {
	for _, name := range VanillaItems {
		if _, ok := world.ItemByName("minecraft:"+name, 0); !ok {
			world.RegisterItem(vanillaItem{name: "minecraft:" + name})
		}
	}
}
