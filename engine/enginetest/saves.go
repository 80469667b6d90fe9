package enginetest

import (
	"os"
	"path/filepath"
	"testing"

	"tabula/engine"
)

// Finished is a kept save as FinishedSaves loaded it.
type Finished struct {
	Name  string
	Data  []byte
	Match *engine.Match
	Save  *engine.Save
}

// FinishedSaves loads every save file matching glob (at least two must
// exist) with engine.Load, which replays each entry against the state hash
// it recorded, and checks that each is a finished game of rules version
// rules with at least minEntries entries, ending at the hash it recorded. Engines
// keep such files from before a change to show that the change altered no
// state; the loaded saves are returned for an engine's own checks.
func FinishedSaves(t testing.TB, glob, rules string, minEntries int) []Finished {
	t.Helper()
	var out []Finished
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
		if save.Rules != rules || !m.State.Status().Over || len(save.Entries) < minEntries || engine.HashHex(m.State) != save.Hash {
			t.Fatalf("%s: rules %s, over %v, %d entries", name, save.Rules, m.State.Status().Over, len(save.Entries))
		}
		out = append(out, Finished{Name: name, Data: data, Match: m, Save: save})
	}
	return out
}
