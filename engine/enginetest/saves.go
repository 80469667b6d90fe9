package enginetest

import (
	"os"
	"path/filepath"
	"testing"

	"tabula/engine"
)

// FinishedSaves loads every save file matching glob (at least two must
// exist) with engine.Load, which replays each entry against the state hash
// it recorded, and checks that each is a finished game of rules version
// rules with at least 100 entries. Engines keep such files from before a
// change to show that the change altered no state.
func FinishedSaves(t testing.TB, glob, rules string) {
	t.Helper()
	files, _ := filepath.Glob(glob)
	if len(files) < 2 {
		t.Fatalf("saves missing: %v", files)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		m, save, err := engine.Load(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if save.Rules != rules || !m.State.Status().Over || len(save.Entries) < 100 {
			t.Fatalf("%s: rules %s, over %v, %d entries", name, save.Rules, m.State.Status().Over, len(save.Entries))
		}
	}
}
