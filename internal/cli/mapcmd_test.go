package cli

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// decodePNG reads a PNG file.
func decodePNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

func TestMapWritesPNG(t *testing.T) {
	dir := t.TempDir()
	spawn, far := filepath.Join(dir, "spawn.png"), filepath.Join(dir, "far.png")
	var errOut bytes.Buffer
	if code := mapCmd([]string{"--seed", "42", "--size", "64", "--out", spawn}, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(errOut.String(), "100%") || !strings.Contains(errOut.String(), "chunks") {
		t.Errorf("no progress bar on stderr: %q", errOut.String())
	}
	img := decodePNG(t, spawn)
	if b := img.Bounds(); b.Dx() != 64 || b.Dy() != 64 {
		t.Fatalf("map is %v, want 64×64", b.Size())
	}
	if code := mapCmd([]string{"--seed", "42", "--size", "64", "--out", far, "--x", "5000", "--z", "-3000"}, &errOut); code != 0 {
		t.Fatalf("far: exit %d: %s", code, errOut.String())
	}
	a, _ := os.ReadFile(spawn)
	b, _ := os.ReadFile(far)
	if bytes.Equal(a, b) {
		t.Error("the map centred far away is the map around spawn")
	}
	if !strings.Contains(errOut.String(), "x=5000 z=-3000") {
		t.Errorf("the centre given is not reported: %q", errOut.String())
	}
}

func TestMapErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--size", "0"}, 2, "-size 0 is not between 1 and"},
		{[]string{"--size", "100000"}, 2, "is not between"},
		{[]string{"--seed", "x"}, 2, "invalid value"},
		{[]string{"extra"}, 2, "unexpected arguments"},
		{[]string{"--seed", "1", "--size", "16", "--out", filepath.Join(dir, "no", "such", "dir", "m.png")}, 1, "no such file"},
		{[]string{"--size", "16"}, 2, "-seed is required"},
		{[]string{"-h"}, 0, "Usage: riddlestone map"},
	} {
		var errOut bytes.Buffer
		if code := mapCmd(tc.args, &errOut); code != tc.code || !strings.Contains(errOut.String(), tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d mentioning %q", tc.args, code, errOut.String(), tc.code, tc.msg)
		}
	}
}
