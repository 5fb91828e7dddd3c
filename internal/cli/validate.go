package cli

import (
	"flag"
	"fmt"
	"io"

	"riddlestone/puzzle"
)

// Validate is the "validate" command: it checks packs like a compiler checks code, printing each problem as
// file:line:col: message, and exits 1 if any pack has errors.
func Validate(args []string) int { return validate(args, stdout, stderr) }

func validate(args []string, out, errOut io.Writer) int {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(errOut)
	layered := fs.Bool("layered", false, "validate the packs as layers of one pack, in order, as config.toml lists them")
	quiet := fs.Bool("q", false, "print errors only, not warnings")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: riddlestone validate [flags] PACK...\n\n"+
			"Checks each pack (a YAML file or a directory of them) and prints its problems as file:line:col: message.\n"+
			"Exits 1 if there are errors; warnings alone exit 0.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	groups := [][]string{fs.Args()}
	if !*layered {
		groups = groups[:0]
		for _, path := range fs.Args() {
			groups = append(groups, []string{path})
		}
	}
	code := 0
	for _, paths := range groups {
		errs, warns := check(paths)
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
func check(paths []string) (errs, warns puzzle.ErrorList) {
	p, err := puzzle.Load(paths...)
	if err != nil {
		if list, ok := err.(puzzle.ErrorList); ok {
			return list, nil
		}
		return puzzle.ErrorList{{Msg: err.Error()}}, nil
	}
	return puzzle.Validate(p)
}

// parseFlags parses a command's flags; when it returns false the command returns the code given.
func parseFlags(fs *flag.FlagSet, args []string) (int, bool) {
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0, false
		}
		return 2, false
	}
	return 0, true
}
