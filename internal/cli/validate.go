package cli

import (
	"fmt"
	"io"

	"riddlestone/puzzle"
)

// Validate is the "validate" command: it checks packs like a compiler checks code, printing each problem as
// file:line:col: message, and exits 1 if any pack has errors.
func Validate(args []string) int { return validate(args, stdout, stderr) }

func validate(args []string, out, errOut io.Writer) int {
	fs := newFlagSet("validate", errOut, "[flags] PACK...",
		"Checks each pack (a YAML file or a directory of them) and prints its problems as file:line:col: message.\n"+
			"Exits 1 if there are errors; warnings alone exit 0.")
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
	for _, paths := range groups {
		_, errs, warns := check(paths)
		for _, e := range errs {
			fmt.Fprintln(out, e)
		}
		if !*quiet {
			for _, w := range warns {
				fmt.Fprintf(out, "%v: warning: %s\n", w.Pos, w.Msg)
			}
		}
		if len(errs) > 0 {
			code = 1
		}
		fmt.Fprintf(errOut, "%v: %d errors, %d warnings\n", paths, len(errs), len(warns))
	}
	return code
}

// check loads and validates packs layered in order; load errors come first, and a pack that does not load is
// not validated further.
func check(paths []string) (p *puzzle.Pack, errs, warns puzzle.ErrorList) {
	p, err := puzzle.Load(paths...)
	if err != nil {
		if list, ok := err.(puzzle.ErrorList); ok {
			return nil, list, nil
		}
		return nil, puzzle.ErrorList{{Msg: err.Error()}}, nil
	}
	errs, warns = puzzle.Validate(p)
	return p, errs, warns
}
