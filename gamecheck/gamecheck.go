// Package gamecheck checks packs against the game: the looks of items and the tag rules name blocks, block states,
// items and entities of Dragonfly's registries. The puzzle engine knows nothing of Minecraft, so puzzle.Validate
// checks only their shape; this package checks the rest.
//
// Load is the one validator: the server runs it at start and on /puzzle reload, and `riddlestone validate` runs
// it too, so a pack that validates always starts.
package gamecheck

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	_ "github.com/df-mc/dragonfly/server/block" // registers the blocks
	"github.com/df-mc/dragonfly/server/entity"
	_ "github.com/df-mc/dragonfly/server/item" // registers the items
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/puzzle"
	"riddlestone/tagging"
)

// NPCModels are the vanilla models a look's entity may name: the overlay registers one NPC entity type for each
// before the world opens, so that NPCs saved in chunks load again. The list is fixed so that a pack reload never
// needs a new type.
var NPCModels = []string{
	"villager_v2", "wandering_trader", "witch", "iron_golem", "snow_golem", "armor_stand", "allay",
	"cat", "wolf", "fox", "parrot", "rabbit", "cow", "pig", "sheep", "chicken", "horse", "donkey", "llama",
	"panda", "polar_bear", "bee", "frog", "goat", "camel", "sniffer", "turtle", "axolotl",
	"zombie", "skeleton", "creeper", "spider", "enderman", "pillager", "vindicator", "evoker",
}

// NPCEntityPrefix is how the overlay's NPC entity types are named: the prefix and the model.
const NPCEntityPrefix = "riddlestone:npc/"

// Game is the game's registries as packs are checked against them. It is immutable and safe for concurrent use.
type Game struct {
	blocks *tagging.Blocks
	index  func() *names // names for hints, indexed on the first mistake
}

var defaultGame = sync.OnceValue(func() *Game { return New(world.DefaultBlockRegistry) })

// Default returns the Game of Dragonfly's default registries, the ones the server's world uses. It finalises the
// default block registry, which the world does too when it opens.
func Default() *Game { return defaultGame() }

// New returns the Game of a finalised block registry and Dragonfly's item and entity registries.
func New(reg *world.BasicBlockRegistry) *Game {
	reg.Finalize()
	return &Game{blocks: tagging.IndexBlocks(reg), index: sync.OnceValue(func() *names { return indexNames(reg) })}
}

// Blocks returns the index of the block registry, which tagging.New takes.
func (g *Game) Blocks() *tagging.Blocks { return g.blocks }

// Load loads packs layered in order, validates them and checks them against the game: what the server runs at
// start and on reload. It returns the pack and every problem, errors and warnings, in file and line order, with
// the source lines for carets (puzzle.Check, then Check). The pack may be used only when the list has no error.
func Load(paths ...string) (*puzzle.Pack, puzzle.ErrorList) {
	p, list := puzzle.Check(paths...)
	list = append(list, Default().Check(p)...)
	list.Sort()
	p.SetSource(list)
	return p, list
}

// Check reports what is wrong with a pack in the game: a look naming an unknown block, item or NPC model, or
// block states no state of its block has; a tag rule naming an unknown block or states (errors, as tagging.New
// refuses them), or an entity no world has (a warning: the rule never matches).
func (g *Game) Check(p *puzzle.Pack) puzzle.ErrorList {
	var list puzzle.ErrorList
	for _, name := range p.ItemOrder {
		list = append(list, g.CheckLooks(p, p.Items[name])...)
		list = append(list, g.checkStateLooks(p, p.Items[name])...)
	}
	for _, t := range p.Tags {
		list = append(list, g.checkTag(p, t)...)
	}
	list = append(list, g.CheckStructures(p)...)
	p.SetSource(list)
	return list
}

// orList returns hint, or else when hint is empty.
func orList(hint, orElse string) string {
	if hint != "" {
		return hint
	}
	return orElse
}

// namespaced adds the "minecraft:" namespace to a bare name.
func namespaced(name string) string {
	if strings.Contains(name, ":") {
		return name
	}
	return "minecraft:" + name
}

// checkBlock reports an unknown block, or states no state of it has, as tagging.Blocks.State decides; at says
// where the block ("block") and each state ("states.NAME") was written, what names the look or rule.
func (g *Game) checkBlock(block string, states map[string]any, at func(part string) puzzle.Pos, what string) *puzzle.Error {
	rid, err := g.blocks.State(block, states)
	if err == nil {
		if _, ok := world.BlockByRuntimeID(rid); ok {
			return nil
		}
		return &puzzle.Error{Pos: at("block"), Msg: fmt.Sprintf("%s: block %q has no runtime state", what, block)}
	}
	known := g.index().blocks[namespaced(block)]
	if known == nil {
		return &puzzle.Error{Pos: at("block"), Msg: fmt.Sprintf("%s: unknown block %q", what, block),
			Hint: puzzle.DidYouMean(block, g.index().blockNames)}
	}
	return known.explain(block, states, at, what)
}

// checkTag reports what tagging.New would refuse in a tag rule, at the name or state at fault, and warns of an
// entity rule no entity can match.
func (g *Game) checkTag(p *puzzle.Pack, t puzzle.TagRule) puzzle.ErrorList {
	at := func(part string) puzzle.Pos { return p.TagPos(t, part) }
	what := "tag rule for " + t.Item
	var list puzzle.ErrorList
	add := func(e *puzzle.Error) {
		if e != nil {
			list = append(list, e)
		}
	}
	if t.Entity != "" {
		add(g.checkEntity(t, at("entity"), what))
	}
	if t.Block != "" {
		add(g.checkBlock(t.Block, t.States, at, what))
	}
	for _, side := range []struct {
		name  string
		names []string
	}{{"above", t.Above}, {"below", t.Below}} {
		for i, name := range side.names {
			at := func(string) puzzle.Pos { return p.TagPos(t, fmt.Sprintf("%s.%d", side.name, i)) }
			add(g.checkBlock(name, nil, at, what+": "+side.name))
		}
	}
	if _, err := tagging.New(g.blocks, []puzzle.TagRule{t}); err != nil && len(list.Errors()) == 0 {
		// Whatever else tagging refuses, so that a rule that passes here always loads in the server.
		list = append(list, &puzzle.Error{Pos: t.Pos, Msg: strings.TrimPrefix(err.Error(), t.Pos.String()+": ")})
	}
	return list
}

// checkEntity warns of an entity tag rule that names a type no entity of the world has: it never matches.
func (g *Game) checkEntity(t puzzle.TagRule, at puzzle.Pos, what string) *puzzle.Error {
	types := entityTypes()
	if slices.Contains(types, namespaced(t.Entity)) {
		return nil
	}
	hint := puzzle.DidYouMean(namespaced(t.Entity), types)
	if model := strings.TrimPrefix(t.Entity, "minecraft:"); slices.Contains(NPCModels, model) {
		hint = fmt.Sprintf("the overlay's NPCs of that model are %s%s", NPCEntityPrefix, model)
	}
	return &puzzle.Error{Pos: at, Warning: true, Hint: hint,
		Msg: fmt.Sprintf("%s: no entity of type %s exists in the world, so the rule never matches", what, namespaced(t.Entity))}
}

// entityTypes returns the names of the entity types a world of the server can hold: Dragonfly's and the NPCs'.
func entityTypes() []string {
	var out []string
	for _, t := range entity.DefaultRegistry.Types() {
		out = append(out, t.EncodeEntity())
	}
	for _, m := range NPCModels {
		out = append(out, NPCEntityPrefix+m)
	}
	slices.Sort(out)
	return out
}
