package draw

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"riddlestone/puzzle"
)

// SpaceOptions choose what a state-space drawing shows.
type SpaceOptions struct {
	// Items are the puzzle items the drawing shows; other objects (the rest of the area's tagged world) are left
	// out. Empty shows every object.
	Items []string
	// Area is the puzzle's area: objects there are written without "@area".
	Area string
	// MaxStates caps the states drawn; 0 means 150. Start, goal and solution states are kept first, then the
	// nearest to the start.
	MaxStates int
}

// Sizes of the state-space drawing, in pixels.
const (
	colW     = 200
	colGap   = 70
	rowGap   = 12
	lineH    = 13
	maxLines = 5
)

// state is a state of the graph as drawn.
type state struct {
	n     *puzzle.GraphNode
	lines []string
	x, y  float64
	h     float64
	order float64
}

// Space draws a state space as SVG: states in columns by their distance from the start (the start on the left),
// each labelled with the shown objects that differ from the start (the start with all of them); the start
// double-bordered, goal states green, fail states red, dead ends grey, states at the depth horizon dashed, states
// with moves missing dotted, and the shortest solution paths bold blue. Each state is a <g class="state ...">.
func Space(w io.Writer, g *puzzle.Graph, opts SpaceOptions) error {
	if opts.MaxStates <= 0 {
		opts.MaxStates = 150
	}
	if g == nil || len(g.Nodes) == 0 {
		_, err := io.WriteString(w, `<svg xmlns="http://www.w3.org/2000/svg" class="space" width="320" height="40" font-family="sans-serif" font-size="12"><text x="8" y="24">No state space was kept.</text></svg>`)
		return err
	}
	shown := pick(g, opts.MaxStates)
	states := labelStates(g, shown, opts)
	cols := columns(states)
	placeColumns(cols, states, g)
	var width, height float64
	for _, s := range states {
		width, height = max(width, s.x+colW), max(height, s.y+s.h)
	}
	note := fmt.Sprintf("%d states, %d moves", len(g.Nodes), len(g.Edges))
	if len(shown) < len(g.Nodes) {
		note = fmt.Sprintf("showing %d of %d states", len(shown), len(g.Nodes))
	}
	if g.Partial {
		note += " · partial: " + g.Note
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="space" viewBox="0 0 %.0f %.0f" width="%.0f" height="%.0f" font-family="sans-serif" font-size="10.5">`,
		width+2*margin, height+margin+40, width+2*margin, height+margin+40)
	b.WriteString(`<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#8a8f98"/></marker>` +
		`<marker id="arrow-sol" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#1d4ed8"/></marker></defs>`)
	fmt.Fprintf(&b, `<text class="space-note" x="%d" y="16" fill="#374151">%s</text>`, margin, esc(note))
	for d := range cols {
		fmt.Fprintf(&b, `<text x="%.0f" y="32" fill="#6b7280">%s</text>`, float64(margin)+float64(d)*(colW+colGap), esc(plural(d, "move")))
	}
	drawSpaceEdges(&b, g, states)
	for _, s := range states {
		drawState(&b, s)
	}
	b.WriteString("</svg>")
	_, err := io.WriteString(w, b.String())
	return err
}

// pick chooses the states to draw: all when they fit, else start, goals and solution states first, then fail
// states and dead ends, then the rest, nearest to the start first.
func pick(g *puzzle.Graph, limit int) []int {
	ids := make([]int, len(g.Nodes))
	for i := range ids {
		ids[i] = i
	}
	if len(ids) <= limit {
		return ids
	}
	rank := func(n *puzzle.GraphNode) int {
		switch {
		case n.Start || n.Goal || n.OnSolution:
			return 0
		case n.Fail || n.DeadEnd:
			return 1
		}
		return 2
	}
	sort.SliceStable(ids, func(i, j int) bool {
		a, b := &g.Nodes[ids[i]], &g.Nodes[ids[j]]
		if rank(a) != rank(b) {
			return rank(a) < rank(b)
		}
		return a.Depth < b.Depth
	})
	ids = ids[:limit]
	slices.Sort(ids)
	return ids
}

// labelStates writes each shown state's lines: the shown objects that differ from the start's.
func labelStates(g *puzzle.Graph, shown []int, opts SpaceOptions) map[int]*state {
	keep := func(o puzzle.ObjectJSON) bool { return len(opts.Items) == 0 || slices.Contains(opts.Items, o.Item) }
	describe := func(o puzzle.ObjectJSON) string {
		s := o.Item + puzzle.PropsLabel(o.Props)
		switch o.Area {
		case opts.Area:
		case puzzle.Inventory:
			s += " (held)"
		default:
			s += " @" + o.Area
		}
		return s
	}
	startIdx := 0
	for i := range g.Nodes {
		if g.Nodes[i].Start {
			startIdx = i
		}
	}
	start := map[string]int{}
	for _, o := range g.Nodes[startIdx].Objects {
		if keep(o) {
			start[describe(o)]++
		}
	}
	out := map[int]*state{}
	for _, id := range shown {
		n := &g.Nodes[id]
		here := map[string]int{}
		for _, o := range n.Objects {
			if keep(o) {
				here[describe(o)]++
			}
		}
		var lines []string
		if n.Start {
			lines = counted(here, nil, "")
		} else {
			lines = append(counted(here, start, "+ "), counted(start, here, "− ")...)
		}
		if len(lines) == 0 {
			lines = []string{"(no shown object changed)"}
		}
		if len(lines) > maxLines {
			lines = append(lines[:maxLines-1], fmt.Sprintf("… %d more", len(lines)-maxLines+1))
		}
		out[id] = &state{n: n, lines: lines, h: float64(len(lines))*lineH + 10}
	}
	return out
}

