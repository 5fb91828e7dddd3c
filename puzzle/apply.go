package puzzle

// Legal reports why m cannot run in s, or nil if it can. A rule runs right to left (dissertation 3.6): each input
// object must exist, be in the inventory or an area (not inside a container) and match its term; the inputs must be
// distinct and co-located, that is every input not in the inventory lies in one and the same area; and that area
// (or m.Area when every input is in the inventory) must be accessible. accessible may be nil to allow every area.
func (p *Pack) Legal(s *State, m Move, accessible func(area string) bool) error {
	_, err := p.resolve(s, m, accessible)
	return err
}

// Apply runs m in s and returns the objects of the rule's outputs, in output order. It checks everything Legal
// checks except accessibility, and changes s only when m can run. What running a rule does (dissertation 3.3, 4.5):
//
//   - Persistence: an output whose term has the same type as an input's term (or as the input object's item) is
//     that input: the object keeps its id and place and takes the output's properties. Outputs are paired with
//     inputs in order, each input at most once.
//   - Containers: an input whose object is of the type named by an output's contains property is not destroyed
//     but goes inside that output (its Area becomes InContainer, the output's Contained names it). A new output
//     of the type of an object held by an input takes that object out again: it keeps its id, and the container
//     loses it and its contains property (unless its output term sets one).
//   - Destruction: the other inputs are destroyed, with whatever they hold.
//   - Creation: every other output is a new object with a fresh id, of the item m.Items names, else the item its
//     term names, else the first declared item of its type that has its properties, else the first of its type;
//     it starts with the item's properties and takes the term's. A by-product that no item can be is a side effect
//     only and creates nothing; a main output that no item can be makes the move illegal.
//   - Placement: as in 4.5, new objects take the places of the destroyed inputs, in order. When there are more new
//     objects than destroyed inputs, the rest go to the inventory if an input came from there and to the move's
//     area otherwise. A new object that is not carryable never goes to the inventory: it goes to the move's area
//     (the area of its inputs, or m.Area).
//   - A fail rule (Rule.Fail) runs like any rule and then ends the attempt: every later move returns ErrFailed.
//
// PickUp moves a carryable object from an accessible area to the inventory; PutDown moves an inventory object to
// m.Area.
func (p *Pack) Apply(s *State, m Move) ([]Object, error) {
	c, err := p.resolve(s, m, nil)
	if err != nil {
		return nil, err
	}
	return c.commit(s), nil
}

// change is what a move does to a state, worked out before anything changes.
type change struct {
	outputs []Object // in the rule's output order; new objects have ID 0 until committed
	updates []Object // other existing objects that change: inputs that go inside a container
	destroy []int    // ids of objects that cease to exist
	fail    *Rule
}

// commit applies c to s and returns the outputs with their ids.
func (c *change) commit(s *State) []Object {
	for _, id := range c.destroy {
		s.remove(id)
	}
	for _, o := range c.updates {
		s.replace(o)
	}
	for j := range c.outputs {
		o := &c.outputs[j] // the change is spent: its outputs become the result
		if o.ID == 0 {
			o.ID = s.NextID
			s.NextID++
			s.insert(*o)
		} else {
			s.replace(*o)
		}
	}
	if c.fail != nil {
		s.Failed = c.fail
	}
	return c.outputs // they share Props with the state: the engine never changes a map in place, it replaces it
}

