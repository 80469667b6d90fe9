package p2p

import (
	"testing"
	"time"
)

// Clocks for board games (issue 20, item 6). A player whose turn began is
// never marked as not acting, nor offered to the bot, within seconds:
// connected, not before the think time of the genesis (5 minutes by
// default); cut off, not before the grace after it was last heard. Before,
// both came ten seconds after the turn began, or seven once the seat was
// away (this test failed: "seat 0 stalled at 10.3s on seat 1").
func TestNoTakeoverWithinSecondsOfATurn(t *testing.T) {
	check := func(n *memnet, until time.Duration) {
		t.Helper()
		for end := n.now + until; n.now < end; {
			n.step()
			for _, s := range []int{1, 2} {
				if n.peers[s].Stalled(0) || n.peers[s].TakeoverAllowed(0) == nil {
					t.Fatalf("seat 0 stalled at %v on seat %d", n.now, s)
				}
			}
		}
	}
	n := pause(t, 5, 6, 0)
	start := n.now
	if got := n.peers[1].Think(); got != DefaultThink {
		t.Fatalf("think time %v", got)
	}
	check(n, DefaultThink-2*time.Second)
	n.idle(3 * time.Second)
	if !n.peers[1].Stalled(0) || n.peers[1].TakeoverAllowed(0) != nil {
		t.Fatalf("seat 0 not stalled %v after its turn began", n.now-start)
	}

	// Cut off at its turn: the grace, from when it was last heard.
	n = pause(t, 6, 6, 0)
	n.down[0] = true
	check(n, DefaultGrace-2*time.Second)
	n.idle(3 * time.Second)
	if !n.peers[1].Away(0) || !n.peers[1].Stalled(0) || n.peers[1].TakeoverAllowed(0) != nil {
		t.Fatal("a seat cut off past its grace is not open to a vote")
	}
}

// No limit: a connected player may think for ever (the host chose it,
// every seat signed it); a cut-off one still has its grace.
func TestNoThinkLimit(t *testing.T) {
	n := newMemnetWith(t, 8, make([]string, 3), func(c *Config) { c.Think = NoLimit })
	n.hold = func(p *Peer) bool { return p.Seat() == 0 }
	for n.now < time.Minute && !(n.peers[1].Started() && n.peers[1].Match().State.Status().Decides(0)) {
		n.step()
	}
	if n.peers[2].Think() != 0 || n.peers[1].StallIn(0) != Forever {
		t.Fatalf("think %v, countdown %v", n.peers[2].Think(), n.peers[1].StallIn(0))
	}
	n.idle(30 * time.Minute)
	if n.peers[1].Stalled(0) || n.peers[2].TakeoverAllowed(0) == nil {
		t.Fatal("a connected player with no limit was marked after half an hour")
	}
	n.down[0] = true
	n.idle(DefaultGrace + 10*time.Second)
	if !n.peers[1].Stalled(0) {
		t.Fatal("a cut-off player with no think limit is waited for without end")
	}
}
