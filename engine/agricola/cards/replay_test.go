package cards_test

import (
	"testing"

	_ "tabula/engine/agricola/cards"
	"tabula/engine/enginetest"
)

// Games of the card game saved by cmd/sim before the engine's speed work
// (its card index, farmyard tables, fence listing) replay entry by entry
// to the hashes they recorded: the work changed no state.
func TestCardGameSavesReplay(t *testing.T) {
	enginetest.FinishedSaves(t, "testdata/agricola2-*.json", "agricola/2", 100)
}
