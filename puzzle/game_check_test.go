package puzzle

// The checks the server runs, as the tests call them: tracking a generated puzzle, the quick check (/puzzle
// restart, the move check), the move check and the admin check. The tests of semantics_test.go and
// differential_test.go use only these and the manager, so that they can be run against other versions of them.

// trackGame tracks a generated puzzle as the server does.
func trackGame(m *Manager, pz *Puzzle) (*Tracked, error) { return m.TrackPuzzle(pz) }

// quickVerdict is the quick check of puzzle t of the manager's game.
func quickVerdict(m *Manager, t *Tracked) Verdict { return m.Solvable(t) }

// moveBlocks is the all-rules move check of mv for puzzle t.
func moveBlocks(m *Manager, t *Tracked, mv Move) bool { return m.Blocks(t, mv) }

// checkReport is the admin check of puzzle t: the whole state space, analysed.
func checkReport(m *Manager, t *Tracked) (*Report, error) {
	return m.Pack.Explore(m.State, m.Exploration(t, Explore{MaxStates: 200_000, Analyse: true}))
}

// fork returns a copy of a manager to make a move on: the brute force of the differential test makes many.
func fork(m *Manager) *Manager { return m.Clone(m.Accessible) }
