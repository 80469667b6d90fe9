//go:build !js

package p2pnet

import (
	"errors"
	"testing"
	"time"

	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/p2p"
)

// A closed node changes nothing: a move made on it after Close (a page's
// last bot move racing the tab closing) is refused, so the node's head
// stays the head it stored and a resume from that snapshot loses nothing.
func TestClosedNodeChangesNothing(t *testing.T) {
	tb := newTable(t, "catan", 3, 5)
	defer tb.close()
	tb.open()
	tb.waitHead(1, 20, 30*time.Second)
	close(tb.stops[1]) // seat 1's player stops moving; its node runs on
	tb.stops[1] = make(chan struct{})
	b, err := bot.New("random", 7)
	if err != nil {
		t.Fatal(err)
	}
	turn := NewBotTurn(b, 1)
	n := tb.nodes[1]
	var a engine.Action
	deadline := time.Now().Add(20 * time.Second)
	for a == nil {
		if time.Now().After(deadline) {
			t.Fatal("the game never waited on seat 1")
		}
		time.Sleep(10 * time.Millisecond)
		n.With(func(p *p2p.Peer) { a = turn.Choose(p) })
	}
	n.Close()
	had := tb.head(1)
	if err := n.Act(a); !errors.Is(err, ErrClosed) {
		t.Fatalf("a move on a closed node: %v", err)
	}
	if got := tb.head(1); got != had {
		t.Fatalf("a closed node applied a move: head %d, had %d", got, had)
	}
	tb.mu.Lock()
	stored, err := p2p.Restore(p2p.Config{}, tb.snaps[1])
	tb.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	if seq, _ := stored.Head(); seq != had {
		t.Fatalf("stored head %d, node head %d", seq, had)
	}
	tb.mu.Lock()
	tb.nodes[1] = nil // closed above; tb.close skips it
	tb.mu.Unlock()
}
