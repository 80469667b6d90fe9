package main

import (
	"fmt"
	"testing"
	"time"
)

// The network lobby acts on what it shows now, not on what it showed when
// an element was first drawn (go-app keeps an element's handler while its
// code is unchanged, so a handler must carry what it acts on in its scope
// or read it when it runs):
//   - the player-count radios after another game relabels them (Catan
//     draws 3 and 4; Agricola 1 to 4 in the same places);
//   - a saved game's Open button after the row above it was deleted
//     (network games in the lobby, hot-seat games on the home screen).
func TestBrowserLobbyActsOnWhatItShows(t *testing.T) {
	bctx, stop := p2pBrowser(t)
	defer stop()
	srv := startServer(t)
	defer srv.Close()
	origin := srv.URL
	// The home screen's saved hot-seat games (a page of its own: the
	// game open last comes back on load).
	p := newPage(t, bctx, "hotseat", origin)
	defer p.stop()
	p.nav(origin + "/?speed=instant")
	for range 2 {
		newBurgundy(t, p.ctx, "human", "bot:random", "7")
		p.wait(`document.querySelector("#board .bg-main")`, 10*time.Second)
		p.click("#home")
		p.wait(`document.querySelector("#new-burgundy")`, 5*time.Second)
	}
	ids := deleteFirstRow(p, ".saved-row:not(.net-saved-row)")
	p.click(".saved-row:not(.net-saved-row) .saved-actions .btn.primary") // the row of ids[1]
	p.wait(`document.querySelector("#board .bg-main") || document.querySelector("#notice, .notice.error, p.error")`, 10*time.Second)
	if !exists(t, p.ctx, "#board .bg-main") {
		t.Fatalf("opening the saved game that moved up: %s", p.eval(`document.body.innerText.slice(0, 400)`))
	}

	p = newPage(t, bctx, "host", origin)
	defer p.stop()
	p.openLobby(origin)
	p.wait(`document.querySelector("#net-players-3") && !document.querySelector("#net-players-2")`, 5*time.Second)
	setSelect(t, p.ctx, "#net-game", "agricola")
	p.wait(`document.querySelector("#net-players-1")`, 5*time.Second)
	seats := `document.querySelectorAll("#net-form .seat-row").length`
	for _, n := range []int{1, 2, 4, 3} {
		p.click(fmt.Sprintf("#net-players-%d", n))
		p.wait(fmt.Sprintf(`%s === %d && document.querySelector("#net-players-%d").checked`, seats, n, n), 5*time.Second)
	}

	// Two saved games: delete the first row, then open the row that moved
	// up into its place.
	setSelect(t, p.ctx, "#net-game", "catan")
	for range 2 {
		p.host("me", "friend", "bot:greedy")
		p.wait(`document.querySelector("#invites")`, netWait)
		p.click("#net-home")
		p.click("#net-open")
		p.wait(`document.querySelector("#net-lobby")`, 5*time.Second)
	}
	ids = deleteFirstRow(p, ".net-saved-row")
	p.click(".net-saved-row .saved-actions .btn.primary")
	p.wait(`!document.querySelector("#net-lobby") || document.querySelector("#net-notice")`, netWait)
	if note := p.eval(`document.querySelector("#net-notice") ? document.querySelector("#net-notice").textContent : ""`); note != "" {
		t.Fatalf("opening the saved game that moved up: %s", note)
	}
	if got := p.eval(storedJS("tabula/net/current")); got != ids[1] {
		t.Fatalf("opened game %q, want %s (the row shown)", got, ids[1])
	}

}

// deleteFirstRow deletes the first of two saved games listed in rows
// (confirmed) and waits for the second to move up; it returns both ids.
func deleteFirstRow(p *page, row string) []string {
	p.t.Helper()
	ids := `[...document.querySelectorAll(` + fmt.Sprintf("%q", row) + `)].map(r => r.dataset.id)`
	got := eval[[]string](p.t, p.ctx, ids)
	if len(got) != 2 || got[0] == got[1] {
		p.t.Fatalf("saved rows %v, want two games", got)
	}
	p.eval(`(window.confirm = () => true, "")`)
	p.click(row + " .saved-actions .btn:not(.primary)")
	p.wait(fmt.Sprintf(`%s.join() === %q`, ids, got[1]), 5*time.Second)
	return got
}
