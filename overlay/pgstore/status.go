package pgstore

import (
	"errors"
	"fmt"
	"sync"
)

// ErrPaused is the error of a commit refused while the store cannot reach the database: nothing was written.
var ErrPaused = errors.New("the puzzles are paused: the server cannot reach its puzzle store; nothing was changed")

// ErrLeaseLost is the error of a commit refused because another server took the lease: nothing was written, and
// this store writes nothing again.
var ErrLeaseLost = errors.New("the puzzles are paused: another server has taken over these puzzles; nothing was changed")

// The reasons of a pause, in words for players.
const (
	whyUnreachable = "the server cannot reach its puzzle store"
	whyLost        = "another server has taken over these puzzles"
	whyStale       = "the puzzle store holds a change this server took back; an admin must restart it"
)

// health is what the store knows of its database and lease, and what it last told Options.OnStatus.
type health struct {
	mu      sync.Mutex
	away    error  // why the database could not be reached, while it cannot
	gaveUp  bool   // a commit waited its RetryFor for the database: later ones fail at once until it is back
	doubt   int64  // the number of a commit that gave up in doubt, until the database tells whether it was made
	ended   error  // why the store writes no more, once it does not
	endedAs string // that, in words for players
	tellMu  sync.Mutex
	told    Status
	onTell  func(Status)
}

// status returns the store's status now.
func (h *health) status() Status {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case h.ended != nil:
		return Status{Paused: true, Lost: true, Why: h.endedAs, Err: h.ended}
	case h.away != nil:
		return Status{Paused: true, Why: whyUnreachable, Err: h.away}
	case h.doubt != 0:
		return Status{Paused: true, Why: whyUnreachable, Err: errors.New("a commit is in doubt")}
	}
	return Status{}
}

// refusal returns the error a commit fails with at once, without trying the database: the store writes no more,
// or an earlier commit already waited for the database in vain and it is not back (or has not yet told whether
// that commit was made).
func (h *health) refusal() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case h.ended != nil && h.endedAs == whyLost:
		return fmt.Errorf("%w (%v)", ErrLeaseLost, h.ended)
	case h.ended != nil:
		return fmt.Errorf("the puzzles are paused: %s (%v)", h.endedAs, h.ended)
	case h.gaveUp && h.away != nil:
		return fmt.Errorf("%w (%v)", ErrPaused, h.away)
	case h.doubt != 0:
		return fmt.Errorf("%w (a commit is in doubt until it answers)", ErrPaused)
	}
	return nil
}

// setAway records that the database cannot be reached; gaveUp that a commit stopped waiting for it.
func (h *health) setAway(err error, gaveUp bool) {
	h.mu.Lock()
	h.away = err
	h.gaveUp = h.gaveUp || gaveUp
	h.mu.Unlock()
	h.tell()
}

// setDoubt records the number of a commit that gave up not knowing whether the database made it.
func (h *health) setDoubt(seq int64) {
	h.mu.Lock()
	h.doubt = seq
	h.mu.Unlock()
}

// inDoubt returns the number of the commit in doubt; 0 for none.
func (h *health) inDoubt() int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.doubt
}

// setBack records that the database answered and the lease is still this store's; a commit in doubt stays so
// until resolved says what became of it.
func (h *health) setBack() {
	h.mu.Lock()
	was := h.away != nil
	h.away, h.gaveUp = nil, false
	h.mu.Unlock()
	if was {
		h.tell()
	}
}

// resolved records that the commit in doubt was not made: the store takes commits again.
func (h *health) resolved() {
	h.mu.Lock()
	h.doubt = 0
	h.mu.Unlock()
	h.tell()
}

// setLost records that the store writes no more, for good: why in words for players.
func (h *health) setLost(err error, why string) {
	h.mu.Lock()
	if h.ended == nil {
		h.ended, h.endedAs = err, why
	}
	h.mu.Unlock()
	h.tell()
}

// tell hands the status to OnStatus if it changed since it was last told. Calls are one at a time and each tells
// the status as it is then, so the last call always tells the latest status.
func (h *health) tell() {
	h.tellMu.Lock()
	defer h.tellMu.Unlock()
	st := h.status()
	if st.Paused == h.told.Paused && st.Lost == h.told.Lost {
		return
	}
	h.told = st
	if h.onTell != nil {
		h.onTell(st)
	}
}
