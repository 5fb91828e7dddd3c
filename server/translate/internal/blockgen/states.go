// Package blockgen makes the block-state tables of package translate: it extracts each version's block states
// from minecraft-data into a compact text file (committed under translate/data), reads those files back, matches
// the server's states to each client version's and writes the tables as Go source.
package blockgen

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// State is a block state: a block's name (without "minecraft:") and its properties, sorted by name.
type State struct {
	Name  string
	Props []Prop
}

// Prop is a block property's value in a state.
type Prop struct {
	Name  string // such as "minecraft:cardinal_direction"
	Type  string // "byte", "int" or "string"
	Value string // the value written as text: "1", "south"
}

// String returns the state as "name[prop=value,...]".
func (s State) String() string {
	parts := make([]string, len(s.Props))
	for i, p := range s.Props {
		parts[i] = p.Name + "=" + p.Value
	}
	return s.Name + "[" + strings.Join(parts, ",") + "]"
}

// block is a block with its states, as a line of a data file holds it.
type block struct {
	name   string
	props  []propValues
	states [][]int // each state as the position of each property's value in props
}

// propValues is a property with its values in the order they first appear among the block's states.
type propValues struct {
	name, typ string
	values    []string
}

// Write writes states, which must be grouped by block, in the data format: a line per block with its name, its
// properties (name/type=value|value...) and its states in order: "@" and the order of the properties, slowest
// changing first, as a base-36 character each, when the states are every combination of the values (each
// property's values in the order written), or else each state as its values' positions:
// a base-36 character per property, or, for a block with a property of more than 36 values, decimal numbers
// separated by dots. Lines starting with # are comments; header is written as such.
func Write(w io.Writer, header string, states []State) error {
	bw := bufio.NewWriter(w)
	for _, l := range strings.Split(strings.TrimRight(header, "\n"), "\n") {
		fmt.Fprintf(bw, "# %s\n", l)
	}
	blocks, err := group(states)
	if err != nil {
		return err
	}
	for _, b := range blocks {
		if err := writeBlock(bw, b); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// group gathers consecutive states of the same block.
func group(states []State) ([]block, error) {
	var blocks []block
	for _, s := range states {
		if len(blocks) == 0 || blocks[len(blocks)-1].name != s.Name {
			b := block{name: s.Name}
			for _, p := range s.Props {
				b.props = append(b.props, propValues{name: p.Name, typ: p.Type})
			}
			blocks = append(blocks, b)
		}
		b := &blocks[len(blocks)-1]
		if len(s.Props) != len(b.props) {
			return nil, fmt.Errorf("%s: states with different properties", s)
		}
		pos := make([]int, len(s.Props))
		for i, p := range s.Props {
			if p.Name != b.props[i].name || p.Type != b.props[i].typ {
				return nil, fmt.Errorf("%s: states with different properties", s)
			}
			at := slices.Index(b.props[i].values, p.Value)
			if at < 0 {
				at = len(b.props[i].values)
				b.props[i].values = append(b.props[i].values, p.Value)
			}
			pos[i] = at
		}
		b.states = append(b.states, pos)
	}
	return blocks, nil
}

// writeBlock writes one block's line.
func writeBlock(w io.Writer, b block) error {
	fields := []string{b.name}
	for _, p := range b.props {
		for _, v := range p.values {
			if v == "" || strings.ContainsAny(v, " |=/#.") {
				return fmt.Errorf("%s: value %q of %s cannot be written", b.name, v, p.name)
			}
		}
		fields = append(fields, p.name+"/"+p.typ+"="+strings.Join(p.values, "|"))
	}
	if order, ok := productOrder(b); ok {
		fields = append(fields, "@"+formatOrder(order))
	} else {
		for _, s := range b.states {
			fields = append(fields, formatPositions(b, s))
		}
	}
	_, err := fmt.Fprintln(w, strings.Join(fields, " "))
	return err
}

// productOrder finds the order of b's properties, slowest-changing first, in which b's states are every
// combination of the properties' values.
func productOrder(b block) ([]int, bool) {
	if len(b.props) > 8 {
		return nil, false
	}
	order := make([]int, len(b.props))
	for i := range order {
		order[i] = i
	}
	for {
		if slices.EqualFunc(b.states, product(b.props, order), slices.Equal) {
			return order, true
		}
		if !nextPermutation(order) {
			return nil, false
		}
	}
}

// nextPermutation turns p into the next permutation in lexical order, reporting false after the last.
func nextPermutation(p []int) bool {
	i := len(p) - 2
	for i >= 0 && p[i] >= p[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(p) - 1
	for p[j] <= p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	slices.Reverse(p[i+1:])
	return true
}

// formatOrder writes an order of properties as a base-36 character each.
func formatOrder(order []int) string {
	var sb strings.Builder
	for _, p := range order {
		sb.WriteString(strconv.FormatInt(int64(p), 36))
	}
	return sb.String()
}

// product returns every combination of the properties' values, changing the properties in order, slowest first.
func product(props []propValues, order []int) [][]int {
	out := [][]int{make([]int, len(props))}
	for i := len(order) - 1; i >= 0; i-- {
		p := order[i]
		var next [][]int
		for v := range props[p].values {
			for _, s := range out {
				c := slices.Clone(s)
				c[p] = v
				next = append(next, c)
			}
		}
		out = next
	}
	return out
}

// Read reads states in the data format of Write.
func Read(r io.Reader) ([]State, error) {
	var states []State
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<22)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		bs, err := readBlock(strings.Fields(text))
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		states = append(states, bs...)
	}
	return states, sc.Err()
}

// readBlock reads the fields of one block's line and returns its states.
func readBlock(fields []string) ([]State, error) {
	if len(fields) < 2 {
		return nil, fmt.Errorf("%q: no states", strings.Join(fields, " "))
	}
	b := block{name: fields[0]}
	i := 1
	for ; i < len(fields) && strings.Contains(fields[i], "="); i++ {
		head, values, _ := strings.Cut(fields[i], "=")
		name, typ, ok := strings.Cut(head, "/")
		if !ok {
			return nil, fmt.Errorf("%s: property %q has no type", b.name, head)
		}
		b.props = append(b.props, propValues{name: name, typ: typ, values: strings.Split(values, "|")})
	}
	switch rest := fields[i:]; {
	case len(rest) == 1 && strings.HasPrefix(rest[0], "@"):
		order, err := readOrder(b, rest[0][1:])
		if err != nil {
			return nil, err
		}
		b.states = product(b.props, order)
	default:
		for _, f := range rest {
			s, err := statePositions(b, f)
			if err != nil {
				return nil, err
			}
			b.states = append(b.states, s)
		}
	}
	out := make([]State, len(b.states))
	for n, s := range b.states {
		out[n] = State{Name: b.name, Props: make([]Prop, len(s))}
		for p, v := range s {
			out[n].Props[p] = Prop{Name: b.props[p].name, Type: b.props[p].typ, Value: b.props[p].values[v]}
		}
	}
	return out, nil
}

// readOrder reads an order of b's properties written by formatOrder.
func readOrder(b block, f string) ([]int, error) {
	if len(f) != len(b.props) {
		return nil, fmt.Errorf("%s: order %q for %d properties", b.name, f, len(b.props))
	}
	order := make([]int, len(f))
	for i := range f {
		p, err := strconv.ParseInt(f[i:i+1], 36, 8)
		if err != nil || int(p) >= len(b.props) || slices.Contains(order[:i], int(p)) {
			return nil, fmt.Errorf("%s: bad order %q", b.name, f)
		}
		order[i] = int(p)
	}
	return order, nil
}

// wide reports whether a property of b has more than 36 values, so that its states' positions are written in
// decimal, separated by dots, rather than a base-36 character each.
func wide(b block) bool {
	return slices.ContainsFunc(b.props, func(p propValues) bool { return len(p.values) > 36 })
}

// formatPositions writes a state of b as its values' positions.
func formatPositions(b block, s []int) string {
	parts := make([]string, len(s))
	for i, v := range s {
		parts[i] = strconv.FormatInt(int64(v), 36)
		if wide(b) {
			parts[i] = strconv.Itoa(v)
		}
	}
	if wide(b) {
		return strings.Join(parts, ".")
	}
	return strings.Join(parts, "")
}

// statePositions reads a state of b written as its values' positions.
func statePositions(b block, f string) ([]int, error) {
	var parts []string
	base := 36
	if wide(b) {
		parts, base = strings.Split(f, "."), 10
	} else {
		parts = strings.Split(f, "")
	}
	if len(parts) != len(b.props) {
		return nil, fmt.Errorf("%s: state %q for %d properties", b.name, f, len(b.props))
	}
	s := make([]int, len(parts))
	for p, part := range parts {
		v, err := strconv.ParseInt(part, base, 16)
		if err != nil || int(v) >= len(b.props[p].values) {
			return nil, fmt.Errorf("%s: state %q: bad value position", b.name, f)
		}
		s[p] = int(v)
	}
	return s, nil
}
