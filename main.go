// Command riddlestone is the Riddlestone server and its tools. With no command it runs the server.
package main

import (
	"os"

	"riddlestone/internal/cli"
	"riddlestone/server"
)

// commands are the binary's subcommands; the first one runs when no command is given.
var commands = []cli.Command{
	{Name: "serve", Summary: "run the server (the default)", Run: server.Main},
	{Name: "validate", Summary: "check packs as the server does and print every problem with a caret and a hint", Run: cli.Validate},
	{Name: "playthrough", Summary: "play a whole game of packs with the engine and print it (-json for JSON, -stats N for N games)", Run: cli.Playthrough},
	{Name: "graph", Summary: "print an area's puzzle tree, or its state space, as Graphviz DOT or JSON", Run: cli.Graph},
	{Name: "map", Summary: "render a top-down map of the terrain around spawn to a PNG", Run: cli.Map},
	{Name: "load", Summary: "load servers with real-protocol bots and compare Riddlestone with stock Dragonfly", Run: cli.Load},
}

func main() {
	os.Exit(cli.Run(os.Args[1:], "serve", commands))
}
