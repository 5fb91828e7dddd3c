package server

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml"
)

// configType is the reflect.Type that config.toml is checked against.
var configType = reflect.TypeFor[Config]()

// checkTree reports the first key of tree that has no field in struct type t, or whose value cannot be stored in
// its field, as name:line:col: message. go-toml alone would ignore unknown keys and report wrong types without a
// line, so the tree is walked before it is unmarshalled.
func checkTree(name string, tree *toml.Tree, path []string, t reflect.Type) error {
	fields := tomlFields(t)
	keys := tree.Keys()
	sort.Slice(keys, func(i, j int) bool {
		pi, pj := tree.GetPositionPath([]string{keys[i]}), tree.GetPositionPath([]string{keys[j]})
		return pi.Line < pj.Line || pi.Line == pj.Line && pi.Col < pj.Col
	})
	for _, key := range keys {
		pos := tree.GetPositionPath([]string{key})
		full := strings.Join(append(append([]string(nil), path...), key), ".")
		at := fmt.Sprintf("%s:%d:%d", name, pos.Line, pos.Col)
		f, ok := lookupField(fields, key)
		if !ok {
			return fmt.Errorf("%s: unknown key %s (known here: %s)", at, full, knownKeys(fields))
		}
		value := tree.GetPath([]string{key})
		if sub, ok := value.(*toml.Tree); ok {
			if f.Type.Kind() != reflect.Struct {
				return fmt.Errorf("%s: %s: want %s, got a table", at, full, describeType(f.Type))
			}
			if err := checkTree(name, sub, append(path, key), f.Type); err != nil {
				return err
			}
			continue
		}
		if err := checkValue(value, f.Type); err != nil {
			return fmt.Errorf("%s: %s: %w", at, full, err)
		}
	}
	return nil
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

func knownKeys(fields []reflect.StructField) string {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.Name
	}
	return strings.Join(names, ", ")
}

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

// syntaxError rewrites a go-toml parse error into the name:line:col: message form.
func syntaxError(name string, err error) error {
	msg := err.Error()
	if m := tomlErrorPos.FindStringSubmatch(msg); m != nil {
		return fmt.Errorf("%s:%s:%s: %s", name, m[1], m[2], msg[len(m[0]):])
	}
	return fmt.Errorf("%s: %w", name, errors.New(msg))
}
