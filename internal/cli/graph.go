package cli

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"riddlestone/puzzle"
)

// Graph is the "graph" command: it prints an area's puzzle, as a playthrough with the given seed generates it, as
// a Graphviz DOT tree, or with --space the DOT of the puzzle's state space; --json prints either as JSON.
func Graph(args []string) int { return graph(args, stdout, stderr) }

func graph(args []string, out, errOut io.Writer) int {
	fs := newFlagSet("graph", errOut, "[flags] PACK... -area NAME",
		"Plays the packs (layered in order) with the seed as playthrough does, up to the area's puzzle, and prints\n"+
			"its tree in Graphviz DOT (render it with: dot -Tsvg). With -space it explores the puzzle's state space\n"+
			"from the state its solution starts in and prints that instead: the start double-circled, goal states\n"+
			"green, fail states red, dead ends grey, states left at the -depth horizon dashed, shortest solutions\n"+
			"bold blue. Exits 2 on bad usage, 1 when the packs are invalid, the area is unknown or has no puzzle,\n"+
			"or the state space exceeds -max-states.")
	seed := fs.Int64("seed", 0, "the playthrough's random seed")
	areaName := fs.String("area", "", "the area whose puzzle to show (required)")
	space := fs.Bool("space", false, "show the puzzle's state space instead of its tree")
	asJSON := fs.Bool("json", false, "print JSON instead of DOT")
	asSVG := fs.Bool("svg", false, "print an SVG picture instead of DOT, drawn as the web dashboard draws it (no Graphviz needed)")
	allRules := fs.Bool("all-rules", false, "with -space, let players run every rule of the pack, not only the puzzle tree's")
	maxStates := fs.Int("max-states", 20000, "with -space, give up beyond this many states")
	depth := fs.Int("depth", 0, "with -space, explore states up to this many moves from the start (0: the puzzle's steps plus\nits leaves, room for every pick-up); rules that make objects without end need a bound")
	paths, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(paths) == 0 || *areaName == "" {
		fs.Usage()
		return 2
	}
	p, ok := loadPack(paths, errOut)
	if !ok {
		return 1
	}
	sv, err := solvingOf(p, *seed, *areaName)
	if err != nil {
		fmt.Fprintf(errOut, "riddlestone graph: %v\n", err)
		return 1
	}
	if !*space {
		if *asJSON {
			return writeJSON(out, errOut, sv.Puzzle)
		}
		if *asSVG {
			return report(errOut, treeSVG(out, sv.Puzzle))
		}
		io.WriteString(out, sv.Puzzle.DOT())
		return 0
	}
	rep, err := stateSpace(p, sv, *allRules, *maxStates, *depth)
	if err != nil {
		fmt.Fprintf(errOut, "riddlestone graph: area %s: %v\n", *areaName, err)
		return 1
	}
	fmt.Fprintf(errOut, "%s: %v horizon=%d\n", *areaName, rep, rep.Horizon)
	g := rep.Graph
	switch {
	case *asJSON:
		err = g.WriteJSON(out)
	case *asSVG:
		err = spaceSVG(out, sv.Puzzle, g)
	default:
		err = g.WriteDOT(out)
	}
	if err != nil {
		fmt.Fprintf(errOut, "riddlestone graph: %v\n", err)
		return 1
	}
	return 0
}

// report prints an error of the command and returns its exit code.
func report(errOut io.Writer, err error) int {
	if err != nil {
		fmt.Fprintf(errOut, "riddlestone graph: %v\n", err)
		return 1
	}
	return 0
}

// solvingOf plays the pack with the seed and returns the named area's puzzle as its solution starts. The error
// says why there is none: an unknown area (listing the pack's areas), one the playthrough never reached or whose
// goal was already satisfied, or a failed playthrough.
func solvingOf(p *puzzle.Pack, seed int64, name string) (puzzle.Solving, error) {
	if _, ok := p.Area(name); !ok {
		var names []string
		for _, a := range p.Areas {
			names = append(names, a.Name)
		}
		return puzzle.Solving{}, fmt.Errorf("unknown area %q; the areas are: %s", name, strings.Join(names, ", "))
	}
	var found *puzzle.Solving
	res, err := puzzle.PlaythroughEach(p, seed, func(s puzzle.Solving) {
		if found == nil && s.Puzzle.Area == name {
			found = &s
		}
	})
	switch {
	case found != nil:
		return *found, nil // a failure in a later area does not matter
	case err != nil:
		return puzzle.Solving{}, err
	}
	var reached []string
	for _, ar := range res.Areas {
		if ar.Area == name {
			return puzzle.Solving{}, fmt.Errorf("area %s has no puzzle with seed %d: its goal %s was satisfied when it was unlocked", name, seed, ar.Goal)
		}
		reached = append(reached, ar.Area)
	}
	return puzzle.Solving{}, fmt.Errorf("area %s is not reached in the playthrough with seed %d (it reaches %s)", name, seed, strings.Join(reached, ", "))
}

// stateSpace explores the state space of a puzzle from the state its solution starts in, towards its goal in its
// area as the game checks it, up to depth moves (0: the puzzle's steps plus its leaves). Players act in the
// puzzle's area and in the areas its leaves lie in (they may fetch an earlier area's object), running the puzzle
// tree's rules, or every rule with allRules, and the fail rules. The report has the graph.
func stateSpace(p *puzzle.Pack, sv puzzle.Solving, allRules bool, maxStates, depth int) (*puzzle.Report, error) {
	pz := sv.Puzzle
	mode := puzzle.TreeRules
	if allRules {
		mode = puzzle.AllRules
	}
	areas := []string{pz.Area}
	for _, leaf := range pz.Leaves() {
		if o, ok := sv.State.Object(leaf.Object); ok && o.Area != puzzle.Inventory && slices.Contains(sv.Unlocked, o.Area) && !slices.Contains(areas, o.Area) {
			areas = append(areas, o.Area)
		}
	}
	depth = cmp.Or(depth, pz.Steps+pz.Breadth)
	rep, err := p.Explore(sv.State, puzzle.Explore{
		Rules:     p.ModeRules(mode),
		Tree:      pz.TreeRules(),
		FailRules: p.FailRules,
		Goal:      pz.Goal,
		GoalArea:  pz.Area,
		Areas:     areas,
		MaxStates: maxStates,
		MaxDepth:  depth,
		Graph:     true,
	})
	if err != nil {
		return nil, err
	}
	if rep.Stopped() {
		return nil, fmt.Errorf("more than %d states within %d moves; raise -max-states or lower -depth", maxStates, depth)
	}
	if rep.Solvable != puzzle.Yes {
		return nil, errors.New("no solution within the depth explored; raise -depth")
	}
	return rep, nil
}

// writeJSON prints v as indented JSON.
func writeJSON(out, errOut io.Writer, v any) int {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		fmt.Fprintf(errOut, "riddlestone: %v\n", err)
		return 1
	}
	out.Write(append(b, '\n'))
	return 0
}
