package puzzle

import (
	"strconv"
	"strings"
)

// Kind is the type of a property value. The dissertation has three: boolean, integer and string.
type Kind uint8

const (
	KindBool Kind = iota
	KindInt
	KindString
)

// Value is a property value. Values compare with ==.
type Value struct {
	Kind Kind
	Bool bool
	Int  int64
	Str  string
}

// Bool returns a boolean value.
func Bool(b bool) Value { return Value{Kind: KindBool, Bool: b} }

// Int returns an integer value.
func Int(i int64) Value { return Value{Kind: KindInt, Int: i} }

// String returns a string value.
func String(s string) Value { return Value{Kind: KindString, Str: s} }

// String formats the value as it is written in a rule: true, 3, Water or "two words".
func (v Value) String() string {
	switch v.Kind {
	case KindBool:
		return strconv.FormatBool(v.Bool)
	case KindInt:
		return strconv.FormatInt(v.Int, 10)
	}
	if isBareWord(v.Str) {
		return v.Str
	}
	return strconv.Quote(v.Str)
}

// isBareWord reports whether s can be written without quotes and read back as the same string.
func isBareWord(s string) bool {
	if s == "" || strings.EqualFold(s, "true") || strings.EqualFold(s, "false") {
		return false
	}
	if _, err := strconv.ParseInt(s, 10, 64); err == nil {
		return false
	}
	for i, r := range s {
		letter := r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (i == 0 || r < '0' || r > '9') {
			return false
		}
	}
	return true
}
