package puzzle

import (
	"fmt"
	"strings"
)

// yamlSyntax finds the first syntax mistake in a YAML file and returns it at its exact line and column, with a
// hint, or nil when it finds none. yaml.v3 reports a parse error at the line where the enclosing mapping or list
// starts, not where the mistake is; this pass, run only when yaml.v3 has failed, walks the file's structure the way
// a YAML scanner does (block indentation, flow brackets, quotes, block scalars, comments) to point at the mistake
// itself: an unclosed or mismatched bracket, a misindented key, a term with brackets left unquoted in a flow list,
// an unclosed quote, a tab in indentation. It models the YAML that packs are written in; on anything else
// (directives, complex keys, explicit indentation) it gives up and returns nil.
func yamlSyntax(file string, lines []string) *Error {
	s := &yamlScanner{file: file, lines: lines}
	if len(lines) > 0 {
		s.bom = strings.HasPrefix(lines[0], "\ufeff")
	}
	for s.line = 0; s.line < len(lines) && s.err == nil && !s.giveUp; s.line++ {
		s.scanLine()
	}
	if s.err == nil && !s.giveUp && len(s.flow) > 0 {
		s.unclosed(s.flow[len(s.flow)-1], "")
	}
	if s.giveUp {
		return nil
	}
	return s.err
}

// yamlScanner is the state of yamlSyntax between lines.
type yamlScanner struct {
	file   string
	lines  []string
	line   int // index in lines of the line being scanned
	bom    bool
	err    *Error
	giveUp bool

	levels []yamlLevel // open block mappings and lists, outermost first
	// pending is set after a key or a list dash with nothing after it on its line: the next line may open a
	// nested mapping or list, more indented than pendingIndent.
	pending       bool
	pendingIndent int
	pendingKey    bool // the pending value is a key's (a list may then start at the key's own indentation)
	// plain is set when the last value was a plain scalar, whose continuation lines must be indented more than
	// plainParent (-1 for a document that is one scalar); plainKey and plainLine name the key whose value it is.
	plain       bool
	plainParent int
	plainKey    string
	plainLine   int
	// inScalar is set while a block scalar (| or >) is skipped: scalarParent is the indentation of its key (-1 for
	// a document that is one block scalar), scalarIndent that of its text once its first line is seen (-1 before).
	inScalar                   bool
	scalarParent, scalarIndent int
	scalarLine                 int // where the block scalar's text starts, for messages

	flow     []yamlOpen // open flow brackets, outermost first
	lastLine int        // the line of the last flow token
	lastText string     // the last flow token when it was a plain scalar, for hints
	lastAt   int        // the byte where that plain scalar starts
}

// yamlLevel is an open block mapping (keys at indent) or list (dashes at indent).
type yamlLevel struct {
	indent  int
	seq     bool
	compact bool // a list at its key's own indentation
	line    int  // the line of its first entry
}

// yamlOpen is an open flow bracket, [ or {, with what came last inside it.
type yamlOpen struct {
	ch        byte
	line, col int  // 0-based line, 0-based byte
	prev      int  // flowOpen, flowComma, flowColon or flowValue
	colon     bool // the entry being read has had its ':'
}

// What came last inside a flow collection.
const (
	flowOpen = iota
	flowComma
	flowColon
	flowValue
)

// text returns the line being scanned, a byte order mark left out as blanks so that columns stay bytes.
func (s *yamlScanner) text() string {
	t := s.lines[s.line]
	if s.line == 0 && s.bom {
		t = "   " + t[3:]
	}
	return t
}

// fail records the first mistake, at 0-based line and byte col.
func (s *yamlScanner) fail(line, col int, hint, format string, args ...any) {
	if s.err == nil {
		s.err = &Error{Pos: Pos{File: s.file, Line: line + 1, Col: col + 1}, Msg: fmt.Sprintf(format, args...), Hint: hint}
	}
}

