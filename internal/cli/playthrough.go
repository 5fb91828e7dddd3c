package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"riddlestone/puzzle"
	figures "riddlestone/puzzle/stats"
)

// Playthrough is the "playthrough" command: it plays a whole game of a pack with the engine (generate the start
// area's puzzle, solve it, unlock, generate the next, until every reachable area is done) and prints the result,
// as the JSON of the CLI contract with --json.
func Playthrough(args []string) int { return playthrough(args, stdout, stderr) }

func playthrough(args []string, out, errOut io.Writer) int {
	fs := newFlagSet("playthrough", errOut, "[flags] PACK...",
		"Plays a whole game of the packs (layered in order) with the engine: generates the start area's puzzle,\n"+
			"solves it with the game logic, unlocks the next areas and so on until every reachable area is done.\n"+
			"Prints a summary, or with -json the playthrough as JSON; with -stats N it plays N games and prints what\n"+
			"their puzzles were like, area by area. Exits 1 if the packs are invalid or a puzzle cannot be generated\n"+
			"or solved.")
	seed := fs.Int64("seed", 0, "the playthrough's random seed")
	asJSON := fs.Bool("json", false, "print the playthrough as JSON: {seed, initial, areas: [{area, goal, depth, spawned, solution}]}")
	stats := fs.Int("stats", 0, "play N games (seeds 0 to N-1) and print, for each area, the depths, steps, breadth, distinct\nsolutions, 1-step puzzles, puzzles below minDepth, repeated paths, duplicate spawns and red herrings; then\nthe figures of issue 24 over the N games (rules and goals never used, the same puzzle again by area, distinct\ntrees, parallel sub-goals, short puzzles away from the start, games that ramp, alternative solutions, absurd\nsteps, carried-in objects)")
	paths, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(paths) == 0 {
		fs.Usage()
		return 2
	}
	p, ok := loadPack(paths, errOut)
	if !ok {
		return 1
	}
	if *stats > 0 {
		st := puzzle.PlaythroughStats(p, *stats)
		st.Write(out)
		fig := figures.Run(p, *stats)
		fmt.Fprintln(out)
		fig.Write(out)
		if len(st.Failed) > 0 {
			return 1
		}
		return 0
	}
	res, err := puzzle.Playthrough(p, *seed)
	if err != nil {
		fmt.Fprintf(errOut, "riddlestone playthrough: %v\n", err)
		return 1
	}
	if *asJSON {
		b, err := json.Marshal(res)
		if err != nil {
			fmt.Fprintf(errOut, "riddlestone playthrough: %v\n", err)
			return 1
		}
		out.Write(append(b, '\n'))
		return 0
	}
	writeSummary(out, res)
	return 0
}

// writeSummary prints a playthrough for people: each area with its goal and depth, the objects spawned for it and
// the steps that solved it, naming objects as #id Item.
func writeSummary(w io.Writer, res *puzzle.PlaythroughResult) {
	items := map[int]string{}
	name := func(id int) string { return fmt.Sprintf("#%d %s", id, items[id]) }
	list := func(objs []puzzle.Obj) string {
		var s []string
		for _, o := range objs {
			items[o.ID] = o.Item
			s = append(s, name(o.ID)+puzzle.PropsLabel(o.Props))
		}
		if len(s) == 0 {
			return "none"
		}
		return strings.Join(s, ", ")
	}
	fmt.Fprintf(w, "seed %d: %d areas\ninitial: %s\n", res.Seed, len(res.Areas), list(res.Initial))
	for _, ar := range res.Areas {
		fmt.Fprintf(w, "\n%s: goal %s, depth %d, %d steps\n  spawned: %s\n", ar.Area, ar.Goal, ar.Depth, len(ar.Solution), list(ar.Spawned))
		if ar.Depth == 0 {
			fmt.Fprintln(w, "  (no puzzle: an object already satisfied the goal)")
		}
		for i, st := range ar.Solution {
			var in []string
			for _, id := range st.Inputs {
				in = append(in, name(id))
			}
			fmt.Fprintf(w, "  %d. %s %s -> %s\n", i+1, st.Action, strings.Join(in, ", "), list(st.Outputs))
		}
	}
}
