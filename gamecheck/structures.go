package gamecheck

import (
	"fmt"
	"slices"
	"strings"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/puzzle"
)

// CheckStructures reports palette entries of structures that name an unknown block, or states no state of the
// block has, at the name or state at fault; and the items a container is built holding that the game does not
// have, that do not stack as high as counted or fit in it, or a block holding items that is no container.
func (g *Game) CheckStructures(p *puzzle.Pack) puzzle.ErrorList {
	var list puzzle.ErrorList
	for _, s := range p.Structures {
		chars := make([]rune, 0, len(s.Palette))
		for c := range s.Palette {
			chars = append(chars, c)
		}
		slices.Sort(chars)
		for _, c := range chars {
			b := s.Palette[c]
			at := func(part string) puzzle.Pos {
				if pos, ok := b.StatePos[strings.TrimPrefix(part, "states.")]; ok && part != "block" {
					return pos
				}
				return b.Pos
			}
			what := fmt.Sprintf("structure %s: palette %c", s.Name, c)
			if e := g.checkBlock(b.Block, b.States, at, what); e != nil {
				list = append(list, e)
			} else if len(b.Items) > 0 {
				list = append(list, g.checkContents(b, what)...)
			}
		}
	}
	return list
}

// checkContents reports what is wrong with the items a palette block is built holding: the block is no
// container, an item name is unknown, a count is above the item's stack, or the stacks do not fit.
func (g *Game) checkContents(b puzzle.StructureBlock, what string) puzzle.ErrorList {
	rid, _ := g.blocks.State(b.Block, b.States)
	built, _ := world.BlockByRuntimeID(rid)
	box, ok := built.(block.Container)
	if !ok {
		return puzzle.ErrorList{{Pos: b.Pos, Msg: fmt.Sprintf("%s: block %q holds no items; a chest or a barrel does", what, b.Block)}}
	}
	var list puzzle.ErrorList
	stacks := 0
	for _, it := range b.Items {
		found, ok := world.ItemByName(namespaced(it.Name), 0)
		if !ok {
			list = append(list, &puzzle.Error{Pos: it.Pos, Msg: fmt.Sprintf("%s: unknown item %q", what, it.Name),
				Hint: puzzle.DidYouMean(it.Name, g.index().items)})
			continue
		}
		most := stackSize(found)
		if it.Count > most {
			list = append(list, &puzzle.Error{Pos: it.CountPos, Msg: fmt.Sprintf("%s: %s stacks to %d, not %d", what, it.Name, most, it.Count)})
		}
		stacks += (it.Count + most - 1) / most
	}
	if size := box.ContainerSize(); stacks > size {
		list = append(list, &puzzle.Error{Pos: b.Pos, Msg: fmt.Sprintf("%s: %s holds %d stacks, not %d", what, b.Block, size, stacks)})
	}
	return list
}

// stackSize returns how many of an item stack together.
func stackSize(it world.Item) int {
	if m, ok := it.(item.MaxCounter); ok {
		return m.MaxCount()
	}
	return 64
}