// resolve works out what m does in s, or why it cannot run.
func (p *Pack) resolve(s *State, m Move, accessible func(string) bool) (change, error) {
	switch {
	case s.Failed != nil:
		return change{}, ErrFailed
	case m.Rule == nil:
		return change{}, moveError(m, "no rule")
	case len(m.Inputs) != len(m.Rule.Inputs):
		return change{}, moveError(m, "%d inputs given, the rule has %d", len(m.Inputs), len(m.Rule.Inputs))
	}
	ins := make([]*Object, len(m.Inputs))
	for i, id := range m.Inputs {
		o, ok := s.Object(id)
		if !ok {
			return change{}, moveError(m, "no object %d", id)
		}
		if o.Area == InContainer {
			return change{}, moveError(m, "object %d is inside a container", id)
		}
		for _, prev := range m.Inputs[:i] {
			if prev == id {
				return change{}, moveError(m, "object %d is used twice", id)
			}
		}
		ins[i] = o
	}
	switch m.Rule {
	case PickUp:
		return p.pickUp(m, ins[0], accessible)
	case PutDown:
		return putDown(m, ins[0], accessible)
	}
	r := m.Rule
	place, fromInventory := "", false
	for i, o := range ins {
		if !p.Matches(o.Item, o.Props, r.Inputs[i]) {
			return change{}, moveError(m, "object %s does not match %s", o, r.Inputs[i])
		}
		switch {
		case o.Area == Inventory:
			fromInventory = true
		case place == "":
			place = o.Area
		case place != o.Area:
			return change{}, moveError(m, "inputs are not co-located: %s and %s", place, o.Area)
		}
	}
	if place != "" && m.Area != "" && m.Area != place {
		return change{}, moveError(m, "the player acts in %s but the inputs are in %s", m.Area, place)
	}
	if place == "" {
		place = m.Area
	}
	if place != "" && accessible != nil && !accessible(place) {
		return change{}, moveError(m, "area %s is not accessible", place)
	}
	c := change{outputs: make([]Object, 0, len(r.Outputs))}
	if r.Fail {
		c.fail = r
	}
	used := make([]bool, len(ins)) // persisting or contained: not destroyed
	persist := make([]int, len(r.Outputs))
	for j, t := range r.Outputs {
		persist[j] = -1
		for i, o := range ins {
			if !used[i] && (r.Inputs[i].Type == t.Type || o.Item == t.Type) {
				persist[j], used[i] = i, true
				break
			}
		}
	}
	contain := make([]int, len(r.Outputs))
	for j, t := range r.Outputs {
		contain[j] = -1
		if v, ok := t.Props[PropContains]; ok && v.Kind == KindString {
			for i, o := range ins {
				if !used[i] && p.IsA(o.Item, v.Str) {
					contain[j], used[i] = i, true
					break
				}
			}
		}
	}
	var destroyedAt []string
	for i, o := range ins {
		if !used[i] {
			destroyedAt = append(destroyedAt, o.Area)
		}
	}
	released := map[int]bool{} // ids of held objects taken out
	emptied := map[int]bool{}  // ids of inputs whose held object was taken out
	next := 0                  // the next destroyed input whose place a new object takes
	for j, t := range r.Outputs {
		var o Object
		switch {
		case persist[j] >= 0:
			o = *ins[persist[j]]
		default:
			if held, from, ok := p.heldOfType(s, ins, t.Type, released); ok {
				o = *held
				released[held.ID], emptied[from.ID] = true, true
				break
			}
			name := p.outputItem(t, m.Items, j)
			if name == "" {
				if j == 0 {
					return change{}, moveError(m, "no item can be the main output %s", t)
				}
				continue
			}
			o = Object{Item: name, Props: p.Items[name].Props}
		}
		o.Props = o.Props.With(t.Props) // shares the map it had when the term changes nothing
		if persist[j] < 0 {
			loc := ""
			switch {
			case next < len(destroyedAt):
				loc = destroyedAt[next]
				next++
			case fromInventory:
				loc = Inventory
			default:
				loc = place
			}
			if loc == Inventory && o.Props.Get(PropCarryable) != Bool(true) {
				loc = place
			}
			if loc == "" {
				return change{}, moveError(m, "%w: %s is not carryable", errNeedsArea, t)
			}
			o.Area = loc
		}
		if contain[j] >= 0 {
			held := *ins[contain[j]]
			if o.Contained != 0 && !released[o.Contained] {
				return change{}, moveError(m, "object %d already holds object %d", o.ID, o.Contained)
			}
			o.Contained = held.ID
			held.Area = InContainer
			c.updates = append(c.updates, held)
		}
		c.outputs = append(c.outputs, o)
	}
	for k := range c.outputs {
		_, set := r.Outputs[k].Props[PropContains]
		empty(&c.outputs[k], emptied, released, !set)
	}
	for k := range c.updates {
		empty(&c.updates[k], emptied, released, true) // a container put inside what it held is emptied first
	}
	for i, o := range ins {
		if !used[i] {
			c.destroy = p.appendHeld(c.destroy, s, o, released)
		}
	}
	return c, nil
}

