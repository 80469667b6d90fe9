package cards

import (
	"testing"

	"tabula/engine"
	ag "tabula/engine/agricola"
	"tabula/engine/agricola/agricolatest"
)

// FuzzCardGame plays card games — hands dealt (or drafted) at random —
// with random legal and arbitrary actions naming the cards, under the
// base game's checks (agricolatest.Fuzz: refusals change nothing,
// invariants, clones, the game ends).
func FuzzCardGame(f *testing.F) {
	for seed := uint64(0); seed < 4; seed++ {
		f.Add(seed, uint8(seed), seed%2 == 1, []byte{})
	}
	f.Add(uint64(9), uint8(3), true, []byte("cards"))
	ids := []string{"raw:grain", "B104:boar", "B080:3", "M01:sheep", "bogus", ""}
	for _, r := range table {
		ids = append(ids, r.id)
	}
	ids = append(ids, ag.Majors...)
	f.Fuzz(func(t *testing.T, seed uint64, players uint8, draft bool, data []byte) {
		setup := engine.Setup{Players: 1 + int(players)%4}
		if draft {
			setup.Options = map[string]string{ag.OptionDraft: "on"}
		}
		agricolatest.Fuzz(t, setup, seed, data, ids)
	})
}
