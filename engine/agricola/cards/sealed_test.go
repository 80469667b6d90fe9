package cards_test

import (
	"testing"

	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/sealedtest"
)

func sealedTable(t *testing.T, players int, seed uint64) *sealedtest.Table {
	t.Helper()
	tb, err := sealedtest.New(agricola.Game{}, engine.Setup{Game: agricola.ID, Players: players}, seed)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// Whole sealed card games, 1 to 4 players: every device plays its seat on
// what it may know and agrees with the referee at every step (agreed
// hash, status, its own view, its own legal moves).
func TestSealedWholeGames(t *testing.T) {
	for players := 1; players <= 4; players++ {
		hidden, shown := 0, 0
		for seed := uint64(1); seed <= 3; seed++ {
			tb := sealedTable(t, players, seed)
			if err := tb.Play(20000, nil); err != nil {
				t.Fatalf("%dp seed %d: %v", players, seed, err)
			}
			if !tb.Referee.State.Status().Over {
				t.Fatalf("%dp seed %d: not over", players, seed)
			}
			hidden += tb.Hidden
			shown += tb.Shown
		}
		t.Logf("%d players: %d hidden outcomes, %d cards shown", players, hidden, shown)
		if players == 1 && hidden != 0 {
			t.Fatalf("solo: %d outcomes hidden from the only seat", hidden)
		}
		if players > 1 && (hidden == 0 || shown == 0) {
			t.Fatalf("%dp: hidden %d, shown %d", players, hidden, shown)
		}
	}
}
