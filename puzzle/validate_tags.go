package puzzle

// checkTags checks that every tag rule makes a declared item, and that area templates have sound distances. Block
// and entity names are checked against the game's registry by the tagging package when the server loads the pack.
func (v *validator) checkTags() {
	for _, t := range v.p.Tags {
		if _, ok := v.p.Items[t.Item]; !ok {
			v.errorf(t.Pos, "tag rule makes unknown item %s", t.Item)
		}
		if t.MaxCluster > 0 && t.MaxCluster < max(t.MinCluster, 1) {
			v.errorf(t.Pos, "tag rule for %s: maxCluster %d is below minCluster %d", t.Item, t.MaxCluster, max(t.MinCluster, 1))
		}
	}
	for _, a := range v.p.Areas {
		if a.MinDistance < 0 || a.MaxDistance < 0 {
			v.errorf(a.Pos, "area %s: distances cannot be negative", a.Name)
		} else if a.MaxDistance > 0 && a.MaxDistance < a.MinDistance {
			v.errorf(a.Pos, "area %s: maxDistance %d is below minDistance %d", a.Name, a.MaxDistance, a.MinDistance)
		}
	}
}
