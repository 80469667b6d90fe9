package p2p

import (
	"bytes"
	"fmt"
	"math/big"
	"testing"
	"time"

	"tabula/engine"
)

// A seat that holds its commitment back (docs/p2p.md, "Withhold its
// commitment"): at a die roll it waits for every other seat's commitment,
// computes by T squarings both the roll its own commitment makes and the
// roll of the round without it as protocol 5 made it (the same commitments
// of the others), and withholds whenever the second is the better die. The
// others then vote it to the bot (reason abort). Protocol 5 settled that
// foreseen roll; now the round starts afresh on the next link of the
// remaining seats' chains, which the withholder could not know.

// lateCommitter is one game with such a seat (or colluding pair).
type lateCommitter struct {
	n        *memnet
	who      []int
	others   []int          // the seats left in the round after the vote
	k        uint64         // the request it held its commitment back at
	held     bool           // it withheld for good at k
	own      engine.Outcome // the roll its commitment makes
	foreseen engine.Outcome // the roll it computed for the round without it
	omega    []byte         // Ω of that round
}

func holdCommitment(t *testing.T, seed uint64, players int, who []int) *lateCommitter {
	w := &lateCommitter{n: newMemnet(t, seed, players), who: who}
	n := w.n
	for s := 0; s < players; s++ {
		if !containsSeat(who, s) {
			w.others = append(w.others, s)
		}
	}
	decided := map[uint64]bool{} // requests it looked at
	n.tamper = func(from, to int, data []byte) [][]byte {
		if !containsSeat(who, from) || containsSeat(who, to) || n.peers[from].led == nil ||
			data[0] == MsgPing || data[0] == MsgHello {
			return [][]byte{data}
		}
		if w.held {
			return nil // there, but silent: it gives up its seat
		}
		p := n.peers[who[0]]
		if p.led == nil {
			return [][]byte{data}
		}
		st := p.Match().State.Status()
		k := uint64(p.Match().ChanceCount())
		if st.Chance == nil || st.Chance.Kind != "die" || decided[k] || (data[0] != MsgCommit && data[0] != MsgReveal) {
			return [][]byte{data}
		}
		if r := p.rnd; r == nil || r.k != k || len(r.commits) < players {
			return nil // its commitment waits for everyone else's
		}
		decided[k] = true
		w.look(t, p, k, *st.Chance)
		if w.held {
			return nil
		}
		return [][]byte{data}
	}
	honest := w.others[0]
	for n.now < 60*time.Minute && !n.allOver() {
		n.step()
		n.voteStalled(who)
		if w.held && !n.down[who[0]] && n.peers[honest].Match().ChanceCount() > int(w.k) {
			for _, s := range who {
				n.down[s] = true // its seat is the bot's; it left
			}
		}
	}
	return w
}

// look computes, as the withholder can, the roll of request k with its
// commitment and the roll of the round of the others' commitments alone,
// and decides to hold its commitment back when the second is better.
func (w *lateCommitter) look(t *testing.T, p *Peer, k uint64, req engine.ChanceRequest) {
	lock, r := p.led.lock, p.rnd
	var all, rest []*big.Int
	var open [][]byte
	var mask []bool
	for s := range w.n.peers {
		if containsSeat(w.who, s) {
			x, _ := w.n.peers[s].chain.reveal(k + 1) // no round was retried before
			all, open, mask = append(all, lock.Commit(alpha(x))), append(open, alpha(x)), append(mask, false)
			continue
		}
		all, open, mask = append(all, r.elems[s]), append(open, nil), append(mask, true)
		rest = append(rest, r.elems[s])
	}
	withOwn, err := lock.Combine(all, open, lock.Force(all, mask, nil))
	if err != nil {
		t.Fatal(err)
	}
	none := make([]bool, len(rest))
	for i := range none {
		none[i] = true
	}
	without, err := lock.Combine(rest, make([][]byte, len(rest)), lock.Force(rest, none, nil))
	if err != nil {
		t.Fatal(err)
	}
	own := chanceOutcome(p.Game(), k, 0, nil, lock.Encode(withOwn), req)
	fallback := chanceOutcome(p.Game(), k, 0, w.others, lock.Encode(without), req)
	if fallback[0] > own[0] {
		w.held, w.k, w.own, w.foreseen, w.omega = true, k, own, fallback, lock.Encode(without)
	}
}

// check: the others voted the withholder out and finished the game; the
// roll at the held-back request is not the one it foresaw but the round of
// the others' next chain links.
func (w *lateCommitter) check(t *testing.T) {
	t.Helper()
	n := w.n
	if !w.held {
		t.Fatal("the late committer never had a reason to hold back")
	}
	if !n.allOver() {
		t.Fatal("the others did not finish the game")
	}
	n.sameLogs()
	p := n.peers[w.others[0]]
	for _, x := range w.who {
		if r, ok := p.TakeoverReason(x); !ok || r != ReasonAbort {
			t.Fatalf("seat %d: taken over %v, reason %d", x, ok, r)
		}
	}
	var got []byte
	for _, e := range p.Entries() {
		if cb, err := decodeChanceBody(e.Body); e.Kind == KindChance && err == nil && cb.K == w.k {
			got = cb.Omega
		}
	}
	roll := chanceOutcomes(p)[w.k]
	if bytes.Equal(got, w.omega) {
		t.Fatalf("request %d: the roll is the round seats %v computed before holding their commitment back (die %d; with their commitment %d)", w.k, w.who, roll[0]+1, w.own[0]+1)
	}
	lock := p.led.lock
	var cs []*big.Int
	var as [][]byte
	for _, s := range w.others {
		x, _ := n.peers[s].chain.reveal(w.k + 2)
		cs, as = append(cs, lock.Commit(alpha(x))), append(as, alpha(x))
	}
	fresh, err := lock.Output(cs, as, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, lock.Encode(fresh)) {
		t.Fatalf("request %d: Ω is not the round of the others' next chain links", w.k)
	}
	data, err := p.Export()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := VerifyFile(data); err != nil {
		t.Fatal(err)
	}
	t.Logf("request %d: die %d with its commitment, %d foreseen without it; the fresh round rolled %d", w.k, w.own[0]+1, w.foreseen[0]+1, roll[0]+1)
}

// The fallback after a held-back commitment is fresh: 2 seats, 3 seats
// and a colluding pair of 4.
func TestHeldBackCommitmentGetsAFreshRoll(t *testing.T) {
	for _, c := range []struct {
		players int
		who     []int
		seed    uint64
	}{{2, []int{1}, 81}, {3, []int{2}, 82}, {4, []int{2, 3}, 83}} {
		t.Run(fmt.Sprintf("%d seats, withholders %v", c.players, c.who), func(t *testing.T) {
			holdCommitment(t, c.seed, c.players, c.who).check(t)
		})
	}
}
