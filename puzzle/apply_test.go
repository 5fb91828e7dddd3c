package puzzle

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func rule(p *Pack, action string) *Rule {
	for _, r := range append(append([]*Rule(nil), p.Rules...), p.FailRules...) {
		if r.Action == action {
			return r
		}
	}
	panic("no rule " + action)
}

func mustApply(t *testing.T, p *Pack, s *State, m Move) []Object {
	t.Helper()
	if err := p.Legal(s, m, all); err != nil {
		t.Fatalf("%s not legal: %v", m.Rule.Action, err)
	}
	out, err := p.Apply(s, m)
	if err != nil {
		t.Fatalf("%s: %v", m.Rule.Action, err)
	}
	return out
}

func TestHeistPlaysThrough(t *testing.T) {
	p := heist(t)
	s := NewState(heistWorld())
	disguise := mustApply(t, p, s, Move{Rule: rule(p, "CreateDisguise"), Inputs: []int{4, 5}})
	if len(disguise) != 1 || disguise[0].ID != 6 || disguise[0].Item != "Disguise" || disguise[0].Area != Inventory {
		t.Fatalf("disguise: got %v, want a new Disguise 6 in the inventory (its inputs came from there)", disguise)
	}
	if _, ok := s.Object(4); ok {
		t.Error("glasses were not destroyed")
	}
	mustApply(t, p, s, Move{Rule: rule(p, "Trigger"), Inputs: []int{3, 2}})
	steal := mustApply(t, p, s, Move{Rule: rule(p, "Steal"), Inputs: []int{2, 6}})
	if steal[0].Item != "Badge" || steal[0].Area != Inventory || steal[1].ID != 2 {
		t.Fatalf("steal: got %v; the badge takes the destroyed disguise's place, the guard persists", steal)
	}
	unlock := mustApply(t, p, s, Move{Rule: rule(p, "Unlock"), Inputs: []int{1, steal[0].ID}})
	if unlock[0].ID != 1 || unlock[0].Props.Get("locked") != Bool(false) || unlock[1].ID != steal[0].ID {
		t.Fatalf("unlock: got %v, want safe 1 unlocked and the badge kept", unlock)
	}
	gold := mustApply(t, p, s, Move{Rule: rule(p, "Open"), Inputs: []int{1}})
	if gold[0].Item != "Gold" || gold[0].Area != "Street" {
		t.Fatalf("open: got %v, want new gold in the street (nothing destroyed, no input from the inventory)", gold)
	}
	if ids := p.Find(s, Term{Type: "Gold"}); len(ids) != 1 {
		t.Errorf("gold found %v times", ids)
	}
}

func TestPersistingInputKeepsIDAndTakesOutputProps(t *testing.T) {
	p := heist(t)
	s := NewState(heistWorld())
	out := mustApply(t, p, s, Move{Rule: rule(p, "Trigger"), Inputs: []int{3, 2}})
	if len(out) != 1 || out[0].ID != 2 || out[0].Props.Get("distracted") != Bool(true) || out[0].Area != "Street" {
		t.Fatalf("got %v", out)
	}
	if _, ok := s.Object(3); ok {
		t.Error("the car alarm is not an output and should be destroyed")
	}
	if o, _ := s.Object(2); o.Props.Get("distracted") != Bool(true) {
		t.Error("the state does not hold the new property")
	}
}

func TestCoLocation(t *testing.T) {
	p := heist(t)
	trigger := rule(p, "Trigger")
	for _, tc := range []struct {
		name         string
		alarm, guard string
		ok           bool
	}{
		{"same area", "Street", "Street", true},
		{"different areas", "Vault", "Street", false},
		{"one carried", Inventory, "Street", true},
		{"both carried", Inventory, Inventory, true},
		{"inside a container", InContainer, "Street", false},
	} {
		s := NewState([]Object{{ID: 1, Item: "CarAlarm", Area: tc.alarm}, {ID: 2, Item: "Security", Area: tc.guard}})
		err := p.Legal(s, Move{Rule: trigger, Inputs: []int{1, 2}}, all)
		if (err == nil) != tc.ok {
			t.Errorf("%s: err = %v, want ok=%v", tc.name, err, tc.ok)
		}
	}
	s := NewState([]Object{{ID: 1, Item: "CarAlarm", Area: "Vault"}, {ID: 2, Item: "Security", Area: "Vault"}})
	if err := p.Legal(s, Move{Rule: trigger, Inputs: []int{1, 2}}, func(a string) bool { return a == "Street" }); err == nil {
		t.Error("a move in an inaccessible area was legal")
	}
	if err := p.Legal(s, Move{Rule: trigger, Inputs: []int{1, 2}, Area: "Street"}, all); err == nil {
		t.Error("a player in the street ran a rule on objects in the vault")
	}
}

