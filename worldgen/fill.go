package worldgen

// fillTerrain writes the rock, surface layers, water and biomes of every column of the chunk.
func (g *Generator) fillTerrain(s *scratch) {
	b := &s.buf
	for z := int32(0); z < 16; z++ {
		for x := int32(0); x < 16; x++ {
			c := s.col(x, z)
			b.biomes[x<<4|z] = c.biome
			h := int32(c.height)
			slope := max(abs32(h-int32(s.col(x-1, z).height)), abs32(h-int32(s.col(x+1, z).height)),
				abs32(h-int32(s.col(x, z-1).height)), abs32(h-int32(s.col(x, z+1).height)))
			wx, wz := b.x0+x, b.z0+z
			top, filler, depth := surfaceOf(c, slope, hash2(g.seed^0x5f, wx, wz))
			col := b.blocks[:]
			// Bedrock floor, ragged over its top four layers, then deepslate blending into stone over y 0..7.
			col[index(x, minY, z)] = bedrock
			rockTop := h - depth
			// One hash per column decides the ragged layers: two bits for each bedrock layer, three for each
			// layer of the deepslate-to-stone blend.
			rag := hash2(g.seed^0xbed, wx, wz)
			for y := int32(minY + 1); y <= minY+4; y++ {
				m := deepslate
				if uint64(rag&3) < uint64(minY+5-y) {
					m = bedrock
				}
				rag >>= 2
				col[index(x, y, z)] = m
			}
			b.fill(x, z, minY+5, min(rockTop, -1), deepslate)
			for y := int32(0); y <= min(rockTop, 7); y++ {
				m := deepslate
				if rag&7 < uint64(y) {
					m = stone
				}
				rag >>= 3
				col[index(x, y, z)] = m
			}
			b.fill(x, z, 8, rockTop, stone)
			for y := max(rockTop+1, minY+5); y < h; y++ {
				if c.biome == desert || c.biome == beach || c.biome == snowyBeach {
					if y < h-3 {
						col[index(x, y, z)] = sandstone
						continue
					}
				}
				col[index(x, y, z)] = filler
			}
			col[index(x, h, z)] = top
			b.fill(x, z, h+1, seaLevel, water)
			if c.biome == frozenOcean && h < seaLevel && hash2(g.seed^0x1ce, wx>>1, wz>>1)&3 != 0 {
				// Floes of ice, two blocks across at the least, drift on frozen oceans.
				col[index(x, seaLevel, z)] = packedIce
			}
		}
	}
}

// surfaceOf picks a column's top block, the filler under it and how deep the two reach before stone.
func surfaceOf(c column, slope int32, h uint64) (top, filler material, depth int32) {
	info := &biomes[c.biome]
	top, filler, depth = info.top, info.filler, 3+int32(h&1)
	height := int32(c.height)
	switch {
	case height < seaLevel:
		// Under water: sand in the shallows, gravel deeper, mud and clay in swamps. Not dirt: dragonfly's grass
		// spreads under water, so the floor of a swamp would turn to grass around the players.
		switch {
		case c.biome == swamp:
			top, filler = mud, dirt
			if h>>8&3 == 0 {
				top = clay
			}
		case height >= seaLevel-5 && c.biome != frozenOcean:
			top, filler = sand, sand
		case h>>8&7 == 0:
			top, filler = clay, clay
		default:
			top, filler = gravel, gravel
		}
	case c.biome == desert:
		depth = 7
	case c.biome == beach || c.biome == snowyBeach:
		depth = 5
	case slope >= 4 || (slope >= 3 && c.biome == windsweptHills):
		// Cliffs are bare rock, with the odd gravel ledge in the hills.
		top, filler, depth = stone, stone, 1
		if c.biome == windsweptHills && h>>8&3 == 0 {
			top = gravel
		}
	case height > seaLevel+118-int32(h>>8&7):
		top, filler = snow, stone
	case c.biome == windsweptHills && h>>8&7 == 0:
		top = coarseDirt
	case c.biome == taiga && h>>8&3 != 0:
		top = grass
	}
	return top, filler, depth
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}
