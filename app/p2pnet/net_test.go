//go:build !js

package p2pnet

import (
	"errors"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/enginetest"
	_ "tabula/engine/games"
	"tabula/engine/p2p"
)

// table is a game of native peers over real pion data channels.
type table struct {
	t       testing.TB
	game    string
	players int
	net     func(seat int) NetOptions
	bots    []string
	seed    uint64

	mu      sync.Mutex
	nodes   []*Node
	snaps   [][]byte
	over    []bool
	applied []map[uint64]time.Time // per seat: seq → when applied
	events  [][]Event
	wake    []chan struct{}
	stops   []chan struct{}
	ended   []chan struct{} // closed when the seat's bot loop has returned
	setup   time.Duration   // invite → all links up
}

func newTable(t testing.TB, game string, players int, seed uint64) *table {
	tb := &table{t: t, game: game, players: players, seed: seed, bots: []string{"random"},
		net: func(int) NetOptions { return NetOptions{Loopback: true} }}
	tb.nodes = make([]*Node, players)
	tb.snaps = make([][]byte, players)
	tb.over = make([]bool, players)
	tb.events = make([][]Event, players)
	for i := 0; i < players; i++ {
		tb.applied = append(tb.applied, map[uint64]time.Time{})
		tb.wake = append(tb.wake, make(chan struct{}, 1))
		tb.stops = append(tb.stops, make(chan struct{}))
		tb.ended = append(tb.ended, nil)
	}
	return tb
}

func (tb *table) config(seat int) Config {
	return Config{
		Build: "test", Rand: SeedRand(fmt.Append(nil, tb.seed, "/", seat)),
		Net: tb.net(seat), GatherTimeout: 3 * time.Second, MeshRetry: 5 * time.Second,
		// A short chance time lock: a roll its seat left mid-way is forced
		// open in milliseconds (the real one takes seconds to minutes).
		Protocol: p2p.Config{PingEvery: 500 * time.Millisecond, AwayAfter: 3 * time.Second, ResendEvery: 300 * time.Millisecond, StallAfter: 5 * time.Second, Grace: 5 * time.Second, Delay: 1 << 12},
		Store: func(b []byte) {
			tb.mu.Lock()
			tb.snaps[seat] = b
			tb.mu.Unlock()
		},
		OnEvent: func(e Event) {
			tb.mu.Lock()
			tb.events[seat] = append(tb.events[seat], e)
			if e.Kind == EvProtocol {
				switch e.P2P.Kind {
				case p2p.EvApplied:
					if _, ok := tb.applied[seat][e.P2P.Seq]; !ok {
						tb.applied[seat][e.P2P.Seq] = e.At
					}
				case p2p.EvOver:
					tb.over[seat] = true
				}
			}
			tb.mu.Unlock()
			select {
			case tb.wake[seat] <- struct{}{}:
			default:
			}
		},
	}
}

// open creates the host and invites every other seat by invite/reply
// codes, as people would paste them.
func (tb *table) open() {
	start := time.Now()
	h, err := Host(tb.config(0), engine.Setup{Game: tb.game, Players: tb.players}, 0)
	if err != nil {
		tb.t.Fatal(err)
	}
	tb.nodes[0] = h
	for s := 1; s < tb.players; s++ {
		code, err := h.Offer(s)
		if err != nil {
			tb.t.Fatal(err)
		}
		g, reply, err := Join(tb.config(s), code)
		if err != nil {
			tb.t.Fatal(err)
		}
		if s == 1 {
			tb.t.Logf("pion invite code %d chars, reply code %d chars", len(code), len(reply))
		}
		tb.nodes[s] = g
		if err := h.Accept(reply); err != nil {
			tb.t.Fatal(err)
		}
	}
	tb.waitMesh(20 * time.Second)
	tb.setup = time.Since(start)
	for s := range tb.nodes {
		tb.startBot(s)
	}
}

