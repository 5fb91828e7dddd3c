package worldgen

import (
	"strings"
	"testing"
)

func TestProgressBar(t *testing.T) {
	var sb strings.Builder
	bar := ProgressBar(&sb, "map")
	for i := 1; i <= 400; i++ {
		bar(i, 400)
	}
	out := sb.String()
	// One redraw per percent shown, from 0% to 100%.
	if n := strings.Count(out, "\r"); n != 101 {
		t.Errorf("%d redraws, want 101 (0%% to 100%%)", n)
	}
	if !strings.HasSuffix(out, "\rmap [##############################] 100% 400/400 chunks\n") {
		t.Errorf("output ends %q", out[max(0, len(out)-80):])
	}
	if !strings.Contains(out, "\rmap [###############---------------]  50% 200/400 chunks") {
		t.Errorf("no half-way bar in %q", out)
	}
}
