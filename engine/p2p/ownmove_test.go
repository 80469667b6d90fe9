package p2p

import (
	"crypto/ed25519"
	"testing"
	"time"
)

// The two-seat veto and fork (issue 20, item 2). Seat 1 cheats: once seat
// 0 is to move, it ignores everything seat 0 sends, signs a takeover of
// seat 0 with its own vote (the one vote two seats need) and sends it a
// few seconds after seat 0 moved, its pings still arriving but no longer
// echoing seat 0's. Before, seat 0's device took the missing echoes for a
// lost link: it rolled its move back, followed the takeover, and the bot
// played its seat; the cheater then ignored the reclaim and the game
// forked for good (this test failed: "seat 0's move was replaced"). Now
// seat 0 moved live and heard seat 1 right after: its move stands. The
// cheater is left on its own branch; once seat 1's think time runs out,
// seat 0 hands it to the bot and plays the game to its end.
func TestTwoSeatVetoAndForkFails(t *testing.T) {
	n := newMemnet(t, 7, 2)
	attack := false
	frozen := uint64(0)
	n.tamper = func(from, to int, data []byte) [][]byte {
		if !attack {
			return [][]byte{data}
		}
		if to == 1 {
			return nil // the cheater ignores seat 0
		}
		if m, err := Decode(data); err == nil {
			if pg, ok := m.(*Ping); ok {
				// Its pings go on, echoing none of seat 0's since the attack.
				pg.Echo[0] = frozen
				pg.Sig = ed25519.Sign(n.peers[1].priv, append([]byte(domainPing), pg.unsigned()...))
				return [][]byte{Encode(pg)}
			}
		}
		return [][]byte{data}
	}
	// Play until seat 0 is to move after a few rolls (its bot waits).
	paused := true
	point := func(p *Peer) bool {
		st := p.Match().State.Status()
		return p.Match().ChanceCount() >= 3 && !st.Over && st.Chance == nil && st.Decides(0) && len(st.Deciders) == 1
	}
	n.hold = func(p *Peer) bool { return paused && p.Seat() == 0 && point(p) }
	for n.now < 10*time.Minute {
		n.step()
		s0, h0 := n.peers[0].Head()
		s1, h1 := n.peers[1].Head()
		if n.peers[0].Started() && point(n.peers[0]) && s0 == s1 && h0 == h1 {
			break
		}
	}
	base, hh := n.peers[0].Head()
	if b1, h1 := n.peers[1].Head(); b1 != base || h1 != hh {
		t.Fatalf("not at one point: %d and %d", base, b1)
	}
	attack, frozen = true, n.peers[1].echo[0]
	n.bot[1] = false
	c := n.peers[1]
	v := Vote{Game: c.Game(), Base: base, BaseHash: hh, Voter: 1, Seats: []int{0}}
	v.Sig = ed25519.Sign(c.priv, v.signBytes())
	tb := takeoverBody{Bot: BotVersion, Seats: []int{0}}
	tk := Entry{Game: c.Game(), Seq: base + 1, Prev: hh, Author: -1, Kind: KindTakeover, Body: tb.encode(), Post: postOf(c.Match()), Sig: encodeVotes([]Vote{v})}
	if err := c.led.apply(tk); err != nil {
		t.Fatalf("the cheater's own takeover: %v", err)
	}
	// Seat 0 moves at once; the takeover reaches it three seconds later.
	paused = false
	for end := n.now + 3*time.Second; n.now < end; {
		n.step()
	}
	if h, _ := n.peers[0].Head(); h <= base || n.peers[0].Entries()[base].Kind != KindAction {
		t.Fatalf("seat 0 did not move: head %d", h)
	}
	n.handle(0, n.peers[0].Receive(1, Encode(&EntryMsg{Entry: tk})))
	n.handle(0, n.peers[0].Receive(1, Encode(&SyncResp{Entries: []Entry{tk}})))
	if n.peers[0].Bot(0) || n.peers[0].Entries()[base].Kind != KindAction {
		t.Fatal("seat 0's move was replaced by the cheater's takeover")
	}
	if len(keptOwnMove(n, 0)) == 0 {
		t.Fatal("seat 0 does not say that the takeover lost to its move")
	}
	// Seat 0 is not stuck: the cheater never moves again, and once its
	// think time ran out seat 0 hands it to the bot and plays on.
	for n.now < 3*time.Hour && !n.peers[0].Match().State.Status().Over {
		n.step()
		if n.peers[0].Stalled(1) && !n.peers[0].Bot(1) {
			o, err := n.peers[0].ProposeTakeover(1)
			if err == nil {
				n.handle(0, o)
			}
		}
	}
	if !n.peers[0].Match().State.Status().Over || !n.peers[0].Bot(1) || n.peers[0].Bot(0) {
		t.Fatalf("seat 0: over %v, seat 1 bot %v, seat 0 bot %v", n.peers[0].Match().State.Status().Over, n.peers[0].Bot(1), n.peers[0].Bot(0))
	}
	if n.peers[0].Entries()[base].Kind != KindAction {
		t.Fatal("seat 0's move did not stand")
	}
}
