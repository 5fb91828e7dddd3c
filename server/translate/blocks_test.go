package translate

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/df-mc/dragonfly/server/world"

	"riddlestone/server/translate/internal/blockgen"
)

// TestBlockTables makes the block tables again from the committed data and compares them with blocks_gen.go.
func TestBlockTables(t *testing.T) {
	want, err := blockgen.Generate("data")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("blocks_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("blocks_gen.go is not what data/ makes: run go generate ./server/translate")
	}
}

// TestServerBlockStates checks that the server's own numbering of block states, Dragonfly's registry, is the
// list the tables start from: runtime ID i is state i of data/blocks-1.26.45.txt, name and properties.
func TestServerBlockStates(t *testing.T) {
	states, err := blockgen.ReadFile("data", blockgen.ServerVersion)
	if err != nil {
		t.Fatal(err)
	}
	world.DefaultBlockRegistry.Finalize()
	for rid, s := range states {
		b, ok := world.BlockByRuntimeID(uint32(rid))
		if !ok {
			t.Fatalf("runtime ID %d (%s): Dragonfly has no block", rid, s)
		}
		name, props := b.EncodeBlock()
		if got := dragonflyState(name, props); got != s.String() {
			t.Fatalf("runtime ID %d: Dragonfly has %s, the data %s", rid, got, s)
		}
	}
	if _, ok := world.BlockByRuntimeID(uint32(len(states))); ok {
		t.Errorf("Dragonfly has more than the %d block states of the data", len(states))
	}
}

// dragonflyState writes a block as Dragonfly encodes it in the form of State.String.
func dragonflyState(name string, props map[string]any) string {
	keys := make([]string, 0, len(props))
	for k := range props {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		v := props[k]
		if b, ok := v.(bool); ok { // Dragonfly writes byte properties as booleans or uint8s.
			v = 0
			if b {
				v = 1
			}
		}
		parts[i] = fmt.Sprintf("%s=%v", k, v)
	}
	return strings.TrimPrefix(name, "minecraft:") + "[" + strings.Join(parts, ",") + "]"
}

// TestBlockTablesKeepBlocks checks every entry of each table: the client's state is of the same block and agrees
// with the server's on every property both have; and counts the states that match exactly.
func TestBlockTablesKeepBlocks(t *testing.T) {
	server, err := blockgen.ReadFile("data", blockgen.ServerVersion)
	if err != nil {
		t.Fatal(err)
	}
	for _, ver := range blockgen.ClientVersions {
		client, err := blockgen.ReadFile("data", ver)
		if err != nil {
			t.Fatal(err)
		}
		table := blockTable(ver)
		if len(table) != len(server) {
			t.Fatalf("%s: %d entries for %d states", ver, len(table), len(server))
		}
		exact := 0
		for rid, to := range table {
			s, c := server[rid], client[to]
			if s.Name != c.Name || !sharedAgree(s, c) {
				t.Fatalf("%s: %s becomes %s", ver, s, c)
			}
			if s.String() == c.String() {
				exact++
			}
		}
		t.Logf("%s: %d of %d states exactly, the rest with properties the client's block added", ver, exact, len(server))
		if exact < len(server)*9/10 {
			t.Errorf("%s: only %d of %d states match exactly", ver, exact, len(server))
		}
	}
}

// sharedAgree reports whether a and b agree on every property both have.
func sharedAgree(a, b blockgen.State) bool {
	for _, p := range a.Props {
		for _, q := range b.Props {
			if p.Name == q.Name && p.Value != q.Value {
				return false
			}
		}
	}
	return true
}
