// Package translate lets clients of other Minecraft versions than gophertunnel's own (1.26.45, protocol 2169)
// play on the server: each version is a gophertunnel minecraft.Protocol, listed in the listener's
// AcceptedProtocols, that converts the packets between the client's form and gophertunnel's.
//
// The facts come from public protocol descriptions: minecraft-data's protocol.json, blockStates.json and
// items.json of each version (the npm package minecraft-data, 3.119.0), and gophertunnel v1.62.0's source
// (1.26.50, protocol 2193), read, not imported. A version is listed only once the foreign client of
// internal/bedrockjs plays on it.
package translate

import "github.com/sandertv/gophertunnel/minecraft"

// Protocols returns the protocols of the versions translated, oldest first. gophertunnel's own protocol is
// not among them: its listener always accepts it.
func Protocols() []minecraft.Protocol {
	return []minecraft.Protocol{v1_26_40, v1_26_51, v1_26_60}
}
