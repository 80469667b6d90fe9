package p2p

import (
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"tabula/engine"
	"tabula/engine/enginetest"
)

// pause plays a 3-seat game until seat `turn` alone decides (no chance
// pending, no simultaneous round) at entry ≥ min, then stops the bots.
func pause(t *testing.T, seed uint64, min uint64, turn int) *memnet {
	t.Helper()
	n := newMemnet(t, seed, 3)
	for steps := 0; steps < 1_000_000; steps++ {
		n.bot = []bool{true, true, true}
		ready := len(n.queue) == 0
		for _, p := range n.peers {
			if !p.Started() {
				ready = false
				break
			}
			seq, _ := p.Head()
			st := p.Match().State.Status()
			if seq < min || st.Over || st.Chance != nil || len(st.Deciders) != 1 || int(st.Deciders[0]) != turn {
				ready = false
			}
		}
		if ready {
			n.sameLogs()
			n.bot = []bool{false, false, false}
			return n
		}
		// Let only the network run while deciding whether to stop.
		n.bot = []bool{false, false, false}
		if len(n.queue) == 0 {
			n.bot = []bool{true, true, true}
		}
		n.step()
	}
	t.Fatal("never reached the wanted position")
	return nil
}

// idle lets virtual time pass with nobody acting (the network runs): a
// seat the game waits on runs out its stall countdown.
func (n *memnet) idle(d time.Duration) {
	bots := n.bot
	n.bot = make([]bool, len(n.peers))
	for end := n.now + d; n.now < end; {
		n.step()
	}
	n.bot = bots
}

// craft builds the next action entry on top of peer ref's head, with the
// post hash ref would compute, signed by key.
func craft(t *testing.T, ref *Peer, author int, a enginetest.Action, key ed25519.PrivateKey) Entry {
	t.Helper()
	raw, _ := json.Marshal(a)
	seq, hh := ref.Head()
	e := Entry{Game: ref.Game(), Seq: seq + 1, Prev: hh, Author: author, Kind: KindAction, Body: raw}
	st := ref.Match().State.Clone()
	if err := st.Apply(engine.Seat(author), a); err == nil {
		e.Post = Hash(engine.Hash(st))
	}
	e.Sig = ed25519.Sign(key, e.signBytes())
	return e
}

// deliver hands data from seat `from` to every other peer and returns the
// events each produced.
func (n *memnet) deliver(from int, data []byte) [][]Event {
	out := make([][]Event, len(n.peers))
	for s, p := range n.peers {
		if s == from {
			continue
		}
		o := p.Receive(from, data)
		out[s] = o.Events
		n.handle(s, o)
	}
	return out
}

type headState struct {
	seq  uint64
	hash Hash
	st   string
}

func (n *memnet) heads() []headState {
	var hs []headState
	for _, p := range n.peers {
		seq, hh := p.Head()
		hs = append(hs, headState{seq, hh, engine.HashHex(p.Match().State)})
	}
	return hs
}

// expectRejected checks that every receiver reported err and nothing moved;
// then the game is played to the end with identical logs.
func (n *memnet) expectRejected(t *testing.T, before []headState, evs [][]Event, from int, want error) {
	t.Helper()
	for s, es := range evs {
		if s == from || want == nil {
			continue
		}
		found := false
		for _, e := range es {
			if e.Kind == EvApplied {
				t.Fatalf("seat %d applied a malicious entry", s)
			}
			if (e.Kind == EvRejected || e.Kind == EvRefused || e.Kind == EvEquivocation) && errors.Is(e.Err, want) {
				found = true
			}
		}
		if !found {
			t.Fatalf("seat %d: want %v, got %v", s, want, es)
		}
	}
	after := n.heads()
	for s := range before {
		if before[s] != after[s] {
			t.Fatalf("seat %d moved: %v → %v", s, before[s], after[s])
		}
	}
	n.bot = []bool{true, true, true}
	if !n.run(10 * time.Minute) {
		t.Fatal("game did not finish after the attack")
	}
	n.sameLogs()
}

