package puzzle

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
)

// Validate checks a pack before anything runs, as the dissertation's future work (6.2) asks, and returns its
// errors and, separately, its warnings, each sorted by position. Load has already reported YAML errors,
// duplicate keys, unknown keys and rule syntax; Validate reports what is wrong with the pack as a whole: types no
// item has, terms nothing can produce, rules without inputs or that loop, goals that cannot be reached within
// their area's depth, unknown and unreachable areas, notSpawnable items needed where none exists, isa cycles,
// malformed looks and properties of the wrong kind.
func Validate(p *Pack) (errs, warnings ErrorList) {
	v := &validator{p: p, types: map[string]bool{TypeItem: true}, kinds: map[string]propKind{}, subTypes: map[[2]string]bool{}}
	v.firstOf, v.typeSet = map[string]string{}, map[string]map[string]bool{}
	for _, name := range p.ItemOrder {
		v.typeSet[name] = map[string]bool{}
		for _, t := range p.Types(name) {
			v.types[t] = true
			v.typeSet[name][t] = true
			if _, ok := v.firstOf[t]; !ok {
				v.firstOf[t] = name
			}
		}
	}
	v.checkItems()
	v.checkRules()
	v.checkAreas()
	v.checkWorld()
	v.checkTags()
	v.checkTexts()
	v.checkTypeWords()
	v.checkStructures()
	if p.src == nil || !p.src.badRules {
		// Reach and use depend on every rule: with one that did not parse, they would report its absence.
		v.checkReach()
		v.checkUnused()
	}
	if len(v.errs) == 0 {
		v.checkDepths()
	}
	v.errs.Sort()
	v.warns.Sort()
	for _, w := range v.warns {
		w.Warning = true
	}
	v.errs.withSource(p.lines)
	v.warns.withSource(p.lines)
	return v.errs, v.warns
}

// validator holds what the checks of one Validate call share.
type validator struct {
	p     *Pack
	types map[string]bool     // every type some item is of
	kinds map[string]propKind // the kind each property was first seen with
	used  map[string]bool     // types used by a term, a goal or a contains value
	// subTypes remembers Pack.SubType answers. typeSet holds Pack.Types of each item, and firstOf the first
	// item of each type; both let the checks answer no quickly before asking the pack.
	subTypes map[[2]string]bool
	typeSet  map[string]map[string]bool
	firstOf  map[string]string
	errs     ErrorList
	warns    ErrorList
}

// propKind is where a property was first given a kind, to check that it keeps it.
type propKind struct {
	kind Kind
	at   Pos
}

// kindNames names value kinds in messages.
var kindNames = [...]string{KindBool: "a boolean", KindInt: "an integer", KindString: "a string"}

func (v *validator) errorf(at Pos, format string, args ...any) { v.errs.Add(at, format, args...) }
func (v *validator) warnf(at Pos, format string, args ...any)  { v.warns.Add(at, format, args...) }

// maybeIsA reports whether item can be of type typ: when it answers no, Pack.IsA does too.
func (v *validator) maybeIsA(item, typ string) bool { return v.typeSet[item][typ] }

// knownType reports whether typ is the type of some item.
func (v *validator) knownType(typ string) bool { return v.types[typ] }

// checkProps checks the properties of an item, term or object: the special ones have fixed kinds, isa and area
// are not properties, and every other property keeps one kind over the whole pack.
func (v *validator) checkProps(props Props, at map[string]Pos, inTerm bool) {
	for _, name := range slices.Sorted(maps.Keys(props)) {
		val, pos := props[name], at[name]
		switch name {
		case "isa", "area":
			if inTerm {
				v.errorf(pos, "a term cannot have an %s property: a term has one type, and rules ignore areas", name)
			} else {
				v.errorf(pos, "%s is written as the item's own key, not as a property", name)
			}
			continue
		case PropCarryable, PropNotSpawnable:
			if val.Kind != KindBool {
				v.errorf(pos, "property %s must be a boolean, not %s", name, kindNames[val.Kind])
			}
			continue
		case PropContains:
			switch {
			case val.Kind != KindString:
				v.errorf(pos, "property contains must name a type, not be %s", kindNames[val.Kind])
			case val.Str != "" && !v.knownType(val.Str):
				v.errorf(pos, "contains: unknown type %s: no item is of that type", val.Str)
			default:
				v.use(val.Str)
			}
			continue
		}
		if first, ok := v.kinds[name]; !ok {
			v.kinds[name] = propKind{val.Kind, pos}
		} else if first.kind != val.Kind {
			v.errorf(pos, "property %s is %s here but %s at %s", name, kindNames[val.Kind], kindNames[first.kind], first.at)
		}
	}
}

