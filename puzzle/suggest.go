package puzzle

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// DidYouMean returns "did you mean X?" naming the candidates closest to name, at most three, or "" when none is
// close: a few edits away for its length, or begun by name ("lever_direction" for "lever_dir"), and not much
// further than the closest. Failing those, a
// candidate that is one of the words of name ("coal" for "coal_lump").
func DidYouMean(name string, candidates []string) string {
	name = strings.TrimPrefix(strings.ToLower(name), "minecraft:")
	type near struct {
		name string
		dist int
	}
	var close []near
	for _, c := range candidates {
		bare := strings.TrimPrefix(c, "minecraft:")
		d := editDistance(name, bare)
		if len(name) >= 3 && strings.HasPrefix(bare, name) {
			d = 1 // begun by name: as close as one edit
		}
		if d <= max(2, len(name)/3) {
			close = append(close, near{c, d})
		}
	}
	if len(close) == 0 {
		for _, word := range strings.FieldsFunc(name, func(r rune) bool { return r == '_' }) {
			if i := slices.IndexFunc(candidates, func(c string) bool { return strings.TrimPrefix(c, "minecraft:") == word }); i >= 0 {
				close = append(close, near{candidates[i], 0})
				break
			}
		}
	}
	if len(close) == 0 {
		return ""
	}
	slices.SortStableFunc(close, func(a, b near) int { return cmp.Or(a.dist-b.dist, strings.Compare(a.name, b.name)) })
	var names []string
	for _, n := range close[:min(3, len(close))] {
		if n.dist <= close[0].dist+1 { // not much further than the closest
			names = append(names, n.name)
		}
	}
	if len(names) == 1 {
		return fmt.Sprintf("did you mean %s?", names[0])
	}
	return fmt.Sprintf("did you mean %s or %s?", strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
