package p2p

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// A known limit: each seat's dice commitment answers ChainLength chance
// requests (4096; a 3-seat Catan game uses ~130). Past that the game stops
// with a clear error on every peer, and nothing is lost or forked. Shown
// here with a chain of 6.
func TestChanceCommitmentExhausted(t *testing.T) {
	chainLength = 6
	t.Cleanup(func() { chainLength = ChainLength })
	n := newMemnet(t, 1, 3)
	for n.now < 5*time.Minute && (n.count(0, EvStalled) == 0 || n.count(1, EvStalled) == 0 || n.count(2, EvStalled) == 0) {
		n.step()
	}
	for end := n.now + time.Minute; n.now < end; {
		n.step()
	}
	n.sameLogs()
	n.noRejections()
	for s, p := range n.peers {
		ev := n.find(s, EvStalled)
		if len(ev) != 1 || !errors.Is(ev[0].Err, ErrExhausted) || ev[0].Seq != 6 ||
			!strings.Contains(ev[0].Err.Error(), "needs chance outcome 7, each seat committed to 6") {
			t.Fatalf("seat %d: stall events %v", s, ev)
		}
		st := p.Match().State.Status()
		if st.Over || st.Chance == nil || p.Match().ChanceCount() != 6 {
			t.Fatalf("seat %d: status %+v after %d outcomes", s, st, p.Match().ChanceCount())
		}
	}
	// The game so far is intact: it exports, verifies and restores.
	data, err := n.peers[1].Export()
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := Verify(data); err != nil {
		t.Fatal(err)
	}
	if _, err := Restore(Config{Build: testBuild}, n.snaps[2]); err != nil {
		t.Fatal(err)
	}
}

// A round started afresh spends one more link of every chain: seat 1 of 2
// goes silent before committing to request 2 and is voted out there, so
// seat 0's round for request 2 takes link 4, and a chain of 8 answers 7
// requests, not 8. The stall says why.
func TestRoundStartedAfreshSpendsAChainLink(t *testing.T) {
	chainLength = 8
	t.Cleanup(func() { chainLength = ChainLength })
	n := newMemnet(t, 55, 2)
	n.tamper = func(from, to int, data []byte) [][]byte {
		if from == 1 && n.peers[1].led != nil && n.peers[1].Match().ChanceCount() >= 2 {
			return nil
		}
		return [][]byte{data}
	}
	exhausted := func() *Event {
		for _, ev := range n.find(0, EvStalled) {
			if errors.Is(ev.Err, ErrExhausted) {
				return &ev
			}
		}
		return nil
	}
	for n.now < 10*time.Minute && exhausted() == nil {
		n.step()
		if n.peers[0].Stalled(1) {
			o, _ := n.peers[0].ProposeTakeover(1)
			n.handle(0, o)
		}
	}
	n.down[1] = true
	p := n.peers[0]
	if p.led.retries != 1 {
		t.Fatalf("%d rounds started afresh, want 1 (request 2)", p.led.retries)
	}
	ev := exhausted()
	if ev == nil || ev.Seq != 7 || p.Match().ChanceCount() != 7 ||
		!strings.Contains(ev.Err.Error(), "needs chance outcome 8 (chain link 9; 1 taken by rounds started afresh)") {
		t.Fatalf("after %d outcomes: stall events %v", p.Match().ChanceCount(), n.find(0, EvStalled))
	}
	data, err := p.Export()
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := Verify(data); err != nil {
		t.Fatal(err)
	}
}
