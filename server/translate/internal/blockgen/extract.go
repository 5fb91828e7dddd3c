package blockgen

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Extract reads minecraft-data's blockStates.json of a version (a list of {name, states: {property: {type,
// value}}} in runtime-ID order) and returns its states.
func Extract(r io.Reader) ([]State, error) {
	var raw []struct {
		Name   string `json:"name"`
		States map[string]struct {
			Type  string          `json:"type"`
			Value json.RawMessage `json:"value"`
		} `json:"states"`
	}
	if err := json.NewDecoder(r).Decode(&raw); err != nil {
		return nil, fmt.Errorf("blockStates.json: %w", err)
	}
	states := make([]State, len(raw))
	for i, b := range raw {
		s := State{Name: strings.TrimPrefix(b.Name, "minecraft:")}
		for name, v := range b.States {
			value := string(v.Value)
			if v.Type == "string" {
				if err := json.Unmarshal(v.Value, &value); err != nil {
					return nil, fmt.Errorf("%s: %s: %w", b.Name, name, err)
				}
			}
			s.Props = append(s.Props, Prop{Name: name, Type: v.Type, Value: value})
		}
		slices.SortFunc(s.Props, func(a, b Prop) int { return strings.Compare(a.Name, b.Name) })
		states[i] = s
	}
	return states, nil
}
