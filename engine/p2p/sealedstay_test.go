package p2p

import (
	"errors"
	"testing"
	"time"
)

// In a sealed game of two devices nobody holds escrow of the other's key,
// so a seat that goes away cannot be handed to the bot: its cards could
// never be opened. No vote is offered, a proposal is refused, a reclaim
// has nothing to take back, the game waits, and it finishes once the seat
// is back.
func TestSealedTwoPartiesWaitForTheSeat(t *testing.T) {
	n := newSealedRace(t, 4, 2)
	for end := 2 * time.Minute; n.now < end; {
		n.step()
		if seq, _ := n.peers[0].Head(); seq > 30 {
			break
		}
	}
	n.down[1] = true
	stalled := false
	for end := n.now + 10*time.Minute; n.now < end && !stalled; {
		n.step()
		stalled = n.peers[0].Stalled(1)
	}
	if !stalled {
		seq, _ := n.peers[0].Head()
		t.Fatalf("the game never waited on seat 1 while it was away (head %d, waiting %v, over %v)", seq, n.peers[0].Waiting(), n.peers[0].led.status().Over)
	}
	p := n.peers[0]
	if err := p.TakeoverAllowed(1); !errors.Is(err, ErrSealedSeat) {
		t.Fatalf("vote offered against the away seat of a two-device sealed game: %v", err)
	}
	if _, err := p.ProposeTakeover(1); !errors.Is(err, ErrSealedSeat) {
		t.Fatalf("takeover proposed: %v", err)
	}
	if p.OpenHand(1) {
		t.Fatal("the away seat's hand is said to be open to all")
	}
	if _, err := n.peers[1].Reclaim(); err == nil {
		t.Fatal("a reclaim of a seat never handed to the bot was taken")
	}
	n.down[1] = false
	if !n.run(30 * time.Minute) {
		t.Fatal("the game did not finish once the seat was back")
	}
	n.sameLogs()
	for _, e := range p.Entries() {
		if e.Kind == KindTakeover {
			t.Fatal("a takeover entry is in the log")
		}
	}
}
