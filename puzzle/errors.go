package puzzle

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Error is a problem found in a pack, at the place it was written.
type Error struct {
	Pos Pos
	Msg string
	// Hint says what to do about the problem, when that is clear ("did you mean grindstone?"); "" when not.
	Hint string
	// Warning marks a problem that does not stop the pack from loading.
	Warning bool
	// Source is the text of the line Pos is on, for showing the mistake with a caret; "" when unknown.
	Source string
}

// Error formats the error as file:line:col: message, the form compilers use, with "warning: " before the message
// of a warning and the hint after it.
func (e *Error) Error() string {
	var b strings.Builder
	if p := e.Pos.String(); p != "" {
		b.WriteString(p + ": ")
	}
	if e.Warning {
		b.WriteString("warning: ")
	}
	b.WriteString(e.Msg)
	if e.Hint != "" {
		b.WriteString("; " + e.Hint)
	}
	return b.String()
}

// Print writes the error as a compiler does: the line of Error, then the source line with a caret under the
// column, then the hint.
func (e *Error) Print(w io.Writer) {
	head := *e
	head.Hint = ""
	fmt.Fprintln(w, head.Error())
	if e.Source != "" && e.Pos.Col > 0 {
		fmt.Fprintf(w, "    %s\n    %s^\n", e.Source, caretIndent(e.Source, e.Pos.Col))
	}
	if e.Hint != "" {
		fmt.Fprintf(w, "    hint: %s\n", e.Hint)
	}
}

// caretIndent returns the blanks that put a caret under byte column col of line: a tab for a tab, so that the
// caret lines up however tabs are shown, and one space for every other character.
func caretIndent(line string, col int) string {
	var b strings.Builder
	for i, r := range line {
		if i >= col-1 {
			break
		}
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
	}
	if n := col - 1 - len(line); n > 0 { // past the end of the line: where something is missing
		b.WriteString(strings.Repeat(" ", n))
	}
	return b.String()
}

// HintLayered is the hint of an error that a pack changes (replaces or removes) what no earlier pack declares:
// most often the pack is a layer checked on its own.
const HintLayered = "a pack that replaces or removes is layered on the packs it changes: load them first " +
	"(riddlestone validate -layered BASE... THIS, in the order config.toml lists them)"

// ErrorList is a list of pack errors, in the manner of go/scanner.ErrorList: loading and validation collect every
// problem instead of stopping at the first.
type ErrorList []*Error

// Add appends an error at pos with a formatted message.
func (l *ErrorList) Add(pos Pos, format string, args ...any) {
	*l = append(*l, &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// AddHint appends an error at pos with a message and a hint.
func (l *ErrorList) AddHint(pos Pos, msg, hint string) {
	*l = append(*l, &Error{Pos: pos, Msg: msg, Hint: hint})
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

// Errors returns the problems of the list that are not warnings.
func (l ErrorList) Errors() ErrorList {
	return slices.DeleteFunc(slices.Clone(l), func(e *Error) bool { return e.Warning })
}

// Warnings returns the warnings of the list.
func (l ErrorList) Warnings() ErrorList {
	return slices.DeleteFunc(slices.Clone(l), func(e *Error) bool { return !e.Warning })
}

// Print writes every problem of the list as Error.Print does, in order.
func (l ErrorList) Print(w io.Writer) {
	for _, e := range l {
		e.Print(w)
	}
}

// Detailed returns the list as an error whose text is what Print writes, each problem with its source line, a
// caret and its hint, for messages read by people; errors.As finds the ErrorList in it. It returns nil when the
// list is empty.
func (l ErrorList) Detailed() error {
	if len(l) == 0 {
		return nil
	}
	return detailed{l}
}

// detailed is an ErrorList whose text is Print's.
type detailed struct{ list ErrorList }

func (d detailed) Error() string {
	var b strings.Builder
	d.list.Print(&b)
	return strings.TrimSuffix(b.String(), "\n")
}

func (d detailed) Unwrap() error { return d.list }

// Summary counts the errors and warnings of the list for people: "1 error, 2 warnings".
func (l ErrorList) Summary() string {
	warns := len(l.Warnings())
	return plural(int64(len(l)-warns), "error") + ", " + plural(int64(warns), "warning")
}

// withSource fills in the source line of every error in a file whose lines are known.
func (l ErrorList) withSource(lines func(file string) []string) {
	for _, e := range l {
		if e.Source != "" || e.Pos.Line == 0 {
			continue
		}
		if text := lines(e.Pos.File); e.Pos.Line <= len(text) {
			e.Source = text[e.Pos.Line-1]
		}
	}
}
