//go:build !js

package p2pnet

import (
	"errors"
	"sync"
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

// A hosted bot's search that ends after Close is dropped: the node's head
// stays the head it stored. (It used to be applied unstored, and a resume
// came back one entry short.)
func TestSearchEndingAfterCloseIsDropped(t *testing.T) {
	var mu sync.Mutex
	snaps := make([][]byte, 2)
	wake := []chan struct{}{make(chan struct{}, 1), make(chan struct{}, 1)}
	// The guest's search is held at its first pause until the guest is
	// closed, so Close always comes while it runs (waiting for it to be
	// seen running let a quick search end first now and then).
	held, release := make(chan struct{}), make(chan struct{})
	var heldOnce, releaseOnce sync.Once
	letGo := func() { releaseOnce.Do(func() { close(release) }) }
	defer letGo()
	config := func(seat int) Config {
		cfg := Config{Build: "test", Rand: SeedRand([]byte{9, byte(seat)}), Net: NetOptions{Loopback: true},
			Protocol: p2p.Config{PingEvery: 500 * time.Millisecond, AwayAfter: 3 * time.Second, ResendEvery: 300 * time.Millisecond},
			Store:    func(b []byte) { mu.Lock(); snaps[seat] = b; mu.Unlock() },
			OnEvent: func(Event) {
				select {
				case wake[seat] <- struct{}{}:
				default:
				}
			}}
		cfg.Protocol.Seats = []engine.SeatInfo{{Kind: "remote"}, {Kind: "remote"}, {Kind: p2p.HostedPrefix + "mcts-normal"}}
		if seat == 1 {
			cfg.searching = func() {
				heldOnce.Do(func() { close(held) })
				<-release
			}
		}
		return cfg
	}
	h, err := Host(config(0), engine.Setup{Game: "catan", Players: 3}, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	code, err := h.Offer(1)
	if err != nil {
		t.Fatal(err)
	}
	g, reply, err := Join(config(1), code)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	if err := h.Accept(reply); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	defer close(stop)
	for seat, n := range []*Node{h, g} {
		b, err := bot.New("random", uint64(seat))
		if err != nil {
			t.Fatal(err)
		}
		turn := NewBotTurn(b, seat)
		go func() {
			for {
				select {
				case <-stop:
					return
				case <-wake[seat]:
				case <-time.After(50 * time.Millisecond):
				}
				var a engine.Action
				n.With(func(p *p2p.Peer) { a = turn.Choose(p) })
				if a != nil {
					_ = turn.Act(n, a) // refused once closed
				}
			}
		}()
	}
	// Close the guest while it searches the hosted seat's move.
	select {
	case <-held:
	case <-time.After(30 * time.Second):
		t.Fatal("the hosted bot never searched")
	}
	g.mu.Lock()
	job := g.thinking
	g.mu.Unlock()
	if job == nil {
		t.Fatal("a search paused with no job running")
	}
	g.Close()
	g.mu.Lock()
	running := g.thinking == job
	g.mu.Unlock()
	if !running {
		t.Fatal("the search ended before Close: nothing tested")
	}
	letGo() // the search ends now, after Close
	for running {
		time.Sleep(5 * time.Millisecond)
		g.mu.Lock()
		running = g.thinking == job
		g.mu.Unlock()
	}
	var head uint64
	g.With(func(p *p2p.Peer) { head, _ = p.Head() })
	mu.Lock()
	stored, err := p2p.Restore(p2p.Config{}, snaps[1])
	mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	if seq, _ := stored.Head(); seq != head {
		t.Fatalf("closed node at %d, stored %d", head, seq)
	}
}

// A link closed from several goroutines at once (it went down and closes
// itself while the node closes every link) is closed once; it used to
// close its stop channel twice and panic.
func TestLinkClosedAtOnceFromManyPlaces(t *testing.T) {
	cfg := Config{Build: "test", Rand: SeedRand([]byte{7}), Net: NetOptions{Loopback: true}}
	cfg.Protocol.Seats = []engine.SeatInfo{{Kind: "remote"}, {Kind: "remote"}}
	n, err := Host(cfg, engine.Setup{Game: "catan", Players: 3}, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	for range 40 {
		l, err := n.newLink(1)
		if err != nil {
			t.Fatal(err)
		}
		var start, done sync.WaitGroup
		start.Add(1)
		for range 8 {
			done.Add(1)
			go func() {
				defer done.Done()
				start.Wait()
				l.close()
			}()
		}
		start.Done()
		done.Wait()
		select {
		case <-l.stop:
		default:
			t.Fatal("a closed link's sender was not stopped")
		}
	}
}
