package overlay

import (
	"maps"
	"strings"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/site"
)

// Whole blocks. A puzzle block must stay as placed: Dragonfly breaks a door's lower half without its upper half,
// a torch on a wall with no wall, a flower off soil, a crop off farmland, at the first neighbour update. Blocks
// are placed whole (both halves of anything with an upper_block_bit: doors, tall flowers), standing on the ground
// (torches, lanterns, levers), on the soil they need, above the solid ground the spot has (see site/footing.go).

// placeWhole places a puzzle block at pos whole and stable.
func placeWhole(e site.BlockEditor, pos cube.Pos, b world.Block) {
	b = standing(b)
	below := pos.Side(cube.FaceDown)
	if soil, ok := soilFor(b, e.Block(below)); ok {
		e.SetBlock(below, soil, nil)
	}
	if up, ok := withState(b, upperBit, true); ok {
		b, _ = withState(b, upperBit, false)
		e.SetBlock(pos.Side(cube.FaceUp), up, nil)
	}
	e.SetBlock(pos, b, nil)
}

// removeWhole removes the puzzle block at pos and its upper half, if it has one.
func removeWhole(e site.BlockEditor, pos cube.Pos) {
	above := pos.Side(cube.FaceUp)
	if isUpperHalfOf(e.Block(above), e.Block(pos)) {
		e.SetBlock(above, nil, nil)
	}
	e.SetBlock(pos, nil, nil)
}

// LowerHalf returns the position of the block a click on pos is about: the lower half of a door, a tall flower or
// anything with an upper half when pos holds the upper half, otherwise pos. A puzzle door is stored at its lower
// half, but players click either.
func LowerHalf(tx *world.Tx, pos cube.Pos) cube.Pos {
	below := pos.Side(cube.FaceDown)
	if isUpperHalfOf(tx.Block(pos), tx.Block(below)) {
		return below
	}
	return pos
}

// upperBit is the block state that tells the halves of a two-block block apart.
const upperBit = "upper_block_bit"

// isUpperHalfOf reports whether up is the upper half of the block lower.
func isUpperHalfOf(up, lower world.Block) bool {
	upName, upProps := up.EncodeBlock()
	lowName, lowProps := lower.EncodeBlock()
	isUp, ok := flag(upProps[upperBit])
	isLow, ok2 := flag(lowProps[upperBit])
	return upName == lowName && ok && ok2 && isUp && !isLow
}

// flag reads a boolean block state: Dragonfly's own blocks say true or false, blocks it only knows by name 1 or 0.
func flag(v any) (set, ok bool) {
	switch v := v.(type) {
	case bool:
		return v, true
	case uint8:
		return v != 0, true
	case int32:
		return v != 0, true
	}
	return false, false
}

// withState returns b with one block state changed, and whether b has that state. A boolean state is set in the
// form b has it in (see flag).
func withState(b world.Block, name string, v any) (world.Block, bool) {
	id, props := b.EncodeBlock()
	old, ok := props[name]
	if !ok {
		return b, false
	}
	if set, isBool := v.(bool); isBool {
		switch old.(type) {
		case uint8:
			v = uint8(0)
			if set {
				v = uint8(1)
			}
		case int32:
			v = int32(0)
			if set {
				v = int32(1)
			}
		}
	}
	props = maps.Clone(props)
	props[name] = v
	out, ok := world.BlockByName(id, props)
	if !ok {
		return b, false
	}
	if nbt, isNBT := out.(world.NBTer); isNBT {
		if built, ok := nbt.DecodeNBT(map[string]any{}).(world.Block); ok {
			out = site.WithStates(built, out)
		}
	}
	return out, true
}

// standing returns b standing on the ground: a torch, lantern or lever as if placed on the floor, since a spot
// has ground under it and nothing beside it to hang from.
func standing(b world.Block) world.Block {
	_, props := b.EncodeBlock()
	if f, ok := props["torch_facing_direction"].(string); ok && f != "top" {
		b, _ = withState(b, "torch_facing_direction", "top")
	}
	if hanging, ok := props["hanging"].(bool); ok && hanging {
		b, _ = withState(b, "hanging", false)
	}
	if d, ok := props["lever_direction"].(string); ok && !strings.HasPrefix(d, "up_") {
		axis := "north_south"
		if strings.HasSuffix(d, "east_west") {
			axis = "east_west"
		}
		b, _ = withState(b, "lever_direction", "up_"+axis)
	}
	return b
}

// soilFor returns the soil a plant needs under it in place of ground, if ground is not one it grows on: grass for
// flowers and grass, sand for cacti and dead bushes, farmland for crops.
func soilFor(b, ground world.Block) (world.Block, bool) {
	if _, crop := b.(block.Crop); crop {
		if _, ok := ground.(block.Farmland); ok {
			return nil, false
		}
		return block.Farmland{Hydration: 7}, true
	}
	if soil, ok := ground.(block.Soil); ok && soil.SoilFor(b) {
		return nil, false
	}
	for _, soil := range []world.Block{block.Grass{}, block.Sand{}} {
		if soil.(block.Soil).SoilFor(b) {
			return soil, true
		}
	}
	return nil, false
}
