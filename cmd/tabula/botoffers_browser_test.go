//go:build !js

package main

import (
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserBotOffers: a person plays Catan against three greedy bots
// with "bots may offer me trades" left on (the default on the new-game
// screen). The person never answers a bot's offer: each lapses by itself
// and the game goes on. No bot offers twice in a turn, and while the
// person is to act the bots' moves since they last acted are on show.
// The bots' offers per round are reported.
func TestBrowserBotOffers(t *testing.T) {
	// Each offer waits its lapse: more than the usual browser timeout.
	ctx, stop := chromium(t, 480*time.Second)
	t.Cleanup(stop)
	srv := startServer(t)
	t.Cleanup(srv.Close)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?speed=instant")); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, clientStarted, 20*time.Second)
	click(t, ctx, "#new-catan")
	waitJS(t, ctx, `document.querySelector("#new-form")`, 5*time.Second)
	if !eval[bool](t, ctx, `!!document.querySelector("#bot-offers") && document.querySelector("#bot-offers").checked`) {
		t.Fatal(`"bots may offer me trades" is not on the new-game screen, ticked`)
	}
	click(t, ctx, "#players-4")
	waitJS(t, ctx, `document.querySelector("#kind-3")`, 3*time.Second)
	for i := 1; i < 4; i++ {
		setSelect(t, ctx, "#kind-"+strconv.Itoa(i), "bot:greedy")
	}
	setInput(t, ctx, "#seed", "21")
	click(t, ctx, "#new-start")
	waitJS(t, ctx, `document.querySelector("#board svg")`, 10*time.Second)

	rounds, offers, lapsed, shown := 0, 0, 0, false
	offerTurn := map[string]int{} // the log length at the person's last roll → offers since
	lastRoll := "0"
	// Three rounds and two offers at least (each waits its lapse, 8 s:
	// six rounds took a minute and more); the rule of one offer a turn
	// over whole games is app/catanui's TestBotsOfferPeopleLittle.
	for step := 0; step < 600 && (rounds < 3 || lapsed < 2); step++ {
		waitIdle(t, ctx)
		switch {
		case exists(t, ctx, "#answer-panel"):
			// A bot's offer: leave it. It must lapse without a click.
			offers++
			offerTurn[lastRoll]++
			before := attr(t, ctx, "entries")
			t0 := time.Now()
			waitJS(t, ctx, fmt.Sprintf(`document.getElementById("tabula").dataset.entries !== %q`, before), 20*time.Second)
			if waited := time.Since(t0); waited < 5*time.Second {
				t.Fatalf("the offer went away after %v, before it could be read", waited)
			}
			lapsed++
		case exists(t, ctx, ".spot-vertex"):
			act(t, ctx, ".spot-vertex")
		case exists(t, ctx, ".spot-edge"):
			act(t, ctx, ".spot-edge")
		case exists(t, ctx, "#discard-panel"):
			discard(t, ctx)
		case exists(t, ctx, ".spot-hex"):
			act(t, ctx, ".spot-hex")
		case exists(t, ctx, "#rob-panel"):
			act(t, ctx, "#rob-panel button")
		case enabled(t, ctx, "#roll"):
			if exists(t, ctx, "#bot-moves li") {
				shown = true
			}
			lastRoll = attr(t, ctx, "entries")
			act(t, ctx, "#roll")
			rounds++
		case enabled(t, ctx, "#end-turn"):
			act(t, ctx, "#end-turn")
		default:
			if attr(t, ctx, "over") == "true" {
				t.Fatal("the game ended in the first rounds")
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	if rounds < 3 || lapsed < 2 {
		t.Fatalf("only %d rounds played, %d offers lapsed", rounds, lapsed)
	}
	for at, n := range offerTurn {
		if n > 3 {
			t.Fatalf("%d bot offers in the round after the person's roll at entry %s: more than one per bot turn", n, at)
		}
	}
	if !shown {
		t.Fatal("the bots' moves were never on show when the person was to roll")
	}
	if lapsed != offers {
		t.Fatalf("%d offers, %d lapsed", offers, lapsed)
	}
	fmt.Fprintf(os.Stderr, "bot offers to the person in the browser (Catan, 3 greedy bots): %d in %d rounds (%.2f a round), all lapsed unanswered\n",
		offers, rounds, float64(offers)/float64(rounds))
}
