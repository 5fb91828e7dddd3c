package puzzle

import (
	"strconv"
	"strings"
)

// ParseRule parses one rule in the dissertation's notation, "Outputs ::= Action Inputs", written at position at
// (the place of its first byte, used for error messages and the positions of its terms). The rule's Index is 0;
// the loader numbers rules. A rule with no inputs parses, so that validation can report it with the others.
func ParseRule(src string, at Pos) (*Rule, error) {
	r, err := parseRule(src, at)
	if err == nil && r == nil {
		return nil, &Error{Pos: startPos(at), Msg: "empty rule"}
	}
	return r, err
}

// ParseTerm parses a term, "Type" or "Type[name: value, ...]", written at position at.
func ParseTerm(src string, at Pos) (t Term, err error) {
	p := newParser(src, at)
	defer p.recover(&err)
	if p.peek().kind == tokEOF {
		p.errorf(p.peek().pos, "empty term")
	}
	t = p.term()
	p.expect(tokEOF, "after the term")
	return t, nil
}

// parseRule parses a rule, returning nil and no error when src holds only blanks and comments.
func parseRule(src string, at Pos) (r *Rule, err error) {
	p := newParser(src, at)
	if p.peek().kind == tokEOF {
		return nil, nil
	}
	defer p.recover(&err)
	r = &Rule{Pos: p.peek().pos}
	for r.Outputs = append(r.Outputs, p.term()); p.peek().kind != tokDefine; {
		if p.peek().kind != tokWord {
			p.unexpected(p.next(), "an output term or ::=")
		}
		r.Outputs = append(r.Outputs, p.term())
	}
	p.next()
	action := p.next()
	if action.kind != tokWord {
		p.unexpected(action, "an action")
	}
	r.Action = action.val
	for p.peek().kind != tokEOF && p.peek().kind != tokSemicolon {
		if p.peek().kind != tokWord {
			p.unexpected(p.next(), "an input term")
		}
		r.Inputs = append(r.Inputs, p.term())
	}
	if p.peek().kind == tokSemicolon {
		p.next()
		p.options(r)
	}
	return r, nil
}

// options parses a rule's options after ';': words, of which "repeat" is the one there is.
func (p *parser) options(r *Rule) {
	for {
		opt := p.next()
		switch {
		case opt.kind == tokEOF:
			return
		case opt.kind == tokWord && opt.val == "repeat":
			r.Repeat = true
		case opt.kind == tokWord:
			p.errorf(opt.pos, "unknown rule option %s; the only option is repeat", opt.val)
		default:
			p.unexpected(opt, "a rule option (repeat)")
		}
	}
}

// startPos returns at with an unknown line treated as the first line.
func startPos(at Pos) Pos {
	if at.Line == 0 {
		at.Line, at.Col = 1, 1
	}
	return at
}

// parser reads tokens of the rule notation. Like text/template/parse it stops at the first error by panicking
// with it; recover turns the panic back into an error.
type parser struct {
	tokens []token
	i      int
}

func newParser(src string, at Pos) *parser { return &parser{tokens: lex(src, at)} }

// peek returns the next token without consuming it.
func (p *parser) peek() token { return p.tokens[p.i] }

// next consumes the next token. The last token (EOF or an error) is returned again at every call after it.
func (p *parser) next() token {
	t := p.tokens[p.i]
	if t.kind == tokError {
		p.errorf(t.pos, "%s", t.val)
	}
	if p.i < len(p.tokens)-1 {
		p.i++
	}
	return t
}

// errorf stops parsing with an error at pos.
func (p *parser) errorf(pos Pos, format string, args ...any) {
	var l ErrorList
	l.Add(pos, format, args...)
	panic(l[0])
}

// unexpected stops parsing at token t, which is not what was expected.
func (p *parser) unexpected(t token, expected string) {
	p.errorf(t.pos, "unexpected %s, expected %s", t, expected)
}

// expect consumes a token of the given kind or stops with an error.
func (p *parser) expect(kind tokenKind, context string) token {
	t := p.next()
	if t.kind != kind {
		want := map[tokenKind]string{tokEOF: "end of input", tokColon: "':'", tokWord: "a name"}[kind]
		p.errorf(t.pos, "unexpected %s %s, expected %s", t, context, want)
	}
	return t
}

// recover turns a parse error raised by errorf into *errp; other panics go on.
func (p *parser) recover(errp *error) {
	if e := recover(); e != nil {
		pe, ok := e.(*Error)
		if !ok {
			panic(e)
		}
		*errp = pe
	}
}

// term parses Type or Type[name: value, ...].
func (p *parser) term() Term {
	name := p.next()
	if name.kind != tokWord {
		p.unexpected(name, "a type")
	}
	t := Term{Type: name.val, Pos: name.pos}
	if p.peek().kind != tokLeftBracket {
		return t
	}
	p.next()
	t.Props = Props{}
	for {
		key := p.next()
		if key.kind != tokWord {
			p.unexpected(key, "a property name")
		}
		if _, dup := t.Props[key.val]; dup {
			p.errorf(key.pos, "property %s given twice", key.val)
		}
		p.expect(tokColon, "after property name "+key.val)
		t.Props[key.val] = p.value()
		switch sep := p.next(); sep.kind {
		case tokRightBracket:
			return t
		case tokComma:
		default:
			p.unexpected(sep, "',' or ']'")
		}
	}
}

// value parses a property value: true or false in any case, an integer, a bare word or a quoted string.
func (p *parser) value() Value {
	t := p.next()
	switch t.kind {
	case tokWord:
		switch {
		case strings.EqualFold(t.val, "true"):
			return Bool(true)
		case strings.EqualFold(t.val, "false"):
			return Bool(false)
		}
		return String(t.val)
	case tokNumber:
		i, err := strconv.ParseInt(t.val, 10, 64)
		if err != nil {
			p.errorf(t.pos, "integer %s out of range", t.val)
		}
		return Int(i)
	case tokString:
		s, err := strconv.Unquote(t.val)
		if err != nil {
			p.errorf(t.pos, "bad string %s", t.val)
		}
		return String(s)
	}
	p.unexpected(t, "a value")
	return Value{}
}
