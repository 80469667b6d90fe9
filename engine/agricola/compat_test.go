package agricola_test

import (
	"os"
	"path/filepath"
	"testing"

	"tabula/engine"
	"tabula/engine/agricola"
)

// Saves written before the card game (rules agricola/1, cmd/sim -save of
// that build; their setups name no cards option) load as the family game:
// every entry applies and matches its recorded hash. A game saved half-way
// goes on from where it stood.
func TestFamilySavesOfAgricola1Load(t *testing.T) {
	files, _ := filepath.Glob("testdata/agricola-*.json")
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
		if save.Rules != "agricola/1" || !m.State.Status().Over || engine.HashHex(m.State) != save.Hash {
			t.Fatalf("%s: rules %s, over %v", name, save.Rules, m.State.Status().Over)
		}
		if got := m.Setup.Option(agricola.OptionCards, ""); got != agricola.CardsNone {
			t.Fatalf("%s: read as cards %q, want the family game", name, got)
		}

		// Half-way: the save a player left on the device.
		half, _ := engine.DecodeSave(data)
		k := len(half.Entries) / 2
		for half.Entries[k].IsChance() {
			k++ // cut where a player is to decide
		}
		half.Entries = half.Entries[:k]
		half.Hash = half.Entries[len(half.Entries)-1].Post
		m, _, err = engine.Load(half.Encode())
		if err != nil {
			t.Fatalf("%s half-way: %v", name, err)
		}
		st := m.State.Status()
		if st.Over || len(st.Deciders) == 0 {
			t.Fatalf("%s half-way: status %+v", name, st)
		}
		if err := m.Do(st.Deciders[0], m.State.Legal(st.Deciders[0])[0]); err != nil {
			t.Fatalf("%s half-way: the game does not go on: %v", name, err)
		}
	}
	// The version that played only the family game; no other is read.
	if !engine.ReadsRules(agricola.Game{}, "agricola/1") || engine.ReadsRules(agricola.Game{}, "agricola/0") {
		t.Fatal("rules versions read")
	}
}
