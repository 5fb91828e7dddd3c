package server

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
)

// Main runs the server as the binary's default command: it reads the config file, starts the server with a
// console on standard input, and shuts down gracefully on the stop command, SIGINT or SIGTERM. It returns the
// process exit code.
func Main(args []string) int {
	return main(args, os.Stdin, os.Stdout, os.Stderr)
}

func main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("riddlestone", flag.ContinueOnError)
	fs.SetOutput(stderr)
	configPath := fs.String("config", "config.toml", "path of the configuration `file`")
	logLevel := fs.String("log-level", "", "lowest log `level` shown: debug, info, warn or error (default: Riddlestone.LogLevel from the config)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: riddlestone [flags]\n\nRuns the Riddlestone server. Type commands (help, list, stop) on standard input.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "riddlestone: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return 2
	}
	conf, err := LoadConfig(*configPath)
	if err != nil {
		fmt.Fprintln(stderr, "riddlestone:", err)
		return 1
	}
	if *logLevel != "" {
		conf.Riddlestone.LogLevel = *logLevel
	}
	level, err := ParseLevel(conf.Riddlestone.LogLevel)
	if err != nil {
		fmt.Fprintln(stderr, "riddlestone: -log-level:", err)
		return 2
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv, err := New(ctx, Options{Config: conf, Log: log, Extensions: extensions()})
	if err != nil {
		fmt.Fprintln(stderr, "riddlestone:", err)
		return 1
	}
	go srv.RunConsole(stdin, stdout)
	if err := srv.Run(ctx); err != nil {
		log.Error("shutdown", "err", err)
		return 1
	}
	return 0
}
