package worldgen

// coverGround puts small plants on the chunk's columns: grass, ferns and flowers on grass, cacti and dead bushes
// in deserts, sugar cane beside water and lily pads on swamp water. Each plant fits in its own column, so none
// crosses a chunk border. Nothing grows within reach of a lava pool, whose lava would set it alight.
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
			if h+3 > maxY || b.get(x, h+1, z) != air || nearLava(s.lms, wx, wz) {
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
					if !g.cactusFits(s, x, z) {
						continue
					}
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

// nearLava reports whether world column (x, z) lies within reach of a lava pool's lava.
func nearLava(lms []landmark, x, z int32) bool {
	for i := range lms {
		if lms[i].nearLava(x, z, 0) {
			return true
		}
	}
	return false
}

// cactusGrowth is the height dragonfly grows a cactus to: four blocks, one more than vanilla.
const cactusGrowth = 4

// cactusFits reports whether a cactus may stand on local column (x, z). Dragonfly breaks a cactus as soon as a
// neighbouring block changes while anything but air stands beside it, so the cactus needs air on its four sides
// up to the height it grows to: its neighbours rise no higher than the sand it stands on and carry no plant that
// could reach up beside it, and no tree or landmark stands near. Cacti are rare, so the trees around are simply
// decided again.
func (g *Generator) cactusFits(s *scratch, x, z int32) bool {
	h := int32(s.col(x, z).height)
	wx, wz := s.buf.x0+x, s.buf.z0+z
	for _, d := range [4][2]int32{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		n := s.col(x+d[0], z+d[1])
		if int32(n.height) > h || (int32(n.height)+cactusGrowth > h && g.mayPlant(n, wx+d[0], wz+d[1])) {
			return false
		}
	}
	for i := range s.lms {
		l := &s.lms[i]
		dx, dz, r := wx-int32(l.X), wz-int32(l.Z), int32(l.Radius)+3
		if dx*dx+dz*dz <= r*r {
			return false
		}
	}
	for cz := floorDiv(wz-treeReach-1, treeCell); cz <= floorDiv(wz+treeReach+1, treeCell); cz++ {
		for cx := floorDiv(wx-treeReach-1, treeCell); cx <= floorDiv(wx+treeReach+1, treeCell); cx++ {
			if _, ok := g.treeAt(&s.area, cx, cz, s.lms); ok {
				return false
			}
		}
	}
	return true
}

// mayPlant reports whether coverGround might put a plant on a column, judged from the column alone and erring
// towards yes.
func (g *Generator) mayPlant(c column, wx, wz int32) bool {
	roll := unit(hash2(g.seed^0xc0e, wx, wz))
	switch {
	case c.height == seaLevel && roll < 0.2:
		return true // sugar cane
	case c.biome == desert:
		return roll < 0.012 // a cactus or a dead bush
	}
	return roll < max(biomes[c.biome].cover, 0.45) // 0.45 in a clearing
}
