package cli

import (
	"flag"
	"fmt"
	"image/png"
	"io"
	"os"

	"github.com/df-mc/dragonfly/server/world"

	"riddlestone/worldgen"
)

// Map is the "map" command: it renders a top-down map of the generated land around spawn to a PNG, with a
// progress bar on stderr, so admins can pick a seed.
func Map(args []string) int { return mapCmd(args, stderr) }

func mapCmd(args []string, errOut io.Writer) int {
	fs := newFlagSet("map", errOut, "[flags]",
		"Renders a top-down map of the land generated from the seed, one pixel a block, centred on spawn (or on\n"+
			"-x and -z): biome colours shaded by height, water by depth, trees by their leaves. Writes a PNG.")
	seed := fs.Int64("seed", 0, "the terrain seed (required): the world's, as /seed says, or config.toml's")
	size := fs.Int("size", 512, fmt.Sprintf("the map's width and height in blocks (1 to %d)", worldgen.MaxMapSize))
	outPath := fs.String("out", "map.png", "the PNG file to write")
	x := fs.Int("x", 0, "the block x of the map's centre (default: spawn)")
	z := fs.Int("z", 0, "the block z of the map's centre (default: spawn)")
	store := fs.String("store", "", "a world's puzzle store (WORLD/riddlestone, or the postgres:// URL of [Store]): outline the\n"+
		"structures built around its puzzles' objects, with a dot where each object stands (stop a LevelDB world's\n"+
		"server first: it locks the store)")
	rest, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(rest) > 0 {
		fmt.Fprintf(errOut, "riddlestone map: unexpected arguments %q\n", rest)
		fs.Usage()
		return 2
	}
	if *size < 1 || *size > worldgen.MaxMapSize {
		fmt.Fprintf(errOut, "riddlestone map: -size %d is not between 1 and %d\n", *size, worldgen.MaxMapSize)
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if !set["seed"] {
		fmt.Fprintln(errOut, "riddlestone map: -seed is required: the world's seed (/seed in game, or riddlestone-seed.txt in "+
			"the world folder), or the Seed of config.toml")
		return 2
	}
	if !set["x"] || !set["z"] {
		spawn := worldgen.New(*seed).DefaultSpawn(world.Overworld)
		if !set["x"] {
			*x = spawn.X()
		}
		if !set["z"] {
			*z = spawn.Z()
		}
	}
	img, err := worldgen.RenderMap(*seed, *x, *z, *size, worldgen.ProgressBar(errOut, "map"))
	if err != nil {
		fmt.Fprintf(errOut, "riddlestone map: %v\n", err)
		return 1
	}
	if *store != "" {
		n, err := drawStructures(img, *store, *x-*size/2, *z-*size/2)
		if err != nil {
			fmt.Fprintf(errOut, "riddlestone map: %v\n", err)
			return 1
		}
		fmt.Fprintf(errOut, "%d structures outlined\n", n)
	}
	f, err := os.Create(*outPath)
	if err != nil {
		fmt.Fprintf(errOut, "riddlestone map: %v\n", err)
		return 1
	}
	err = png.Encode(f, img)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintf(errOut, "riddlestone map: %s: %v\n", *outPath, err)
		return 1
	}
	fmt.Fprintf(errOut, "%s: seed %d, %d×%d blocks centred on x=%d z=%d\n", *outPath, *seed, *size, *size, *x, *z)
	return 0
}
