package burgundy_test

import (
	"os"
	"path/filepath"
	"testing"

	"tabula/engine"
)

// Games saved by cmd/sim before the engine's speed work
// replay entry by entry
// to the hashes they recorded: the work changed no state.
func TestSavesReplay(t *testing.T) {
	files, _ := filepath.Glob("testdata/burgundy-*.json")
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
		if save.Rules != "burgundy/1" || !m.State.Status().Over || len(save.Entries) < 100 {
			t.Fatalf("%s: rules %s, over %v, %d entries", name, save.Rules, m.State.Status().Over, len(save.Entries))
		}
	}
}
