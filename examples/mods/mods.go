// Command mods is a Riddlestone server extended from Go: it registers a custom action, a property computed from
// the world and a tag matcher on overlay.DefaultMods, then runs the server as the riddlestone binary
// does. Run it with `go run ./examples/mods` next to a config.toml whose packs use the "Open" action.
package main

import (
	"os"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/sound"
	"riddlestone/overlay"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
	"riddlestone/server"
	"riddlestone/tagging"
)

func main() {
	Register(overlay.DefaultMods)
	os.Exit(server.Main(os.Args[1:]))
}

// Register adds the example's extensions to a registry.
func Register(m *overlay.Mods) {
	// An action: whenever a rule with the action Open runs, a lantern lights up above the first input and a bell
	// rings. The engine has already changed the objects; this only decorates the world.
	m.Action("Open", func(ctx overlay.ActionContext) {
		if len(ctx.Inputs) == 0 {
			return
		}
		above := ctx.Inputs[0].Where.Block.Side(cube.FaceUp)
		ctx.Tx.SetBlock(above, block.Lantern{}, nil)
		ctx.Tx.PlaySound(above.Vec3Centre(), sound.Note{})
	})
	// A computed property: daytime is true while the sun is up. Rules can ask for it, for example
	// "Rooster[crowed: true] ::= Wake Rooster[daytime: true]".
	m.Property("daytime", func(tx *world.Tx, _ puzzle.Object, _ store.Where) (puzzle.Value, bool) {
		t := tx.World().Time() % 24000
		return puzzle.Bool(t < 12000), true
	})
	// A tag matcher: every carved pumpkin standing on a hay bale is a Scarecrow, something a tag rule cannot say
	// about two different blocks.
	m.TagMatcher(scarecrows{})
}

// scarecrows finds carved pumpkins on hay bales.
type scarecrows struct{}

// Match looks at every block of the snapshot; an example need not be fast.
func (scarecrows) Match(s tagging.Snapshot) []tagging.Found {
	var found []tagging.Found
	pumpkin := world.BlockRuntimeID(block.Pumpkin{Carved: true})
	hay := world.BlockRuntimeID(block.HayBale{})
	for pos, c := range s.Chunks {
		r := c.Range()
		for x := uint8(0); x < 16; x++ {
			for z := uint8(0); z < 16; z++ {
				for y := int16(r.Min() + 1); y <= int16(r.Max()); y++ {
					if c.Block(x, y, z, 0) == pumpkin && c.Block(x, y-1, z, 0) == hay {
						at := cube.Pos{int(pos[0])*16 + int(x), int(y), int(pos[1])*16 + int(z)}
						found = append(found, tagging.Found{Item: "Scarecrow", Rule: -1, Pos: at, Top: at, Size: 1})
					}
				}
			}
		}
	}
	return found
}