// empty takes out of o the object a move released from it, and its contains property when forget is set: the
// term that made o did not set one.
func empty(o *Object, emptied, released map[int]bool, forget bool) {
	if o.ID == 0 || !emptied[o.ID] || !released[o.Contained] {
		return
	}
	o.Contained = 0
	if forget && o.Props.has(PropContains) {
		props := o.Props.Clone()
		delete(props, PropContains)
		o.Props = props
	}
}

// heldOfType finds an object of type typ held by one of the inputs and not yet taken out.
func (p *Pack) heldOfType(s *State, ins []*Object, typ string, released map[int]bool) (held, from *Object, ok bool) {
	for _, in := range ins {
		if in.Contained == 0 || released[in.Contained] {
			continue
		}
		if h, found := s.Object(in.Contained); found && p.IsA(h.Item, typ) {
			return h, in, true
		}
	}
	return nil, nil, false
}

// appendHeld appends o's id and, recursively, the ids of what it holds, except objects taken out.
func (p *Pack) appendHeld(ids []int, s *State, o *Object, released map[int]bool) []int {
	ids = append(ids, o.ID)
	if o.Contained != 0 && !released[o.Contained] {
		if h, ok := s.Object(o.Contained); ok {
			ids = p.appendHeld(ids, s, h, released)
		}
	}
	return ids
}

// outputItem returns the item a new object for output j of term t is made from, or "" if none can be.
func (p *Pack) outputItem(t Term, items []string, j int) string {
	if j < len(items) && items[j] != "" {
		if _, ok := p.Items[items[j]]; ok {
			return items[j]
		}
	}
	if _, ok := p.Items[t.Type]; ok {
		return t.Type
	}
	first := ""
	for _, name := range p.ItemOrder {
		if p.IsA(name, t.Type) {
			if p.Items[name].Props.Has(t.Props) {
				return name
			}
			if first == "" {
				first = name
			}
		}
	}
	return first
}

// chosenItems returns a choice of items for rule r's outputs (as Move.Items) with every entry that makes the same
// item as no choice cleared, and nil when no entry is left, so that equal choices compare equal.
func (p *Pack) chosenItems(r *Rule, items []string) []string {
	var out []string
	for j, name := range items {
		if j < len(r.Outputs) && name != "" && name != p.outputItem(r.Outputs[j], nil, j) && p.Items[name] != nil {
			if out == nil {
				out = make([]string, len(items))
			}
			out[j] = name
		}
	}
	return out
}

// pickUp moves a carryable object from an accessible area to the inventory.
func (p *Pack) pickUp(m Move, o *Object, accessible func(string) bool) (change, error) {
	switch {
	case o.Area == Inventory:
		return change{}, moveError(m, "object %d is already in the inventory", o.ID)
	case o.Props.Get(PropCarryable) != Bool(true):
		return change{}, moveError(m, "object %s is not carryable", o)
	case accessible != nil && !accessible(o.Area):
		return change{}, moveError(m, "area %s is not accessible", o.Area)
	}
	out := *o // shares the property map, which no one changes in place
	out.Area = Inventory
	return change{outputs: []Object{out}}, nil
}

// putDown moves an inventory object to the move's area.
func putDown(m Move, o *Object, accessible func(string) bool) (change, error) {
	switch {
	case o.Area != Inventory:
		return change{}, moveError(m, "object %d is not in the inventory", o.ID)
	case m.Area == "" || m.Area == Inventory || m.Area == InContainer:
		return change{}, moveError(m, "%w", errNeedsArea)
	case accessible != nil && !accessible(m.Area):
		return change{}, moveError(m, "area %s is not accessible", m.Area)
	}
	out := *o // shares the property map, which no one changes in place
	out.Area = m.Area
	return change{outputs: []Object{out}}, nil
}

func containsID(ids []int, id int) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}
