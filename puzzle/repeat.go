package puzzle

import "slices"

// makes returns the item a node's rule creates as its main output, or "" when the node is a leaf or its main
// output is one of its inputs persisting (a property change, not a new object).
func (n *Node) makes() string {
	if n.Leaf() || len(n.outIn) == 0 || n.outIn[0] >= 0 {
		return ""
	}
	return n.Item
}

// RepeatedPath returns a path of the tree that makes an item again below a node that makes it, from that node down
// to the repeat (make, unmake, make: a Lantern combined from a Torch taken from a Lantern), or nil when no path
// does. The lower node may be a rule that makes the item or a leaf of it. A node whose rule allows repeating
// (Rule.Repeat) is not counted.
func (p *Puzzle) RepeatedPath() []*Node {
	var path []*Node
	var walk func(n *Node) []*Node
	walk = func(n *Node) []*Node {
		for i, up := range path {
			if up.makes() == n.Item && (n.Leaf() || n.makes() != "" && !n.Rule.Repeat) {
				return append(slices.Clone(path[i:]), n)
			}
		}
		if n.makes() != "" && !n.Rule.Repeat {
			path = append(path, n)
			defer func() { path = path[:len(path)-1] }()
		}
		for _, c := range n.Children {
			if found := walk(c); found != nil {
				return found
			}
		}
		return nil
	}
	return walk(p.Root)
}

// Duplicates counts the spawned objects that repeat another leaf's object of the same item and properties when
// both come through their rules unchanged (two crafting tables, neither used up): one object would do.
func (p *Puzzle) Duplicates() int {
	objects := map[string]int{}
	n := 0
	var walk func(n *Node)
	walk = func(parent *Node) {
		for i, c := range parent.Children {
			if c.Leaf() && keeps(parent, i) {
				k := c.Item + c.props.String()
				if id, seen := objects[k]; seen && id != c.Object && c.Spawn {
					n++
				} else if !seen || !c.Spawn {
					objects[k] = c.Object
				}
			}
			walk(c)
		}
	}
	walk(p.Root)
	return n
}

// keeps reports whether a rule node returns the object of its i-th input unchanged: one of its outputs is that
// object persisting, with no property the object does not already have.
func keeps(n *Node, i int) bool {
	for out, in := range n.outIn {
		if in != i {
			continue
		}
		c := n.Children[i]
		for name, v := range n.Rule.Outputs[out].Props {
			if c.props.Get(name) != v {
				return false
			}
		}
		return true
	}
	return false
}

// shareKept makes the spawned leaves that come through their rules unchanged share one object per item and
// properties: the first such leaf's object, or an existing object so kept, serves every node that needs one. The
// objects no leaf uses any more are dropped from Spawned, and the spawned objects are numbered again from first.
func (p *Puzzle) shareKept(first int) {
	rep := map[string]*Node{}
	var kept []*Node
	var walk func(n *Node)
	walk = func(n *Node) {
		for i, c := range n.Children {
			if c.Leaf() && keeps(n, i) {
				kept = append(kept, c)
			}
			walk(c)
		}
		for _, a := range n.Alternatives {
			walk(a)
		}
	}
	walk(p.Root)
	for _, leaf := range kept { // existing objects serve first: nothing needs spawning for them
		if k := leaf.Item + leaf.props.String(); !leaf.Spawn && rep[k] == nil {
			rep[k] = leaf
		}
	}
	for _, leaf := range kept {
		k := leaf.Item + leaf.props.String()
		if r := rep[k]; r == nil {
			rep[k] = leaf
		} else if leaf.Spawn && r != leaf {
			leaf.Object, leaf.Spawn = r.Object, r.Spawn
		}
	}
	p.renumber(first)
}

// renumber drops the spawned objects no leaf uses and numbers the others from first, in their order.
func (p *Puzzle) renumber(first int) {
	ids := map[int]int{}
	for _, leaf := range p.Leaves() {
		if leaf.Spawn {
			ids[leaf.Object] = 0
		}
	}
	spawned := p.Spawned[:0]
	for _, o := range p.Spawned {
		if _, used := ids[o.ID]; used {
			ids[o.ID] = first + len(spawned)
			o.ID = ids[o.ID]
			spawned = append(spawned, o)
		}
	}
	p.Spawned = spawned
	for _, leaf := range p.Leaves() {
		if leaf.Spawn {
			leaf.Object = ids[leaf.Object]
		}
	}
}
