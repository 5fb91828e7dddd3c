// Package puzzle is Riddlestone's puzzle engine: the grammar-based narrative puzzle generator of De Kegel & Haahr.
//
// Puzzle items (Item) are the terminals of the grammar; terms (Term) describe which items may fill a slot; rules
// (Rule) read "Outputs ::= Action Inputs". Generation runs rules left to right, backward from an area's goal;
// game logic runs them right to left as players act. The package imports no Minecraft code: the overlay package
// binds it to a live world.
package puzzle
