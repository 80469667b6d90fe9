package agricola_test

import (
	"testing"

	"tabula/engine"
	ag "tabula/engine/agricola"
	"tabula/engine/agricola/agricolatest"
)

// FuzzRandomActions plays family games with random legal and arbitrary
// actions and random chance outcomes (agricolatest.Fuzz).
func FuzzRandomActions(f *testing.F) {
	for seed := uint64(0); seed < 4; seed++ {
		f.Add(seed, uint8(seed), []byte{})
	}
	f.Add(uint64(42), uint8(3), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 250, 251, 252, 253})
	f.Add(uint64(7), uint8(1), []byte("agricola"))
	ids := append([]string{"raw:grain", "raw:vegetable", ag.Fireplace1 + ":sheep", ag.Joinery + ":wood", "bogus", ""}, ag.Majors...)
	f.Fuzz(func(t *testing.T, seed uint64, players uint8, data []byte) {
		setup := engine.Setup{Players: 1 + int(players)%4, Options: map[string]string{ag.OptionCards: ag.CardsNone}}
		agricolatest.Fuzz(t, setup, seed, data, ids)
	})
}
