//go:build !js

package netplay

import (
	"testing"
	"time"

	"tabula/app/relay/relaytest"
	"tabula/engine"
	"tabula/engine/enginetest"
	"tabula/engine/p2p"
)

// drawTwice plays Race so that a short game deals, draws and shows: it
// plays a card it holds, draws while it has drawn fewer than two, and
// rolls otherwise (discarding its first card when a 1 asks for one).
type drawTwice struct{ drawn int }

func (b *drawTwice) Choose(s engine.State, seat engine.Seat) engine.Action {
	legal := s.Legal(seat)
	pick := func(kind string) engine.Action {
		for _, a := range legal {
			if a.Kind() == kind {
				return a
			}
		}
		return nil
	}
	if a := pick("discard"); a != nil {
		return a
	}
	if a := pick("play"); a != nil {
		return a
	}
	if a := pick("draw"); a != nil && b.drawn < 2 {
		b.drawn++
		return a
	}
	if a := pick("roll"); a != nil {
		return a
	}
	if len(legal) > 0 {
		return legal[0]
	}
	return nil
}

// A sealed game on a turn-based table, its devices never online together:
// sealed Race among three devices, each opening the game in turn, writing
// the deck entries due from its party by itself (keys, escrow, its
// shuffle, its shares of the others' draws), drawing, showing the cards it
// plays, and after the end revealing its keys for the audit. Every device
// ends on the same log, the audit names no cheat, and at every entry each
// device knew exactly what its seat may see (p2p.CheckSealed).
func TestTurnBasedSealedOneDeviceAtATime(t *testing.T) {
	broker := relaytest.Start(t)
	const players = 3
	ts := newTurnTable(t, engine.Setup{Game: enginetest.ID, Players: players, Options: map[string]string{engine.Sealed: "1"}}, []string{broker.URL})
	for s := range ts.bots {
		ts.bots[s] = &drawTwice{}
	}
	restore := func(s int) *p2p.Peer {
		t.Helper()
		ts.mu.Lock()
		snap := ts.snaps[s]
		ts.mu.Unlock()
		p, err := p2p.Restore(ts.cfg, snap)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	audited := func() bool {
		for s := range players {
			if _, ok := restore(s).Audited(); !ok {
				return false
			}
		}
		return true
	}
	start := time.Now()
	visits := 0
	for ; !audited(); visits++ {
		if time.Since(start) > 6*time.Minute {
			p := restore(visits % players)
			seq, _ := p.Head()
			t.Fatalf("no audit after %d visits, %v: seat %d at entry %d waits on %v", visits, time.Since(start), visits%players, seq, p.Waiting())
		}
		ts.visit(visits%players, 20*time.Second)
	}
	peers := make([]*p2p.Peer, players)
	for s := range players {
		peers[s] = restore(s)
		if c := peers[s].Cheats(); len(c) != 0 {
			t.Fatalf("seat %d names cheats: %v", s, c)
		}
	}
	last := peers[0]
	kinds, draws := map[p2p.Kind]int{}, 0
	for _, e := range last.Entries() {
		kinds[e.Kind]++
		if e.AnswersDraw() {
			draws++
		}
	}
	for s, p := range peers[1:] {
		if n, h := p.Head(); n != uint64(len(last.Entries())) || h != last.Entries()[n-1].Hash() {
			t.Fatalf("seat %d holds %d entries, seat 0 %d, or another log", s+1, n, len(last.Entries()))
		}
	}
	if kinds[p2p.KindDeck] == 0 || draws == 0 || kinds[p2p.KindShow] == 0 {
		t.Fatalf("the game dealt, drew or showed too little to test: entries by kind %v, %d draws answered", kinds, draws)
	}
	if err := p2p.CheckSealed(peers); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d visits, %d entries (by kind %v), %v; relay letters sent %d (%d bytes)",
		visits, len(last.Entries()), kinds, time.Since(start).Round(time.Millisecond), ts.stats.Sent, ts.stats.SentBytes)
}
