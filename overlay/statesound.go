package overlay

import (
	"reflect"

	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/particle"
	"riddlestone/gamecheck"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// changeSounds returns the op that plays, at each object a move kept whose look it changed, the sound of its new
// look (a door opening, a fire catching), with flames where a fire is lit, as vanilla does for the same change.
func changeSounds(p *puzzle.Pack, inputs []ObjectAt, outs []ObjectAt) op {
	type played struct {
		at    ObjectAt
		sound world.Sound
		name  string
	}
	var plays []played
	for _, out := range outs {
		if name, ok := changeSound(p, inputs, out); ok {
			s, _ := gamecheck.Sound(name)
			plays = append(plays, played{out, s, name})
		}
	}
	return func(tx *world.Tx) {
		for _, pl := range plays {
			pos := pl.at.Where.Block.Vec3Centre()
			tx.PlaySound(pos, pl.sound)
			if pl.name == "ignite" {
				tx.AddParticle(pos, particle.Flame{})
			}
		}
	}
}

// changeSound returns the sound of an output's new look, when it was an input that showed otherwise and stands in
// the world.
func changeSound(p *puzzle.Pack, inputs []ObjectAt, out ObjectAt) (string, bool) {
	if out.Where.Kind != store.AtBlock && out.Where.Kind != store.AtEntity {
		return "", false
	}
	it, ok := p.Item(out.Item)
	if !ok {
		return "", false
	}
	for _, in := range inputs {
		if in.ID != out.ID {
			continue
		}
		now := gamecheck.Default().Shown(it, out.Props)
		if now.Sound == "" || reflect.DeepEqual(now, gamecheck.Default().Shown(it, in.Props)) {
			return "", false
		}
		return now.Sound, true
	}
	return "", false
}
