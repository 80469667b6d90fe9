package citiesknights

import (
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/sealedtest"
)

// Whole sealed games of random moves: every device plays its seat on what
// it may know and agrees with the referee at every step, to the end; the
// games hide draws and show cards of every deck.
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
			tb, err := sealedtest.New(Game, engine.Setup{Game: ID, Players: players}, seed)
			if err != nil {
				t.Fatal(err)
			}
			if err := tb.Play(60000, nil); err != nil {
				t.Fatalf("%dp seed %d: %v", players, seed, err)
			}
			if !tb.Referee.State.Status().Over {
				t.Fatalf("%dp seed %d: not over after %d entries", players, seed, len(tb.Referee.Entries))
			}
			for i, m := range append([]*engine.Match{tb.Referee}, tb.Devices...) {
				if err := m.State.(*catan.State).CheckInvariants(); err != nil {
					t.Fatalf("%dp seed %d, state %d at the end: %v", players, seed, i, err)
				}
				engine.Hash(m.State) // it encodes (a device's unknown cards too)
			}
			for _, e := range tb.Referee.Entries {
				if e.IsShow() {
					tr, _ := ParseTrack(e.Show.Deck)
					decks[tr] += len(e.Show.Values)
					for _, n := range e.Show.Values {
						if c, _ := kindOf(tr, n); Cards[c].Timing == AtOnce {
							vp++
						}
					}
				}
			}
			t.Logf("%dp seed %d: %d entries, hidden %d, shown %d", players, seed, len(tb.Referee.Entries), tb.Hidden, tb.Shown)
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
