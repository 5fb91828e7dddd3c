// Package bedrockjs tests the server with a foreign Bedrock client: PrismarineJS bedrock-protocol (npm, with
// minecraft-data), which encodes and decodes packets from minecraft-data's description of each version and so
// shares no code with the server's gophertunnel. client.js is the client; raknet.js brings its pure-JavaScript
// RakNet to the protocol the game speaks. The tests need Node.js and the packages of package-lock.json
// (`apt-get install nodejs npm`, then `npm ci --ignore-scripts` in this folder, as .ci/run does); without them
// they are skipped and say so.
package bedrockjs