func TestLegalChecksInputs(t *testing.T) {
	p := heist(t)
	s := NewState(heistWorld())
	for _, m := range []Move{
		{Rule: rule(p, "Trigger"), Inputs: []int{2, 3}},        // wrong order: the guard is not a car alarm
		{Rule: rule(p, "Trigger"), Inputs: []int{3}},           // too few
		{Rule: rule(p, "Trigger"), Inputs: []int{3, 99}},       // no such object
		{Rule: rule(p, "CreateDisguise"), Inputs: []int{4, 4}}, // the same object twice
		{Rule: rule(p, "Open"), Inputs: []int{1}},              // the safe is locked
		{Rule: nil, Inputs: []int{1}},                          // no rule
		{Rule: rule(p, "Unlock"), Inputs: []int{1, 4}},         // glasses are no key
	} {
		before := s.String()
		if _, err := p.Apply(s, m); err == nil {
			t.Errorf("%v %v: applied", m.Rule, m.Inputs)
		}
		if s.String() != before {
			t.Errorf("%v: a failed move changed the state", m.Inputs)
		}
	}
}

func TestContainsKeepsInputInsideAndReleasesIt(t *testing.T) {
	p := heist(t)
	s := NewState([]Object{
		{ID: 1, Item: "Eggs", Area: "Street", Props: Props{"carryable": Bool(true)}},
		{ID: 2, Item: "Basket", Area: Inventory, Props: Props{"carryable": Bool(true)}},
	})
	out := mustApply(t, p, s, Move{Rule: rule(p, "Gather"), Inputs: []int{1, 2}})
	if out[0].ID != 2 || out[0].Contained != 1 || out[0].Props.Get(PropContains) != String("Eggs") || out[0].Area != Inventory {
		t.Fatalf("gather: got %v, want basket 2 holding eggs 1 in the inventory", out)
	}
	if eggs, ok := s.Object(1); !ok || eggs.Area != InContainer {
		t.Fatalf("the eggs should exist inside the basket, got %v %v", eggs, ok)
	}
	if ids := p.Find(s, Term{Type: "Eggs"}); len(ids) != 0 {
		t.Errorf("eggs inside a basket are not usable, found %v", ids)
	}
	out = mustApply(t, p, s, Move{Rule: rule(p, "Empty"), Inputs: []int{2}})
	if out[0].ID != 1 || out[0].Area != Inventory || out[1].ID != 2 || out[1].Contained != 0 || out[1].Props.Has(Props{PropContains: String("Eggs")}) {
		t.Fatalf("empty: got %v, want eggs 1 out again and an empty basket", out)
	}
	if s.NextID != 3 {
		t.Errorf("no object should have been created, next id %d", s.NextID)
	}
}

func TestDestroyedContainerDestroysWhatItHolds(t *testing.T) {
	p := buildPack(t, []string{"Eggs:", "Basket: Container", "Fire:", "Ash:"},
		[]string{"Container[contains=Eggs] ::= Gather Eggs Container", "Ash ::= Burn Basket"}, "Street")
	s := NewState([]Object{{ID: 1, Item: "Eggs", Area: "Street"}, {ID: 2, Item: "Basket", Area: "Street"}})
	mustApply(t, p, s, Move{Rule: p.Rules[0], Inputs: []int{1, 2}})
	mustApply(t, p, s, Move{Rule: p.Rules[1], Inputs: []int{2}})
	if len(s.Objects()) != 1 || s.Objects()[0].Item != "Ash" || s.Objects()[0].Area != "Street" {
		t.Errorf("got %v", s)
	}
}

