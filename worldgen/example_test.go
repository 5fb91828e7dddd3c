package worldgen_test

import (
	"fmt"
	"image/png"
	"os"

	"riddlestone/worldgen"

	"github.com/df-mc/dragonfly/server/world"
)

// The overworld generator is handed to dragonfly through the server config; other dimensions stay empty.
func ExampleNew() {
	g := worldgen.New(42)
	generatorFor := func(dim world.Dimension) world.Generator {
		if dim == world.Overworld {
			return g
		}
		return world.NopGenerator{}
	}
	_ = generatorFor // conf.Generator = generatorFor
	fmt.Println(g.SurfaceHeight(0, 0) > 0)
	// Output: true
}

// A map subcommand renders the land around spawn with a progress bar on the terminal.
func ExampleRenderMap() {
	img, err := worldgen.RenderMap(42, 0, 0, 1024, worldgen.ProgressBar(os.Stderr, "map"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	f, err := os.Create("map.png")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
}
