package agricola_test

import (
	"testing"

	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/enginetest"
)

// Saves written before the card game (rules agricola/1, cmd/sim -save of
// that build; their setups name no cards option) load as the family game:
// every entry applies and matches its recorded hash. A game saved half-way
// goes on from where it stood.
func TestFamilySavesOfAgricola1Load(t *testing.T) {
	for _, f := range enginetest.FinishedSaves(t, "testdata/agricola-*.json", "agricola/1", 50) {
		name, data, m := f.Name, f.Data, f.Match
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
		m, _, err := engine.Load(half.Encode())
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
