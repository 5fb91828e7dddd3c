package worldgen

import (
	"fmt"
	"io"
	"strings"
)

// ProgressBar returns a progress callback for RenderMap that draws a bar on one terminal line of w, such as
//
//	map [##########----------]  50%  512/1024 chunks
//
// It redraws only when the shown percentage changes and ends the line when done reaches total.
func ProgressBar(w io.Writer, label string) func(done, total int) {
	const width = 30
	last := -1
	return func(done, total int) {
		if total <= 0 {
			return
		}
		pct := done * 100 / total
		if pct == last && done != total {
			return
		}
		last = pct
		filled := done * width / total
		fmt.Fprintf(w, "\r%s [%s%s] %3d%% %d/%d chunks", label, strings.Repeat("#", filled),
			strings.Repeat("-", width-filled), pct, done, total)
		if done == total {
			fmt.Fprintln(w)
		}
	}
}
