package puzzle

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
)

// Point 8: the start area first; achieving a goal unlocks the connected areas and generates their puzzles; items
// of earlier areas are reused; ids are unique over the whole playthrough; the result replays.
func TestPlaythroughTown(t *testing.T) {
	pk := townPack()
	res, err := Playthrough(pk, 1)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, a := range res.Areas {
		order = append(order, a.Area)
	}
	if !slices.Equal(order, []string{"Street", "Lobby", "Vault"}) {
		t.Fatalf("areas %v", order)
	}
	if len(res.Initial) != 1 || res.Initial[0].Item != "Security" {
		t.Errorf("initial %v", res.Initial)
	}
	// The lobby's Steal takes the disguise made in the street, picked up first.
	disguise := res.Areas[0].Solution[0].Outputs[0]
	lobby := res.Areas[1].Solution
	if pick := lobby[len(lobby)-2]; pick.Action != "PickUp" || pick.Inputs[0] != disguise.ID {
		t.Errorf("lobby: %s %v before Steal, want the street's disguise %d picked up", pick.Action, pick.Inputs, disguise.ID)
	}
	if steal := lobby[len(lobby)-1]; steal.Action != "Steal" || !slices.Contains(steal.Inputs, disguise.ID) || !slices.Contains(steal.Inputs, 1) {
		t.Errorf("lobby ends with %+v, want Steal of the guard and the disguise", steal)
	}
	// Unique ids: every object spawned or created once.
	seen := map[int]bool{1: true}
	for _, a := range res.Areas {
		for _, o := range a.Spawned {
			if seen[o.ID] {
				t.Errorf("id %d spawned twice", o.ID)
			}
			seen[o.ID] = true
		}
		for _, st := range a.Solution {
			for j, o := range st.Outputs {
				persisting := st.Rule >= 0 && slices.Contains(st.Inputs, o.ID) || st.Rule < 0
				if !persisting && seen[o.ID] {
					t.Errorf("output %d of %s reuses id %d", j, st.Action, o.ID)
				}
				seen[o.ID] = true
			}
		}
	}
	if err := Replay(pk, res); err != nil {
		t.Fatal(err)
	}
	js, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var back PlaythroughResult
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	if err := Replay(pk, &back); err != nil {
		t.Fatalf("replay after a JSON round trip: %v", err)
	}
}

// The JSON of a playthrough has exactly the fields of the contract.
func TestPlaythroughJSONContract(t *testing.T) {
	res, err := Playthrough(townPack(), 3)
	if err != nil {
		t.Fatal(err)
	}
	js, _ := json.Marshal(res)
	var raw map[string]any
	if err := json.Unmarshal(js, &raw); err != nil {
		t.Fatal(err)
	}
	keys := func(m any) []string {
		var k []string
		for name := range m.(map[string]any) {
			k = append(k, name)
		}
		slices.Sort(k)
		return k
	}
	area := raw["areas"].([]any)[1]
	step := area.(map[string]any)["solution"].([]any)[0]
	obj := step.(map[string]any)["outputs"].([]any)[0]
	for _, tc := range []struct {
		v    any
		want []string
	}{
		{raw, []string{"areas", "initial", "seed"}},
		{area, []string{"area", "depth", "goal", "solution", "spawned"}},
		{step, []string{"action", "inputs", "outputs", "rule"}},
		{obj, []string{"area", "id", "item", "props"}},
	} {
		if got := keys(tc.v); !slices.Equal(got, tc.want) {
			t.Errorf("keys %v, want %v", got, tc.want)
		}
	}
}

// Point 9: a playthrough is deterministic for a seed.
func TestPlaythroughIsDeterministic(t *testing.T) {
	pk := synthWorld(5)
	distinct := map[string]bool{}
	for seed := range int64(20) {
		a, errA := Playthrough(pk, seed)
		b, errB := Playthrough(pk, seed)
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if (errA == nil) != (errB == nil) || string(ja) != string(jb) {
			t.Fatalf("seed %d differs:\n%s\n%s", seed, ja, jb)
		}
		distinct[string(ja)] = true
	}
	if len(distinct) < 10 {
		t.Errorf("%d distinct playthroughs of 20", len(distinct))
	}
}

