// Package words is the one place where names become words: it says a pack's items, states, terms and objects in
// English (words.go) and fills the placeholders of a pack's text with them (narrate.go). It reads the pack only:
// no world, no state, so what a player reads can be tested without a server.
package words
