package puzzle

import (
	"fmt"
	"strings"
)

// tokenKind identifies the kind of a token of the rule notation.
type tokenKind uint8

const (
	tokError        tokenKind = iota // a lexical error; val is the message
	tokEOF                           // end of the input
	tokWord                          // a type, action, property name or bare value: Safe, locked, Water
	tokNumber                        // an integer: 3, -1
	tokString                        // a double-quoted string, quotes included
	tokDefine                        // ::=
	tokLeftBracket                   // [
	tokRightBracket                  // ]
	tokColon                         // :
	tokComma                         // ,
	tokSemicolon                     // ; before a rule's options
)

// token is a lexeme of the rule notation with the exact place it starts.
type token struct {
	kind tokenKind
	val  string
	pos  Pos
}

// String describes the token for an error message.
func (t token) String() string {
	switch t.kind {
	case tokEOF:
		return "end of input"
	case tokError:
		return t.val
	}
	return fmt.Sprintf("%q", t.val)
}

// lexer splits rule text into tokens, keeping each token's line and column. A '#' starts a comment that runs to
// the end of the line.
type lexer struct {
	input string
	start int // offset where the current token starts
	pos   int // offset of the next byte
	line  int // line of offset lineStart
	// lineStart is the offset of the first byte of the current line, and col the column that byte has: the
	// first line starts at the caller's column, later lines at column 1.
	lineStart int
	col       int
	file      string
	tokens    []token
}

// lex returns the tokens of input, which starts at position at. The last token is tokEOF or tokError.
func lex(input string, at Pos) []token {
	if at.Line == 0 {
		at.Line, at.Col = 1, 1
	}
	l := &lexer{input: input, line: at.Line, col: at.Col, file: at.File}
	for l.lexToken() {
	}
	return l.tokens
}

// posAt returns the position of an offset at or after lineStart.
func (l *lexer) posAt(offset int) Pos {
	return Pos{File: l.file, Line: l.line, Col: l.col + offset - l.lineStart}
}

// emit records the current token.
func (l *lexer) emit(kind tokenKind) {
	l.tokens = append(l.tokens, token{kind: kind, val: l.input[l.start:l.pos], pos: l.posAt(l.start)})
	l.start = l.pos
}

// errorf records an error token at the current token's start and stops the lexer.
func (l *lexer) errorf(format string, args ...any) bool {
	l.tokens = append(l.tokens, token{kind: tokError, val: fmt.Sprintf(format, args...), pos: l.posAt(l.start)})
	return false
}

// lexToken reads one token, reporting whether to go on.
func (l *lexer) lexToken() bool {
	l.skipSpace()
	l.start = l.pos
	if l.pos >= len(l.input) {
		l.emit(tokEOF)
		return false
	}
	c := l.input[l.pos]
	switch {
	case strings.HasPrefix(l.input[l.pos:], "::="):
		l.pos += 3
		l.emit(tokDefine)
	case c == '[':
		l.pos++
		l.emit(tokLeftBracket)
	case c == ']':
		l.pos++
		l.emit(tokRightBracket)
	case c == ':':
		l.pos++
		l.emit(tokColon)
	case c == ',':
		l.pos++
		l.emit(tokComma)
	case c == ';':
		l.pos++
		l.emit(tokSemicolon)
	case c == '"':
		return l.lexString()
	case c == '-' || isDigit(c):
		return l.lexNumber()
	case isWordByte(c, true):
		for l.pos < len(l.input) && isWordByte(l.input[l.pos], false) {
			l.pos++
		}
		l.emit(tokWord)
	default:
		r := []rune(l.input[l.pos:min(len(l.input), l.pos+4)])[0]
		return l.errorf("unexpected character %q", r)
	}
	return true
}

// skipSpace skips blanks, line breaks and comments, keeping count of lines.
func (l *lexer) skipSpace() {
	for l.pos < len(l.input) {
		switch c := l.input[l.pos]; c {
		case ' ', '\t', '\r':
			l.pos++
		case '\n':
			l.pos++
			l.line++
			l.lineStart, l.col = l.pos, 1
		case '#':
			for l.pos < len(l.input) && l.input[l.pos] != '\n' {
				l.pos++
			}
		default:
			return
		}
	}
}

// lexNumber reads an integer with an optional minus sign.
func (l *lexer) lexNumber() bool {
	if l.input[l.pos] == '-' {
		l.pos++
	}
	digits := l.pos
	for l.pos < len(l.input) && isDigit(l.input[l.pos]) {
		l.pos++
	}
	if l.pos == digits {
		return l.errorf("'-' must be followed by digits")
	}
	if l.pos < len(l.input) && isWordByte(l.input[l.pos], false) {
		return l.errorf("bad number %q", l.input[l.start:l.pos+1])
	}
	l.emit(tokNumber)
	return true
}

// lexString reads a double-quoted string with Go escapes; it must end on the line it starts.
func (l *lexer) lexString() bool {
	for l.pos++; l.pos < len(l.input); l.pos++ {
		switch l.input[l.pos] {
		case '\\':
			l.pos++
		case '\n':
			return l.errorf("unterminated string")
		case '"':
			l.pos++
			l.emit(tokString)
			return true
		}
	}
	return l.errorf("unterminated string")
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// isWordByte reports whether c can be part of a word: ASCII letters and '_', and digits after the first byte.
// The same characters make a bare word in Value.String.
func isWordByte(c byte, first bool) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || !first && isDigit(c)
}

// isWord reports whether s is a single word of the rule notation, so it can name a type or an action.
func isWord(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isWordByte(s[i], i == 0) {
			return false
		}
	}
	return true
}
