package cli

import (
	"bytes"
	"image/color"
	"path/filepath"
	"strings"
	"testing"

	"riddlestone/internal/pgtest"
	"riddlestone/overlay/store"
)

// The map outlines the structures a world's puzzle store records, with a dot where each object stands, and the
// land inside the outline is left as it is.
func TestMapOutlinesStructures(t *testing.T) {
	dir := t.TempDir()
	storeDir := filepath.Join(dir, "riddlestone")
	st, err := store.OpenStore(storeDir)
	if err != nil {
		t.Fatal(err)
	}
	camp := store.Built{Structure: "Camp", Object: 3, Anchor: store.AreaBlock{2, 64, 3},
		Min: store.AreaBlock{0, 63, 1}, Max: store.AreaBlock{4, 64, 5}}
	if err := st.Commit(store.Change{Areas: []store.AreaRecord{{Pos: store.AreaPos{0, 0}, Structures: []store.Built{camp}}}}); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "map.png")
	var errOut bytes.Buffer
	if code := mapCmd([]string{"--seed", "42", "--size", "64", "--x", "10", "--z", "10", "--store", storeDir, "--out", out}, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(errOut.String(), "1 structures outlined") {
		t.Errorf("stderr %q", errOut.String())
	}
	img := decodePNG(t, out)
	at := func(x, z int) color.RGBA { // block x, z: the map's left edge is x 10-32
		r, g, b, a := img.At(x+22, z+22).RGBA()
		return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
	}
	for _, p := range [][2]int{{0, 1}, {4, 1}, {0, 5}, {4, 5}, {2, 1}, {0, 3}} {
		if c := at(p[0], p[1]); c != structureColour {
			t.Errorf("border block %v is %v, want %v", p, c, structureColour)
		}
	}
	if c := at(2, 3); c != anchorColour {
		t.Errorf("the object's block is %v, want %v", c, anchorColour)
	}
	if c := at(1, 2); c == structureColour || c == anchorColour {
		t.Errorf("inside the outline is %v", c)
	}
}

// The map reads the structures from a PostgreSQL store too, given its URL.
func TestMapOutlinesStructuresFromPostgres(t *testing.T) {
	url := pgtest.Database(t)
	st, err := openStore(url)
	if err != nil {
		t.Fatal(err)
	}
	camp := store.Built{Structure: "Camp", Object: 3, Anchor: store.AreaBlock{2, 64, 3},
		Min: store.AreaBlock{0, 63, 1}, Max: store.AreaBlock{4, 64, 5}}
	if err := st.Commit(store.Change{Areas: []store.AreaRecord{{Pos: store.AreaPos{0, 0}, Structures: []store.Built{camp}}}}); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	var errOut bytes.Buffer
	out := filepath.Join(t.TempDir(), "map.png")
	if code := mapCmd([]string{"--seed", "42", "--size", "64", "--x", "10", "--z", "10", "--store", url, "--out", out}, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(errOut.String(), "1 structures outlined") {
		t.Errorf("stderr %q", errOut.String())
	}
	if c := decodePNG(t, out).At(2+22, 3+22); c != anchorColour {
		t.Errorf("the object's block is %v, want %v", c, anchorColour)
	}
}
