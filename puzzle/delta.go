package puzzle

import "slices"

// Delta is what one change to a game's state did, as the manager reports it, so that no caller compares states
// before and after: the objects made or changed, those that ceased to exist, the tree nodes that ran and the
// areas whose goals were achieved.
type Delta struct {
	// Outputs are a move's outputs in the rule's output order, as they are after it: objects the rule created and
	// inputs that persist with changed properties or place.
	Outputs []Object
	// Changed are other existing objects that changed: inputs that went inside a container, or objects whose
	// properties were set.
	Changed []Object
	// Created are objects added to the game outside a move (tagged in the world, spawned by generation).
	Created []Object
	// Removed are the objects that ceased to exist, as they were before.
	Removed []Object
	// Progressed are the areas whose puzzle tree had a node run.
	Progressed []string
	// Achieved are the areas whose goals are now achieved.
	Achieved []string
	// Failed is the fail rule that ended the attempt at an area's puzzle, or nil. The manager's state is left
	// without it: the caller restarts the area.
	Failed *Rule
}

// Objects returns every object the delta wrote, outputs first: what a store records for it.
func (d Delta) Objects() []Object {
	out := append(append(slices.Clip(d.Outputs), d.Changed...), d.Created...)
	return out
}

// Play makes a move as Do does and reports everything it changed. A fail rule's attempt is reported in
// Delta.Failed and cleared from the state, so the game goes on once the caller has restarted the area.
func (m *Manager) Play(mv Move) (Delta, error) {
	// A move destroys only its inputs and what they hold (Apply), so only they are looked for afterwards: the cost
	// of a move does not grow with the objects of the game.
	before := map[int]Object{}
	for _, id := range mv.Inputs {
		for id != 0 {
			o, ok := m.State.Object(id)
			if _, seen := before[id]; !ok || seen {
				break
			}
			before[id] = *o
			id = o.Contained
		}
	}
	t, _ := m.leaf(mv)
	outputs, achieved, err := m.Do(mv)
	if err != nil {
		return Delta{}, err
	}
	d := Delta{Outputs: outputs, Achieved: achieved, Failed: m.State.Failed}
	m.State.Failed = nil
	for id := range before {
		if _, ok := m.State.Object(id); ok {
			delete(before, id)
		}
	}
	for _, id := range mv.Inputs {
		if o, ok := m.State.Object(id); ok && o.Area == InContainer && !containsObject(outputs, id) {
			d.Changed = append(d.Changed, *o)
		}
	}
	for _, o := range before {
		d.Removed = append(d.Removed, o)
	}
	slices.SortFunc(d.Removed, func(a, b Object) int { return a.ID - b.ID })
	if t != nil {
		d.Progressed = append(d.Progressed, t.Area)
	}
	return d, nil
}

// containsObject reports whether objs has an object with the id.
func containsObject(objs []Object, id int) bool {
	return slices.ContainsFunc(objs, func(o Object) bool { return o.ID == id })
}

// Add adds objects to the game: tagged in the world or spawned by generation. An object with ID 0 gets the next
// free id; the others keep theirs, which must be free. An object whose properties are its item's shares the
// item's map (the engine never changes a map in place), so a world of many objects of few items keeps few maps.
func (m *Manager) Add(objs ...Object) Delta {
	var d Delta
	for _, o := range objs {
		if it, ok := m.Pack.Items[o.Item]; ok && o.Props.Equal(it.Props) {
			o.Props = it.Props
		}
		if o.ID == 0 {
			o.ID = m.State.NextID
		}
		if _, taken := m.State.Object(o.ID); taken {
			continue
		}
		m.State.NextID = max(m.State.NextID, o.ID+1)
		m.State.insert(o)
		d.Created = append(d.Created, o)
	}
	return d
}

// Put makes o the game's object of its id: it replaces the one the game has (through the state, so that copies
// sharing it never see the change and the index by area follows), or adds o when there is none. It is how an object
// that a copy of the game made or changed is taken back into the game the copy was made from.
func (m *Manager) Put(o Object) Delta {
	if _, ok := m.State.Object(o.ID); !ok {
		return m.Add(o)
	}
	m.State.replace(o)
	return Delta{Changed: []Object{o}}
}

