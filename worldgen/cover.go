package worldgen

// coverGround puts small plants on the chunk's columns: grass, ferns and flowers on grass, cacti and dead bushes
// in deserts, sugar cane beside water and lily pads on swamp water. Each plant fits in its own column, so none
// crosses a chunk border.
func (g *Generator) coverGround(s *scratch) {
	b := &s.buf
	flowers := [...]material{dandelion, poppy, cornflower, oxeyeDaisy, azureBluet, poppy, dandelion}
	for z := int32(0); z < 16; z++ {
		for x := int32(0); x < 16; x++ {
			c := s.col(x, z)
			h := int32(c.height)
			wx, wz := b.x0+x, b.z0+z
			hh := hash2(g.seed^0xc0e, wx, wz)
			roll := unit(hh)
			pick := hh >> 20
			if h < seaLevel {
				if c.biome == swamp && h >= seaLevel-2 && roll < 0.08 && b.get(x, seaLevel, z) == water {
					b.set(x, seaLevel+1, z, lilyPad)
				}
				continue
			}
			if h+3 > maxY || b.get(x, h+1, z) != air {
				continue
			}
			top := b.get(x, h, z)
			if h == seaLevel && (top == grass || top == sand || top == dirt) && roll < 0.2 &&
				(s.col(x-1, z).height < seaLevel || s.col(x+1, z).height < seaLevel ||
					s.col(x, z-1).height < seaLevel || s.col(x, z+1).height < seaLevel) {
				for y := h + 1; y <= h+1+int32(pick%3); y++ {
					b.set(x, y, z, sugarCane)
				}
				continue
			}
			if top == sand && c.biome == desert {
				switch {
				case roll < 0.004:
					for y := h + 1; y <= h+1+int32(pick%3); y++ {
						b.set(x, y, z, cactus)
					}
				case roll < 0.012:
					b.set(x, h+1, z, deadBush)
				}
				continue
			}
			if top != grass && top != podzol {
				continue
			}
			chance := biomes[c.biome].cover
			clearing := false
			for i := range s.lms {
				if s.lms[i].inClearing(wx, wz) {
					clearing = true
					break
				}
			}
			if clearing {
				chance = 0.45
			}
			if roll >= chance {
				continue
			}
			m := shortGrass
			p := pick % 100
			switch {
			case clearing && p < 45, c.biome == plains && p < 12, c.biome == forest && p < 15,
				c.biome == birchForest && p < 15:
				m = flowers[pick/100%uint64(len(flowers))]
			case c.biome == swamp && p < 15:
				m = blueOrchid
			case (c.biome == taiga || c.biome == snowyTaiga) && p < 45:
				m = fern
			case p >= 90:
				m = tallGrassLower
			}
			b.set(x, h+1, z, m)
			if m == tallGrassLower {
				b.set(x, h+2, z, tallGrassUpper)
			}
		}
	}
}