func TestMaliciousEntriesRejected(t *testing.T) {
	roll := enginetest.Action{Type: "roll"}
	cases := []struct {
		name string
		want error
		// attack returns the sending seat and the message.
		attack func(n *memnet) (int, []byte)
	}{
		{"forged signature", ErrForged, func(n *memnet) (int, []byte) {
			// Seat 1 writes seat 0's move, signing with its own key.
			e := craft(t, n.peers[1], 0, roll, n.peers[1].priv)
			return 1, Encode(&EntryMsg{Entry: e})
		}},
		{"wrong seat", ErrOutOfTurn, func(n *memnet) (int, []byte) {
			// Seat 1 signs a move as itself while seat 0 decides.
			e := craft(t, n.peers[1], 1, roll, n.peers[1].priv)
			return 1, Encode(&EntryMsg{Entry: e})
		}},
		{"out of turn through a relay", ErrOutOfTurn, func(n *memnet) (int, []byte) {
			// The same move arriving over seat 0's link proves nothing.
			e := craft(t, n.peers[1], 2, roll, n.peers[2].priv)
			return 0, Encode(&EntryMsg{Entry: e})
		}},
		{"illegal action", engine.ErrIllegal, func(n *memnet) (int, []byte) {
			e := craft(t, n.peers[0], 0, enginetest.Action{Type: "play", Card: 3}, n.peers[0].priv)
			hand := n.peers[0].Match().State.(*enginetest.State).Hands[0]
			for _, c := range hand {
				if c == 3 {
					e = craft(t, n.peers[0], 0, enginetest.Action{Type: "discard", Card: 3}, n.peers[0].priv)
				}
			}
			return 0, Encode(&EntryMsg{Entry: e})
		}},
		{"wrong post hash", ErrBadPost, func(n *memnet) (int, []byte) {
			e := craft(t, n.peers[0], 0, roll, n.peers[0].priv)
			e.Post[0] ^= 1
			e.Sig = ed25519.Sign(n.peers[0].priv, e.signBytes())
			return 0, Encode(&EntryMsg{Entry: e})
		}},
		{"wrong prev", ErrBadPrev, func(n *memnet) (int, []byte) {
			e := craft(t, n.peers[0], 0, roll, n.peers[0].priv)
			e.Prev[0] ^= 1
			e.Sig = ed25519.Sign(n.peers[0].priv, e.signBytes())
			return 0, Encode(&EntryMsg{Entry: e})
		}},
		{"other game", ErrWrongGame, func(n *memnet) (int, []byte) {
			e := craft(t, n.peers[0], 0, roll, n.peers[0].priv)
			e.Game[0] ^= 1
			e.Sig = ed25519.Sign(n.peers[0].priv, e.signBytes())
			return 0, Encode(&EntryMsg{Entry: e})
		}},
		{"tampered body", ErrForged, func(n *memnet) (int, []byte) {
			e := craft(t, n.peers[0], 0, roll, n.peers[0].priv)
			e.Body = []byte(`{"type":"draw"}`)
			return 0, Encode(&EntryMsg{Entry: e})
		}},
		{"unsigned chance entry out of turn", ErrOutOfTurn, func(n *memnet) (int, []byte) {
			seq, hh := n.peers[1].Head()
			e := Entry{Game: n.peers[1].Game(), Seq: seq + 1, Prev: hh, Author: -1, Kind: KindChance,
				Body: chanceBody{K: 0, Commits: make([]Commit, 3)}.encode()}
			return 1, Encode(&EntryMsg{Entry: e})
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := pause(t, 3, 6, 0)
			before := n.heads()
			from, msg := c.attack(n)
			evs := n.deliver(from, msg)
			n.expectRejected(t, before, evs, from, c.want)
		})
	}
}

