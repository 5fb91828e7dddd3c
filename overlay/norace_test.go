package overlay

// raceEnabled is set when the tests run with the race detector, which slows them many times: the longest tests
// take fewer games then.
var raceEnabled bool
