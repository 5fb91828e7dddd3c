package puzzle

// Area is a puzzle area as a pack declares it: a place with goals, of which one is chosen for its puzzle.
type Area struct {
	Name     string
	Start    bool     // the area whose puzzle is generated first
	Goals    []Term   // one is chosen for the puzzle
	MinDepth int      // the puzzle tree is at least this deep; 0 means 1
	MaxDepth int      // the puzzle tree is at most this deep (rules on the longest path from goal to leaf)
	MinSteps int      // the puzzle has at least this many steps (rules to run); 0 means no floor
	MaxSteps int      // the puzzle has at most this many steps; 0 means no limit
	Breadth  int      // preferred number of leaves; 0 means no preference
	Herrings int      // red herrings to spawn with its puzzle, each proven harmless; 0 means the generator's default
	Connects []string // areas unlocked when this one's goal is achieved; connections are two-way
	// Setting names the items, or types of items, that belong in the area (see Pack.Belongs): the people,
	// animals and blocks that may stand in it and the things that may lie about. Empty means anything.
	Setting []string
	// Alternatives asks for a second way to make an item of the puzzle where the pack has another rule for it
	// (Node.Alternatives, the dissertation's OR-nodes), proven free of dead ends.
	Alternatives bool

	// In game an area is a template for the areas of the world's grid: one is chosen for each grid area by its
	// biome and its distance (in areas) from the start.
	Biomes      []string // biomes it suits, such as "plains" or "forest"; empty means any
	MinDistance int      // the least distance from the start it is used at
	MaxDistance int      // the greatest distance from the start it is used at; 0 means no limit
	// Template names the pack area an area of the world's grid was made from. Generation uses the template's
	// tables and items' area lists for it, while objects and unlocking use the area's own Name.
	Template string
	Pos      Pos
	// Replace says that a later pack's area takes the place of the earlier pack's area of the same name.
	Replace bool
}

// TemplateName returns the name of the pack area that area a is an instance of: its Template, or its own name.
func (a *Area) TemplateName() string {
	if a.Template != "" {
		return a.Template
	}
	return a.Name
}
