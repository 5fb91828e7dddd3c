package gamecheck

import (
	"fmt"
	"slices"
	"strings"

	"riddlestone/puzzle"
)

// CheckStructures reports palette entries of structures that name an unknown block, or states no state of the
// block has, at the name or state at fault.
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
			if e := g.checkBlock(b.Block, b.States, at, fmt.Sprintf("structure %s: palette %c", s.Name, c)); e != nil {
				list = append(list, e)
			}
		}
	}
	return list
}
