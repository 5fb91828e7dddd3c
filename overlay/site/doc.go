// Package site plans where things stand in an area, as pure functions of its blocks (a snapshot of its chunks, or a
// world read a block at a time): the terrain a player walks over (terrain.go, walk.go), the spots objects stand on
// (place.go) and the rafts and piers under those on water (footing.go), the steps that join them to where players
// arrive (steps.go, border.go), the structures built around objects (structure*.go, site.go), and a spawn players
// can walk away from (spawn.go). It holds no state of the overlay's: the overlay passes in what its state knows (the
// objects already there, the structures built) and records and builds what is planned (Build, BuildFooting).
package site
