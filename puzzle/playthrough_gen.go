package puzzle

// PlaythroughEach is the package's PlaythroughEach with this generator, built once: tools that play many games
// of one pack (playthrough --stats) share it, and may call it from several goroutines at once.
func (g *Generator) PlaythroughEach(seed int64, each func(Solving)) (*PlaythroughResult, error) {
	return playthrough(g, g.pack, seed, each)
}
