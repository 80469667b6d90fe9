package p2p

import (
	"crypto/ed25519"
	"encoding/json"
	"testing"
	"time"

	"tabula/engine"
	"tabula/engine/enginetest"
)

// round plays 3-seat Races until a simultaneous round (≥2 deciders) is
// pending everywhere with no proposal made yet.
func round(t *testing.T) (*memnet, []engine.Seat) {
	t.Helper()
	multi := func(p *Peer) bool { return p.Started() && len(p.Match().State.Status().Deciders) > 1 }
	for seed := uint64(1); seed < 200; seed++ {
		n := newMemnet(t, seed, 3)
		n.hold = multi
		for n.now < time.Minute && !n.allOver() {
			n.step()
			all := len(n.queue) == 0
			for _, p := range n.peers {
				all = all && multi(p)
			}
			if all {
				n.sameLogs()
				return n, n.peers[0].led.deciders()
			}
		}
	}
	t.Fatal("no simultaneous round found")
	return nil, nil
}

func proposal(t *testing.T, n *memnet, seat int, a enginetest.Action, key ed25519.PrivateKey) Proposal {
	raw, _ := json.Marshal(a)
	seq, hh := n.peers[0].Head()
	p := Proposal{Game: n.peers[0].Game(), Base: seq, BaseHash: hh, Seat: seat, Action: raw}
	p.Sig = ed25519.Sign(key, p.signBytes())
	return p
}

func TestSimultaneousRoundAttacks(t *testing.T) {
	t.Run("forged proposal", func(t *testing.T) {
		n, ds := round(t)
		d := int(ds[0])
		other := (d + 1) % 3
		card := n.peers[0].Match().State.(*enginetest.State).Hands[d][0]
		pr := proposal(t, n, d, enginetest.Action{Type: "discard", Card: card}, n.peers[other].priv)
		before := n.heads()
		evs := n.deliver(other, Encode(&ProposalMsg{Proposal: pr}))
		n.hold = nil
		n.expectRejected(t, before, evs, other, ErrForged)
	})
	t.Run("equivocating proposals", func(t *testing.T) {
		n, ds := round(t)
		d := int(ds[0])
		hand := n.peers[0].Match().State.(*enginetest.State).Hands[d]
		a := proposal(t, n, d, enginetest.Action{Type: "discard", Card: hand[0]}, n.peers[d].priv)
		b := proposal(t, n, d, enginetest.Action{Type: "discard", Card: hand[0] + 10}, n.peers[d].priv)
		n.deliver(d, Encode(&ProposalMsg{Proposal: a}))
		evs := n.deliver(d, Encode(&ProposalMsg{Proposal: b}))
		for s := range n.peers {
			if s == d {
				continue
			}
			// The proof hands the seat to the bot at once.
			if len(evs[s]) < 1 || evs[s][0].Kind != EvEquivocation || evs[s][0].Seat != d || !n.peers[s].Bot(d) {
				t.Fatalf("seat %d: %v", s, evs[s])
			}
		}
	})
	t.Run("illegal proposal refused", func(t *testing.T) {
		n, ds := round(t)
		d := int(ds[0])
		// A discard of a card not in hand: validly signed, but the batch it
		// would complete cannot apply; honest peers report and wait.
		pr := proposal(t, n, d, enginetest.Action{Type: "discard", Card: 9}, n.peers[d].priv)
		before := n.heads()
		evs := n.deliver(d, Encode(&ProposalMsg{Proposal: pr}))
		// Refused on arrival, not stored: seat d's real decision still
		// completes the round.
		n.hold = nil
		n.expectRejected(t, before, evs, d, engine.ErrIllegal)
		n.noEquivocation()
	})
	t.Run("forged batch entry", func(t *testing.T) {
		n, ds := round(t)
		var ps []Proposal
		for _, d := range ds {
			card := n.peers[0].Match().State.(*enginetest.State).Hands[d][0]
			// Every proposal signed by seat 0's key, whoever it claims.
			ps = append(ps, proposal(t, n, int(d), enginetest.Action{Type: "discard", Card: card}, n.peers[0].priv))
		}
		seq, hh := n.peers[1].Head()
		e := Entry{Game: n.peers[1].Game(), Seq: seq + 1, Prev: hh, Author: -1, Kind: KindBatch, Body: encodeBatch(ps)}
		before := n.heads()
		evs := n.deliver(0, Encode(&EntryMsg{Entry: e}))
		n.hold = nil
		n.expectRejected(t, before, evs, 0, ErrForged)
	})
}

func (n *memnet) noEquivocation() {
	n.t.Helper()
	for s := range n.peers {
		if c := n.count(s, EvEquivocation); c != 0 {
			n.t.Fatalf("seat %d: %d equivocation events", s, c)
		}
	}
}
