package catan_test

import (
	"runtime"
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/catan/catantest"
)

// Whole sealed games of random moves: every device plays its seat on what
// it may know and agrees with the referee at every step, to the end; the
// games hide draws and show cards of every kind, steal in secret, and open
// stolen cards both ways (shown by the thief, opened by a public request).
//
// In wasm (Node, ~20× slower) one game of the eight keeps the sealed path
// checked step by step, steals included; that the games show every kind
// of card is counted natively.
func TestSealedWholeGames(t *testing.T) {
	hidden, shown := 0, 0
	var kinds [catan.NumDevCards]int // cards shown, by kind
	var steals, opened, stolenShown int
	wasm := runtime.GOOS == "js"
	maxPlayers, seeds := 4, uint64(4)
	if wasm {
		maxPlayers, seeds = 3, 1 // 3p seed 1: 1346 entries
	}
	for players := 3; players <= maxPlayers; players++ {
		for seed := uint64(1); seed <= seeds; seed++ {
			setup := engine.Setup{Players: players, Options: map[string]string{catan.OptBoard: catan.BoardRandom, engine.Secrets: "1"}}
			tb := catantest.PlaySealed(t, catan.Game{}, setup, seed)
			catantest.Shows(tb, func(deck string, n int) {
				if deck == engine.SecretDeck {
					stolenShown++
				} else {
					kinds[devKind(n)]++
				}
			})
			s, o := catantest.SecretSteals(t, tb)
			steals, opened = steals+s, opened+o
			hidden += tb.Hidden
			shown += tb.Shown
		}
	}
	t.Logf("shown by kind %v; %d secret steals, %d opened by request, %d shown", kinds, steals, opened, stolenShown)
	for d, n := range kinds {
		if n == 0 && !wasm { // one game does not show every kind
			t.Errorf("no %v card was shown in these games", catan.DevCard(d))
		}
	}
	if hidden == 0 || shown == 0 {
		t.Fatalf("hidden %d, shown %d: the games hid or showed nothing", hidden, shown)
	}
	if steals == 0 || opened == 0 || stolenShown == 0 {
		t.Fatalf("%d secret steals, %d opened by request, %d shown: a path is untried", steals, opened, stolenShown)
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
