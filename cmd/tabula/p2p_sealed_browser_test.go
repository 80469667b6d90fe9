//go:build !js

package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"tabula/app/i18n"
	"tabula/app/netplay"
	"tabula/app/store"
	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/p2p"
)

// netStoredJS is a JS promise of every network-game key and value the page
// stored in its database (JSON: [[key, value], …]).
const netStoredJS = `new Promise((ok, no) => {
	const ks = kv.getAllKeys(), vs = kv.getAll();
	vs.onsuccess = () => ok(JSON.stringify(ks.result.map((k, i) => [k, vs.result[i]]).filter(e => e[0].startsWith("tabula/net/"))));
	vs.onerror = () => no(vs.error);
})`

// storedPeer reads what page p stored of its network game and restores
// its seat's snapshot as a reload would: the seat's peer, and how many
// bytes the page stored.
func storedPeer(t testing.TB, p *page, seat int) (*p2p.Peer, int) {
	t.Helper()
	var kvs [][2]string
	if err := json.Unmarshal([]byte(p.eval(idbJS(netStoredJS))), &kvs); err != nil {
		t.Fatalf("%s: stored data: %v", p.name, err)
	}
	mem, n := store.NewMem(), 0
	for _, e := range kvs {
		if err := mem.Write(store.Set(e[0], e[1])); err != nil {
			t.Fatal(err)
		}
		n += len(e[1])
	}
	saved := netplay.Saved{KV: mem}
	id, ok := saved.Current()
	if !ok {
		t.Fatalf("%s stored no current network game", p.name)
	}
	snap, err := saved.Seat(id, seat)
	if err != nil {
		t.Fatalf("%s: %v", p.name, err)
	}
	peer, err := p2p.Restore(p2p.Config{}, snap)
	if err != nil {
		t.Fatalf("%s: the stored seat does not restore: %v", p.name, err)
	}
	return peer, n
}

// storedSeat is storedPeer's game state as the page knows it, which must
// be a sealed Catan game.
func storedSeat(t *testing.T, p *page, seat int) (*catan.State, int) {
	t.Helper()
	peer, n := storedPeer(t, p, seat)
	st, ok := peer.Match().State.(*catan.State)
	if !ok || !peer.Match().Setup.IsSealed() || st.Sealed == nil {
		t.Fatalf("%s: the stored game is not a sealed Catan game (%v)", p.name, peer.Match().Setup.Options)
	}
	return st, n
}

// heldUnshown lists seat's development cards in hand and not shown to
// every seat, as st knows them: deck position → number (engine.Unknown
// when st may not know it).
func heldUnshown(st *catan.State, seat int) map[int]int {
	out := map[int]int{}
	for _, c := range st.Sealed.Cards {
		if c.Seat == seat && !c.Shown {
			out[c.Pos] = c.Num
		}
	}
	return out
}

// A network Catan game between two pages (and a hosted bot) is sealed
// without anyone asking. Once the host holds development cards, its
// autoplay is stopped so the game rests on its turn; then the host's
// screen shows its cards by name, its own storage knows each one, and the
// guest's storage (its whole database, restored as a reload would) holds
// each of them only as a card without a number: none of the host's hidden
// cards is in what the guest received and kept. The game then plays to
// its end on one agreed hash. The same game checks the network table's
// statistics on the guest's page, before the first move (netStatsInPlay)
// and from the end screen (netStatsAtEnd).
func TestBrowserP2PSealedCardsStayHidden(t *testing.T) {
	origin, dir, pages := netPages(t, "host", "guest")
	host, guest := pages[0], pages[1]
	host.openLobby(origin)
	host.host("me", "friend", "bot:greedy")
	reply := guest.joinLink(origin, host.inviteLink(1))
	host.paste(1, reply)
	for _, p := range pages {
		p.wait(`document.getElementById("net").dataset.view === "table"`, netWait)
	}
	netStatsInPlay(t, guest, dir)
	host.autoplay()
	guest.autoplay()
	checked := false
	for try := 0; try < 6 && !checked; try++ {
		host.wait(`document.querySelector(".devs .card.dev") || document.getElementById("net").dataset.over === "true"`, 3*netWait)
		if host.net("over") == "true" {
			break
		}
		host.click("#autoplay") // off: the game comes to rest on the host's turn
		rest(t, host, guest)
		names := host.eval(`[...document.querySelectorAll(".devs .card.dev .cname")].map(e => e.textContent).join("|")`)
		mine, _ := storedSeat(t, host, 0)
		theirs, bytes := storedSeat(t, guest, 1)
		held := heldUnshown(mine, 0)
		if len(held) > 0 && names != "" {
			for d := catan.DevCard(0); d < catan.NumDevKinds; d++ {
				if mine.Dev[0][d] > 0 && !strings.Contains(names, i18n.T("dev."+d.String())) {
					t.Errorf("the host holds %s but its screen shows %q", d, names)
				}
				if theirs.Dev[0][d] != 0 {
					t.Errorf("the guest's storage knows %d of the host's %s", theirs.Dev[0][d], d)
				}
			}
			other := heldUnshown(theirs, 0)
			for pos, num := range held {
				if num == engine.Unknown {
					t.Errorf("the host's own storage does not know its card at %d", pos)
				}
				if got, ok := other[pos]; !ok || got != engine.Unknown {
					t.Errorf("the guest's storage holds the host's card at %d as %d (present %v)", pos, got, ok)
				}
			}
			guest.shot(dir, "p2p-sealed-01-guest")
			host.shot(dir, "p2p-sealed-02-host-cards")
			fmt.Printf("sealed browser game at entry %d: the host holds %v (%s); the guest's %d stored bytes know none\n", host.entries(), held, names, bytes)
			checked = true
		}
		host.autoplay() // on again
	}
	if !checked {
		t.Fatal("the host never held a development card at rest")
	}
	for _, p := range []*page{host, guest} {
		p.waitOver(2 * netWait)
	}
	sameHash(t, host, guest)
	noNotes(t, "", host, guest)
	netStatsAtEnd(t, guest, dir)
}

// rest waits until both pages hold the same entry count for a second.
func rest(t *testing.T, pages ...*page) {
	t.Helper()
	last, since, start := -1, time.Now(), time.Now()
	for time.Since(since) < time.Second {
		if time.Since(start) > netWait {
			t.Fatalf("the game did not come to rest in %v", netWait)
		}
		n := pages[0].entries()
		for _, p := range pages[1:] {
			if p.entries() != n {
				n = -2
			}
		}
		if n != last {
			last, since = n, time.Now()
		}
		time.Sleep(50 * time.Millisecond)
	}
}
