package cards_test

import (
	"os"
	"path/filepath"
	"testing"

	"tabula/engine"
	_ "tabula/engine/agricola/cards"
)

// Games of the card game saved by cmd/sim before the engine's speed work
// (its card index, farmyard tables, fence listing) replay entry by entry
// to the hashes they recorded: the work changed no state.
func TestCardGameSavesReplay(t *testing.T) {
	files, _ := filepath.Glob("testdata/agricola2-*.json")
	if len(files) < 2 {
		t.Fatalf("saves missing: %v", files)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		m, save, err := engine.Load(data) // checks every entry's hash
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if save.Rules != "agricola/2" || !m.State.Status().Over || len(save.Entries) < 100 {
			t.Fatalf("%s: rules %s, over %v, %d entries", name, save.Rules, m.State.Status().Over, len(save.Entries))
		}
	}
}
