package overlay

import (
	"context"
	"fmt"

	"github.com/df-mc/dragonfly/server/player"
	"github.com/go-gl/mathgl/mgl64"

	"riddlestone/overlay/store"
)

// One server changes each area. In a network of servers (docs/network.md) the server that holds an area's region
// changes its puzzle; the others show it as the store has it (Follow) and refuse to change it: a move made there
// or with objects lying there, opening it, a new puzzle, a lock (Options.Changes).

// elsewhere is the refusal of a change to an area another server changes, in words.
func elsewhere(a store.AreaPos) error {
	return fmt.Errorf("area %v's puzzles run on another server of the network", a)
}

// changedElsewhere returns an area another server changes among the one a move is made in and those its inputs
// lie in, if there is one.
func (o *Overlay) changedElsewhere(at store.AreaPos, inputs []ObjectAt) (store.AreaPos, bool) {
	if !o.opts.Changes(at) {
		return at, true
	}
	for _, in := range inputs {
		if in.Where.Kind != store.AtBlock && in.Where.Kind != store.AtEntity {
			continue // held or inside something: it goes where the move is made
		}
		if a := store.AreaOfBlock(in.Where.Block, int32(o.opts.AreaSize)); !o.opts.Changes(a) {
			return a, true
		}
	}
	return store.AreaPos{}, false
}

// TakeUp does the work the store's intents ask of this server's areas and that it is not doing already: in a
// network, the openings another server's solve decided for areas this server changes (that server leaves them in
// the store, see Options.Changes). The store is read off the owner; the reply says how many it took up. Only
// openings are taken up: an opening done already is only resolved, so one read before its work ended is
// harmless, while a new puzzle is always asked by the area's own server, which does it at once.
func (o *Overlay) TakeUp() *Reply {
	r := newReply()
	reader, ok := o.store.(store.AreaReader)
	if !ok {
		r.finish(nil, errNoParts)
		return r
	}
	o.readThenChange("take up intents", store.AreaPos{}, r, func() (func(*state) result, error) {
		intents, err := reader.LoadIntents()
		return func(s *state) result { return o.takeUp(s, intents) }, err
	})
	return r
}

// readThenChange reads off the owner (the store, say) and hands what to do with what it read to the owner as a
// request, which answers r; a read that fails or panics answers r with why.
func (o *Overlay) readThenChange(name string, area store.AreaPos, r *Reply, read func() (func(*state) result, error)) {
	posted := false
	o.goSafely(name, area, func(context.Context) {
		change, err := read()
		if err != nil {
			r.finish(nil, err)
			return
		}
		posted = true
		o.post(&request{name: name, area: area, reply: r, run: func(_ context.Context, s *state) (result, error) {
			return change(s), nil
		}})
	}, func() {
		if !posted {
			r.finish(nil, fmt.Errorf("%s failed; see the log", name))
		}
	})
}

// takeUp starts the work of the openings of areas this server changes, closed and not under way.
func (o *Overlay) takeUp(s *state, intents []store.Intent) result {
	var res result
	for _, in := range intents {
		if in.Kind != store.OpenArea || !o.opts.Changes(in.Area) || s.open(in.Area) || s.pending[in.Area] {
			continue
		}
		res.after = append(res.after, func() { o.resume(in, nil) })
	}
	res.text = []string{fmt.Sprintf("%d areas to open taken up.", len(res.after))}
	return res
}

// crossTo sends a player stepping into an open area another server changes to that server (Options.Cross), once,
// and reports whether they were sent.
func (h *handler) crossTo(p *player.Player, to store.AreaPos, newPos mgl64.Vec3) bool {
	if h.sent || h.o.opts.Cross == nil || h.o.opts.Changes(to) {
		return false
	}
	h.sent = h.o.opts.Cross(p, to, newPos)
	return h.sent
}
