package puzzle

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkParseRule measures parsing one typical rule.
func BenchmarkParseRule(b *testing.B) {
	src := "Safe[locked: false] Key ::= Unlock Safe[locked: true, code: 42] Key # comment"
	for b.Loop() {
		if _, err := ParseRule(src, Pos{File: "f", Line: 1, Col: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// defaultPackFiles reads the files of the default pack.
func defaultPackFiles(b *testing.B) map[string][]byte {
	files, _ := filepath.Glob("../packs/default/*.yaml")
	data := map[string][]byte{}
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		data[f] = d
	}
	return data
}

// BenchmarkLoadDefault measures reading the default pack from disk: YAML, rules and merging.
func BenchmarkLoadDefault(b *testing.B) {
	for b.Loop() {
		if _, err := Load("../packs/default"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadBytesDefault measures parsing the default pack's files from memory, without file system access.
func BenchmarkLoadBytesDefault(b *testing.B) {
	files := defaultPackFiles(b)
	for b.Loop() {
		for name, data := range files {
			if _, err := LoadBytes(name, data); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkValidateDefault measures validating the loaded default pack.
func BenchmarkValidateDefault(b *testing.B) {
	p, err := Load("../packs/default")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if errs, _ := Validate(p); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
}
