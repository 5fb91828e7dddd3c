package tagging

import (
	"errors"
	"fmt"

	"riddlestone/puzzle"
)

// Tagger matches a pack's tag rules against snapshots. It is immutable once made and safe for concurrent use.
type Tagger struct {
	rules []rule
}

// rule is a tag rule resolved to block runtime IDs.
type rule struct {
	puzzle.TagRule
	entity       string
	accept       stateSet // the states a block must have to match; nil for an entity rule
	above, below stateSet // nil when the rule has no such condition
}

// stateSet is a set of block runtime IDs. Runtime IDs are dense, so a bit set indexed by them is small and fast.
type stateSet []uint64

func (s stateSet) add(rid uint32) { s[rid/64] |= 1 << (rid % 64) }

// has reports whether rid is in the set; IDs out of range (a block of another registry) are not.
func (s stateSet) has(rid uint32) bool {
	i := int(rid / 64)
	return i < len(s) && s[i]&(1<<(rid%64)) != 0
}

func (s stateSet) empty() bool {
	for _, w := range s {
		if w != 0 {
			return false
		}
	}
	return true
}

// New resolves tag rules against the block states of the registry the world's chunks use (see IndexBlocks). A rule naming an unknown block, or states that no
// state of its block has, is an error at the rule's position; so is a rule with both or neither of a block and an
// entity.
func New(blocks *Blocks, rules []puzzle.TagRule) (*Tagger, error) {
	t := &Tagger{}
	var errs []error
	for _, tr := range rules {
		r, err := resolve(tr, blocks)
		if err != nil {
			err = fmt.Errorf("tag rule for %s: %w", tr.Item, err)
			if at := tr.Pos.String(); at != "" {
				err = fmt.Errorf("%s: %w", at, err)
			}
			errs = append(errs, err)
			continue
		}
		t.rules = append(t.rules, r)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return t, nil
}

// Rules returns the number of rules the tagger matches.
func (t *Tagger) Rules() int { return len(t.rules) }

func resolve(tr puzzle.TagRule, blocks *Blocks) (rule, error) {
	r := rule{TagRule: tr}
	switch {
	case tr.Item == "":
		return r, fmt.Errorf("no item")
	case tr.Block != "" && tr.Entity != "":
		return r, fmt.Errorf("both a block and an entity; a rule matches one of them")
	case tr.Block == "" && tr.Entity == "":
		return r, fmt.Errorf("neither a block nor an entity")
	case tr.MaxCluster != 0 && tr.MaxCluster < max(tr.MinCluster, 1):
		return r, fmt.Errorf("maxCluster %d is below minCluster %d", tr.MaxCluster, max(tr.MinCluster, 1))
	case tr.Entity != "":
		if len(tr.States) > 0 || len(tr.Above) > 0 || len(tr.Below) > 0 || tr.MinCluster > 1 || tr.MaxCluster > 0 {
			return r, fmt.Errorf("an entity rule has no states, above, below or cluster sizes")
		}
		r.entity = blockName(tr.Entity)
		return r, nil
	}
	var err error
	if r.accept, err = blocks.set(tr.Block, tr.States); err != nil {
		return r, err
	}
	for _, names := range []struct {
		list []string
		set  *stateSet
	}{{tr.Above, &r.above}, {tr.Below, &r.below}} {
		if len(names.list) == 0 {
			continue
		}
		*names.set = make(stateSet, len(r.accept))
		for _, name := range names.list {
			s, err := blocks.set(name, nil)
			if err != nil {
				return r, err
			}
			for i := range s {
				(*names.set)[i] |= s[i]
			}
		}
	}
	return r, nil
}