// counted lists the entries of a beyond those of b, sorted, each with prefix and a count when more than one.
func counted(a, b map[string]int, prefix string) []string {
	var out []string
	for s, n := range a {
		if extra := n - b[s]; extra > 0 {
			line := prefix + s
			if extra > 1 {
				line += fmt.Sprintf(" ×%d", extra)
			}
			out = append(out, line)
		}
	}
	slices.Sort(out)
	return out
}

// columns groups states by depth.
func columns(states map[int]*state) [][]*state {
	var cols [][]*state
	for _, s := range states {
		for len(cols) <= s.n.Depth {
			cols = append(cols, nil)
		}
		cols[s.n.Depth] = append(cols[s.n.Depth], s)
	}
	return cols
}

// placeColumns orders each column by the mean order of its states' predecessors (so moves cross less), solution
// states first, and stacks it.
func placeColumns(cols [][]*state, states map[int]*state, g *puzzle.Graph) {
	preds := map[int][]int{}
	for _, e := range g.Edges {
		preds[e.To] = append(preds[e.To], e.From)
	}
	for d, col := range cols {
		for _, s := range col {
			sum, n := 0.0, 0
			for _, p := range preds[s.n.ID] {
				if ps, ok := states[p]; ok && p != s.n.ID && ps.n.Depth < d {
					sum, n = sum+ps.order, n+1
				}
			}
			s.order = float64(s.n.ID)
			if n > 0 {
				s.order = sum / float64(n)
			}
			if s.n.OnSolution {
				s.order -= 1e9
			}
		}
		sort.SliceStable(col, func(i, j int) bool {
			if col[i].order != col[j].order {
				return col[i].order < col[j].order
			}
			return col[i].n.ID < col[j].n.ID
		})
		y := 42.0
		for i, s := range col {
			s.order = float64(i)
			s.x, s.y = float64(margin)+float64(d)*(colW+colGap), y
			y += s.h + rowGap
		}
	}
}

// drawSpaceEdges draws each move between shown states as an arrow, bold blue on a shortest solution.
func drawSpaceEdges(b *strings.Builder, g *puzzle.Graph, states map[int]*state) {
	drawn := map[[2]int]bool{}
	for _, e := range g.Edges {
		from, ok1 := states[e.From]
		to, ok2 := states[e.To]
		if !ok1 || !ok2 || e.From == e.To || drawn[[2]int{e.From, e.To}] {
			continue
		}
		drawn[[2]int{e.From, e.To}] = true
		x1, y1 := from.x+colW, from.y+from.h/2
		x2, y2 := to.x, to.y+to.h/2
		if to.x <= from.x { // a move back to an earlier or the same layer
			x1, x2 = from.x, to.x+colW
		}
		stroke, sw, marker, class := "#9ca3af", 1.0, "arrow", "move"
		if e.OnSolution {
			stroke, sw, marker, class = "#1d4ed8", 2.5, "arrow-sol", "move solution"
		}
		mx := (x1 + x2) / 2
		fmt.Fprintf(b, `<path class="%s" d="M%.1f,%.1f C%.1f,%.1f %.1f,%.1f %.1f,%.1f" fill="none" stroke="%s" stroke-width="%.1f" marker-end="url(#%s)"><title>%s</title></path>`,
			class, x1, y1, mx, y1, mx, y2, x2, y2, stroke, sw, marker, esc(e.Action+" "+strings.Join(e.Inputs, ", ")))
		if e.OnSolution {
			fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle" fill="#1d4ed8" font-size="9.5">%s</text>`, mx, (y1+y2)/2-3, esc(e.Action))
		}
	}
}

// drawState draws one state's box and lines.
func drawState(b *strings.Builder, s *state) {
	n := s.n
	class, fill, stroke, dash, sw := "state", "#ffffff", "#9ca3af", "", 1.2
	switch {
	case n.Goal:
		class, fill, stroke = "state goal", "#bbf7d0", "#15803d"
	case n.Fail:
		class, fill, stroke = "state fail", "#fecaca", "#b91c1c"
	case n.DeadEnd:
		class, fill, stroke = "state dead-end", "#e5e7eb", "#6b7280"
	case n.Horizon:
		class, dash = "state horizon", ` stroke-dasharray="5,3"`
	case n.Truncated:
		class, dash = "state truncated", ` stroke-dasharray="2,2"`
	}
	if n.OnSolution {
		class += " solution"
		stroke, sw = "#1d4ed8", 2.5
	}
	if n.Start {
		class += " start"
	}
	fmt.Fprintf(b, `<g class="%s"><title>state %d: %d moves from the start%s</title>`, class, n.ID, n.Depth, toGoal(n))
	if n.Start {
		fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%d" height="%.1f" rx="5" fill="none" stroke="%s" stroke-width="1"/>`,
			s.x-3, s.y-3, colW+6, s.h+6, stroke)
	}
	fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%d" height="%.1f" rx="4" fill="%s" stroke="%s" stroke-width="%.1f"%s/>`,
		s.x, s.y, colW, s.h, fill, stroke, sw, dash)
	for i, line := range s.lines {
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f">%s</text>`, s.x+6, s.y+float64(i+1)*lineH+1, esc(clip(line, 34)))
	}
	b.WriteString("</g>")
}

// toGoal says how far a state is from a goal, for its tooltip.
func toGoal(n *puzzle.GraphNode) string {
	switch {
	case n.Goal:
		return ", a goal"
	case n.ToGoal >= 0:
		return fmt.Sprintf(", %s to a goal", plural(n.ToGoal, "move"))
	case n.Fail:
		return ", failed"
	case n.DeadEnd:
		return ", a dead end: no goal can be reached"
	}
	return ""
}

// clip shortens a line to n characters.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// plural is "1 move" or "3 moves".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
