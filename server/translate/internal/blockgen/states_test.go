package blockgen

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestWriteReadsBack reads each committed data file and writes its states again: the lines are the file's, and
// reading them gives the same states.
func TestWriteReadsBack(t *testing.T) {
	for _, v := range append([]string{ServerVersion}, ClientVersions...) {
		file, err := os.ReadFile(DataFile("../../data", v))
		if err != nil {
			t.Fatal(err)
		}
		states, err := Read(bytes.NewReader(file))
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := Write(&out, "header", states); err != nil {
			t.Fatal(err)
		}
		if body(out.String()) != body(string(file)) {
			t.Errorf("%s: written again, the data differs", v)
		}
		again, err := Read(&out)
		if err != nil || len(again) != len(states) {
			t.Fatalf("%s: read again: %d states, %v", v, len(again), err)
		}
		for i := range states {
			if again[i].String() != states[i].String() {
				t.Fatalf("%s: state %d read again is %s, was %s", v, i, again[i], states[i])
			}
		}
	}
}

// body returns text without its comment lines.
func body(text string) string {
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// TestRemapAddedProperty maps a stair of a version without "minecraft:corner" to one with it: the client's
// state keeps the stair's own properties and takes the first value of the new one.
func TestRemapAddedProperty(t *testing.T) {
	from := []State{{Name: "oak_stairs", Props: []Prop{{"upside_down_bit", "byte", "1"}, {"weirdo_direction", "int", "2"}}}}
	var to []State
	for _, corner := range []string{"none", "inner_left"} {
		for _, up := range []string{"0", "1"} {
			for _, dir := range []string{"0", "1", "2", "3"} {
				to = append(to, State{Name: "oak_stairs", Props: []Prop{{"minecraft:corner", "string", corner},
					{"upside_down_bit", "byte", up}, {"weirdo_direction", "int", dir}}})
			}
		}
	}
	table, err := Remap(from, to)
	if err != nil {
		t.Fatal(err)
	}
	if got := to[table[0]].String(); got != "oak_stairs[minecraft:corner=none,upside_down_bit=1,weirdo_direction=2]" {
		t.Errorf("mapped to %s", got)
	}
	if _, err := Remap([]State{{Name: "gone"}}, to); err == nil {
		t.Error("a block the other version lacks is mapped")
	}
}
