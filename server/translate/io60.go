package translate

import "github.com/sandertv/gophertunnel/minecraft/protocol"

// writer60 is a writer with hooks on fields, found by their address: a hook runs before or after a field is
// written, and a field may be left out. A packet of 1.26.60's form wraps the writer it is given in one, sets the
// hooks on its own fields and marshals gophertunnel's packet through it, so that fields 1.26.60 added, moved or
// dropped in the middle of a packet need no copy of the whole packet. A writer60 serves one packet.
type writer60 struct {
	protocol.IO
	before, after map[any]func()
	skip          map[any]bool
}

// hookBefore runs f before the field at x is written.
func (w *writer60) hookBefore(x any, f func()) {
	if w.before == nil {
		w.before = map[any]func(){}
	}
	w.before[x] = f
}

// hookAfter runs f after the field at x is written.
func (w *writer60) hookAfter(x any, f func()) {
	if w.after == nil {
		w.after = map[any]func(){}
	}
	w.after[x] = f
}

// leaveOut leaves the field at x out.
func (w *writer60) leaveOut(x any) {
	if w.skip == nil {
		w.skip = map[any]bool{}
	}
	w.skip[x] = true
}

// String writes a string, running the hooks on it.
func (w *writer60) String(x *string) {
	if f := w.before[x]; f != nil {
		f()
	}
	if !w.skip[x] {
		w.IO.String(x)
	}
	if f := w.after[x]; f != nil {
		f()
	}
}

// Bool writes a bool, running the hooks on it.
func (w *writer60) Bool(x *bool) {
	if f := w.before[x]; f != nil {
		f()
	}
	if !w.skip[x] {
		w.IO.Bool(x)
	}
	if f := w.after[x]; f != nil {
		f()
	}
}

// reader60 is reader51 with fields left out by address, for the fields 1.26.60 dropped; a packet that needs it
// wraps the reader51 it is given.
type reader60 struct {
	*reader51
	skip map[any]bool
}

// leaveOut leaves the field at x out: it is not read.
func (r *reader60) leaveOut(x any) {
	if r.skip == nil {
		r.skip = map[any]bool{}
	}
	r.skip[x] = true
}

// String reads a string unless it is left out.
func (r *reader60) String(x *string) {
	if !r.skip[x] {
		r.reader51.String(x)
	}
}
