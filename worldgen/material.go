package worldgen

import (
	"sync"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
)

// material is the generator's own compact block index. Chunks are built as one byte per block and translated to
// runtime IDs only when they are handed to dragonfly, which keeps generation free of registry look-ups.
type material uint8

const (
	air material = iota
	stone
	deepslate
	bedrock
	dirt
	coarseDirt
	grass
	podzol
	sand
	sandstone
	gravel
	clay
	snow
	water
	lava
	granite
	diorite
	andesite
	tuff
	coalOre
	ironOre
	copperOre
	goldOre
	redstoneOre
	lapisOre
	diamondOre
	deepCoalOre
	deepIronOre
	deepCopperOre
	deepGoldOre
	deepRedstoneOre
	deepLapisOre
	deepDiamondOre
	oakLog
	birchLog
	spruceLog
	acaciaLog
	oakLeaves
	birchLeaves
	spruceLeaves
	acaciaLeaves
	shortGrass
	fern
	tallGrassLower
	tallGrassUpper
	dandelion
	poppy
	cornflower
	oxeyeDaisy
	azureBluet
	blueOrchid
	deadBush
	cactus
	sugarCane
	lilyPad
	cobblestone
	mossyCobblestone
	stoneBricks
	mossyStoneBricks
	crackedStoneBricks
	cobblestoneSlab
	packedIce
	mud
	materialCount
)

// blocks lists the dragonfly block of every material. Leaves are persistent, as if placed by a player: dragonfly's
// natural leaves never settle once a neighbour changes (each one that clears its update flag sets its neighbours'
// flags, which set its own again), so a canopy would flicker with block updates for as long as it is loaded.
// Persistent leaves never change by themselves; the price is that they do not decay when their tree is cut.
var blocks = [materialCount]world.Block{
	air:                block.Air{},
	stone:              block.Stone{},
	deepslate:          block.Deepslate{Type: block.NormalDeepslate(), Axis: cube.Y},
	bedrock:            block.Bedrock{},
	dirt:               block.Dirt{},
	coarseDirt:         block.Dirt{Coarse: true},
	grass:              block.Grass{},
	podzol:             block.Podzol{},
	sand:               block.Sand{},
	sandstone:          block.Sandstone{Type: block.NormalSandstone()},
	gravel:             block.Gravel{},
	clay:               block.Clay{},
	snow:               block.Snow{},
	water:              block.Water{Still: true, Depth: 8},
	lava:               block.Lava{Still: true, Depth: 8},
	granite:            block.Granite{},
	diorite:            block.Diorite{},
	andesite:           block.Andesite{},
	tuff:               block.Tuff{},
	coalOre:            block.CoalOre{Type: block.StoneOre()},
	ironOre:            block.IronOre{Type: block.StoneOre()},
	copperOre:          block.CopperOre{Type: block.StoneOre()},
	goldOre:            block.GoldOre{Type: block.StoneOre()},
	redstoneOre:        block.RedstoneOre{Type: block.StoneOre()},
	lapisOre:           block.LapisOre{Type: block.StoneOre()},
	diamondOre:         block.DiamondOre{Type: block.StoneOre()},
	deepCoalOre:        block.CoalOre{Type: block.DeepslateOre()},
	deepIronOre:        block.IronOre{Type: block.DeepslateOre()},
	deepCopperOre:      block.CopperOre{Type: block.DeepslateOre()},
	deepGoldOre:        block.GoldOre{Type: block.DeepslateOre()},
	deepRedstoneOre:    block.RedstoneOre{Type: block.DeepslateOre()},
	deepLapisOre:       block.LapisOre{Type: block.DeepslateOre()},
	deepDiamondOre:     block.DiamondOre{Type: block.DeepslateOre()},
	oakLog:             block.Log{Wood: block.OakWood(), Axis: cube.Y},
	birchLog:           block.Log{Wood: block.BirchWood(), Axis: cube.Y},
	spruceLog:          block.Log{Wood: block.SpruceWood(), Axis: cube.Y},
	acaciaLog:          block.Log{Wood: block.AcaciaWood(), Axis: cube.Y},
	oakLeaves:          block.Leaves{Type: block.OakLeaves(), Persistent: true},
	birchLeaves:        block.Leaves{Type: block.BirchLeaves(), Persistent: true},
	spruceLeaves:       block.Leaves{Type: block.SpruceLeaves(), Persistent: true},
	acaciaLeaves:       block.Leaves{Type: block.AcaciaLeaves(), Persistent: true},
	shortGrass:         block.ShortGrass{},
	fern:               block.Fern{},
	tallGrassLower:     block.DoubleTallGrass{Type: block.NormalDoubleTallGrass()},
	tallGrassUpper:     block.DoubleTallGrass{Type: block.NormalDoubleTallGrass(), UpperPart: true},
	dandelion:          block.Flower{Type: block.Dandelion()},
	poppy:              block.Flower{Type: block.Poppy()},
	cornflower:         block.Flower{Type: block.Cornflower()},
	oxeyeDaisy:         block.Flower{Type: block.OxeyeDaisy()},
	azureBluet:         block.Flower{Type: block.AzureBluet()},
	blueOrchid:         block.Flower{Type: block.BlueOrchid()},
	deadBush:           block.DeadBush{},
	cactus:             block.Cactus{},
	sugarCane:          block.SugarCane{},
	lilyPad:            block.LilyPad{},
	cobblestone:        block.Cobblestone{},
	mossyCobblestone:   block.Cobblestone{Mossy: true},
	stoneBricks:        block.StoneBricks{Type: block.NormalStoneBricks()},
	mossyStoneBricks:   block.StoneBricks{Type: block.MossyStoneBricks()},
	crackedStoneBricks: block.StoneBricks{Type: block.CrackedStoneBricks()},
	cobblestoneSlab:    block.Slab{Block: block.Cobblestone{}},
	packedIce:          block.PackedIce{},
	mud:                block.Mud{},
}

// palette maps materials to runtime IDs of one block registry. It is resolved on first use, because runtime IDs
// only exist once the registry is finalised, which happens after the server builds its generators.
type palette struct {
	once sync.Once
	br   world.BlockRegistry
	rid  [materialCount]uint32
	// byRID maps runtime IDs back to materials, for the map renderer.
	byRID map[uint32]material
}

// resolve fills the runtime IDs on first use and returns them.
func (p *palette) resolve() *[materialCount]uint32 {
	p.once.Do(func() {
		p.byRID = make(map[uint32]material, materialCount)
		for m, b := range blocks {
			p.rid[m] = p.br.BlockRuntimeID(b)
			p.byRID[p.rid[m]] = material(m)
		}
	})
	return &p.rid
}

// byRIDs returns the map from runtime IDs back to materials.
func (p *palette) byRIDs() map[uint32]material {
	p.resolve()
	return p.byRID
}

// solid reports whether a material is a full terrain block that trees may stand on and leaves may not replace.
func (m material) solid() bool {
	return m != air && m != water && m != lava && !m.plant() && !m.foliage()
}

// plant reports whether a material is small vegetation that larger features may overwrite.
func (m material) plant() bool {
	return m >= shortGrass && m <= lilyPad
}

// foliage reports whether a material is leaves.
func (m material) foliage() bool { return m >= oakLeaves && m <= acaciaLeaves }

// opaque tells which materials let no light through, as dragonfly lights them: a block without a light
// diffusion level of its own blocks all light.
var opaque = func() (o [materialCount]bool) {
	for m, b := range blocks {
		d, ok := b.(interface{ LightDiffusionLevel() uint8 })
		o[m] = !ok || d.LightDiffusionLevel() >= 15
	}
	return o
}()
