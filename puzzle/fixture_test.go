package puzzle

import (
	"strings"
	"testing"
)

// buildPack makes a pack from compact item and rule descriptions, so tests need no loader:
// items are "Name: Isa1 Isa2 [prop=value ...]" and rules use the dissertation's notation with props as
// "Type[k=v,k2=v2]"; a rule starting with "!" is a fail rule.
func buildPack(t testing.TB, items []string, rules []string, areas ...string) *Pack {
	t.Helper()
	p := &Pack{Items: map[string]*Item{}}
	for _, line := range items {
		name, rest, _ := strings.Cut(line, ":")
		it := &Item{Name: strings.TrimSpace(name), Props: Props{}}
		for _, f := range strings.Fields(rest) {
			if k, v, ok := strings.Cut(f, "="); ok {
				it.Props[k] = parseValue(v)
			} else {
				it.Isa = append(it.Isa, f)
			}
		}
		p.Items[it.Name] = it
		p.ItemOrder = append(p.ItemOrder, it.Name)
	}
	for _, line := range rules {
		fail := strings.HasPrefix(line, "!")
		line = strings.TrimPrefix(line, "!")
		lhs, rhs, ok := strings.Cut(line, "::=")
		if !ok {
			t.Fatalf("bad rule %q", line)
		}
		fs := strings.Fields(rhs)
		r := &Rule{Outputs: parseTerms(lhs), Action: fs[0], Inputs: parseTerms(strings.Join(fs[1:], " ")), Fail: fail}
		if fail {
			r.Index = -1
			p.FailRules = append(p.FailRules, r)
		} else {
			r.Index = len(p.Rules)
			p.Rules = append(p.Rules, r)
		}
	}
	for _, a := range areas {
		p.Areas = append(p.Areas, &Area{Name: a})
	}
	return p
}

func parseTerms(s string) []Term {
	var ts []Term
	for _, f := range strings.Fields(s) {
		typ, props, _ := strings.Cut(strings.TrimSuffix(f, "]"), "[")
		t := Term{Type: typ}
		if props != "" {
			t.Props = Props{}
			for _, kv := range strings.Split(props, ",") {
				k, v, _ := strings.Cut(kv, "=")
				t.Props[k] = parseValue(v)
			}
		}
		ts = append(ts, t)
	}
	return ts
}

func parseValue(v string) Value {
	switch v {
	case "true":
		return Bool(true)
	case "false":
		return Bool(false)
	}
	var n int64
	for _, c := range v {
		if c < '0' || c > '9' {
			return String(v)
		}
		n = n*10 + int64(c-'0')
	}
	return Int(n)
}

// heist is the dissertation's example (figure 3.2, rules 3.4 to 3.8) with a fail rule and a container pair.
func heist(t testing.TB) *Pack {
	return buildPack(t, []string{
		"Gold: carryable=true",
		"Safe: Container locked=true",
		"Badge: Key carryable=true",
		"Security: NPC",
		"CarAlarm:",
		"Glasses: carryable=true",
		"FakeMoustache: carryable=true",
		"Disguise: carryable=true",
		"Eggs: carryable=true",
		"Basket: Container carryable=true",
		"Police: NPC",
	}, []string{
		"Gold Safe ::= Open Safe[locked=false]",
		"Safe[locked=false] Badge ::= Unlock Safe[locked=true] Badge",
		"Badge Security ::= Steal Security[distracted=true] Disguise",
		"Security[distracted=true] ::= Trigger CarAlarm Security[distracted=false]",
		"Disguise ::= CreateDisguise Glasses FakeMoustache",
		"Container[contains=Eggs] ::= Gather Eggs Container",
		"Eggs Container ::= Empty Container[contains=Eggs]",
		"!Police ::= Smash Safe[locked=true]",
	}, "Street", "Vault")
}

// heistWorld places the heist's leaves: the guard and the alarm in the street, the disguise parts carried.
func heistWorld() []Object {
	return []Object{
		{ID: 1, Item: "Safe", Area: "Street", Props: Props{"locked": Bool(true)}},
		{ID: 2, Item: "Security", Area: "Street", Props: Props{}},
		{ID: 3, Item: "CarAlarm", Area: "Street", Props: Props{}},
		{ID: 4, Item: "Glasses", Area: Inventory, Props: Props{"carryable": Bool(true)}},
		{ID: 5, Item: "FakeMoustache", Area: Inventory, Props: Props{"carryable": Bool(true)}},
	}
}

func all(string) bool { return true }
