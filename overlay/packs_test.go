package overlay

import (
	"path/filepath"
	"testing"

	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/puzzle"
	"riddlestone/tagging"
)

// Every item of every shipped pack can be shown in game, and every tag rule names real blocks.
func TestShippedPacksFitTheGame(t *testing.T) {
	l := testLooks()
	dirs, _ := filepath.Glob("../packs/examples/*")
	for _, dir := range append([]string{"../packs/default"}, dirs...) {
		load := []string{dir}
		if filepath.Base(dir) == "mod" { // the mod example layers on the default pack
			load = []string{"../packs/default", dir}
		}
		p, err := puzzle.Load(load...)
		if err != nil {
			t.Errorf("%s: %v", dir, err)
			continue
		}
		for _, name := range p.ItemOrder {
			if err := l.check(p.Items[name]); err != nil {
				t.Error(err)
			}
		}
		if _, err := tagging.New(tagging.IndexBlocks(world.DefaultBlockRegistry), p.Tags); err != nil {
			t.Error(err)
		}
	}
}
