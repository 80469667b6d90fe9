package catan_test

import (
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/sealedtest"
)

// sealedTable sets up a sealed Catan table of players seats.
func sealedTable(t *testing.T, g engine.Game, players int, seed uint64, opts map[string]string) *sealedtest.Table {
	t.Helper()
	tb, err := sealedtest.New(g, engine.Setup{Game: g.ID(), Players: players, Options: opts}, seed)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// Whole sealed games of random moves: every device plays its seat on what
// it may know and agrees with the referee at every step, to the end; the
// games hide draws and show cards.
func TestSealedWholeGames(t *testing.T) {
	hidden, shown := 0, 0
	var kinds [catan.NumDevCards]int // cards shown, by kind
	for players := 3; players <= 4; players++ {
		for seed := uint64(1); seed <= 4; seed++ {
			tb := sealedTable(t, catan.Game{}, players, seed, map[string]string{catan.OptBoard: catan.BoardRandom})
			if err := tb.Play(40000, nil); err != nil {
				t.Fatalf("%dp seed %d: %v", players, seed, err)
			}
			if !tb.Referee.State.Status().Over {
				t.Fatalf("%dp seed %d: not over after %d entries", players, seed, len(tb.Referee.Entries))
			}
			t.Logf("%dp seed %d: %d entries, hidden %d, shown %d", players, seed, len(tb.Referee.Entries), tb.Hidden, tb.Shown)
			for i, m := range append([]*engine.Match{tb.Referee}, tb.Devices...) {
				if err := m.State.(*catan.State).CheckInvariants(); err != nil {
					t.Fatalf("%dp seed %d, state %d at the end: %v", players, seed, i, err)
				}
			}
			for _, e := range tb.Referee.Entries {
				if e.IsShow() {
					for _, n := range e.Show.Values {
						kinds[devKind(n)]++
					}
				}
			}
			hidden += tb.Hidden
			shown += tb.Shown
		}
	}
	t.Logf("shown by kind %v", kinds)
	for d, n := range kinds {
		if n == 0 {
			t.Errorf("no %v card was shown in these games", catan.DevCard(d))
		}
	}
	if hidden == 0 || shown == 0 {
		t.Fatalf("hidden %d, shown %d: the games hid or showed nothing", hidden, shown)
	}
}

// devKind is the kind of base deck card n (numbered in kind order).
func devKind(n int) catan.DevCard {
	for d, c := range catan.FullDeck {
		if n < int(c) {
			return catan.DevCard(d)
		}
		n -= int(c)
	}
	return -1
}
