package puzzle

// Structure is a small built setting a placed object stands in: a stall around an NPC, a hut around a door, a camp
// around a campfire. It is plain data: the engine never builds it; the overlay does, around the object's spot.
//
// The layout is a box of cells: layers from the bottom up, each a list of rows from north to south, each row a
// string of one character a cell from west to east. The first layer is the floor, level with the ground the
// object stands on; the cell marked AnchorMark, in a layer above it, is where the object stands.
type Structure struct {
	Name    string
	For     []string                // the items and types (isa) whose objects it goes around
	Palette map[rune]StructureBlock // what each character of the layout builds, besides the built-in marks
	Layers  [][]string              // bottom first; every layer has the same rows, every row the same length
	Anchor  [3]int                  // the layer, row and column of the anchor mark
	Turns   []int                   // the quarter turns clockwise (0 to 3) it may be built in; all four when empty
	Water   bool                    // built on water (on: water): its bottom layer is a deck at the surface, on posts
	Replace bool                    // replaces a structure of the same name declared by an earlier pack
	Pos     Pos                     // where its name was written
	ForPos  []Pos                   // where each name of For was written
}

// StructureBlock is a block a palette character builds: a Bedrock block name with optional block states, as an
// item's look names one; a container (a chest, a barrel) may be built holding items.
type StructureBlock struct {
	Block    string
	States   map[string]any
	Post     bool            // in the bottom layer, continued down to the ground or the sea floor
	Items    []StructureItem // what a container is built holding, in the order written
	Pos      Pos             // where the block name was written
	StatePos map[string]Pos  // where each state's value was written
}

// StructureItem is a stack of items a container of a structure is built holding: a Bedrock item name and a count.
type StructureItem struct {
	Name     string
	Count    int
	Pos      Pos // where the name was written
	CountPos Pos // where the count was written
}

// MaxStructureStack is the most items of one entry a container is built holding.
const MaxStructureStack = 64

// The built-in marks of a layout; the palette may not redefine them.
const (
	// AnchorMark is where the object stands: nothing is built there, nor in the cell above it (a door is two high).
	AnchorMark = '@'
	// AirMark is a cell cleared to air.
	AirMark = '.'
	// KeepMark is a cell left as the world has it.
	KeepMark = '-'
)

// Size returns the layout's width (columns, west to east), height (layers) and depth (rows, north to south).
func (s *Structure) Size() (w, h, d int) {
	if len(s.Layers) == 0 || len(s.Layers[0]) == 0 {
		return 0, len(s.Layers), 0
	}
	return len([]rune(s.Layers[0][0])), len(s.Layers), len(s.Layers[0])
}

// Cell returns the character of the layout at a layer, row and column.
func (s *Structure) Cell(layer, row, col int) rune { return []rune(s.Layers[layer][row])[col] }

// Posts reports whether the bottom layer has a block that is continued down as a post.
func (s *Structure) Posts() bool {
	if len(s.Layers) == 0 {
		return false
	}
	for _, row := range s.Layers[0] {
		for _, c := range row {
			if s.Palette[c].Post {
				return true
			}
		}
	}
	return false
}

// Rotations returns the quarter turns the structure may be built in.
func (s *Structure) Rotations() []int {
	if len(s.Turns) == 0 {
		return []int{0, 1, 2, 3}
	}
	return s.Turns
}

// Goes reports whether the structure goes around objects of an item: the item is named in For, or is of a type
// named there.
func (s *Structure) Goes(p *Pack, item string) bool {
	for _, name := range s.For {
		if p.IsA(item, name) {
			return true
		}
	}
	return false
}

// StructuresFor returns the structures that go around objects of an item, in the order they were declared.
func (p *Pack) StructuresFor(item string) []*Structure {
	var out []*Structure
	for _, s := range p.Structures {
		if s.Goes(p, item) {
			out = append(out, s)
		}
	}
	return out
}

// Structure returns the structure with the given name.
func (p *Pack) Structure(name string) (*Structure, bool) {
	for _, s := range p.Structures {
		if s.Name == name {
			return s, true
		}
	}
	return nil, false
}