// RemoveIDs takes the objects of the given ids out of the game, those it has, and reports them in id order. It looks
// only at them: its cost does not grow with the rest of the game, as Remove's does.
func (m *Manager) RemoveIDs(ids ...int) Delta {
	ids = slices.Clone(ids)
	slices.Sort(ids)
	var d Delta
	for i, id := range ids {
		if i > 0 && ids[i-1] == id {
			continue
		}
		if o, ok := m.State.remove(id); ok {
			d.Removed = append(d.Removed, o)
		}
	}
	return d
}

// Remove takes out of the game every object for which drop reports true (clearing an area's puzzle away).
func (m *Manager) Remove(drop func(Object) bool) Delta {
	return Delta{Removed: m.State.removeIf(drop)}
}

// Untrack stops tracking a puzzle.
func (m *Manager) Untrack(t *Tracked) {
	m.ownPuzzles()
	m.Puzzles = slices.DeleteFunc(m.Puzzles, func(u *Tracked) bool { return u == t })
	m.index.Store(nil)
}

// SetProps replaces properties of an object (values computed from the world) and reports the change; an
// unknown object is an error.
func (m *Manager) SetProps(id int, set Props) (Delta, error) {
	o, ok := m.State.Object(id)
	if !ok {
		return Delta{}, moveError(Move{Inputs: []int{id}}, "no such object")
	}
	changed := *o
	changed.Props = o.Props.With(set)
	m.State.replace(changed)
	return Delta{Changed: []Object{changed}}, nil
}

// Clone returns a copy of the manager that can be changed without changing m: its state and the progress of its
// puzzles are copied, the pack and the trees are shared (neither changes in play). accessible replaces
// Accessible in the copy.
func (m *Manager) Clone(accessible func(area string) bool) *Manager {
	c := &Manager{Pack: m.Pack, State: m.State.Clone(), Mode: m.Mode, Accessible: accessible}
	for i := range m.books {
		c.books[i].Store(m.books[i].Load()) // the trees are shared, so are the options made of them
	}
	for _, t := range m.Puzzles {
		if !t.shared {
			t.shared = true // both copies hold it now: whichever changes it first copies it (own)
		}
	}
	// The list itself is shared too, until either tracks, untracks or changes a puzzle (ownPuzzles): a copy made
	// for readers after a move that changed no puzzle copies nothing.
	if !m.puzzlesShared {
		m.puzzlesShared = true
	}
	c.Puzzles, c.puzzlesShared = m.Puzzles, true
	c.index.Store(m.index.Load()) // the positions are the same: shared until one of them tracks or untracks
	return c
}

// own returns the puzzle tracked at index i, made the manager's own to change: a Tracked its copies share is
// replaced by a copy, so that they never see the change.
func (m *Manager) own(i int) *Tracked {
	m.ownPuzzles()
	if t := m.Puzzles[i]; t.shared {
		u := *t
		u.done, u.shared = slices.Clone(t.done), false
		m.Puzzles[i] = &u
	}
	return m.Puzzles[i]
}

// ownPuzzles makes the list of puzzles the manager's own to change, copying it if copies of the manager share it.
func (m *Manager) ownPuzzles() {
	if m.puzzlesShared {
		m.Puzzles, m.puzzlesShared = slices.Clone(m.Puzzles), false
	}
}

// Tracking returns the puzzle the manager tracks for an area, or nil. A move may replace the Tracked of a puzzle
// it advances (a manager's copies share the unchanged ones), so look it up again after each change.
func (m *Manager) Tracking(area string) *Tracked {
	ix := m.index.Load()
	if ix == nil || len(*ix) != len(m.Puzzles) {
		// Not indexed since a puzzle was tracked or untracked (which drop the index): index the puzzles again. A
		// published manager is read by several goroutines, so the index is kept atomically, like the books.
		made := make(map[string]int, len(m.Puzzles))
		for i, t := range m.Puzzles {
			made[t.Area] = i
		}
		ix = &made
		m.index.Store(ix)
	}
	if i, ok := (*ix)[area]; ok && i < len(m.Puzzles) && m.Puzzles[i].Area == area {
		return m.Puzzles[i]
	}
	return nil
}
