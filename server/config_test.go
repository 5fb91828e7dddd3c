package server

import (
	"errors"
	"strings"
	"testing"

	"riddlestone/puzzle"
)

func TestCommittedConfigLoads(t *testing.T) {
	c, err := LoadConfig("../config.toml")
	if err != nil {
		t.Fatal(err)
	}
	if c.Server.AuthEnabled {
		t.Error("committed config.toml must run offline: AuthEnabled = false")
	}
	if got := c.Riddlestone.Packs; len(got) != 1 || got[0] != "packs/default" {
		t.Errorf("Packs = %q", got)
	}
	if c.World.Folder != "world" || !c.World.SaveData {
		t.Errorf("World = %+v", c.World)
	}
}

func TestMissingKeysTakeDefaults(t *testing.T) {
	c, err := ParseConfig("c.toml", []byte("[Riddlestone]\nSeed = 7\n[Server]\nName = \"x\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	def := DefaultConfig()
	if c.Riddlestone.Seed != 7 || c.Server.Name != "x" {
		t.Errorf("parsed values lost: %+v", c)
	}
	if c.Riddlestone.GameMode != def.Riddlestone.GameMode || c.Riddlestone.LogLevel != def.Riddlestone.LogLevel ||
		c.Network.Address != def.Network.Address || c.Server.AuthEnabled != def.Server.AuthEnabled ||
		len(c.Riddlestone.Packs) != 1 {
		t.Errorf("defaults not kept: %+v", c)
	}
}

func TestConfigErrorsNameKeyAndLine(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"unknown key", "[Server]\nName = \"x\"\nAuthEnabld = true\n", "c.toml:3:1: unknown key Server.AuthEnabld"},
		{"unknown section", "\n[Puzzle]\nX = 1\n", "c.toml:2:1: unknown key Puzzle"},
		{"unknown top key", "Seed = 1\n", "c.toml:1:1: unknown key Seed"},
		{"wrong type", "[Server]\n  AuthEnabled = \"yes\"\n", `c.toml:2:17: Server.AuthEnabled: want a boolean (true or false), got the string "yes"`},
		{"wrong int", "[Riddlestone]\nSeed = \"abc\"\n", `c.toml:2:8: Riddlestone.Seed: want an integer, got the string "abc"`},
		{"wrong array item", "[Riddlestone]\n\nAdmins = [1, 2]\n", "c.toml:3:10: Riddlestone.Admins: item 1: want a string, got the integer 1"},
		{"array for string", "[World]\nFolder = [\"a\"]\n", "c.toml:2:10: World.Folder: want a string, got an array"},
		{"negative uint", "[Players]\nMaxCount = -1\n", ""}, // MaxCount is an int in Dragonfly: allowed
		{"section as value", "Riddlestone = 3\n", "c.toml:1:15: Riddlestone: want a table, got the integer 3"},
		{"bad game mode", "[Riddlestone]\nGameMode = \"creative\"\n", `c.toml:2:12: Riddlestone.GameMode: game mode "creative"`},
		{"bad log level", "[Riddlestone]\nLogLevel = \"loud\"\n", `c.toml:2:12: Riddlestone.LogLevel: log level "loud"`},
		{"bad compression threshold", "[Riddlestone]\nCompressionThreshold = 70000\n", "c.toml:2:24: Riddlestone.CompressionThreshold: 70000 is not between 0 and 65535 bytes"},
		{"bad GC percent", "[Riddlestone]\nGCPercent = 20\n", "c.toml:2:13: Riddlestone.GCPercent: 20 is not 0 (Go's own) or between 50 and 1000"},
		{"syntax", "[Server]\nName = \"x\n", "c.toml:2:9: unescaped control character"},
		{"duplicate key", "[Server]\nName = \"a\"\nName = \"b\"\n", "c.toml:3:1: The following key was defined twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseConfig("c.toml", []byte(tc.src))
			if tc.want == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Fatalf("error = %v, want prefix %q", err, tc.want)
			}
		})
	}
}

func TestConfigKeysAreCaseInsensitiveLikeGoToml(t *testing.T) {
	c, err := ParseConfig("c.toml", []byte("[server]\nauthenabled = true\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !c.Server.AuthEnabled {
		t.Error("lower-case key not applied")
	}
}

// Every problem of config.toml is reported at once, in line order, each at the key or value at fault with its
// source line, a caret and a hint (issue 16, point 3): a mistake in one section does not hide another.
func TestConfigReportsEveryProblemWithACaret(t *testing.T) {
	src := "[Server]\nAuthEnabld = true\n[Riddlestone]\nGameMode = \"creative\"\nSeed = \"abc\"\n[Puzzles]\nAreaSize = 100\n"
	_, err := ParseConfig("c.toml", []byte(src))
	var list puzzle.ErrorList
	if !errors.As(err, &list) || len(list) != 2 {
		t.Fatalf("want two problems (the type errors stop the content checks), got %v", err)
	}
	want := "c.toml:2:1: unknown key Server.AuthEnabld\n" +
		"    AuthEnabld = true\n" +
		"    ^\n" +
		"    hint: did you mean AuthEnabled?\n" +
		"c.toml:5:8: Riddlestone.Seed: want an integer, got the string \"abc\"\n" +
		"    Seed = \"abc\"\n" +
		"           ^"
	if err.Error() != want {
		t.Errorf("got\n%s\nwant\n%s", err, want)
	}
	_, err = ParseConfig("c.toml", []byte("[Riddlestone]\nGameMode = \"creative\"\n[Puzzles]\nAreaSize = 100\nTwoKeyPercent = 101\n"))
	if !errors.As(err, &list) || len(list) != 3 || list[0].Pos.Line != 2 || list[2].Pos.Line != 5 {
		t.Errorf("content errors: %v", err)
	}
}
