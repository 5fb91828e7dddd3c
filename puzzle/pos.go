package puzzle

import "fmt"

// Pos is a position in a pack file, kept on everything parsed from one so that every error can name its place.
type Pos struct {
	File string
	Line int // 1-based; 0 means unknown
	Col  int // 1-based, in bytes
}

// String formats the position as file:line:col, the form compilers use.
func (p Pos) String() string {
	switch {
	case p.Line == 0:
		return p.File
	case p.File == "":
		return fmt.Sprintf("%d:%d", p.Line, p.Col)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}
