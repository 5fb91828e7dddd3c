package server

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/df-mc/dragonfly/server/cmd"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/sandertv/gophertunnel/minecraft/text"
)

// consoleSource is the command source of the server console. It is always an admin.
type consoleSource struct {
	s     *Server
	out   io.Writer
	later []func(out *cmd.Output)
}

// Later takes output a command makes after it returns, for work too long for the world goroutine (the overlay's
// analyses): Execute runs f once the command's transaction is over, and prints what it writes.
func (c *consoleSource) Later(f func(out *cmd.Output)) { c.later = append(c.later, f) }

// Position implements cmd.Target: the console stands at the world spawn.
func (c *consoleSource) Position() mgl64.Vec3 { return c.s.World().Spawn().Vec3Centre() }

// SendCommandOutput prints a command's messages and errors, without colour codes.
func (c *consoleSource) SendCommandOutput(o *cmd.Output) {
	for _, m := range o.Messages() {
		fmt.Fprintln(c.out, text.Clean(fmt.Sprint(m)))
	}
	for _, e := range o.Errors() {
		fmt.Fprintln(c.out, text.Clean(e.Error()))
	}
}

// Execute runs one console command line, such as "stop" or "/list", as the console, on the overworld's
// transaction, and writes its output to out. It returns once the command has run.
func (s *Server) Execute(ctx context.Context, line string, out io.Writer) error {
	line = strings.TrimPrefix(strings.TrimSpace(line), "/")
	if line == "" {
		return nil
	}
	name, args, _ := strings.Cut(line, " ")
	c, ok := cmd.ByAlias(name)
	if !ok {
		fmt.Fprintf(out, "Unknown command %q. Type help for the list.\n", name)
		return nil
	}
	src := &consoleSource{s: s, out: out}
	_, err := world.Call(ctx, s.World(), func(tx *world.Tx) (struct{}, error) {
		c.Execute(args, src, tx)
		return struct{}{}, nil
	})
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	for _, f := range src.later { // off the world goroutine: the command's transaction is over
		var o cmd.Output
		f(&o)
		src.SendCommandOutput(&o)
	}
	return nil
}

// RunConsole reads command lines from in and executes them, writing their output to out, until in ends or the
// server shuts down. The end of in (a server started with no terminal) leaves the server running.
func (s *Server) RunConsole(in io.Reader, out io.Writer) {
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(in)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-s.closing:
				return
			}
		}
	}()
	for {
		select {
		case <-s.closing:
			return
		case line, ok := <-lines:
			if !ok {
				return
			}
			if err := s.Execute(context.Background(), line, out); err != nil {
				fmt.Fprintln(out, err)
			}
		}
	}
}
