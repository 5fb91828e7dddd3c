package overlay

// phase is a step of a request on its way from the owner to the world, named for logs and for the tests that
// make each one panic.
type phase string

const (
	phaseEngine  phase = "engine"        // the request's run, changing the owner's state through the engine
	phaseCommit  phase = "commit"        // writing the change to the store
	phasePublish phase = "publish"       // making the owner's state the one readers see
	phaseWorld   phase = "world changes" // the journal handing a committed change to the world
	phasePlan    phase = "plan"          // an area's long work, planned on a copy of the state off the owner
)

// reach is called as a request enters a phase. It does nothing unless a test of this package set o.inject, to make
// the phase panic and check that the panic is contained.
func (o *Overlay) reach(p phase) {
	if f := o.inject.Load(); f != nil {
		(*f)(p)
	}
}
