//go:build !js

package main

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// A network Catan game: the host (a person, playing by clicks), a friend
// on autoplay and two hosted greedy bots. "Bots may offer me trades" is
// on the host's form, ticked. The host never answers a hosted bot's
// offer: it lapses by itself after a while (the host's device answers,
// a move of the host's own in the log), and the game goes on. The hosted
// bots' moves are marked on the host's board.
func TestBrowserP2PHostedBotOffers(t *testing.T) {
	origin, _, pages := netPages(t, "host", "guest")
	host, guest := pages[0], pages[1]

	host.openLobby(origin)
	host.wait(`document.querySelector("#net-game")`, 5*time.Second)
	setSelect(t, host.ctx, "#net-game", "catan")
	host.wait(`document.querySelector("#net-bot-offers")`, 5*time.Second)
	if host.eval(`document.querySelector("#net-bot-offers").checked ? "on" : "off"`) != "on" {
		t.Fatal(`"bots may offer me trades" is not ticked on the network form`)
	}
	host.host("me", "friend", "bot:greedy", "bot:greedy")
	reply := guest.joinLink(origin, host.inviteLink(1))
	host.paste(1, reply)
	for _, p := range []*page{host, guest} {
		p.wait(`document.getElementById("net").dataset.view === "table" && document.querySelector("#board svg")`, netWait)
	}
	guest.autoplay()

	// act clicks sel on the host's page and waits for the log to grow.
	act := func(sel string) {
		t.Helper()
		before := host.entries()
		host.click(sel)
		host.wait(fmt.Sprintf(`+document.getElementById("net").dataset.entries !== %d || document.querySelector("#error")`, before), netWait)
		if host.eval(`document.querySelector("#error") ? document.querySelector("#error").textContent : ""`) != "" {
			t.Fatalf("clicking %s: %s", sel, host.eval(`document.querySelector("#error").textContent`))
		}
	}
	exists := func(sel string) bool {
		return host.eval(fmt.Sprintf(`document.querySelector(%q) ? "y" : ""`, sel)) == "y"
	}
	enabled := func(sel string) bool {
		return host.eval(fmt.Sprintf(`(() => { const e = document.querySelector(%q); return e && !e.disabled && !e.classList.contains("off") ? "y" : ""; })()`, sel)) == "y"
	}
	// The page notes any bot's mark on its board as it comes: a mark lasts
	// two seconds, which the steps below may spend waiting elsewhere.
	host.eval(`(new MutationObserver(() => { if (document.querySelector("#board [data-botmove]")) document.body.dataset.marked = "1"; })
		.observe(document.body, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-botmove"]}), "")`)
	lapsed, rolls, marked := 0, 0, false
	var waits []string
	// Up to the first lapse (each takes 8 s) and a bot's move marked, or
	// 12 of the host's turns.
	for step := 0; step < 2000 && (lapsed < 1 || !marked) && rolls < 12; step++ {
		if exists("#board [data-botmove]") || host.eval(`document.body.dataset.marked || ""`) != "" {
			marked = true
		}
		switch {
		// Whose offer it is: the panel names its maker (the players' list
		// marks every seat awaited, the bots answering the friend's too).
		case exists("#answer-panel") && !exists("#answer-panel[data-from='2'], #answer-panel[data-from='3']"):
			act("#reject") // the friend's offer: a person's offer waits for the answer
		case exists("#answer-panel"):
			before := host.entries()
			if !exists("#answer-panel[data-from='2'], #answer-panel[data-from='3']") {
				// The bot's offer went between the two looks (it lapsed and
				// the friend's came): the next step answers the friend. Read
				// after before, so a later change shows in the log's length.
				continue
			}
			t0 := time.Now()
			host.wait(fmt.Sprintf(`+document.getElementById("net").dataset.entries !== %d`, before), 30*time.Second)
			if d := time.Since(t0); d < 5*time.Second {
				t.Fatalf("the offer went away after %v, before it could be read", d)
			} else {
				waits = append(waits, d.Round(100*time.Millisecond).String())
			}
			lapsed++
		case exists("#board .spot-vertex"):
			act("#board .spot-vertex")
		case exists("#board .spot-edge"):
			act("#board .spot-edge")
		case exists("#discard-panel"):
			for i := 0; i < 20 && !enabled("#discard"); i++ {
				sel := host.eval(`(() => { const b = [...document.querySelectorAll("#discard-panel [id^=discard-plus-]")].find(x => !x.disabled); return b ? "#" + b.id : ""; })()`)
				if sel == "" {
					break
				}
				host.click(sel)
				time.Sleep(30 * time.Millisecond)
			}
			act("#discard")
		case exists("#board .spot-hex"):
			act("#board .spot-hex")
		case exists("#rob-panel button"):
			act("#rob-panel button")
		case enabled("#roll"):
			act("#roll")
			rolls++
		case enabled("#end-turn"):
			act("#end-turn")
		default:
			if host.net("over") == "true" {
				t.Fatal("the game ended in the first rounds")
			}
			time.Sleep(25 * time.Millisecond)
		}
	}
	if lapsed == 0 {
		t.Fatalf("no hosted bot offered to the host in %d of the host's turns", rolls)
	}
	if !marked && host.eval(`document.body.dataset.marked || ""`) != "" {
		marked = true
	}
	if !marked {
		t.Fatal("the hosted bots' moves were never marked on the host's board")
	}
	noNotes(t, "", host, guest)
	fmt.Fprintf(os.Stderr, "network: %d hosted bot offers lapsed unanswered on the host's screen after %s, in %d of the host's turns\n", lapsed, strings.Join(waits, ", "), rolls)
}