func TestNonCarryableOutputNeedsAnArea(t *testing.T) {
	p := buildPack(t, []string{"Seed: carryable=true", "Pot: carryable=true", "Plant:"},
		[]string{"Plant ::= Sow Seed Pot"}, "Street", "Vault")
	s := NewState([]Object{{ID: 1, Item: "Seed", Area: Inventory}, {ID: 2, Item: "Pot", Area: Inventory}})
	m := Move{Rule: p.Rules[0], Inputs: []int{1, 2}}
	if err := p.Legal(s, m, all); !errors.Is(err, errNeedsArea) {
		t.Fatalf("got %v, want errNeedsArea", err)
	}
	moves := p.Moves(s, p.Rules, func(a string) bool { return a == "Vault" })
	if len(moves) != 1 || moves[0].Area != "Vault" {
		t.Fatalf("moves %v, want one sowing in the vault", moves)
	}
	out := mustApply(t, p, s, moves[0])
	if out[0].Area != "Vault" {
		t.Errorf("the plant is in %s", out[0].Area)
	}
}

func TestPickUpAndPutDown(t *testing.T) {
	p := heist(t)
	s := NewState(append(heistWorld(), Object{ID: 9, Item: "Eggs", Area: "Street", Props: Props{"carryable": Bool(true)}}))
	if err := p.Legal(s, Move{Rule: PickUp, Inputs: []int{1}}, all); err == nil {
		t.Error("picked up a safe")
	}
	if err := p.Legal(s, Move{Rule: PickUp, Inputs: []int{9}}, func(a string) bool { return a == "Vault" }); err == nil {
		t.Error("picked up from an inaccessible area")
	}
	out := mustApply(t, p, s, Move{Rule: PickUp, Inputs: []int{9}})
	if out[0].ID != 9 || out[0].Area != Inventory {
		t.Fatalf("pick up: %v", out)
	}
	if err := p.Legal(s, Move{Rule: PutDown, Inputs: []int{9}}, all); err == nil {
		t.Error("put down without an area")
	}
	out = mustApply(t, p, s, Move{Rule: PutDown, Inputs: []int{9}, Area: "Vault"})
	if out[0].Area != "Vault" {
		t.Fatalf("put down: %v", out)
	}
	moves := p.CarryMoves(s, all)
	var got []string
	for _, m := range moves {
		got = append(got, m.Rule.Action+" "+m.Area)
	}
	// Eggs 9 in the vault can be picked up; glasses and moustache can each go to two areas.
	if len(moves) != 5 {
		t.Errorf("carry moves %v", got)
	}
}

func TestFailRuleEndsTheAttempt(t *testing.T) {
	p := heist(t)
	s := NewState(heistWorld())
	smash := p.FailRules[0]
	out := mustApply(t, p, s, Move{Rule: smash, Inputs: []int{1}})
	if s.Failed != smash || out[0].Item != "Police" {
		t.Fatalf("failed=%v out=%v", s.Failed, out)
	}
	if _, err := p.Apply(s, Move{Rule: rule(p, "Trigger"), Inputs: []int{3, 2}}); !errors.Is(err, ErrFailed) {
		t.Errorf("a move after failing: %v", err)
	}
	if m := p.Moves(s, p.Rules, all); len(m) != 0 {
		t.Errorf("moves after failing: %v", m)
	}
}

func TestMovesFindsEveryBinding(t *testing.T) {
	p := heist(t)
	s := NewState(append(heistWorld(),
		Object{ID: 6, Item: "CarAlarm", Area: "Street"},
		Object{ID: 7, Item: "CarAlarm", Area: "Vault"},
		Object{ID: 8, Item: "Glasses", Area: "Street", Props: Props{"carryable": Bool(true)}},
	))
	var got []string
	for _, m := range p.Moves(s, p.Rules, all) {
		got = append(got, fmt.Sprintf("%s%v", m.Rule.Action, m.Inputs))
	}
	want := "Trigger[3 2] Trigger[6 2] CreateDisguise[4 5] CreateDisguise[8 5]"
	if strings.Join(got, " ") != want {
		t.Errorf("got %v, want %s (the alarm in the vault is not with the guard)", got, want)
	}
	withFail := p.Moves(s, append(p.Rules, p.FailRules...), all)
	if len(withFail) != len(got)+1 {
		t.Errorf("fail rules add the smash move: %d moves", len(withFail))
	}
}

