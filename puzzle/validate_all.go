package puzzle

// Check loads packs layered in order, as Load does, and validates the result, as Validate does, and returns every
// problem, errors and warnings (Error.Warning), in file and line order: a mistake in the shape of one value does
// not hide the checks of the others. What follows from a load error is left out, as a compiler leaves out the
// errors that follow from a syntax error: a pack with a YAML syntax error is not validated (nothing of that file
// was read), and a validation problem on a line with a load error is dropped (the load error explains it). The
// pack holds whatever could be read.
func Check(paths ...string) (*Pack, ErrorList) {
	p, err := Load(paths...)
	return p, checkLoaded(p, err)
}

// CheckBytes is Check for the contents of one YAML file; name is the file name used in positions.
func CheckBytes(name string, data []byte) (*Pack, ErrorList) {
	p, err := LoadBytes(name, data)
	return p, checkLoaded(p, err)
}

// checkLoaded validates a pack Load returned with its error, and returns all the problems.
func checkLoaded(p *Pack, err error) ErrorList {
	loadErrs, _ := err.(ErrorList)
	if p.src.syntax {
		return loadErrs
	}
	errs, warns := Validate(p)
	bad := map[Pos]bool{}
	for _, e := range loadErrs {
		bad[Pos{File: e.Pos.File, Line: e.Pos.Line}] = true
	}
	all := append(ErrorList(nil), loadErrs...)
	for _, e := range append(errs, warns...) {
		if !bad[Pos{File: e.Pos.File, Line: e.Pos.Line}] {
			all = append(all, e)
		}
	}
	all.Sort()
	return all
}
