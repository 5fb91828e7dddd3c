package puzzle

// raceEnabled is set when the tests run with the race detector, which slows them many times: the longest tests
// take fewer seeds then.
var raceEnabled bool