// scanLine scans one line, in a block scalar, a flow collection or block context.
func (s *yamlScanner) scanLine() {
	t := s.text()
	if strings.ContainsFunc(t, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }) {
		s.giveUp = true // control characters are not modelled
		return
	}
	if s.inScalar && s.inBlockScalar(t) {
		return
	}
	if len(s.flow) > 0 {
		if end := s.scanFlow(t, 0); end >= 0 {
			s.afterFlow(t, end)
		}
		return
	}
	s.blockLine(t)
}

// inBlockScalar reports whether line t is text of the block scalar being skipped, ending the scalar when not.
func (s *yamlScanner) inBlockScalar(t string) bool {
	indent := leadingSpaces(t)
	if strings.TrimSpace(t) == "" {
		return true
	}
	if s.scalarIndent < 0 && indent > s.scalarParent {
		s.scalarIndent, s.scalarLine = indent, s.line
		return true
	}
	if s.scalarIndent >= 0 && indent >= s.scalarIndent {
		return true
	}
	if s.scalarIndent >= 0 && indent > s.scalarParent && !isComment(t[indent:]) {
		s.fail(s.line, indent, fmt.Sprintf("indent it %d spaces to keep it in the text, or %d to end the text", s.scalarIndent, s.scalarParent),
			"this line is indented %s, less than the text block above it (%d, from line %d)", spaces(indent), s.scalarIndent, s.scalarLine+1)
		return true
	}
	s.inScalar = false
	return false
}

// spaces says "1 space" or "n spaces".
func spaces(n int) string { return plural(int64(n), "space") }

// leadingSpaces counts the spaces a line starts with.
func leadingSpaces(t string) int { return len(t) - len(strings.TrimLeft(t, " ")) }

// isComment reports whether the rest of a line, from a non-blank, is a comment or nothing.
func isComment(rest string) bool {
	rest = strings.TrimLeft(rest, " \t")
	return rest == "" || rest[0] == '#'
}

// blockLine scans a line in block context: its indentation, then its dashes, key and value.
func (s *yamlScanner) blockLine(t string) {
	indent := leadingSpaces(t)
	if isComment(t[indent:]) {
		return
	}
	if s.documentMarker(t) {
		return
	}
	if s.plain && indent > s.plainParent {
		s.plainContinues(t, indent)
		return
	}
	if t[indent] == '\t' {
		s.fail(s.line, indent, "indent with spaces only", "a tab in the indentation: YAML indents with spaces")
		return
	}
	s.plain = false
	if s.pending && indent == s.pendingIndent && (t[indent] == '|' || t[indent] == '>') {
		s.pending = false // yaml.v3 takes a block scalar at its key's indentation as the key's value
		s.blockScalar(t, indent, indent)
		return
	}
	dash := isDash(t, indent)
	if !s.resolveIndent(indent, dash) {
		return
	}
	s.entry(t, indent)
}

// documentMarker handles a --- or ... line, which starts or ends a document; a directive gives up.
func (s *yamlScanner) documentMarker(t string) bool {
	if strings.HasPrefix(t, "%") {
		s.giveUp = true
		return true
	}
	for _, m := range []string{"---", "..."} {
		if t == m || strings.HasPrefix(t, m+" ") || strings.HasPrefix(t, m+"\t") {
			if !isComment(t[3:]) {
				s.giveUp = true
			}
			s.levels, s.pending = nil, false
			return true
		}
	}
	return false
}

// isDash reports whether a list entry's dash is at byte i of t.
func isDash(t string, i int) bool {
	return i < len(t) && t[i] == '-' && (i+1 == len(t) || t[i+1] == ' ' || t[i+1] == '\t')
}

// plainContinues checks a line that continues the plain scalar before it: it must not be a key, which is the
// usual mistake of indenting a key under one that already has a value.
func (s *yamlScanner) plainContinues(t string, indent int) {
	if _, ok := plainKeyEnd(t, indent); !ok {
		return
	}
	key := strings.TrimSpace(t[indent : strings.IndexByte(t[indent:], ':')+indent])
	s.fail(s.line, indent, fmt.Sprintf("indent %s like %s to make it a sibling, or move the value of %s to a line of its own", key, s.plainKey, s.plainKey),
		"%s is indented under %s (line %d), which already has a value", key, s.plainKey, s.plainLine+1)
}

