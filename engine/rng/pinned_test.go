package rng

import "tabula/engine"

// Values produced by the algorithm as first written (seed 1: four rolls of
// two dice, as 0-based faces; seed 42 request 7: the start of a shuffle).
var pinned = []engine.Outcome{{3, 3}, {5, 5}, {5, 4}, {0, 1}}
var pinnedShuffle = engine.Outcome{21, 11, 13, 11, 20}
