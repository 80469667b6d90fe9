//go:build !js

package p2pnet

import (
	"errors"
	"testing"
	"time"

	"tabula/engine"
	"tabula/engine/p2p"
)

// voteOut has every live node vote gone seats to the bot once they show
// as away and the game waits on them, as players would click.
func (tb *table) voteOut(gone []int, stop chan struct{}) {
	for {
		select {
		case <-stop:
			return
		case <-time.After(50 * time.Millisecond):
		}
		tb.mu.Lock()
		nodes := append([]*Node(nil), tb.nodes...)
		tb.mu.Unlock()
		for s, n := range nodes {
			if n == nil {
				continue
			}
			for _, l := range n.Links() {
				if !containsInt(gone, l.Seat) || !l.Away || l.Bot {
					continue
				}
				err := n.Takeover(l.Seat)
				if err != nil && !errors.Is(err, p2p.ErrNotWaiting) && !errors.Is(err, engine.ErrGameOver) && !errors.Is(err, p2p.ErrNoGenesis) {
					tb.t.Errorf("seat %d votes for %d: %v", s, l.Seat, err)
				}
			}
		}
	}
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// The inviting peer's process leaves mid-game (its Node closed); the
// guests see it away, vote its seat to the bot, and finish the game with
// identical logs; the exported game verifies, bot moves included.
func TestInviterLeavesBotTakesOver(t *testing.T) {
	tb := newTable(t, "catan", 3, 5)
	tb.bots = []string{"greedy"}
	defer tb.close()
	tb.open()
	tb.waitHead(1, 60, 30*time.Second)
	tb.kill(0)
	stop := make(chan struct{})
	defer close(stop)
	go tb.voteOut([]int{0}, stop)
	took := tb.waitOver(60 * time.Second)
	seq, h := tb.sameFinal()
	tb.noBadEvents()
	var data []byte
	var bots []int
	kinds := map[p2p.Kind]int{}
	tb.nodes[2].With(func(p *p2p.Peer) {
		bots = p.BotSeats()
		for _, e := range p.Entries() {
			kinds[e.Kind]++
		}
		var err error
		if data, err = p.Export(); err != nil {
			t.Fatal(err)
		}
	})
	if len(bots) != 1 || bots[0] != 0 || kinds[p2p.KindTakeover] != 1 || kinds[p2p.KindBot] == 0 {
		t.Fatalf("bot seats %v, log %v", bots, kinds)
	}
	for _, s := range []int{1, 2} {
		for _, l := range tb.nodes[s].Links() {
			if l.Seat == 0 && !l.Bot {
				t.Fatalf("seat %d: Links does not show seat 0 as the bot's: %+v", s, l)
			}
		}
		events := map[p2p.EventKind]int{}
		tb.mu.Lock()
		for _, e := range tb.events[s] {
			if e.Kind == EvProtocol {
				events[e.P2P.Kind]++
			}
		}
		tb.mu.Unlock()
		if events[p2p.EvVote] < 2 || events[p2p.EvTakeover] != 1 {
			t.Fatalf("seat %d: %d vote and %d takeover events", s, events[p2p.EvVote], events[p2p.EvTakeover])
		}
	}
	m, _, err := p2p.Verify(data)
	if err != nil {
		t.Fatalf("exported game: %v", err)
	}
	if engine.HashHex(m.State)[:12] != h {
		t.Fatalf("verified %s, played %s", engine.HashHex(m.State)[:12], h)
	}
	t.Logf("inviter left; seen away, voted out and the game played to its end in %v; %d entries, %v, final %s",
		took.Round(time.Millisecond), seq, kinds, h)
}