// resolveIndent matches a line's indentation against the open levels: a deeper line opens a level after a key or
// dash with no value, an equal one is a sibling, a shallower one closes levels. It reports false after a mistake.
func (s *yamlScanner) resolveIndent(indent int, dash bool) bool {
	if s.pending {
		s.pending = false
		if indent > s.pendingIndent || indent == s.pendingIndent && dash && s.pendingKey && !s.top().seq {
			s.levels = append(s.levels, yamlLevel{indent: indent, seq: dash, compact: indent == s.pendingIndent, line: s.line})
			return true
		}
	}
	var closed *yamlLevel
	for len(s.levels) > 0 {
		top := s.top()
		if top.indent > indent || top.indent == indent && top.compact && !dash {
			closed = top
			s.levels = s.levels[:len(s.levels)-1]
			continue
		}
		break
	}
	if len(s.levels) == 0 {
		if closed != nil && closed.indent > indent {
			s.fail(s.line, indent, fmt.Sprintf("indent it %d spaces, like line %d", closed.indent, closed.line+1),
				"this line is indented %s, less than the first line of the document", spaces(indent))
			return false
		}
		s.levels = append(s.levels, yamlLevel{indent: indent, seq: dash, line: s.line})
		return true
	}
	return s.sameLevel(indent, dash, closed)
}

// top returns the innermost open level.
func (s *yamlScanner) top() *yamlLevel { return &s.levels[len(s.levels)-1] }

// sameLevel checks a line against the innermost level left open by resolveIndent; closed is the last level it
// closed, if any.
func (s *yamlScanner) sameLevel(indent int, dash bool, closed *yamlLevel) bool {
	top := s.top()
	switch {
	case top.indent < indent && closed != nil:
		s.fail(s.line, indent, fmt.Sprintf("indent it %d spaces (like line %d) or %d (like line %d)", closed.indent, closed.line+1, top.indent, top.line+1),
			"this line is indented %s, which lines up with no line above it", spaces(indent))
	case top.indent < indent:
		s.fail(s.line, indent, fmt.Sprintf("indent it %d spaces, like line %d", top.indent, top.line+1),
			"this line is indented %s, more than the line above it: only a key with no value may have lines indented under it", spaces(indent))
	case top.seq && !dash:
		s.fail(s.line, indent, "start each entry of a list with '- ', or indent this line under an entry",
			"expected a list entry ('- ') like line %d", top.line+1)
	case !top.seq && dash:
		s.fail(s.line, indent, "a list is the value of a key: put it under a key, or make this line a key",
			"a list entry where a key was expected (the keys at this indentation start on line %d)", top.line+1)
	default:
		return true
	}
	return false
}

// entry scans a line's content from byte i: list dashes, then a key and its value, or a value.
func (s *yamlScanner) entry(t string, i int) {
	for isDash(t, i) {
		dashAt := i
		i = skipBlanks(t, i+1)
		if isComment(t[i:]) {
			s.pending, s.pendingIndent, s.pendingKey = true, dashAt, false
			return
		}
		if isDash(t, i) || s.keyAt(t, i) {
			s.levels = append(s.levels, yamlLevel{indent: i, seq: isDash(t, i), line: s.line})
		}
		if !isDash(t, i) && !s.keyAt(t, i) {
			s.value(t, i, dashAt, "the entry")
			return
		}
	}
	for i < len(t) && (t[i] == '&' || t[i] == '!') {
		i = skipBlanks(t, tokenEnd(t, i)) // an anchor or tag before a key or value
	}
	switch {
	case isComment(t[i:]):
		s.giveUp = true // an anchor or tag alone on its line is not modelled
	case t[i] == ':' || t[i] == '-' && isDash(t, i):
		s.giveUp = true // an empty key, or a list after an anchor, is not modelled
	case s.keyAt(t, i):
		s.keyValue(t, i)
	default:
		s.bareValue(t, i)
	}
}

