package translate

// v1_26_40 is Minecraft 1.26.40, protocol 2168. It differs from 1.26.45 in its protocol number only:
// minecraft-data 3.119.0 has the same protocol.json for both but for the version (its proto.yml differs in
// the "!version" line alone), and 1.26.45 takes its block states and items from 1.26.40 (dataPaths.json). So
// every packet passes as it is.
var v1_26_40 = Same{Number: 2168, Version: "1.26.40"}
