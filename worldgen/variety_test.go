package worldgen

import "testing"

// TestVariety samples chunks over a 12,800-block square and checks that the land is varied: a wide spread of
// surface heights, many biomes, trees, water, caves, lava and every ore, deepslate and bedrock where they belong.
func TestVariety(t *testing.T) {
	g := New(42)
	byRID := g.pal.byRIDs()
	counts := map[material]int{}
	biomesSeen := map[biomeKind]bool{}
	lowest, highest := int16(maxY), int16(minY)
	caveAir := 0
	s := new(scratch)
	for _, p := range positions(48) {
		c := generate(g, p[0], p[1])
		g.build(s, p[0], p[1])
		for x := uint8(0); x < 16; x++ {
			for z := uint8(0); z < 16; z++ {
				top := c.HighestBlock(x, z)
				if b, ok := biomeByID(c.Biome(x, top, z)); ok {
					biomesSeen[b] = true
				}
				surface := s.col(int32(x), int32(z)).height
				lowest, highest = min(lowest, surface), max(highest, surface)
				for y := int16(minY); y <= top; y++ {
					m := byRID[c.Block(x, y, z, 0)]
					counts[m]++
					if m == air && y < surface-caveRoof+1 {
						caveAir++
					}
				}
				if m := byRID[c.Block(x, minY, z, 0)]; m != bedrock {
					t.Fatalf("chunk %v column %d,%d: %v at the bottom, want bedrock", p, x, z, m)
				}
				if m := byRID[c.Block(x, -20, z, 0)]; m == stone {
					t.Fatalf("chunk %v column %d,%d: stone at y=-20, want deepslate", p, x, z)
				}
			}
		}
	}
	t.Logf("surface %d..%d, %d biomes, %d cave air, %d diamond, %d lava", lowest, highest, len(biomesSeen), caveAir,
		counts[deepDiamondOre]+counts[diamondOre], counts[lava])
	if highest-lowest < 120 {
		t.Errorf("surface heights span only %d..%d", lowest, highest)
	}
	if len(biomesSeen) < 8 {
		t.Errorf("only %d biomes: %v", len(biomesSeen), biomesSeen)
	}
	if caveAir < 1000 {
		t.Errorf("only %d blocks of cave air", caveAir)
	}
	for _, m := range []material{water, lava, oakLog, spruceLog, birchLog, oakLeaves, spruceLeaves, grass, sand,
		sandstone, snow, gravel, deepslate, coalOre, ironOre, copperOre, goldOre, deepGoldOre, redstoneOre,
		deepRedstoneOre, lapisOre, deepLapisOre, deepDiamondOre, shortGrass, tallGrassLower, tallGrassUpper, fern,
		poppy, dandelion, cactus, deadBush, sugarCane, acaciaLog, podzol, clay} {
		if counts[m] == 0 {
			t.Errorf("no %T %+v in the sample", blocks[m], blocks[m])
		}
	}
}

// TestPlantsAndLandmarks checks that a large area holds every kind of landmark and the rarer plants.
func TestPlantsAndLandmarks(t *testing.T) {
	g := New(42)
	kinds := map[LandmarkKind]int{}
	all := g.Landmarks(-2000, -2000, 2000, 2000)
	for _, l := range all {
		kinds[l.Kind]++
		if l.Radius <= 0 || l.Y <= seaLevel {
			t.Fatalf("landmark %+v has no radius or is under water", l)
		}
	}
	t.Logf("landmarks: %v", kinds)
	for k := Pond; k <= LavaPool; k++ {
		if kinds[k] == 0 {
			t.Errorf("no %v in 4000×4000 blocks", k)
		}
	}
	// Every landmark kind draws blocks of its own into the world.
	byRID := g.pal.byRIDs()
	want := map[LandmarkKind]material{Pond: water, Boulder: mossyCobblestone, Well: cobblestoneSlab, Ruin: stoneBricks,
		LoneTree: oakLog, LavaPool: lava}
	done := map[LandmarkKind]bool{}
	for _, l := range all {
		m, ok := want[l.Kind]
		if !ok || done[l.Kind] {
			continue
		}
		c := generate(g, floorDiv(int32(l.X), 16), floorDiv(int32(l.Z), 16))
		found := false
		for x := uint8(0); x < 16 && !found; x++ {
			for z := uint8(0); z < 16 && !found; z++ {
				for y := int16(l.Y - 5); y <= int16(l.Y+10); y++ {
					if byRID[c.Block(x, y, z, 0)] == m {
						found = true
						break
					}
				}
			}
		}
		if !found {
			t.Errorf("%v at %d,%d,%d: no %+v in its chunk", l.Kind, l.X, l.Y, l.Z, blocks[m])
		}
		done[l.Kind] = true
	}
}

// TestBiomeSurfaces finds columns of several biomes and checks the blocks that mark them.
func TestBiomeSurfaces(t *testing.T) {
	g := New(42)
	var a area
	cases := []struct {
		biome biomeKind
		want  material
	}{
		{desert, sand}, {snowyPlains, snow}, {frozenOcean, packedIce}, {swamp, lilyPad}, {taiga, spruceLog},
		{birchForest, birchLog}, {beach, sand}, {ocean, water}, {windsweptHills, stone}, {savanna, acaciaLog}, {river, water},
	}
	for _, c := range cases {
		found, tried := false, 0
		for x := int32(-6000); x < 6000 && !found && tried < 6; x += 97 {
			for z := int32(-6000); z < 6000 && !found && tried < 6; z += 89 {
				a.reset(&g.relief, x, z)
				if a.column(x, z).biome != c.biome {
					continue
				}
				tried++
				s := new(scratch)
				g.build(s, floorDiv(x, 16), floorDiv(z, 16))
				for i := range s.buf.blocks {
					if s.buf.blocks[i] == c.want {
						found = true
						break
					}
				}
			}
		}
		if !found {
			t.Errorf("%v: no %T in %d chunks of it", c.biome, blocks[c.want], tried)
		}
	}
}