// skipBlanks returns the first byte at or after i that is not a space or tab.
func skipBlanks(t string, i int) int {
	for i < len(t) && (t[i] == ' ' || t[i] == '\t') {
		i++
	}
	return i
}

// keyAt reports whether a key ("name:" or a quoted name and ':') starts at byte i of t.
func (s *yamlScanner) keyAt(t string, i int) bool {
	if i >= len(t) {
		return false
	}
	switch t[i] {
	case '?':
		s.giveUp = true // complex keys are not modelled
		return false
	case '"', '\'':
		end := quoteEnd(t, i)
		if end < 0 {
			return false
		}
		j := skipBlanks(t, end)
		return j < len(t) && t[j] == ':' && (j+1 == len(t) || t[j+1] == ' ' || t[j+1] == '\t')
	case '[', '{', '&', '!', '*', '|', '>', '#', '@', '`', ',', ']', '}', '%':
		return false
	}
	_, ok := plainKeyEnd(t, i)
	return ok
}

// plainKeyEnd returns the byte of the ':' that ends a plain key starting at i, if the plain text is one.
func plainKeyEnd(t string, i int) (int, bool) {
	for j := i; j < len(t); j++ {
		switch {
		case t[j] == '#' && (t[j-1] == ' ' || t[j-1] == '\t'):
			return 0, false
		case t[j] == ':' && (j+1 == len(t) || t[j+1] == ' ' || t[j+1] == '\t'):
			return j, true
		}
	}
	return 0, false
}

// quoteEnd returns the byte after the quote that closes a quoted scalar opening at i on the same line, or -1.
func quoteEnd(t string, i int) int {
	q := t[i]
	for j := i + 1; j < len(t); j++ {
		switch {
		case q == '"' && t[j] == '\\':
			j++
		case q == '\'' && t[j] == '\'' && j+1 < len(t) && t[j+1] == '\'':
			j++
		case t[j] == q:
			return j + 1
		}
	}
	return -1
}

// keyValue scans a key starting at byte i and the value after its ':'.
func (s *yamlScanner) keyValue(t string, i int) {
	colon, _ := plainKeyEnd(t, i)
	if t[i] == '"' || t[i] == '\'' {
		colon = skipBlanks(t, quoteEnd(t, i))
	}
	key := strings.TrimSpace(t[i:colon])
	v := skipBlanks(t, colon+1)
	if isComment(t[v:]) {
		s.pending, s.pendingIndent, s.pendingKey = true, s.top().indent, true
		return
	}
	if isDash(t, v) {
		s.fail(s.line, v, fmt.Sprintf("put the list on the lines after %s:, indented", key),
			"a list cannot start on the line of its key %s", key)
		return
	}
	s.value(t, v, s.top().indent, key)
}

// bareValue scans a line that is a value without a key: the value of a key on the line before, or a mistake.
func (s *yamlScanner) bareValue(t string, i int) {
	top := s.top()
	if top.line == s.line && !top.seq && len(s.levels) > 1 {
		// The level was opened for this line by a key with no value: the line is that key's value.
		s.levels = s.levels[:len(s.levels)-1]
		s.value(t, i, s.top().indent, "the value")
		return
	}
	if top.seq || s.giveUp {
		s.value(t, i, top.indent, "the entry")
		return
	}
	if len(s.levels) == 1 && top.line == s.line {
		s.value(t, i, -1, "the document") // a document that is one value
		return
	}
	word := strings.Fields(t[i:])[0]
	s.fail(s.line, i, fmt.Sprintf("write it as a key: %s: value", strings.TrimRight(word, ":")),
		"%s is not a key: keys here end with ':' (as on line %d)", word, top.line+1)
}

