// Package worldgen generates Riddlestone's overworld: layered-noise relief with plains, hills, steep mountains,
// oceans, rivers, lakes and beaches; climate-driven biomes; caves, ores, deepslate and a bedrock floor; trees,
// plants and small landmarks (ponds, wells, boulders, ruins, lone trees, clearings) that cross chunk borders
// intact.
//
// Every block is a pure function of the seed and its position, so chunks may be generated in any order and from
// any number of goroutines. A chunk is built in a flat byte buffer of material indices and handed to dragonfly in
// one go through its network decoder, which is far cheaper than setting blocks and biomes one by one.
package worldgen
