package translate

import "github.com/sandertv/gophertunnel/minecraft/protocol"

// fieldIO is a reader or writer with hooks on fields, found by their address: a hook runs before or after a field
// is read or written, and a field may be left out. A packet of another version's form wraps the IO it is given in
// one, sets the hooks on its own fields and marshals gophertunnel's packet through it, so that fields a version
// added, moved or dropped in the middle of a packet need no copy of the whole packet; and since a hook reads or
// writes as its IO does, the same form serves the server (which writes what a client reads) and a client (which
// writes what the server reads). A fieldIO serves one packet.
type fieldIO struct {
	protocol.IO
	before, after map[any]func()
	skip          map[any]bool
	implicit      bool // the next Bool is not on the wire: it reads as true and is not written
}

// hooked returns a fieldIO around io, and the IO to marshal through: the fieldIO itself, or, for a reader, the
// fieldIO with the reader's slice limits, by which gophertunnel tells a reader from a writer.
func hooked(io protocol.IO) (*fieldIO, protocol.IO) {
	f := &fieldIO{IO: io}
	if r, ok := io.(sliceReader); ok {
		return f, fieldReader{fieldIO: f, r: r}
	}
	return f, f
}

// sliceReader is what gophertunnel asks of an IO to read slices: a reader has it, a writer does not.
type sliceReader interface{ SliceLength(value, max uint32) }

// reading reports whether io reads.
func reading(io protocol.IO) bool {
	_, ok := io.(sliceReader)
	return ok
}

// fieldReader is a fieldIO around a reader.
type fieldReader struct {
	*fieldIO
	r sliceReader
}

// SliceLength checks a slice's length as the reader does.
func (f fieldReader) SliceLength(value, max uint32) { f.r.SliceLength(value, max) }

// hookBefore runs fn before the field at x.
func (f *fieldIO) hookBefore(x any, fn func()) {
	if f.before == nil {
		f.before = map[any]func(){}
	}
	f.before[x] = fn
}

// hookAfter runs fn after the field at x.
func (f *fieldIO) hookAfter(x any, fn func()) {
	if f.after == nil {
		f.after = map[any]func(){}
	}
	f.after[x] = fn
}

// leaveOut leaves the field at x out: it is neither read nor written.
func (f *fieldIO) leaveOut(x any) {
	if f.skip == nil {
		f.skip = map[any]bool{}
	}
	f.skip[x] = true
}

// implicitNext makes the next Bool true without a byte on the wire: for a presence byte a version dropped before a
// field that is always there.
func (f *fieldIO) implicitNext() { f.implicit = true }

// String reads or writes a string, running the hooks on it.
func (f *fieldIO) String(x *string) {
	if fn := f.before[x]; fn != nil {
		fn()
	}
	if !f.skip[x] {
		f.IO.String(x)
	}
	if fn := f.after[x]; fn != nil {
		fn()
	}
}

// Bool reads or writes a bool, running the hooks on it, or gives true for a presence byte that is gone.
func (f *fieldIO) Bool(x *bool) {
	if f.implicit {
		f.implicit, *x = false, true
		return
	}
	if fn := f.before[x]; fn != nil {
		fn()
	}
	if !f.skip[x] {
		f.IO.Bool(x)
	}
	if fn := f.after[x]; fn != nil {
		fn()
	}
}