func TestMovesWithoutAccessibilityAllowsEveryArea(t *testing.T) {
	p := heist(t)
	s := NewState(heistWorld())
	if got, want := len(p.Moves(s, p.Rules, nil)), len(p.Moves(s, p.Rules, all)); got != want {
		t.Errorf("nil accessibility: %d moves, want %d", got, want)
	}
	if got, want := len(p.CarryMoves(s, nil)), len(p.CarryMoves(s, all)); got != want || got == 0 {
		t.Errorf("nil accessibility: %d carry moves, want %d", got, want)
	}
}

// TestApplyNeverChangesPropertyMapsInPlace plays random moves of the default pack (containers, persistence,
// property changes) and checks that no property map ever seen, an item's, an object's or a returned output's, is
// changed: objects share maps with each other and with their items, so a change must make a new map.
func TestApplyNeverChangesPropertyMapsInPlace(t *testing.T) {
	p, err := Load("../packs/default")
	if err != nil {
		t.Fatal(err)
	}
	type watched struct{ m, was Props }
	seen := map[uintptr]watched{} // every map by identity, with a copy of what it held
	watch := func(m Props) {
		if _, ok := seen[reflect.ValueOf(m).Pointer()]; !ok && m != nil {
			seen[reflect.ValueOf(m).Pointer()] = watched{m, m.Clone()}
		}
	}
	check := func(when string) {
		for _, w := range seen {
			if !maps.Equal(w.m, w.was) {
				t.Fatalf("%s: a property map changed in place: %v, was %v", when, w.m, w.was)
			}
		}
	}
	for _, it := range p.Items {
		watch(it.Props)
	}
	rng := rand.New(rand.NewPCG(3, 3))
	moves := 0
	for seed := int64(1); seed <= 10; seed++ {
		PlaythroughEach(p, seed, func(sv Solving) {
			s := sv.State
			access := func(a string) bool { return slices.Contains(sv.Unlocked, a) }
			for range 30 {
				for _, o := range s.Objects() {
					watch(o.Props)
				}
				mv := append(p.Moves(s, p.Rules, access), p.CarryMoves(s, access)...)
				if len(mv) == 0 {
					return
				}
				out, err := p.Apply(s, mv[rng.IntN(len(mv))])
				if err != nil {
					continue
				}
				moves++
				for _, o := range out {
					watch(o.Props)
				}
				check(fmt.Sprintf("seed %d move %d", seed, moves))
			}
		})
	}
	if moves < 200 {
		t.Fatalf("only %d moves played", moves)
	}
}

// TestTakingOutAndPuttingInNeverMakesACycle plays a rule that takes the eggs out of a basket and puts the basket
// inside the eggs: the basket is emptied first, so no object ever holds, through others, itself (a cycle once
// overflowed the stack of whoever walked the containment).
func TestTakingOutAndPuttingInNeverMakesACycle(t *testing.T) {
	p := buildPack(t, []string{"Eggs:", "Basket:"},
		[]string{"Basket[contains=Eggs] ::= Gather Eggs Basket", "Eggs[contains=Basket] ::= Swap Basket"}, "Street")
	s := NewState([]Object{{ID: 1, Item: "Eggs", Area: "Street"}, {ID: 2, Item: "Basket", Area: "Street"}})
	mustApply(t, p, s, Move{Rule: p.Rules[0], Inputs: []int{1, 2}})
	out, err := p.Apply(s, Move{Rule: p.Rules[1], Inputs: []int{2}})
	if err != nil {
		t.Fatalf("swap: %v", err)
	}
	eggs, _ := s.Object(1)
	basket, _ := s.Object(2)
	if len(out) != 1 || out[0].ID != 1 || eggs.Contained != 2 || eggs.Area != "Street" || basket.Area != InContainer || basket.Contained != 0 {
		t.Fatalf("swap: got %v, state %v; want the eggs out in the street holding the emptied basket", out, s)
	}
	if basket.Props.Has(Props{PropContains: String("Eggs")}) {
		t.Errorf("the emptied basket still says it contains eggs: %v", basket)
	}
}