// Replay reports the first corrupted step.
func TestReplayCatchesCorruption(t *testing.T) {
	pk := townPack()
	for _, tc := range []struct {
		name    string
		corrupt func(r *PlaythroughResult)
		area    string
		step    int
	}{
		{"wrong input", func(r *PlaythroughResult) { r.Areas[2].Solution[1].Inputs[0] = 1 }, "Vault", 2},
		{"wrong output", func(r *PlaythroughResult) { r.Areas[1].Solution[1].Outputs[0].Props["distracted"] = false }, "Lobby", 2},
		{"wrong rule", func(r *PlaythroughResult) { r.Areas[0].Solution[0].Rule = 0 }, "Street", 1},
		{"swapped steps", func(r *PlaythroughResult) {
			s := r.Areas[2].Solution
			s[len(s)-1], s[len(s)-2] = s[len(s)-2], s[len(s)-1]
		}, "Vault", 0},
		{"reused id", func(r *PlaythroughResult) { r.Areas[2].Spawned[0].ID = 1 }, "Vault", 0},
		{"missing step", func(r *PlaythroughResult) {
			r.Areas[0].Solution = r.Areas[0].Solution[:0:0]
		}, "Street", 0},
	} {
		res, err := Playthrough(pk, 1)
		if err != nil {
			t.Fatal(err)
		}
		tc.corrupt(res)
		err = Replay(pk, res)
		var re *ReplayError
		if !errors.As(err, &re) {
			t.Errorf("%s: got %v", tc.name, err)
			continue
		}
		if re.Area != tc.area || tc.step > 0 && re.Step != tc.step {
			t.Errorf("%s: reported %v", tc.name, err)
		}
	}
}

// synthWorld is a random grammar whose areas form a tree from the start, with a few notSpawnable objects in the
// world.
func synthWorld(seed uint64) *Pack {
	pk := synthPack(seed, 60, 90, 8, 5)
	pk.Areas[0].Connects = []string{"A1", "A2"}
	pk.Areas[2].Connects = []string{"A3"}
	id := 1
	for _, name := range pk.ItemOrder {
		if !pk.Items[name].Spawnable() && id < 12 {
			pk.World = append(pk.World, Object{ID: id, Item: name, Area: pk.Areas[id%4].Name, Props: pk.Items[name].Props.Clone()})
			id++
		}
	}
	return pk
}

// Hundreds of seeds of playthroughs on the test packs all replay.
func TestPlaythroughsReplay(t *testing.T) {
	seeds := int64(300)
	if testing.Short() {
		seeds = 50
	}
	packs := map[string]*Pack{"town": townPack(), "wells": wellsTown(), "town+herrings": townPack()}
	for s := range uint64(4) {
		packs["synth"+string(rune('0'+s))] = synthWorld(s)
	}
	for name, pk := range packs {
		g := NewGenerator(pk)
		if name == "town+herrings" {
			g.RedHerrings = 2
		}
		ok := 0
		for seed := range seeds {
			res, err := playthrough(g, pk, seed, nil)
			if err != nil {
				if errors.Is(err, ErrInfeasible) {
					continue // a random grammar may have an area no world state can solve
				}
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
			if err := Replay(pk, res); err != nil {
				js, _ := json.MarshalIndent(res, "", " ")
				t.Fatalf("%s seed %d: %v\n%s", name, seed, err, js)
			}
			ok++
		}
		if ok < int(seeds)/2 {
			t.Errorf("%s: only %d of %d playthroughs completed", name, ok, seeds)
		}
	}
}

// wellsTown: water from the well of the field, carried to flowers elsewhere in a bucket.
func wellsTown() *Pack {
	p := wellPack()
	p.Areas[0].Connects = []string{"Field"}
	p.Areas[1].Connects = []string{"Yard"}
	p.Areas[0].Start = true
	p.World = []Object{{ID: 1, Item: "Well", Area: "Street", Props: mkProps(PropNotSpawnable, true)}}
	// Goals belong to their areas, so Yard needs water of its own: a bucket filled at the Street's well cannot be
	// generated across areas, but a lake may lie in the Yard as in the Field.
	p.Items["Lake"].Areas = []string{"Field", "Yard"}
	return p
}

// PlaythroughEach shows every puzzle that is solved, in the order of the playthrough's areas, with a state that
// holds its spawned objects, and does not change the playthrough.
func TestPlaythroughEachShowsEverySolvedPuzzle(t *testing.T) {
	pk := townPack()
	var seen []Solving
	res, err := PlaythroughEach(pk, 3, func(s Solving) { seen = append(seen, s) })
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, ar := range res.Areas {
		if len(ar.Solution) > 0 {
			want = append(want, ar.Area)
		}
	}
	var got []string
	for _, s := range seen {
		got = append(got, s.Puzzle.Area)
		if !slices.Contains(s.Unlocked, s.Puzzle.Area) {
			t.Errorf("%s: not among the unlocked areas %v", s.Puzzle.Area, s.Unlocked)
		}
		for _, o := range s.Puzzle.Spawned {
			if _, ok := s.State.Object(o.ID); !ok {
				t.Errorf("%s: spawned object %d missing from the state", s.Puzzle.Area, o.ID)
			}
		}
	}
	if len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("puzzles shown for %v, want %v", got, want)
	}
	plain, _ := Playthrough(pk, 3)
	a, _ := json.Marshal(res)
	b, _ := json.Marshal(plain)
	if string(a) != string(b) {
		t.Errorf("PlaythroughEach changed the playthrough:\n%s\n%s", a, b)
	}
}

