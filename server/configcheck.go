package server

import (
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml"
	"riddlestone/puzzle"
)

// configType is the reflect.Type that config.toml is checked against.
var configType = reflect.TypeFor[Config]()

// configFile is config.toml being checked: its name and lines for positions and carets, and the problems found.
type configFile struct {
	name  string
	lines []string
	errs  puzzle.ErrorList
}

// add reports a problem at a position of the file, with its source line.
func (f *configFile) add(pos toml.Position, msg, hint string) {
	at := puzzle.Pos{File: f.name, Line: pos.Line, Col: pos.Col}
	e := &puzzle.Error{Pos: at, Msg: msg, Hint: hint}
	if pos.Line >= 1 && pos.Line <= len(f.lines) {
		e.Source = f.lines[pos.Line-1]
	}
	f.errs = append(f.errs, e)
}

// valuePos returns the position of the value of the key at pos: after its '=' and blanks, where a wrong value is
// written. It returns pos when the line does not say.
func (f *configFile) valuePos(pos toml.Position) toml.Position {
	if pos.Line < 1 || pos.Line > len(f.lines) || pos.Col < 1 {
		return pos
	}
	line := f.lines[pos.Line-1]
	eq := strings.IndexByte(line[min(pos.Col-1, len(line)):], '=')
	if eq < 0 {
		return pos
	}
	i := pos.Col - 1 + eq + 1
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	return toml.Position{Line: pos.Line, Col: i + 1}
}

// checkTree reports every key of tree that has no field in struct type t, and every value that cannot be stored
// in its field, at its line and column. go-toml alone would ignore unknown keys and report wrong types without a
// line, so the tree is walked before it is unmarshalled.
func (f *configFile) checkTree(tree *toml.Tree, path []string, t reflect.Type) {
	fields := tomlFields(t)
	for _, key := range tree.Keys() {
		pos := tree.GetPositionPath([]string{key})
		full := strings.Join(append(append([]string(nil), path...), key), ".")
		field, ok := lookupField(fields, key)
		if !ok {
			f.add(pos, "unknown key "+full, orElse(puzzle.DidYouMean(key, fieldNames(fields)), "the keys here are "+knownKeys(fields)))
			continue
		}
		value := tree.GetPath([]string{key})
		if sub, ok := value.(*toml.Tree); ok {
			if field.Type.Kind() != reflect.Struct {
				f.add(pos, fmt.Sprintf("%s: want %s, got a table", full, describeType(field.Type)), "")
				continue
			}
			f.checkTree(sub, append(path, key), field.Type)
			continue
		}
		if err := checkValue(value, field.Type); err != nil {
			f.add(f.valuePos(pos), fmt.Sprintf("%s: %v", full, err), "")
		}
	}
}

// orElse returns s, or else when s is empty.
func orElse(s, orElse string) string {
	if s != "" {
		return s
	}
	return orElse
}

// fieldNames returns the names of fields.
func fieldNames(fields []reflect.StructField) []string {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.Name
	}
	return names
}

// tomlFields returns the exported fields of struct type t that go-toml fills, with embedded structs flattened.
func tomlFields(t reflect.Type) []reflect.StructField {
	var fields []reflect.StructField
	for f := range t.Fields() {
		switch {
		case f.Anonymous && f.Type.Kind() == reflect.Struct:
			fields = append(fields, tomlFields(f.Type)...)
		case f.IsExported():
			fields = append(fields, f)
		}
	}
	return fields
}

// lookupField finds the field for key: an exact match first, then a case-insensitive one as go-toml does.
func lookupField(fields []reflect.StructField, key string) (reflect.StructField, bool) {
	for _, f := range fields {
		if f.Name == key {
			return f, true
		}
	}
	for _, f := range fields {
		if strings.EqualFold(f.Name, key) {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

func knownKeys(fields []reflect.StructField) string { return strings.Join(fieldNames(fields), ", ") }

// checkValue reports whether a value decoded by go-toml fits a field of type t.
func checkValue(v any, t reflect.Type) error {
	bad := func() error { return fmt.Errorf("want %s, got %s", describeType(t), describeValue(v)) }
	switch t.Kind() {
	case reflect.String:
		if _, ok := v.(string); !ok {
			return bad()
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			return bad()
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		i, ok := v.(int64)
		if !ok {
			return bad()
		}
		if reflect.New(t).Elem().OverflowInt(i) {
			return fmt.Errorf("%d does not fit in %s", i, describeType(t))
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		i, ok := v.(int64)
		if !ok {
			return bad()
		}
		if i < 0 || reflect.New(t).Elem().OverflowUint(uint64(i)) {
			return fmt.Errorf("%d does not fit in %s", i, describeType(t))
		}
	case reflect.Float32, reflect.Float64:
		switch v.(type) {
		case float64, int64:
		default:
			return bad()
		}
	case reflect.Slice:
		items, ok := v.([]any)
		if !ok {
			return bad()
		}
		for i, item := range items {
			if err := checkValue(item, t.Elem()); err != nil {
				return fmt.Errorf("item %d: %w", i+1, err)
			}
		}
	default:
		return bad()
	}
	return nil
}

// describeType names a Go type the way a config.toml writer thinks of it.
func describeType(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean (true or false)"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "an integer"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a non-negative integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice:
		return "an array of " + strings.TrimPrefix(strings.TrimPrefix(describeType(t.Elem()), "a "), "an ") + "s"
	case reflect.Struct:
		return "a table"
	}
	return t.String()
}

// describeValue names a value decoded by go-toml.
func describeValue(v any) string {
	switch v := v.(type) {
	case string:
		return "the string " + strconv.Quote(v)
	case bool:
		return "the boolean " + strconv.FormatBool(v)
	case int64:
		return "the integer " + strconv.FormatInt(v, 10)
	case float64:
		return "the number " + strconv.FormatFloat(v, 'g', -1, 64)
	case []any:
		return "an array"
	case []*toml.Tree:
		return "an array of tables"
	}
	return fmt.Sprintf("a %T", v)
}

// tomlErrorPos matches the "(line, col): " prefix of go-toml's syntax errors.
var tomlErrorPos = regexp.MustCompile(`^\((\d+), (\d+)\): `)

// syntaxError reports a go-toml parse error at the line and column it names.
func (f *configFile) syntaxError(err error) {
	msg := err.Error()
	pos := toml.Position{Line: 1, Col: 1}
	if m := tomlErrorPos.FindStringSubmatch(msg); m != nil {
		pos.Line, _ = strconv.Atoi(m[1])
		pos.Col, _ = strconv.Atoi(m[2])
		msg = msg[len(m[0]):]
	}
	f.add(pos, msg, "")
}
