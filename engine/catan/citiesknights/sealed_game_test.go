package citiesknights

import (
	"testing"

	"tabula/engine"
	"tabula/engine/catan/catantest"
)

// Whole sealed games of random moves: every device plays its seat on what
// it may know and agrees with the referee at every step, to the end; the
// games hide draws and show cards of every deck, victory points included.
func TestSealedWholeGames(t *testing.T) {
	hidden, shown := 0, 0
	var decks [NumTracks]int // cards shown, by deck
	vp := 0                  // victory-point cards shown
	seeds := uint64(2)
	if testing.Short() {
		seeds = 1
	}
	for players := 3; players <= 4; players++ {
		for seed := uint64(1); seed <= seeds; seed++ {
			tb := catantest.PlaySealed(t, Game, engine.Setup{Players: players}, seed)
			catantest.Shows(tb, func(deck string, n int) {
				tr, _ := ParseTrack(deck)
				decks[tr]++
				if c, _ := kindOf(tr, n); Cards[c].Timing == AtOnce {
					vp++
				}
			})
			hidden += tb.Hidden
			shown += tb.Shown
		}
	}
	t.Logf("shown by deck %v, victory points %d", decks, vp)
	for tr, n := range decks {
		if n == 0 {
			t.Errorf("no %v card was shown", Track(tr))
		}
	}
	if hidden == 0 || shown == 0 || vp == 0 {
		t.Fatalf("hidden %d, shown %d, victory points shown %d", hidden, shown, vp)
	}
}
