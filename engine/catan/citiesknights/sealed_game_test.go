package citiesknights

import (
	"runtime"
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
	if runtime.GOOS == "js" {
		// Under wasm one sealed game suffices to show the platform plays
		// them alike: TestSealedWholeGamesWithLooks's, with secrets and
		// looks too (Node is ~20× slower).
		t.Skip("natively only; wasm plays TestSealedWholeGamesWithLooks")
	}
	seeds := uint64(2)
	if testing.Short() { // TestSealedWholeGamesWithSecrets plays more
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

// Whole sealed games with secrets: the robber's and the Bishop's steals
// are secrets held unknown exactly by the devices outside thief and
// victim, opened by public requests when a rule must know them; every
// device agrees with the referee at every step, to the end.
func TestSealedWholeGamesWithSecrets(t *testing.T) {
	games := []struct {
		players int
		seed    uint64
	}{{3, 5}, {4, 3}}
	if runtime.GOOS == "js" {
		t.Skip("natively only; wasm plays TestSealedWholeGamesWithLooks, with secrets")
	}
	if testing.Short() { // each step checks every device
		games = games[:1]
	}
	steals, opened := 0, 0
	for _, g := range games {
		tb := catantest.PlaySealed(t, Game, engine.Setup{Players: g.players, Options: map[string]string{engine.Secrets: "1"}}, g.seed)
		st, op := catantest.SecretSteals(t, tb)
		steals, opened = steals+st, opened+op
	}
	t.Logf("%d secret steals, %d opened by request", steals, opened)
	if steals == 0 || opened == 0 {
		t.Fatalf("%d secret steals, %d opened by request", steals, opened)
	}
}