// use records that a term, goal or contains value names typ.
func (v *validator) use(typ string) {
	if v.used == nil {
		v.used = map[string]bool{}
	}
	v.used[typ] = true
}

// checkItems checks each item's isa list, areas, properties and look.
func (v *validator) checkItems() {
	for _, name := range v.p.ItemOrder {
		it := v.p.Items[name]
		src := v.p.itemSource(it)
		for i, typ := range it.Isa {
			switch typ {
			case it.Name:
				v.errorf(src.isa[i], "isa cycle: %s is a %s", it.Name, it.Name)
			case TypeItem:
				v.warnf(src.isa[i], "every item is an %s already", TypeItem)
			}
		}
		for i, area := range it.Areas {
			if _, ok := v.p.Area(area); !ok {
				v.errorf(src.areas[i], "item %s: unknown area %s", it.Name, area)
			}
		}
		v.checkProps(it.Props, src.props, false)
		v.checkLook(it)
		v.checkLookCases(it)
		v.checkWords(it)
	}
	v.checkIsaCycles()
}

// checkIsaCycles reports each cycle of isa links between items once, at the link that closes it.
func (v *validator) checkIsaCycles() {
	const (
		unseen = iota
		onPath
		done
	)
	state := map[string]int{}
	var path []string
	var visit func(name string)
	visit = func(name string) {
		state[name] = onPath
		path = append(path, name)
		it := v.p.Items[name]
		for i, typ := range it.Isa {
			if _, isItem := v.p.Items[typ]; !isItem || typ == name {
				continue
			}
			switch state[typ] {
			case unseen:
				visit(typ)
			case onPath:
				cycle := append(slices.Clone(path[slices.Index(path, typ):]), typ)
				v.errorf(v.p.itemSource(it).isa[i], "isa cycle: %s", strings.Join(cycle, " → "))
			}
		}
		path = path[:len(path)-1]
		state[name] = done
	}
	for _, name := range v.p.ItemOrder {
		if state[name] == unseen {
			visit(name)
		}
	}
}

// bedrockName is the shape of a Bedrock identifier: an optional namespace and a lower-case name.
var bedrockName = regexp.MustCompile(`^([a-z0-9_]+:)?[a-z0-9_.]+$`)

// checkLook checks that a look names exactly one block, item or entity, and that only a block has states.
func (v *validator) checkLook(it *Item) {
	l := it.Look
	if l.Empty() && l.Pos.Line == 0 && l.Name == "" && l.States == nil {
		return // no look: the overlay chooses one
	}
	at := posOr(l.Pos, it.Pos)
	set := 0
	for _, kind := range []struct{ name, value string }{{"block", l.Block}, {"item", l.Item}, {"entity", l.Entity}} {
		if kind.value == "" {
			continue
		}
		set++
		if !bedrockName.MatchString(kind.value) {
			v.warnf(at, "item %s: look %s %q is not a Bedrock identifier (lower case, as in minecraft:oak_door)", it.Name, kind.name, kind.value)
		}
	}
	if set != 1 {
		v.errorf(at, "item %s: a look needs exactly one of block, item and entity, not %d", it.Name, set)
	}
	if len(l.States) > 0 && l.Block == "" {
		v.errorf(at, "item %s: look states apply only to a block", it.Name)
	}
}

// posOr returns pos, or else when pos is unknown.
func posOr(pos, orElse Pos) Pos {
	if pos.Line == 0 {
		return orElse
	}
	return pos
}

// checkTerm checks a term of a rule or goal: its type is some item's, and its properties are sound.
func (v *validator) checkTerm(t Term) {
	v.use(t.Type)
	if !v.knownType(t.Type) {
		v.errorf(t.Pos, "unknown type %s: no item is of that type", t.Type)
	}
	at := map[string]Pos{}
	for name := range t.Props {
		at[name] = t.Pos
	}
	v.checkProps(t.Props, at, true)
}

// checkRules checks the terms of every rule, that each rule has an input, and that no rule's main output is one
// of its own inputs, which would let generation loop forever.
func (v *validator) checkRules() {
	for _, r := range slices.Concat(v.p.Rules, v.p.FailRules) {
		for _, t := range slices.Concat(r.Outputs, r.Inputs) {
			v.checkTerm(t)
		}
		if len(r.Inputs) == 0 {
			v.errorf(r.Pos, "%s has no input: an item would be made from nothing", ruleName(r))
		}
		if r.Fail || len(r.Outputs) == 0 {
			continue
		}
		main := r.Main()
		for _, in := range r.Inputs {
			if in.Type == main.Type && in.Props.Equal(main.Props) {
				v.errorf(in.Pos, "%s: the main output %s is also an input, so generation would loop", ruleName(r), main)
			}
		}
	}
}

