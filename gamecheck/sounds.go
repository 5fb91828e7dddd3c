package gamecheck

import (
	"slices"
	"strings"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/sound"
)

// sounds are the sounds a look's case may play when an object comes to look so, by the names a pack writes.
var sounds = map[string]world.Sound{
	"ignite":             sound.Ignite{},
	"fire_extinguish":    sound.FireExtinguish{},
	"door_open":          sound.DoorOpen{Block: block.WoodDoor{}},
	"door_close":         sound.DoorClose{Block: block.WoodDoor{}},
	"fence_gate_open":    sound.FenceGateOpen{Block: block.WoodFenceGate{}},
	"trapdoor_open":      sound.TrapdoorOpen{Block: block.WoodTrapdoor{}},
	"chest_open":         sound.ChestOpen{},
	"barrel_open":        sound.BarrelOpen{},
	"click":              sound.Click{},
	"power_on":           sound.PowerOn{},
	"lectern_book_place": sound.LecternBookPlace{},
	"bucket_fill_water":  sound.BucketFill{Liquid: block.Water{Still: true, Depth: 8}},
	"bucket_empty_water": sound.BucketEmpty{Liquid: block.Water{Still: true, Depth: 8}},
	"bucket_fill_lava":   sound.BucketFill{Liquid: block.Lava{Still: true, Depth: 8}},
	"bucket_empty_lava":  sound.BucketEmpty{Liquid: block.Lava{Still: true, Depth: 8}},
	"item_add":           sound.ItemAdd{},
	"anvil_use":          sound.AnvilUse{},
	"potion_brewed":      sound.PotionBrewed{},
	"composter_fill":     sound.ComposterFill{},
	"pop":                sound.Pop{},
	"burp":               sound.Burp{},
}

// Sound returns the sound a look names, and whether there is one of that name.
func Sound(name string) (world.Sound, bool) {
	s, ok := sounds[name]
	return s, ok
}

// SoundNames returns the names of the sounds a look may play, sorted.
func SoundNames() []string {
	names := make([]string, 0, len(sounds))
	for n := range sounds {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// soundList is the names of the sounds, for hints.
func soundList() string { return strings.Join(SoundNames(), ", ") }
