package stats

import (
	"fmt"
	"runtime"
	"slices"
	"sync"

	"riddlestone/puzzle"
)

// Game is one playthrough of a pack, as the figures read it.
type Game struct {
	Seed    int64
	Puzzles []Puzzle // in the order they were solved
}

// Puzzle is one puzzle of a game: the tree, the state its solution started from, the area whose solving unlocked
// its area, and which objects of that state the player did not make (the pack's world and what puzzles spawned).
type Puzzle struct {
	*puzzle.Puzzle
	State  *puzzle.State
	Parent string       // the area whose solving unlocked this one; "" for the start area
	Found  map[int]bool // ids of the state's objects that no step made: world objects and spawned ones
}

// Play plays the pack with seeds 0 to seeds-1 on every core, as `riddlestone playthrough` does, and returns the
// games in seed order and, for each that failed, "seed N: why".
func Play(p *puzzle.Pack, seeds int) ([]Game, []string) {
	g := puzzle.NewGenerator(p)
	games := make([]Game, seeds)
	errs := make([]error, seeds)
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				games[i], errs[i] = playOne(g, p, int64(i))
			}
		})
	}
	for i := range seeds {
		next <- i
	}
	close(next)
	wg.Wait()
	var failed []string
	for i, err := range errs {
		if err != nil {
			failed = append(failed, fmt.Sprintf("seed %d: %v", i, err))
		}
	}
	return games, failed
}

// playOne plays one game and keeps what the figures need of each puzzle.
func playOne(g *puzzle.Generator, p *puzzle.Pack, seed int64) (Game, error) {
	game := Game{Seed: seed}
	found := map[int]bool{}
	for _, o := range p.World {
		found[o.ID] = true
	}
	var solved []string
	_, err := g.PlaythroughEach(seed, func(s puzzle.Solving) {
		for _, o := range s.Puzzle.Spawned {
			found[o.ID] = true
		}
		game.Puzzles = append(game.Puzzles, Puzzle{Puzzle: s.Puzzle, State: s.State, Parent: unlocker(p, s.Puzzle.Area, solved), Found: found})
		solved = append(solved, s.Puzzle.Area)
	})
	return game, err
}

// unlocker returns the area whose solving unlocked an area: the first solved of those connected to it ("" for
// none, the start area). Connections are two-way, and the loaded pack lists both.
func unlocker(p *puzzle.Pack, area string, solved []string) string {
	a, ok := p.Area(area)
	if !ok {
		return ""
	}
	for _, s := range solved {
		if slices.Contains(a.Connects, s) {
			return s
		}
	}
	return ""
}

// Run plays the pack over seeds 0 to seeds-1 and measures the games.
func Run(p *puzzle.Pack, seeds int) *Figures {
	games, failed := Play(p, seeds)
	f := Measure(p, games)
	f.Failed = failed
	return f
}
