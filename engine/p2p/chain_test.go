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