// An area whose goal a carryable object in an earlier area already satisfies has no puzzle: the playthrough
// brings the object with a PickUp, so that the goal is achieved in the area, and the result replays.
func TestPlaythroughSatisfiedElsewhere(t *testing.T) {
	pk, err := LoadBytes("tower.yaml", []byte(`items:
  Key: {props: {carryable: true}}
  Box: {}
rules: |
  Key ::= Open Box
areas:
  - {name: Hall, start: true, goals: [Key], maxDepth: 1, connects: [Tower]}
  - {name: Tower, goals: [Key], maxDepth: 1}
`))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Playthrough(pk, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Areas) != 2 {
		t.Fatalf("areas %+v", res.Areas)
	}
	key := res.Areas[0].Solution[0].Outputs[0]
	tower := res.Areas[1]
	if tower.Depth != 0 || len(tower.Solution) != 1 || tower.Solution[0].Action != "PickUp" || tower.Solution[0].Inputs[0] != key.ID {
		t.Errorf("tower: %+v, want a PickUp of the hall's key %d", tower, key.ID)
	}
	if err := Replay(pk, res); err != nil {
		t.Error(err)
	}
	// Without the PickUp the tower's goal is not achieved: replay says so.
	res.Areas[1].Solution = []Step{}
	if err := Replay(pk, res); err == nil || !strings.Contains(err.Error(), "area Tower") {
		t.Errorf("replay without the pick-up: %v", err)
	}
}

// Point 8: achieving one goal unlocks several areas, whose puzzles are generated together and are in progress at
// the same time: both are spawned before either is solved, and the second protects nothing the first needs.
func TestPlaythroughSeveralAreasInProgress(t *testing.T) {
	pk := wellsTown()
	pk.Areas[0].Connects = []string{"Field", "Yard"}
	pk.Areas[1].Connects = nil
	for seed := range int64(20) {
		res, err := Playthrough(pk, seed)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Areas) != 3 || res.Areas[1].Area != "Field" || res.Areas[2].Area != "Yard" {
			t.Fatalf("areas %+v", res.Areas)
		}
		field, yard := res.Areas[1], res.Areas[2]
		firstMade := 1 << 30 // the first id the field's solution creates
		for _, st := range field.Solution {
			for _, o := range st.Outputs {
				if !slices.Contains(st.Inputs, o.ID) {
					firstMade = min(firstMade, o.ID)
				}
			}
		}
		for _, o := range yard.Spawned {
			if o.ID > firstMade {
				t.Fatalf("seed %d: the yard's object %d was spawned after the field's solving began (%d)", seed, o.ID, firstMade)
			}
		}
		if err := Replay(pk, res); err != nil {
			t.Fatal(err)
		}
	}
}

// A Generator is shared by goroutines (the server generates areas concurrently): run under -race.
func TestGenerateConcurrently(t *testing.T) {
	pk := synthWorld(2)
	g := NewGenerator(pk)
	done := make(chan error)
	for w := range 4 {
		go func() {
			for seed := range uint64(20) {
				if _, err := g.Generate(pk.Areas[w], &World{Objects: pk.World}, seedRNG(seed)); err != nil && !errors.Is(err, ErrInfeasible) {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

// An area whose goal a puzzle in progress will make waits (ErrPending); once that puzzle is solved, its goal is an
// object the player can carry over, so the area is achieved by picking it up, and Replay follows the same order.
func TestPlaythroughPendingGoal(t *testing.T) {
	b := newPackBuilder()
	b.item("Seed", nil, "carryable", true)
	b.item("Lamp", nil, "carryable", true)
	b.item("Flag", nil, "carryable", true)
	b.rule(mkOuts(mkTerm("Flag")), "Sew", mkTerm("Seed"))
	b.rule(mkOuts(mkTerm("Lamp")), "Light", mkTerm("Seed"))
	b.area("Start", 1, mkTerm("Flag")).Connects = []string{"Shop", "Attic"}
	b.area("Shop", 1, mkTerm("Lamp"))
	b.area("Attic", 1, mkTerm("Lamp"))
	res, err := Playthrough(b.p, 1)
	if err != nil {
		t.Fatal(err)
	}
	attic := res.Areas[2]
	if attic.Area != "Attic" || attic.Depth != 0 || len(attic.Solution) != 1 || attic.Solution[0].Action != "PickUp" {
		t.Fatalf("attic %+v, want the shop's lamp picked up", attic)
	}
	if err := Replay(b.p, res); err != nil {
		t.Fatal(err)
	}
}
