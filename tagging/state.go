package tagging

import (
	"strconv"
	"strings"
)

// blockName adds the "minecraft:" namespace to a bare block or entity name, as packs may leave it out.
func blockName(name string) string {
	if strings.Contains(name, ":") {
		return name
	}
	return "minecraft:" + name
}

// stateValue turns a block state value into a string, so that a pack's YAML values (bool, int, string) compare
// with the typed values blocks encode. Bedrock stores boolean states as bytes 0 and 1.
func stateValue(v any) string {
	switch v := v.(type) {
	case bool:
		return strconv.FormatBool(v)
	case uint8:
		return strconv.FormatBool(v != 0)
	case int:
		return strconv.Itoa(v)
	case int32:
		return strconv.Itoa(int(v))
	case int64:
		return strconv.FormatInt(v, 10)
	case string:
		return v
	}
	return "?"
}

// statesMatch reports whether a block's states include every state wanted.
func statesMatch(have, want map[string]any) bool {
	for k, w := range want {
		h, ok := have[k]
		if !ok || stateValue(h) != stateValue(w) {
			return false
		}
	}
	return true
}