// value scans a value starting at byte i; parent is the indentation its continuation lines must exceed and key
// names what the value belongs to, for messages.
func (s *yamlScanner) value(t string, i, parent int, key string) {
	switch c := t[i]; c {
	case '|', '>':
		s.blockScalar(t, i, parent)
	case '[', '{':
		s.flow = append(s.flow, yamlOpen{ch: c, line: s.line, col: i, prev: flowOpen})
		s.lastLine = s.line
		if end := s.scanFlow(t, i+1); end >= 0 {
			s.afterFlow(t, end)
		}
	case '"', '\'':
		s.quotedValue(t, i)
	case '&', '!':
		j := skipBlanks(t, tokenEnd(t, i))
		if isComment(t[j:]) {
			s.pending, s.pendingIndent, s.pendingKey = true, parent, key != "the entry"
			return
		}
		s.value(t, j, parent, key)
	case '*':
		s.afterValue(t, tokenEnd(t, i), "")
	case '@', '`':
		s.fail(s.line, i, "quote the value", "a value cannot start with %q", c)
	case ']', '}', ',':
		s.fail(s.line, i, "remove it, or quote the value", "unexpected %q: no bracket is open here", c)
	default:
		s.plainValue(t, i, parent, key)
	}
}

// tokenEnd returns the byte after an anchor, tag or alias starting at i.
func tokenEnd(t string, i int) int {
	for i < len(t) && t[i] != ' ' && t[i] != '\t' {
		i++
	}
	return i
}

// blockScalar starts skipping a block scalar whose indicator is at byte i.
func (s *yamlScanner) blockScalar(t string, i, parent int) {
	j := i + 1
	for j < len(t) && (t[j] == '+' || t[j] == '-') {
		j++
	}
	if j < len(t) && t[j] >= '0' && t[j] <= '9' {
		s.giveUp = true // explicit indentation is not modelled
		return
	}
	if !isComment(t[j:]) {
		s.fail(s.line, j, "start the text on the next line", "unexpected text after the block indicator %q", t[i:j])
		return
	}
	s.inScalar, s.scalarParent, s.scalarIndent = true, parent, -1
}

// quotedValue scans a quoted scalar starting at byte i, which may run over several lines.
func (s *yamlScanner) quotedValue(t string, i int) {
	line, end := s.quoteClose(t, i)
	if line < 0 {
		return
	}
	s.line = line
	s.afterValue(s.text(), end, "")
}

// quoteClose finds the quote closing the one at byte i of line t, on this line or a later one, returning its
// line and the byte after it; an unclosed quote is a mistake, and line is -1.
func (s *yamlScanner) quoteClose(t string, i int) (line, end int) {
	q := t[i]
	for l, from := s.line, i+1; l < len(s.lines); l, from = l+1, 0 {
		text := s.lines[l]
		if l == s.line {
			text = t
		}
		if end := quoteEnd(string(q)+text[from:], 0); end >= 0 {
			return l, from + end - 1
		}
	}
	s.fail(s.line, i, fmt.Sprintf("close it with %c", q), "the quote %c is never closed", q)
	return -1, 0
}

// afterValue checks that nothing but a comment follows a value that ended at byte i; what stands after a closed
// flow collection says which bracket is extra.
func (s *yamlScanner) afterValue(t string, i int, what string) {
	j := skipBlanks(t, i)
	if isComment(t[j:]) {
		return
	}
	switch c := t[j]; {
	case c == ':':
		s.giveUp = true // a collection or quoted text as a key is not modelled
	case (c == ']' || c == '}') && what != "":
		s.fail(s.line, j, "remove it", "unexpected %q: the %s before it is already closed", c, what)
	default:
		s.fail(s.line, j, "put a comment after ' #', or quote the whole value", "unexpected text after the value")
	}
}

// plainValue scans a plain scalar starting at byte i: ": " inside one is the mistake of two keys on a line.
func (s *yamlScanner) plainValue(t string, i, parent int, key string) {
	for j := i; j < len(t); j++ {
		switch {
		case t[j] == '#' && (t[j-1] == ' ' || t[j-1] == '\t'):
			j = len(t)
		case t[j] == ':' && (j+1 == len(t) || t[j+1] == ' ' || t[j+1] == '\t'):
			s.fail(s.line, j, fmt.Sprintf("quote the value (%s: \"%s\"), or put the inner key on a line of its own", key, strings.TrimSpace(t[i:])),
				"a second ':' in the value of %s: a mapping cannot start here", key)
			return
		}
	}
	s.plain, s.plainParent, s.plainKey, s.plainLine = true, parent, key, s.line
}

