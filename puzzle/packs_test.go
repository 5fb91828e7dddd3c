package puzzle

import (
	"fmt"
	"math/rand/v2"
)

// Test packs are built in Go so that generation is tested without the loader.

// tm builds a term from a type and name, value pairs.
func mkTerm(typ string, kv ...any) Term {
	return Term{Type: typ, Props: mkProps(kv...)}
}

// props builds properties from name, value pairs; values are bool, int or string.
func mkProps(kv ...any) Props {
	if len(kv) == 0 {
		return nil
	}
	p := Props{}
	for i := 0; i < len(kv); i += 2 {
		switch v := kv[i+1].(type) {
		case bool:
			p[kv[i].(string)] = Bool(v)
		case int:
			p[kv[i].(string)] = Int(int64(v))
		case string:
			p[kv[i].(string)] = String(v)
		default:
			panic(fmt.Sprintf("bad value %v", v))
		}
	}
	return p
}

// packBuilder builds a Pack step by step.
type packBuilder struct{ p *Pack }

func newPackBuilder() *packBuilder { return &packBuilder{p: &Pack{Items: map[string]*Item{}}} }

// item adds an item with isa types and properties.
func (b *packBuilder) item(name string, isa []string, kv ...any) *Item {
	it := &Item{Name: name, Isa: isa, Props: mkProps(kv...)}
	b.p.Items[name] = it
	b.p.ItemOrder = append(b.p.ItemOrder, name)
	return it
}

// rule adds a rule; outputs and inputs are terms.
func (b *packBuilder) rule(outputs []Term, action string, inputs ...Term) *Rule {
	r := &Rule{Index: len(b.p.Rules), Outputs: outputs, Action: action, Inputs: inputs}
	b.p.Rules = append(b.p.Rules, r)
	return r
}

// area adds an area.
func (b *packBuilder) area(name string, maxDepth int, goals ...Term) *Area {
	a := &Area{Name: name, Goals: goals, MaxDepth: maxDepth, Start: len(b.p.Areas) == 0}
	b.p.Areas = append(b.p.Areas, a)
	return a
}

func mkOuts(t ...Term) []Term { return t }

// heistPack is the dissertation's example (figure 3.2, rules 3.4 to 3.8).
func heistPack() *Pack {
	b := newPackBuilder()
	b.item("Gold", nil, "carryable", true)
	b.item("Safe", []string{"Container"}, "locked", true)
	b.item("Badge", []string{"Key"}, "carryable", true)
	b.item("Security", []string{"NPC"}, "distracted", false)
	b.item("Disguise", nil, "carryable", true)
	b.item("Glasses", nil, "carryable", true)
	b.item("FakeMoustache", nil, "carryable", true)
	b.item("CarAlarm", nil)
	b.rule(mkOuts(mkTerm("Gold"), mkTerm("Safe")), "Open", mkTerm("Safe", "locked", false))
	b.rule(mkOuts(mkTerm("Safe", "locked", false), mkTerm("Badge")), "Unlock", mkTerm("Safe", "locked", true), mkTerm("Badge"))
	b.rule(mkOuts(mkTerm("Badge"), mkTerm("Security")), "Steal", mkTerm("Security", "distracted", true), mkTerm("Disguise"))
	b.rule(mkOuts(mkTerm("Security", "distracted", true)), "Trigger", mkTerm("CarAlarm"), mkTerm("Security", "distracted", false))
	b.rule(mkOuts(mkTerm("Disguise")), "CreateDisguise", mkTerm("Glasses"), mkTerm("FakeMoustache"))
	b.area("Vault", 4, mkTerm("Gold"))
	return b.p
}

// rng returns the generator's random source for a seed, as Playthrough makes it.
func seedRNG(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }

// townPack is the heist spread over three areas: the disguise made in the street is worn in the lobby to steal
// the badge that opens the vault's safe. The guard already stands in the lobby and is never spawned.
func townPack() *Pack {
	p := heistPack()
	p.Items["Security"].Props[PropNotSpawnable] = Bool(true)
	p.Areas = nil
	b := &packBuilder{p: p}
	b.area("Street", 1, mkTerm("Disguise")).Connects = []string{"Lobby"}
	b.area("Lobby", 3, mkTerm("Badge")).Connects = []string{"Vault"}
	b.area("Vault", 4, mkTerm("Gold"))
	p.World = []Object{{ID: 1, Item: "Security", Area: "Lobby", Props: mkProps("distracted", false)}}
	return p
}
