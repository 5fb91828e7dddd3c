package worldgen

import (
	"image/png"
	"os"
	"testing"
)

var mapOut = os.Getenv("WORLDGEN_MAP")

// TestRenderMap renders a small map and checks that it shows more than one kind of land. With WORLDGEN_MAP set
// to a file name it renders a 512-block map of seed 42 there instead (used for docs/map.png).
func TestRenderMap(t *testing.T) {
	size, calls := 96, 0
	if mapOut != "" {
		size = 512
	}
	img, err := RenderMap(42, 0, 0, size, func(done, total int) {
		calls++
		// 96 blocks centred on 0 span chunks -3..2 on each axis.
		if done != calls || (size == 96 && total != 36) {
			t.Errorf("progress(%d, %d) on call %d", done, total, calls)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != size || img.Bounds().Dy() != size {
		t.Fatalf("map is %v, want %dx%d", img.Bounds(), size, size)
	}
	colours := map[[3]uint8]bool{}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			c := img.RGBAAt(x, y)
			colours[[3]uint8{c.R, c.G, c.B}] = true
		}
	}
	if len(colours) < 20 {
		t.Errorf("map has only %d colours", len(colours))
	}
	if mapOut != "" {
		f, err := os.Create(mapOut)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
	}
}

func TestRenderMapSize(t *testing.T) {
	for _, size := range []int{0, -5, MaxMapSize + 1} {
		if _, err := RenderMap(1, 0, 0, size, nil); err == nil {
			t.Errorf("RenderMap with size %d: no error", size)
		}
	}
}
