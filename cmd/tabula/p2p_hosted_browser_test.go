//go:build !js

package main

import (
	"strings"
	"testing"
	"time"
)

// A host chooses a think time of 10 minutes and a search bot (easy) for
// seat 3 on the network new-game screen. The bot is hosted: no invite is
// made for it, and on the guest's screen it is "bot · search bot, easy"
// (not a friend, relayed or away); the guest's table shows the think time
// signed into the genesis. Both pages play on by autoplay: the bot's
// moves, searched on every device off the peer's lock, keep the two
// pages on one log.
func TestBrowserP2PHostedBotAndThinkTime(t *testing.T) {
	origin, dir, pages := netPages(t, "host", "guest")
	host, guest := pages[0], pages[1]

	host.openLobby(origin)
	host.wait(`document.querySelector("#net-think")`, 5*time.Second)
	if got := host.eval(`[...document.querySelectorAll("#net-think option")].map(o => o.value).join(",")`); got != "2m,5m,10m,30m,none" {
		t.Errorf("think time choices %q", got)
	}
	if got := host.eval(`document.querySelector("#net-think").value`); got != "5m" {
		t.Errorf("default think time %q, want 5m", got)
	}
	setSelect(t, host.ctx, "#net-think", "10m")
	host.shot(dir, "p2p-hosted-01-lobby")
	host.host("me", "friend", "bot:mcts-easy")
	host.wait(`document.querySelector("#seat-2[data-hosted=true]")`, 5*time.Second)
	if host.eval(`document.querySelector("#invite-2") ? "invite" : ""`) != "" {
		t.Error("an invite was made for the hosted bot seat")
	}
	link := host.inviteLink(1)
	reply := guest.joinLink(origin, link)
	host.paste(1, reply)
	for _, p := range []*page{host, guest} {
		p.wait(`document.getElementById("net").dataset.view === "table" && document.querySelector("#net-panel tr[data-seat='2']")`, netWait)
	}
	think := guest.eval(`document.querySelector("#net-think-shown").textContent`)
	if !strings.Contains(think, "10 min") {
		t.Errorf("the guest's table shows the think time as %q", think)
	}
	row := guest.eval(`document.querySelector("#net-panel tr[data-seat='2']").textContent`)
	if !strings.Contains(row, "bot") || !strings.Contains(row, "search bot, easy") || strings.Contains(row, "friend") || strings.Contains(row, "away") || strings.Contains(row, "relayed") {
		t.Errorf("the guest's row for the hosted seat: %q", row)
	}
	guest.shot(dir, "p2p-hosted-02-guest-table")
	host.autoplay()
	guest.autoplay()
	guest.wait(`+document.getElementById("net").dataset.entries > 60`, 2*netWait)
	for _, p := range []*page{host, guest} {
		p.wait(`+document.getElementById("net").dataset.entries > 60`, netWait)
	}
	noNotes(t, "", host, guest)
	row = guest.eval(`document.querySelector("#net-panel tr[data-seat='2']").textContent`)
	if strings.Contains(row, "away") || strings.Contains(row, "not acting") {
		t.Errorf("the hosted seat is shown as %q mid-game", row)
	}
	guest.shot(dir, "p2p-hosted-03-guest-playing")
}
