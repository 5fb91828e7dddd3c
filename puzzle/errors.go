package puzzle

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Error is a problem found in a pack, at the place it was written.
type Error struct {
	Pos Pos
	Msg string
}

// Error formats the error as file:line:col: message, the form compilers use.
func (e *Error) Error() string {
	if p := e.Pos.String(); p != "" {
		return p + ": " + e.Msg
	}
	return e.Msg
}

// ErrorList is a list of pack errors, in the manner of go/scanner.ErrorList: loading and validation collect every
// problem instead of stopping at the first.
type ErrorList []*Error

// Add appends an error at pos with a formatted message.
func (l *ErrorList) Add(pos Pos, format string, args ...any) {
	*l = append(*l, &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// Sort sorts the list by file, line, column and message, and removes exact duplicates.
func (l *ErrorList) Sort() {
	slices.SortStableFunc(*l, func(a, b *Error) int {
		return cmp.Or(
			cmp.Compare(a.Pos.File, b.Pos.File),
			cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Col, b.Pos.Col),
			cmp.Compare(a.Msg, b.Msg),
		)
	})
	*l = slices.CompactFunc(*l, func(a, b *Error) bool { return *a == *b })
}

// Error joins the errors, one a line.
func (l ErrorList) Error() string {
	lines := make([]string, len(l))
	for i, e := range l {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Err returns the list as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}