// Replaying an old entry (or a whole old sync) changes nothing and is not
// an error: it is what duplicates look like.
func TestReplayedEntryIgnored(t *testing.T) {
	n := pause(t, 4, 8, 0)
	before := n.heads()
	old := n.peers[0].Entries()[3]
	evs := n.deliver(1, Encode(&EntryMsg{Entry: old}))
	evs2 := n.deliver(1, Encode(&SyncResp{Entries: n.peers[1].Entries()}))
	for s := range evs {
		if len(evs[s])+len(evs2[s]) != 0 {
			t.Fatalf("seat %d: %v %v", s, evs[s], evs2[s])
		}
	}
	// The same old entry re-signed for the current seq is out of turn or
	// a bad prev; either way rejected.
	e := old
	seq, hh := n.peers[2].Head()
	e.Seq, e.Prev = seq+1, hh
	evs = n.deliver(0, Encode(&EntryMsg{Entry: e}))
	for s := 1; s < 3; s++ {
		if len(evs[s]) != 1 || evs[s][0].Kind != EvRejected {
			t.Fatalf("seat %d: %v", s, evs[s])
		}
	}
	n.expectRejected(t, before, [][]Event{nil, nil, nil}, 0, nil)
}

// Two different entries signed by the decider for one seq: the second is
// rejected with a proof, and the honest peers go back to the entry before
// and hand the seat to the bot on the strength of the proof; when sent to
// different peers, the peers detect the split from pings, both show the
// proof, and both end on the same log.
func TestEquivocation(t *testing.T) {
	t.Run("same peer", func(t *testing.T) {
		n := pause(t, 3, 6, 0)
		a := craft(t, n.peers[1], 0, enginetest.Action{Type: "roll"}, n.peers[0].priv)
		b := craft(t, n.peers[1], 0, enginetest.Action{Type: "draw"}, n.peers[0].priv)
		n.deliver(0, Encode(&EntryMsg{Entry: a}))
		// Seat 0's own peer never signed a (the test did, with its key):
		// hand it a so that it agrees with what it "sent".
		n.handle(0, n.peers[0].Receive(1, Encode(&EntryMsg{Entry: a})))
		evs := n.deliver(0, Encode(&EntryMsg{Entry: b}))
		for s := 1; s < 3; s++ {
			ok := false
			for _, e := range evs[s] {
				if e.Kind == EvEquivocation && e.Seat == 0 && e.Seq == a.Seq {
					ok = checkProof(t, n.peers[s], e.Proof)
				}
			}
			if !ok {
				t.Fatalf("seat %d: no proof in %v", s, evs[s])
			}
			if es := n.peers[s].Entries(); len(es) < int(a.Seq) || es[a.Seq-1].Kind != KindTakeover || !n.peers[s].Bot(0) {
				t.Fatalf("seat %d: entry %d is not the proof takeover, seat 0 bot %v", s, a.Seq, n.peers[s].Bot(0))
			}
		}
	})
	t.Run("split", func(t *testing.T) {
		n := pause(t, 3, 6, 0)
		a := craft(t, n.peers[1], 0, enginetest.Action{Type: "roll"}, n.peers[0].priv)
		b := craft(t, n.peers[1], 0, enginetest.Action{Type: "draw"}, n.peers[0].priv)
		n.handle(1, n.peers[1].Receive(0, Encode(&EntryMsg{Entry: a})))
		n.handle(2, n.peers[2].Receive(0, Encode(&EntryMsg{Entry: b})))
		n.down[0] = true // the cheater goes quiet
		for end := n.now + 5*time.Second; n.now < end; {
			n.step()
		}
		for s := 1; s < 3; s++ {
			ev := n.find(s, EvEquivocation)
			if len(ev) < 1 || ev[0].Seat != 0 || !checkProof(t, n.peers[s], ev[0].Proof) {
				t.Fatalf("seat %d: %v", s, n.events[s])
			}
		}
		h1, _ := n.peers[1].Head()
		h2, _ := n.peers[2].Head()
		if !n.peers[1].Bot(0) || !n.peers[2].Bot(0) || h1 != h2 {
			t.Fatalf("heads %d and %d, seat 0 bot: %v %v", h1, h2, n.peers[1].Bot(0), n.peers[2].Bot(0))
		}
	})
}

