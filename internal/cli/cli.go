// Package cli dispatches the binary's subcommands. The binary with no arguments, or with only flags, runs its
// default command (the server); "riddlestone <name> [flags]" runs a tool.
package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// Command is one subcommand of the binary.
type Command struct {
	// Name is the word that selects the command.
	Name string
	// Summary is a one-line description shown by help.
	Summary string
	// Run runs the command with the arguments after its name and returns the exit code. It parses them with its
	// own flag.FlagSet, so "-h" prints its help.
	Run func(args []string) int
}

// Run dispatches args (without the program name) to a command and returns the exit code. With no arguments,
// or when the first argument is a flag, it runs def with all of args.
func Run(args []string, def string, commands []Command) int {
	return run(args, def, commands, os.Stderr)
}

func run(args []string, def string, commands []Command, stderr io.Writer) int {
	name := def
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	if name == "help" {
		usage(stderr, def, commands)
		return 0
	}
	for _, c := range commands {
		if c.Name == name {
			return c.Run(args)
		}
	}
	fmt.Fprintf(stderr, "riddlestone: unknown command %q\n\n", name)
	usage(stderr, def, commands)
	return 2
}

func usage(w io.Writer, def string, commands []Command) {
	fmt.Fprintf(w, "Usage: riddlestone [command] [flags]\n\nWith no command, runs %q.\n\nCommands:\n", def)
	for _, c := range commands {
		fmt.Fprintf(w, "  %-12s %s\n", c.Name, c.Summary)
	}
	fmt.Fprintf(w, "  %-12s %s\n\nRun \"riddlestone <command> -h\" for a command's flags.\n", "help", "show this list")
}

// stdout and stderr are where the tools write; tests read them through the unexported forms of each command.
var stdout, stderr io.Writer = os.Stdout, os.Stderr
