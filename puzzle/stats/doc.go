// Package stats measures what games of a pack are like, over many seeds: the figures of issue 24 (rules and goals
// never used, the chance a replayed area shows the same puzzle, parallel sub-goals, short puzzles away from the
// start, difficulty that ramps up, alternative solutions, carried-in objects nothing announces, steps that break
// the pack's setting model, distinct trees) and the bars the default pack is held to. Play plays the games;
// everything else is a pure function of the games it returns.
package stats
