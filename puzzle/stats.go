package puzzle

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"
)

// Stats is what playthroughs of a pack over many seeds show of its puzzles, area by area: how deep, long and
// broad they are, how varied (distinct solutions), and their faults: 1-step puzzles, puzzles shallower than
// their area's minDepth, repeated paths (an item made, unmade and made again) and redundant duplicate spawns.
type Stats struct {
	Seeds  int
	Failed []string     // "seed N: why" for each playthrough that failed
	Areas  []*AreaStats // in the pack's order
}

// AreaStats sums up the puzzles one area had over the playthroughs.
type AreaStats struct {
	Area       string
	MinDepth   int         // the area's minDepth (0: none)
	Puzzles    int         // puzzles generated; an area whose goal was already satisfied has none
	Depths     map[int]int // how many puzzles had each depth
	Steps      Spread      // rules executed
	Breadth    Spread      // leaves
	Distinct   int         // distinct solutions: sequences of actions and the items they make
	OneStep    int         // puzzles of one step
	BelowMin   int         // puzzles shallower than the area's minDepth
	Repeated   int         // puzzles with a repeated path (Puzzle.RepeatedPath)
	Duplicates int         // puzzles spawning a redundant duplicate (Puzzle.Duplicates)
	Herrings   int         // red herrings spawned
	solutions  map[string]bool
}

// Spread is the least, mean and greatest of a count over puzzles.
type Spread struct {
	Min, Max, Sum, N int
}

// add counts one value.
func (s *Spread) add(v int) {
	if s.N == 0 || v < s.Min {
		s.Min = v
	}
	s.Max = max(s.Max, v)
	s.Sum += v
	s.N++
}

// Mean returns the mean value, 0 when nothing was counted.
func (s Spread) Mean() float64 {
	if s.N == 0 {
		return 0
	}
	return float64(s.Sum) / float64(s.N)
}

// String formats the spread as "min–max (mean m)".
func (s Spread) String() string {
	if s.N == 0 {
		return "-"
	}
	return fmt.Sprintf("%d-%d (mean %.1f)", s.Min, s.Max, s.Mean())
}

// PlaythroughStats plays the pack with seeds 0 to seeds-1, as Playthrough does, and sums up every puzzle it
// generated. A failed playthrough is counted in Failed, with the puzzles it had made until then.
func PlaythroughStats(p *Pack, seeds int) *Stats {
	g := NewGenerator(p)
	st := &Stats{Seeds: seeds}
	byName := map[string]*AreaStats{}
	for _, a := range p.Areas {
		as := &AreaStats{Area: a.Name, MinDepth: a.MinDepth, Depths: map[int]int{}, solutions: map[string]bool{}}
		st.Areas = append(st.Areas, as)
		byName[a.Name] = as
	}
	for seed := range int64(seeds) {
		_, err := playthrough(g, p, seed, func(s Solving) {
			if as := byName[s.Puzzle.Area]; as != nil {
				as.add(s.Puzzle)
			}
		})
		if err != nil {
			st.Failed = append(st.Failed, fmt.Sprintf("seed %d: %v", seed, err))
		}
	}
	return st
}

// add counts one puzzle of the area.
func (as *AreaStats) add(pz *Puzzle) {
	as.Puzzles++
	as.Depths[pz.Depth]++
	as.Steps.add(pz.Steps)
	as.Breadth.add(pz.Breadth)
	var sig []string
	for _, n := range pz.Solution() {
		sig = append(sig, n.Rule.Action+"→"+strings.Join(n.Outputs, "+"))
	}
	if k := strings.Join(sig, ", "); !as.solutions[k] {
		as.solutions[k] = true
		as.Distinct++
	}
	if pz.Steps == 1 {
		as.OneStep++
	}
	if pz.Depth < as.MinDepth {
		as.BelowMin++
	}
	if pz.RepeatedPath() != nil {
		as.Repeated++
	}
	if pz.Duplicates() > 0 {
		as.Duplicates++
	}
	as.Herrings += len(pz.Herrings)
}

// Faults returns the puzzles of all areas with a fault of each kind: 1-step, below minDepth, repeated paths and
// redundant duplicates.
func (st *Stats) Faults() (oneStep, belowMin, repeated, duplicates int) {
	for _, as := range st.Areas {
		oneStep += as.OneStep
		belowMin += as.BelowMin
		repeated += as.Repeated
		duplicates += as.Duplicates
	}
	return
}

// Write prints the stats as a table, one area a line, and the totals.
func (st *Stats) Write(w io.Writer) {
	fmt.Fprintf(w, "%s, %d failed\n\n", plural(int64(st.Seeds), "playthrough"), len(st.Failed))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "area\tpuzzles\tdepths (depth:puzzles)\tsteps\tbreadth\tdistinct\t1-step\t<minDepth\trepeated\tduplicates\therrings")
	total := AreaStats{Depths: map[int]int{}}
	for _, as := range st.Areas {
		as.write(tw, as.Area)
		total.merge(as)
	}
	total.write(tw, "all")
	tw.Flush()
	for _, f := range st.Failed {
		fmt.Fprintf(w, "failed: %s\n", f)
	}
}

// write prints one line of the table.
func (as *AreaStats) write(w io.Writer, name string) {
	var depths []string
	for _, d := range slices.Sorted(maps.Keys(as.Depths)) {
		depths = append(depths, fmt.Sprintf("%d:%d", d, as.Depths[d]))
	}
	fmt.Fprintf(w, "%s\t%d\t%s\t%v\t%v\t%d\t%d\t%d\t%d\t%d\t%d\n", name, as.Puzzles, strings.Join(depths, " "),
		as.Steps, as.Breadth, as.Distinct, as.OneStep, as.BelowMin, as.Repeated, as.Duplicates, as.Herrings)
}

// merge adds another area's counts to the totals.
func (as *AreaStats) merge(o *AreaStats) {
	as.Puzzles += o.Puzzles
	for d, n := range o.Depths {
		as.Depths[d] += n
	}
	for _, s := range []struct{ to, from *Spread }{{&as.Steps, &o.Steps}, {&as.Breadth, &o.Breadth}} {
		if s.from.N > 0 {
			if s.to.N == 0 || s.from.Min < s.to.Min {
				s.to.Min = s.from.Min
			}
			s.to.Max = max(s.to.Max, s.from.Max)
			s.to.Sum += s.from.Sum
			s.to.N += s.from.N
		}
	}
	as.Distinct += o.Distinct
	as.OneStep += o.OneStep
	as.BelowMin += o.BelowMin
	as.Repeated += o.Repeated
	as.Duplicates += o.Duplicates
	as.Herrings += o.Herrings
}