// checkProof verifies that both halves are validly signed by the accused
// seat for the same seq with different content: what a UI would show.
func checkProof(t *testing.T, p *Peer, proof [2][]byte) bool {
	t.Helper()
	a, err1 := DecodeEntry(proof[0])
	b, err2 := DecodeEntry(proof[1])
	if err1 != nil || err2 != nil {
		t.Fatalf("proof does not decode: %v %v", err1, err2)
	}
	l := p.led
	return a.Seq == b.Seq && a.Author == b.Author && a.Hash() != b.Hash() &&
		l.verifyEntrySig(&a) == nil && l.verifyEntrySig(&b) == nil
}

func TestBadRevealRejected(t *testing.T) {
	n := pause(t, 3, 6, 0)
	// Seat 0 rolls; before anyone reveals, seat 2 sends a wrong pre-image.
	n.bot = []bool{false, false, false}
	o, err := n.peers[0].Act(enginetest.Action{Type: "roll"})
	if err != nil {
		t.Fatal(err)
	}
	n.handle(0, o)
	k := uint64(n.peers[0].Match().ChanceCount())
	var junk Hash
	junk[0] = 7
	before := n.heads()
	evs := n.deliver(2, Encode(&Reveal{Game: n.peers[0].Game(), K: k, Seat: 2, X: junk}))
	// A true pre-image of a later link (x_{k+2}) is also refused.
	x2, _ := n.peers[2].chain.reveal(k + 2)
	evs2 := n.deliver(2, Encode(&Reveal{Game: n.peers[0].Game(), K: k, Seat: 2, X: x2}))
	for _, s := range []int{0} {
		for _, es := range [][]Event{evs[s], evs2[s]} {
			if len(es) != 1 || !errors.Is(es[0].Err, ErrBadReveal) {
				t.Fatalf("seat %d: %v", s, es)
			}
		}
	}
	after := n.heads()
	if before[0] != after[0] {
		t.Fatal("a bad reveal moved the log")
	}
	n.bot = []bool{true, true, true}
	if !n.run(10 * time.Minute) {
		t.Fatal("not finished")
	}
	n.sameLogs()
}

func TestHelloRefusals(t *testing.T) {
	n := newMemnet(t, 1, 2)
	n.run(time.Minute)
	p := n.peers[0]
	q := n.peers[1]
	mk := func(mut func(h *Hello), key ed25519.PrivateKey) []byte {
		h := q.hello()
		mut(h)
		h.Sig = ed25519.Sign(key, append([]byte(domainHello), h.unsigned()...))
		return Encode(h)
	}
	cases := []struct {
		name string
		msg  []byte
		want error
	}{
		{"other build", mk(func(h *Hello) { h.Build = "v0" }, q.priv), ErrMismatch},
		{"other rules", mk(func(h *Hello) { h.Rules = "test-race/0" }, q.priv), ErrMismatch},
		{"other protocol", mk(func(h *Hello) { h.Proto = 9 }, q.priv), ErrMismatch},
		{"other game", mk(func(h *Hello) { h.Game[0] ^= 1 }, q.priv), ErrMismatch},
		{"claims another seat", mk(func(h *Hello) { h.Seat = 0 }, q.priv), ErrMismatch},
		{"not the genesis key", mk(func(h *Hello) {
			pub := p.priv.Public().(ed25519.PublicKey)
			copy(h.Key[:], pub)
		}, p.priv), ErrForged},
		{"bad signature", mk(func(h *Hello) {}, p.priv), ErrForged},
	}
	for _, c := range cases {
		o := p.Receive(1, c.msg)
		if len(o.Events) != 1 || o.Events[0].Kind != EvRefused || !errors.Is(o.Events[0].Err, c.want) {
			t.Fatalf("%s: events %v", c.name, o.Events)
		}
		// The refusal travels back so both sides can show it.
		if len(o.Msgs) != 1 || o.Msgs[0].Data[0] != MsgRefuse {
			t.Fatalf("%s: no REFUSE sent", c.name)
		}
		back := q.Receive(0, o.Msgs[0].Data)
		if len(back.Events) != 1 || back.Events[0].Kind != EvRefused {
			t.Fatalf("%s: the other side shows %v", c.name, back.Events)
		}
	}
}
