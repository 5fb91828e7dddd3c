package cli

import (
	"flag"
	"fmt"
	"io"

	"riddlestone/gamecheck"
	"riddlestone/puzzle"
)

// parseFlags parses a command's flags, which may come before, between or after its positional arguments (so
// "riddlestone playthrough PACK --seed 3" works), and returns the positional arguments. Everything after "--" is
// positional. When it returns false the command returns the code given: 0 after -h, 2 after a bad flag.
func parseFlags(fs *flag.FlagSet, args []string) (positional []string, code int, ok bool) {
	for {
		if err := fs.Parse(args); err != nil {
			if err == flag.ErrHelp {
				return nil, 0, false
			}
			return nil, 2, false
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, 0, true
		}
		if len(rest) < len(args) && args[len(args)-len(rest)-1] == "--" {
			return append(positional, rest...), 0, true
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// loadPack loads packs layered in order, as config.toml lists them, and checks them as the server does
// (gamecheck.Load). It prints the errors, with their source lines and hints, to errOut and returns false if there
// are any; warnings are not printed.
func loadPack(paths []string, errOut io.Writer) (*puzzle.Pack, bool) {
	p, list := gamecheck.Load(paths...)
	errs := list.Errors()
	errs.Print(errOut)
	return p, len(errs) == 0
}

// newFlagSet returns a command's flag set, writing to errOut, whose -h prints the usage line and the description.
func newFlagSet(name string, errOut io.Writer, synopsis, description string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(errOut)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: riddlestone %s %s\n\n%s\n\nFlags:\n", name, synopsis, description)
		fs.PrintDefaults()
	}
	return fs
}