// waitMesh waits until every node has a direct link to every other.
func (tb *table) waitMesh(limit time.Duration) {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		full := true
		for _, n := range tb.nodes {
			if n == nil {
				continue
			}
			ls := n.Links()
			if len(ls) != tb.players-1 {
				full = false
			}
			for _, l := range ls {
				if !l.Direct {
					full = false
				}
			}
		}
		if full {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	tb.t.Fatalf("mesh not complete after %v: %v", limit, tb.linkReport())
}

func (tb *table) linkReport() string {
	s := ""
	for i, n := range tb.nodes {
		if n != nil {
			s += fmt.Sprintf("seat %d: %+v; ", i, n.Links())
		}
	}
	return s
}

func (tb *table) startBot(seat int) {
	kind := tb.bots[seat%len(tb.bots)]
	b, err := bot.New(kind, tb.seed*10+uint64(seat))
	if err != nil {
		tb.t.Fatal(err)
	}
	n, wake, stop := tb.nodes[seat], tb.wake[seat], tb.stops[seat]
	ended := make(chan struct{})
	tb.ended[seat] = ended
	turn := NewBotTurn(b, seat)
	go func() {
		defer close(ended)
		for {
			select {
			case <-stop:
				return
			case <-wake:
			case <-time.After(50 * time.Millisecond):
			}
			var a engine.Action
			n.With(func(p *p2p.Peer) { a = turn.Choose(p) })
			if a == nil {
				continue
			}
			if err := turn.Act(n, a); err != nil && !errors.Is(err, engine.ErrNotYourTurn) && !errors.Is(err, engine.ErrAwaitChance) {
				tb.t.Errorf("seat %d: %v", seat, err)
			}
		}
	}()
}

// kill closes a seat's device as a closed tab: its player stops first (the
// bot loop has returned, so no move of it meets the closed node), then
// the node.
func (tb *table) kill(seat int) {
	close(tb.stops[seat])
	if e := tb.ended[seat]; e != nil {
		<-e
	}
	tb.nodes[seat].Close()
	tb.mu.Lock()
	tb.nodes[seat] = nil
	tb.mu.Unlock()
}

func (tb *table) close() {
	for s, n := range tb.nodes {
		if n != nil {
			tb.kill(s)
		}
	}
}

// waitOver waits until every live node's game is over.
func (tb *table) waitOver(limit time.Duration) time.Duration {
	start := time.Now()
	for time.Since(start) < limit {
		tb.mu.Lock()
		done := true
		for s, n := range tb.nodes {
			if n != nil && !tb.over[s] {
				done = false
			}
		}
		tb.mu.Unlock()
		if done {
			return time.Since(start)
		}
		time.Sleep(20 * time.Millisecond)
	}
	heads := ""
	for s, n := range tb.nodes {
		if n != nil {
			n.With(func(p *p2p.Peer) {
				seq, _ := p.Head()
				st := p.Match().State.Status()
				heads += fmt.Sprintf("seat %d head %d status %+v; ", s, seq, st)
			})
		}
	}
	tb.t.Fatalf("not over after %v: %s %s", limit, heads, tb.linkReport())
	return 0
}

// sameFinal checks identical logs and hashes; returns the final head.
func (tb *table) sameFinal() (uint64, string) {
	var seq0 uint64
	var hash0 string
	first := true
	for s, n := range tb.nodes {
		if n == nil {
			continue
		}
		var seq uint64
		var hh p2p.Hash
		var st string
		n.With(func(p *p2p.Peer) {
			seq, hh = p.Head()
			st = engine.HashHex(p.Match().State)
		})
		if first {
			seq0, hash0, first = seq, st+hh.String(), false
			continue
		}
		if seq != seq0 || st+hh.String() != hash0 {
			tb.t.Fatalf("seat %d ends at %d %s, seat 0 at %d %s", s, seq, st[:12], seq0, hash0[:12])
		}
	}
	return seq0, hash0[:12]
}

func (tb *table) noBadEvents() {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	for s, es := range tb.events {
		for _, e := range es {
			if e.Kind == EvProtocol && (e.P2P.Kind == p2p.EvRejected || e.P2P.Kind == p2p.EvRefused || e.P2P.Kind == p2p.EvEquivocation || e.P2P.Kind == p2p.EvFork) {
				tb.t.Errorf("seat %d: %v", s, e.P2P)
			}
		}
	}
}

// latencies: for each entry, author (first) apply → last peer applied.
func (tb *table) latencies() (p50, p99 time.Duration, n int) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	ds := EntryLatencies(tb.applied)
	if len(ds) == 0 {
		return 0, 0, 0
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds[len(ds)/2], ds[(len(ds)*99)/100], len(ds)
}

func TestLoopbackGames(t *testing.T) {
	cases := []struct {
		game    string
		players int
		bots    []string
	}{
		{enginetest.ID, 2, []string{"random"}},
		{enginetest.ID, 3, []string{"greedy", "random"}},
		{enginetest.ID, 4, []string{"random"}},
		{"catan", 3, []string{"greedy"}},
		{"catan", 4, []string{"greedy"}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s-%d", c.game, c.players), func(t *testing.T) {
			tb := newTable(t, c.game, c.players, 1)
			tb.bots = c.bots
			defer tb.close()
			tb.open()
			took := tb.waitOver(90 * time.Second)
			seq, h := tb.sameFinal()
			tb.noBadEvents()
			p50, p99, k := tb.latencies()
			types := map[string]int{}
			for _, n := range tb.nodes {
				for _, l := range n.Links() {
					types[l.Type]++
				}
			}
			t.Logf("%d entries, final %s; setup %v, play %v; entry latency p50 %v p99 %v over %d entries; links %v",
				seq, h, tb.setup.Round(time.Millisecond), took.Round(time.Millisecond), p50, p99, k, types)
		})
	}
}
