package server

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// The dashboard is on by default on this machine only, and config.toml says so.
func TestWebConfigDefaults(t *testing.T) {
	for _, src := range []string{"", "[Web]\nSecret = \"s\"\n"} {
		c, err := ParseConfig("c.toml", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if !c.Web.Enabled || c.Web.Address != "127.0.0.1:8080" {
			t.Errorf("%q: Web = %+v, want enabled at 127.0.0.1:8080", src, c.Web)
		}
	}
	c, err := LoadConfig("../config.toml")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(c.Web, defaultWeb()) {
		t.Errorf("config.toml's [Web] = %+v, want the defaults %+v", c.Web, defaultWeb())
	}
}

// A bad [Web] section is reported at its line (the line of each case's second key).
func TestWebConfigErrors(t *testing.T) {
	for src, want := range map[string]string{
		"[Web]\nAddress = \"8080\"\n":            `Web.Address: "8080" is not host:port`,
		"[Web]\n\nEnabled = \"yes\"\n":           "Web.Enabled: want a boolean",
		"[Web]\nSecrett = \"x\"\n":               "unknown key Web.Secrett",
		"[Web]\nEnabled = false\nAddress = \"\"": "",
	} {
		_, err := ParseConfig("c.toml", []byte(src))
		switch {
		case want == "" && err != nil:
			t.Errorf("%q: %v", src, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "c.toml:"+line(src)+":")):
			t.Errorf("%q: error %v, want %q", src, err, want)
		}
	}
}

// line is the line of the last key of a TOML snippet.
func line(src string) string {
	n := strings.Count(strings.TrimRight(src, "\n"), "\n") + 1
	return strconv.Itoa(n)
}
