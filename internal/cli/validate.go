package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"riddlestone/gamecheck"
	"riddlestone/puzzle"
)

// Validate is the "validate" command: it checks packs exactly as the server does at start and on /puzzle reload
// (gamecheck.Load: the pack format, the grammar, and every block, item and entity name against the game's
// registries), printing each problem like a compiler, and exits 1 if any pack has errors.
func Validate(args []string) int { return validate(args, stdout, stderr) }

func validate(args []string, out, errOut io.Writer) int {
	fs := newFlagSet("validate", errOut, "[flags] PACK...",
		"Checks packs (a YAML file or a directory of them) as the server does at start and on /puzzle reload, and\n"+
			"prints every problem, errors and warnings in file and line order, as file:line:col: message with the\n"+
			"source line, a caret under the mistake and a hint. Each pack is checked on its own; with -layered the\n"+
			"packs are layers of one, in order, as config.toml lists them. Exits 1 if there are errors; warnings\n"+
			"alone exit 0.")
	layered := fs.Bool("layered", false, "validate the packs as layers of one pack, in order, as config.toml lists them")
	quiet := fs.Bool("q", false, "print errors only, not warnings")
	paths, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(paths) == 0 {
		fs.Usage()
		return 2
	}
	groups := [][]string{paths}
	if !*layered {
		groups = groups[:0]
		for _, path := range paths {
			groups = append(groups, []string{path})
		}
	}
	code = 0
	layerMistake := false
	for i, group := range groups {
		_, list := gamecheck.Load(group...)
		if *quiet {
			list = list.Errors()
		}
		list.Print(out)
		if len(list.Errors()) > 0 {
			code = 1
		}
		layerMistake = layerMistake || i > 0 && slices.ContainsFunc(list, func(e *puzzle.Error) bool { return e.Hint == puzzle.HintLayered })
		fmt.Fprintf(errOut, "%s: %s\n", strings.Join(group, " "), list.Summary())
	}
	if layerMistake {
		fmt.Fprintf(errOut, "riddlestone validate: did you mean -layered? Without it each pack is checked on its own: "+
			"riddlestone validate -layered %s\n", strings.Join(paths, " "))
	}
	return code
}
