package burgundy_test

import (
	"testing"

	"tabula/engine/enginetest"
)

// Games saved by cmd/sim before the engine's speed work replay entry by
// entry to the hashes they recorded: the work changed no state.
func TestSavesReplay(t *testing.T) {
	enginetest.FinishedSaves(t, "testdata/burgundy-*.json", "burgundy/1", 100)
}