// afterFlow checks the rest of a line after a flow collection closed at byte end.
func (s *yamlScanner) afterFlow(t string, end int) {
	s.afterValue(t, end, "collection")
}

// scanFlow scans flow tokens of line t from byte i, returning the byte after the bracket that closes the
// outermost collection, or -1 when the line ends with one still open (or after a mistake).
func (s *yamlScanner) scanFlow(t string, i int) int {
	for i < len(t) && s.err == nil && !s.giveUp {
		top := &s.flow[len(s.flow)-1]
		switch c := t[i]; {
		case c == ' ' || c == '\t':
			i++
		case c == '#' && (i == 0 || t[i-1] == ' ' || t[i-1] == '\t'):
			return -1
		case c == '[' || c == '{':
			if !s.flowEntry(t, i, top, false) {
				return -1
			}
			s.flow = append(s.flow, yamlOpen{ch: c, line: s.line, col: i, prev: flowOpen})
			i++
		case c == ']' || c == '}':
			if !s.closeFlow(t, i, top) {
				return -1
			}
			i++
			if len(s.flow) == 0 {
				return i
			}
		case c == ',':
			if top.prev == flowOpen || top.prev == flowComma {
				s.fail(s.line, i, "remove the extra ','", "unexpected ',': no value before it")
				return -1
			}
			top.prev, top.colon = flowComma, false
			i++
		case c == '?' && flowIndicator(t, i+1):
			s.giveUp = true // complex keys are not modelled
			return -1
		case c == ':' && flowIndicator(t, i+1):
			if top.colon && top.prev == flowValue {
				s.secondColon(t, i)
				return -1
			}
			top.prev, top.colon = flowColon, true
			i++
		default:
			if i = s.flowScalar(t, i, top); i < 0 {
				return -1
			}
		}
	}
	return -1
}

// secondColon reports a ':' at byte i after an entry's key and value: a comma is missing, most likely before the
// last word of the value.
func (s *yamlScanner) secondColon(t string, i int) {
	if sp := strings.LastIndexAny(s.lastText, " \t"); sp >= 0 && s.lastLine == s.line {
		word := s.lastText[sp+1:]
		s.fail(s.line, s.lastAt+sp+1, fmt.Sprintf("put a ',' before %s", word), "expected ',' before %s", word)
		return
	}
	s.fail(s.line, i, "put a ',' between entries, or quote a value with ': ' in it", "unexpected ':' after a key and its value")
}

// flowIndicator reports whether byte i of t ends a ':' as a value indicator: a blank, a flow bracket or comma, or
// the end of the line.
func flowIndicator(t string, i int) bool {
	return i >= len(t) || strings.IndexByte(" \t,[]{}", t[i]) >= 0
}

// flowEntry checks that a value may start at byte i of t in collection top: after an opening bracket, a comma or
// a ':', not right after another value. plain says whether the value is a plain scalar, which may continue the
// plain scalar of the line before.
func (s *yamlScanner) flowEntry(t string, i int, top *yamlOpen, plain bool) bool {
	if top.prev != flowValue {
		top.prev = flowValue
		s.lastLine = s.line
		if !plain {
			s.lastText = ""
		}
		return true
	}
	if plain && s.lastText != "" && s.line > s.lastLine {
		return true // a plain scalar over two lines
	}
	if s.line > s.lastLine {
		s.unclosed(*top, fmt.Sprintf(" before line %d", s.line+1))
		return false
	}
	close := map[byte]byte{'[': ']', '{': '}'}[top.ch]
	hint := fmt.Sprintf("put a ',' between entries, or close the '%c' with '%c'", top.ch, close)
	if t[i] == '[' && s.lastText != "" {
		if end := bracketEnd(t, i); end > 0 {
			term := t[s.lastAt:end]
			hint = fmt.Sprintf("quote a term with properties: \"%s\"", term)
		}
	}
	s.fail(s.line, i, hint, "unexpected %s after %s: expected ',' or '%c'", describeFlowToken(t, i), describeLast(s.lastText), close)
	return false
}

