package overlay

import (
	"context"
	"strings"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// canopyReach is how far from a felled trunk its leaves are taken down with it: vanilla leaves decay up to six
// blocks from a log.
const canopyReach = 6

// fell returns the op that takes a whole terrain feature out of the world when the puzzle destroys it: every block
// of it, and for a tree the canopy its trunk held, so that chopping a tree fells the tree and leaves nothing
// hanging in the air.
func fell(blocks []cube.Pos) op {
	return func(tx *world.Tx) {
		var trunk []cube.Pos
		for _, b := range blocks {
			if isTrunk(tx.Block(b)) {
				trunk = append(trunk, b)
			}
			tx.SetBlock(b, nil, nil)
		}
		for _, b := range canopy(tx, trunk) {
			tx.SetBlock(b, nil, nil)
		}
	}
}

// canopy returns the leaves connected to a trunk within canopyReach of it.
func canopy(tx *world.Tx, trunk []cube.Pos) []cube.Pos {
	dist := map[cube.Pos]int{}
	queue := append([]cube.Pos(nil), trunk...)
	for _, b := range trunk {
		dist[b] = 0
	}
	var out []cube.Pos
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		if dist[b] == canopyReach {
			continue
		}
		for _, f := range cube.Faces() {
			n := b.Side(f)
			if _, seen := dist[n]; seen || !isLeaves(tx.Block(n)) {
				continue
			}
			dist[n] = dist[b] + 1
			out = append(out, n)
			queue = append(queue, n)
		}
	}
	return out
}

// isTrunk reports whether a block is the wood of a tree.
func isTrunk(b world.Block) bool {
	name, _ := b.EncodeBlock()
	return strings.HasSuffix(name, "_log") || strings.HasSuffix(name, "_stem") || strings.HasSuffix(name, "_wood")
}

// isLeaves reports whether a block is leaves.
func isLeaves(b world.Block) bool {
	name, _ := b.EncodeBlock()
	return strings.HasSuffix(name, "_leaves") || strings.HasPrefix(name, "minecraft:azalea_leaves")
}

// broken is the request made when a player breaks a block of a tagged terrain feature (in survival): the object
// leaves the game, the rest of the feature being plain terrain from then on, and the area's puzzle is checked.
// A puzzle that can no longer be solved gets a new one, made from what remains, and the player is told why.
func (o *Overlay) broken(who mover, id int, pos cube.Pos) *Reply {
	return o.post(&request{name: "feature broken", area: store.AreaOfBlock(pos, int32(o.opts.AreaSize)),
		run: func(_ context.Context, s *state) (result, error) { return o.breakFeature(s, who, id) }})
}

// breakFeature takes a broken feature out of the owner's state.
func (o *Overlay) breakFeature(s *state, who mover, id int) (result, error) {
	obj, ok := s.game.State.Object(id)
	if !ok || !s.where.At(id).Tagged {
		return result{}, nil
	}
	item, area := obj.Item, obj.Area
	s.game.RemoveIDs(id)
	s.forget(id)
	s.version++
	res := result{change: store.Change{Removed: []int{id}}}
	a, err := store.ParseAreaPos(area)
	if err != nil || !o.unsolvable(s, a) {
		return res, nil
	}
	in := store.Intent{Kind: store.NewPuzzle, Area: a}
	res.change.Intents = []store.Intent{in}
	res.after = o.resumeAll(res.change.Intents)
	res.ops = []op{func(tx *world.Tx) {
		who.withPlayer(tx, func(p *player.Player) {
			p.Message(lostLine(s.pack, item))
		})
	}}
	return res, nil
}

// unsolvable reports whether the quick check proves an area's puzzle can no longer be solved.
func (o *Overlay) unsolvable(s *state, a store.AreaPos) bool { return solvable(s, a) == puzzle.No }
