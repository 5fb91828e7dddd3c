package puzzle

// TagRule says which blocks or entities already in the world are instances of a puzzle item. The engine only
// carries tag rules; the tagging package matches them against a world.
//
// Blocks that match a rule and touch each other (sharing a face) form one cluster, and each cluster that meets the
// rule's conditions becomes one object: a trunk of logs is one tree, a body of water one pond.
type TagRule struct {
	Item       string         // the puzzle item each match becomes
	Block      string         // a block name such as "oak_log" or "minecraft:oak_log"; empty for an entity rule
	States     map[string]any // block states a match must have; states not listed may be anything
	Entity     string         // an entity type such as "villager_v2"; empty for a block rule
	Above      []string       // if set, a block directly above the cluster must be one of these (leaves above a log)
	Below      []string       // if set, a block directly below the cluster must be one of these
	MinCluster int            // the cluster has at least this many blocks; 0 means 1
	MaxCluster int            // the cluster has at most this many blocks; 0 means no limit (an ocean is no pond)
	Pos        Pos
	// Replace says that a later pack's rule takes the place of the earlier packs' tag rules for the same item.
	Replace bool
}