// bracketEnd returns the byte after the ']' matching the '[' at byte i of t, or -1.
func bracketEnd(t string, i int) int {
	depth := 0
	for j := i; j < len(t); j++ {
		switch t[j] {
		case '[':
			depth++
		case ']':
			if depth--; depth == 0 {
				return j + 1
			}
		}
	}
	return -1
}

// describeFlowToken names the token at byte i of t in a message.
func describeFlowToken(t string, i int) string {
	if strings.IndexByte("[]{}", t[i]) >= 0 {
		return fmt.Sprintf("'%c'", t[i])
	}
	end := i
	for end < len(t) && strings.IndexByte(" \t,[]{}:", t[end]) < 0 {
		end++
	}
	return fmt.Sprintf("%q", t[i:max(end, i+1)])
}

// describeLast names the value before an unexpected token.
func describeLast(plain string) string {
	if plain == "" {
		return "a value"
	}
	return fmt.Sprintf("%q", plain)
}

// closeFlow closes collection top with the bracket at byte i of t, reporting a bracket of the wrong kind as the
// open one left unclosed.
func (s *yamlScanner) closeFlow(t string, i int, top *yamlOpen) bool {
	want := map[byte]byte{'[': ']', '{': '}'}[top.ch]
	if t[i] != want {
		s.fail(top.line, top.col, fmt.Sprintf("close it with '%c' before the '%c' at %d:%d", want, t[i], s.line+1, i+1),
			"'%c' is not closed", top.ch)
		return false
	}
	s.flow = s.flow[:len(s.flow)-1]
	s.lastLine, s.lastText = s.line, ""
	if len(s.flow) > 0 {
		s.flow[len(s.flow)-1].prev = flowValue
	}
	return true
}

// unclosed reports an open bracket that is never closed.
func (s *yamlScanner) unclosed(o yamlOpen, where string) {
	want := map[byte]byte{'[': ']', '{': '}'}[o.ch]
	hint := fmt.Sprintf("close it with '%c' where it ends", want)
	if where != "" {
		hint = fmt.Sprintf("close it with '%c' at the end of line %d, or put a ',' between its entries", want, s.lastLine+1)
	}
	s.fail(o.line, o.col, hint, "'%c' is not closed%s", o.ch, where)
}

// flowScalar scans a scalar (plain, quoted or an alias) starting at byte i inside a flow collection, returning the
// byte after it, or -1 after a mistake or when a quoted scalar runs on to a later line.
func (s *yamlScanner) flowScalar(t string, i int, top *yamlOpen) int {
	c := t[i]
	if c == '@' || c == '`' {
		s.fail(s.line, i, "quote the value", "a value cannot start with %q", c)
		return -1
	}
	if c == '&' || c == '!' {
		return tokenEnd(t, i) // an anchor or tag before the value
	}
	if !s.flowEntry(t, i, top, c != '"' && c != '\'') {
		return -1
	}
	if c == '"' || c == '\'' {
		line, end := s.quoteClose(t, i)
		if line != s.line {
			s.giveUp = s.giveUp || line >= 0 // quoted text over several lines inside brackets is not modelled
			return -1
		}
		s.lastText = ""
		if j := skipBlanks(t, end); j < len(t) && t[j] == ':' {
			top.prev, top.colon = flowColon, true // "key":value, as JSON writes it
			return j + 1
		}
		return end
	}
	end := i
	for end < len(t) && strings.IndexByte(",[]{}", t[end]) < 0 && !(t[end] == ':' && flowIndicator(t, end+1)) &&
		!(t[end] == '#' && (t[end-1] == ' ' || t[end-1] == '\t')) {
		end++
	}
	s.lastText, s.lastAt = strings.TrimSpace(t[i:end]), i
	return end
}