// ruleName names a rule in messages: "rule 3 (Unlock)", or "fail rule Smash".
func ruleName(r *Rule) string {
	if r.Fail {
		return "fail rule " + r.Action
	}
	return fmt.Sprintf("rule %d (%s)", r.Index, r.Action)
}

// checkAreas checks each area's goals, depths and connections, that there is exactly one start area, and that
// every area can be reached from it.
func (v *validator) checkAreas() {
	if len(v.p.Areas) == 0 {
		v.errorf(v.packPos(), "the pack has no areas: puzzles are generated for areas")
		return
	}
	var start *Area
	for _, a := range v.p.Areas {
		src := v.p.areaSource(a)
		for _, g := range a.Goals {
			v.checkTerm(g)
		}
		if len(a.Goals) == 0 {
			v.errorf(a.Pos, "area %s has no goals", a.Name)
		}
		switch {
		case src.bad: // the area's load error explains it
		case a.MaxDepth < 1:
			v.errorf(src.maxDepth, "area %s needs a maxDepth of at least 1", a.Name)
		case a.MinDepth > a.MaxDepth:
			v.errorf(a.Pos, "area %s: minDepth %d is more than maxDepth %d", a.Name, a.MinDepth, a.MaxDepth)
		}
		if a.MinDepth < 0 || a.Breadth < 0 || a.Herrings < 0 {
			v.errorf(a.Pos, "area %s: minDepth, breadth and herrings cannot be negative", a.Name)
		}
		if msg := stepBoundsError(a.MinSteps, a.MaxSteps); msg != "" {
			v.errorf(a.Pos, "area %s: %s", a.Name, msg)
		}
		v.checkSetting(a, src)
		for i, c := range a.Connects {
			if c == a.Name {
				v.warnf(src.connects[i], "area %s connects to itself", a.Name)
			} else if _, ok := v.p.Area(c); !ok {
				v.errorf(src.connects[i], "area %s connects to unknown area %s", a.Name, c)
			}
		}
		if a.Start {
			if start != nil {
				v.errorf(a.Pos, "area %s is a second start area; %s is the start already", a.Name, start.Name)
				continue
			}
			start = a
		}
	}
	if start == nil {
		v.errorf(v.packPos(), "no start area: mark one area start: true")
		return
	}
	reached := map[string]bool{start.Name: true}
	for queue := []*Area{start}; len(queue) > 0; queue = queue[1:] {
		for _, c := range queue[0].Connects {
			if b, ok := v.p.Area(c); ok && !reached[c] {
				reached[c] = true
				queue = append(queue, b)
			}
		}
	}
	for _, a := range v.p.Areas {
		// An area with a minDistance is a template for the world's grid, reached by distance from the start in
		// game; only offline runs (playthrough) follow connects, and they skip it.
		if !reached[a.Name] && a.MinDistance == 0 {
			v.errorf(a.Pos, "area %s cannot be reached from the start area %s through connects", a.Name, start.Name)
		}
	}
}

// packPos is where problems of the pack as a whole are reported: its areas key, or the start of its first file.
func (v *validator) packPos() Pos {
	if v.p.src != nil && v.p.src.areasKey.Line != 0 {
		return v.p.src.areasKey
	}
	if len(v.p.Files) > 0 {
		return Pos{File: v.p.Files[0], Line: 1, Col: 1}
	}
	return Pos{}
}

// checkWorld checks the objects that exist before any puzzle: known items, in areas they may be in.
func (v *validator) checkWorld() {
	for i, o := range v.p.World {
		src := v.p.objectSource(i)
		it, ok := v.p.Items[o.Item]
		if !ok {
			v.errorf(src.item, "world object %d: unknown item %s", o.ID, o.Item)
		}
		if _, ok := v.p.Area(o.Area); !ok && o.Area != Inventory {
			v.errorf(src.area, "world object %d: unknown area %s", o.ID, o.Area)
		} else if ok && it != nil && len(it.Areas) > 0 && !slices.Contains(it.Areas, o.Area) {
			v.errorf(src.area, "world object %d: item %s may not be in area %s (its areas are %s)", o.ID, o.Item, o.Area, strings.Join(it.Areas, ", "))
		} else if a, ok := v.p.Area(o.Area); ok && it != nil && !v.p.Belongs(it.Name, a) {
			v.errorf(src.area, "world object %d: item %s does not belong in the setting of area %s", o.ID, o.Item, o.Area)
		}
		v.checkProps(o.Props, src.props, false)
	}
}
