package puzzle

// checkSetting checks an area's setting: every name is an item or a type some item is of.
func (v *validator) checkSetting(a *Area, src areaSource) {
	for i, name := range a.Setting {
		v.use(name)
		if v.knownType(name) {
			continue
		}
		at := a.Pos
		if i < len(src.setting) {
			at = src.setting[i]
		}
		v.errs.AddHint(at, "area "+a.Name+" setting: unknown item or type "+name+": no item is of that type", DidYouMean(name, v.typeNames()))
	}
}
