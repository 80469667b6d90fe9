package p2p

import (
	"fmt"
	"runtime"
	"testing"

	"tabula/engine"
	"tabula/engine/sealedtest"
)

// No game opens a fresh card to two or more seats but not every one (a
// hidden draw whose Audience holds several seats and whose Cards were not
// drawn before: deck.OpenAmong of a fresh card). Network play schedules
// no answer for such a card's sealed shares (only a look's are answered,
// dealt.fits), so a wrong sealed share there would stall its deck
// (docs/p2p.md, "Not done yet"). Every registered game that declares
// sealed decks is played here, engine only (sealedtest: a referee and one
// device per seat), at 3 seats with its network setup (SealedSetup),
// by random moves to its end or 2,500 entries; every hidden
// request with several seats in its audience opens only cards drawn
// before (the Spy's look, seen here), and every fresh draw opens to one
// seat.
func TestNoGameOpensAFreshCardAmongSeats(t *testing.T) {
	if runtime.GOOS == "js" {
		// What the games' rules request is the same on every platform;
		// wasm in Node would spend 45 s on it.
		t.Skip("a property of the rules: checked natively")
	}
	games, looks := 0, 0
	for _, id := range engine.Games() {
		g, _ := engine.Lookup(id)
		sg, ok := g.(engine.SealedGame)
		if !ok {
			continue
		}
		for _, players := range []int{3} {
			setup := SealedSetup(g, engine.Setup{Game: id, Players: players, Options: map[string]string{engine.Sealed: "1"}})
			if players < g.MinPlayers() || players > g.MaxPlayers() || len(sg.Decks(setup)) == 0 {
				continue
			}
			t.Run(fmt.Sprint(id, " ", players), func(t *testing.T) {
				games++
				tb, err := sealedtest.New(g, setup, uint64(players))
				if err != nil {
					t.Fatal(err)
				}
				drawn := map[string]map[int]bool{}
				fresh, among := 0, 0
				for k := 0; k < 2500; k++ {
					if req := tb.Referee.State.Status().Chance; req != nil && req.Hidden() && req.Deck != "" {
						if drawn[req.Deck] == nil {
							drawn[req.Deck] = map[int]bool{}
						}
						for _, pos := range req.Cards {
							if !drawn[req.Deck][pos] && len(req.Audience) != 1 {
								t.Fatalf("entry %d: %s opens fresh card %d of deck %q to seats %v", len(tb.Referee.Entries), req.Kind, pos, req.Deck, req.Audience)
							}
							if drawn[req.Deck][pos] {
								among++
							} else {
								fresh++
							}
							drawn[req.Deck][pos] = true
						}
					}
					more, err := tb.Step(sealedtest.Random)
					if err != nil {
						t.Fatal(err)
					}
					if !more {
						break
					}
				}
				if fresh == 0 {
					t.Fatal("no card drawn: nothing checked")
				}
				looks += among
				t.Logf("%d entries: %d fresh cards drawn to one seat, %d looked at", len(tb.Referee.Entries), fresh, among)
			})
		}
	}
	if games < 4 || looks == 0 {
		t.Fatalf("%d sealed games checked, %d cards looked at (the Spy's: a request for two seats)", games, looks)
	}
}
