//go:build !js

package netplay

import (
	"context"
	"crypto/rand"
	"errors"
	"flag"
	"slices"
	"sync"
	"testing"
	"time"

	"tabula/app/relay"
	"tabula/app/relay/relaytest"
	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/p2p"
)

// turnSeats is a turn-based table's devices in a test: one peer's
// snapshot per seat (what the device stores), a bot to choose its moves,
// and the table when the device has the game open.
type turnSeats struct {
	t       *testing.T
	brokers []string
	secret  []byte
	cfg     p2p.Config
	mu      sync.Mutex
	snaps   [][]byte
	bots    []bot.Bot
	open    []*Turn
	stats   relay.Stats // traffic of the tables closed so far
}

func turnConfig() p2p.Config {
	// A short time lock: a forced round costs milliseconds here.
	return TurnProtocol(p2p.Config{Build: "turn-test", Rand: rand.Reader, Delay: 1 << 12, ForceInline: true})
}

// newTurnSeats makes a turn-based game of players seats: the genesis is
// signed with every device present (the table is seated live, as any
// network game), then each device stores its seat.
func newTurnSeats(t *testing.T, game string, players int, brokers []string) *turnSeats {
	t.Helper()
	return newTurnTable(t, engine.Setup{Game: game, Players: players}, brokers)
}

// newTurnTable is newTurnSeats for any setup (a sealed one too).
func newTurnTable(t *testing.T, setup engine.Setup, brokers []string) *turnSeats {
	t.Helper()
	players := setup.Players
	cfg := turnConfig()
	host, err := p2p.NewHost(cfg, setup, 0)
	if err != nil {
		t.Fatal(err)
	}
	peers := []*p2p.Peer{host}
	hk := host.Key()
	for s := 1; s < players; s++ {
		g, err := p2p.NewGuest(cfg, host.Game(), s, 0, &hk)
		if err != nil {
			t.Fatal(err)
		}
		peers = append(peers, g)
	}
	type msg struct {
		from, to int
		data     []byte
	}
	var q []msg
	push := func(from int, o p2p.Output) {
		for _, m := range o.Msgs {
			for to := range peers {
				if to != from && (m.To == p2p.Broadcast || m.To == to) {
					q = append(q, msg{from, to, m.Data})
				}
			}
		}
	}
	for a := range peers {
		for b := range peers {
			if a != b {
				push(a, peers[a].Connected(b))
			}
		}
	}
	for n := 0; len(q) > 0 && n < 10000; n++ {
		m := q[0]
		q = q[1:]
		push(m.to, peers[m.to].Receive(m.from, m.data))
	}
	secret, err := relay.NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	ts := &turnSeats{t: t, brokers: brokers, secret: secret, cfg: cfg, open: make([]*Turn, players)}
	for s, p := range peers {
		if !p.Started() || !IsTurnBased(p.Genesis()) {
			t.Fatalf("seat %d: no turn-based genesis", s)
		}
		b, err := bot.New("greedy", uint64(s)+1)
		if err != nil {
			t.Fatal(err)
		}
		ts.snaps = append(ts.snaps, p.Snapshot())
		ts.bots = append(ts.bots, b)
	}
	return ts
}

// openSeat restores seat s from its stored snapshot and opens the table.
func (ts *turnSeats) openSeat(s int) *Turn {
	ts.t.Helper()
	ts.mu.Lock()
	snap := ts.snaps[s]
	ts.mu.Unlock()
	p, err := p2p.Restore(ts.cfg, snap)
	if err != nil {
		ts.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	tb, err := OpenTurn(ctx, p, TurnOptions{Brokers: ts.brokers, Secret: ts.secret, Store: func(b []byte) {
		ts.mu.Lock()
		ts.snaps[s] = b
		ts.mu.Unlock()
	}})
	if err != nil {
		ts.t.Fatal(err)
	}
	ts.open[s] = tb
	return tb
}

func (ts *turnSeats) closeSeat(s int) {
	tb := ts.open[s]
	tb.Close()
	st := tb.Stats()
	ts.mu.Lock()
	ts.stats.Sent += st.Sent
	ts.stats.SentBytes += st.SentBytes
	ts.stats.Received += st.Received
	ts.stats.ReceivedBytes += st.ReceivedBytes
	ts.mu.Unlock()
	ts.open[s] = nil
	for _, e := range tb.Events() {
		ts.check(s, e)
	}
}

// check fails the test on an event no honest table gives.
func (ts *turnSeats) check(s int, e p2p.Event) {
	switch e.Kind {
	case p2p.EvEquivocation, p2p.EvFork, p2p.EvCheat, p2p.EvRefused:
		ts.t.Errorf("seat %d: %v", s, e)
	}
}

// play lets seat s's bot move when its seat decides; it reports whether
// it moved.
func (ts *turnSeats) play(s int) bool {
	tb := ts.open[s]
	var a engine.Action
	tb.With(func(p *p2p.Peer) {
		if mine, _ := TurnWaits(p, s); mine {
			a = ts.bots[s].Choose(p.Match().State, engine.Seat(s))
		}
	})
	if a == nil {
		return false
	}
	if err := tb.Act(a); err != nil && !errors.Is(err, engine.ErrNotYourTurn) {
		ts.t.Fatalf("seat %d: %v", s, err)
	}
	return true
}

// doneOnTick is whether an idle table stays so through a tick of its
// clock (what the device does by itself while open, as the serving loop's
// ticks do): nothing sent and no entry added. The tick is made here, not
// waited for.
func (ts *turnSeats) doneOnTick(tb *Turn) bool {
	sent := tb.Stats().Sent
	seq, _ := turnHead(tb)
	tb.tick()
	now, _ := turnHead(tb)
	return now == seq && tb.Idle() && tb.Stats().Sent == sent
}

func turnHead(tb *Turn) (seq uint64, h p2p.Hash) {
	tb.With(func(p *p2p.Peer) { seq, h = p.Head() })
	return
}

// visit is one person opening the game: the device catches up, its bot
// moves while the seat decides, and the device closes once it has
// nothing left to do (its part of a chance round sent, the log kept).
func (ts *turnSeats) visit(s int, limit time.Duration) (moved int) {
	ts.t.Helper()
	tb := ts.openSeat(s)
	end := time.Now().Add(limit)
	for time.Now().Before(end) {
		for _, e := range tb.Events() {
			ts.check(s, e)
		}
		if ts.play(s) {
			moved++
			continue
		}
		if tb.Idle() && ts.doneOnTick(tb) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	ts.closeSeat(s)
	return moved
}

// A turn-based table advances with its devices never online together:
// each person opens the game in turn, the device catches up on the kept
// letters (every entry checked), moves when its seat decides, and takes
// its part in the dice (commit, then reveal) with no action, then closes.
// Every roll is a full Bicorn round of all three parties.
func TestTurnBasedOneDeviceAtATime(t *testing.T) {
	broker := relaytest.Start(t)
	ts := newTurnSeats(t, "catan", 3, []string{broker.URL})
	const want = 16
	var seq uint64
	start := time.Now()
	for round := 0; seq < want; round++ {
		if time.Since(start) > 4*time.Minute {
			t.Fatalf("the table reached %d entries in %v", seq, time.Since(start))
		}
		s := round % 3
		v := time.Now()
		moved := ts.visit(s, 20*time.Second)
		p, err := p2p.Restore(ts.cfg, ts.snaps[s])
		if err != nil {
			t.Fatal(err)
		}
		seq, _ = p.Head()
		t.Logf("visit %d seat %d: moved %d, head %d, %v", round, s, moved, seq, time.Since(v).Round(time.Millisecond))
	}
	// One more visit each: every device holds the same log (a later
	// visit's may be longer by the moves made in it).
	var logs []*p2p.Peer
	for s := range 3 {
		ts.visit(s, 20*time.Second)
		p, err := p2p.Restore(ts.cfg, ts.snaps[s])
		if err != nil {
			t.Fatal(err)
		}
		logs = append(logs, p)
	}
	last := logs[2]
	for s, p := range logs[:2] {
		seq, h := p.Head()
		if es := last.Entries(); uint64(len(es)) < seq || es[seq-1].Hash() != h {
			t.Fatalf("seat %d's log (%d entries) is not a prefix of seat 2's (%d)", s, seq, len(es))
		}
	}
	chances := last.Match().ChanceCount()
	t.Logf("%d entries, %d rolls, %v; relay letters sent %d (%d bytes)", len(last.Entries()), chances,
		time.Since(start).Round(time.Millisecond), ts.stats.Sent, ts.stats.SentBytes)
	if chances < 2 {
		t.Fatalf("only %d chance rounds in %d entries", chances, len(last.Entries()))
	}
	data, err := last.Export()
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := p2p.Verify(data); err != nil {
		t.Fatal(err)
	}
}

// A device closed for a while, twice: the others go on without it until
// the game waits on the closed seat, and wait there; the device opens
// again, catches up on the kept log, takes its part and moves, and all go
// on live through the relay. The first time (the set-up) the others place
// their pieces meanwhile until the game waits on the closed seat; the
// second (the seat ended its turn) the next player rolls and the roll
// waits on the closed seat's commitment, which its device sends by itself
// on opening.
func TestTurnBasedDeviceAwayCatchesUpAndMoves(t *testing.T) {
	broker := relaytest.Start(t)
	ts := newTurnSeats(t, "catan", 3, []string{broker.URL})
	for s := range 3 {
		ts.openSeat(s)
	}
	playing := func(what string, d time.Duration, until func() bool) {
		waitFor(t, what, d, func() bool {
			for s := range 3 {
				if ts.open[s] != nil {
					ts.play(s)
				}
			}
			return until()
		})
	}
	decider := func(s int) (d int, chance bool) {
		ts.open[s].With(func(p *p2p.Peer) {
			st := p.Match().State.Status()
			d, chance = -1, st.Chance != nil
			if len(st.Deciders) == 1 {
				d = int(st.Deciders[0])
			}
		})
		return
	}
	away := func(when string, after uint64, witness bool) {
		t.Helper()
		// Seat 1 leaves right after a move of its own that hands the
		// game to another seat.
		waitFor(t, when, 60*time.Second, func() bool {
			ts.play(0)
			ts.play(2)
			if !ts.play(1) {
				return false
			}
			n, _ := turnHead(ts.open[1])
			d, chance := decider(1)
			return n >= after && d >= 0 && d != 1 && !chance
		})
		gone, _ := turnHead(ts.open[1])
		ts.closeSeat(1)
		// Seats 0 and 2 alone: they move while they may, then wait.
		var stuck uint64
		var since time.Time
		playing("seats 0 and 2 to wait", 60*time.Second, func() bool {
			n, _ := turnHead(ts.open[0])
			if n != stuck {
				stuck, since = n, time.Now()
			}
			return time.Since(since) > 2*time.Second
		})
		var waits []int
		ts.open[0].With(func(p *p2p.Peer) { waits = p.Waiting() })
		_, chance := decider(0)
		if !slices.Contains(waits, 1) || witness && !chance || stuck <= gone {
			t.Fatalf("seat 1 closed at entry %d; seat 0 at %d waits on %v (a roll: %v), want seat 1 (a roll: %v) after moves",
				gone, stuck, waits, chance, witness)
		}
		opened := time.Now()
		b := ts.openSeat(1)
		waitFor(t, "seat 1 to catch up", 10*time.Second, func() bool { n, _ := turnHead(b); return n >= stuck })
		t.Logf("seat 1 closed at entry %d; the others went on to %d and waited (on a roll: %v); it caught up in %v",
			gone, stuck, chance, time.Since(opened).Round(time.Millisecond))
		playing("the game to go on past the wait", 60*time.Second, func() bool {
			n, _ := turnHead(ts.open[0])
			m, _ := turnHead(b)
			return n >= stuck+6 && m >= stuck+6
		})
	}
	away("the set-up", 1, false)
	away("the first turns", 30, true)
	waitFor(t, "one log", 10*time.Second, func() bool {
		n, h := turnHead(ts.open[0])
		for s := 1; s < 3; s++ {
			if m, g := turnHead(ts.open[s]); m != n || g != h {
				return false
			}
		}
		return true
	})
	for s := range 3 {
		ts.closeSeat(s)
	}
}

var turnFigures = flag.Bool("turn.figures", false, "play a whole 4-player game over the relay and time a late device's catch-up (TestTurnBasedFigures; skipped otherwise)")

// The figures of docs/p2p.md, on demand (go test ./app/netplay -run
// TestTurnBasedFigures -turn.figures -v): a whole four-player Catan game
// played through the relay alone, its letters and bytes counted, then a
// device that opens the game with nothing but the genesis catches up on
// the whole kept log.
func TestTurnBasedFigures(t *testing.T) {
	if !*turnFigures {
		t.Skip("on demand: -turn.figures")
	}
	broker := relaytest.Start(t)
	ts := newTurnSeats(t, "catan", 4, []string{broker.URL})
	fresh := ts.snaps[3]
	started := time.Now()
	for s := range 4 {
		ts.openSeat(s)
	}
	over := func() bool {
		o := true
		for s := range 4 {
			ts.open[s].With(func(p *p2p.Peer) { o = o && p.Match().State.Status().Over })
		}
		return o
	}
	waitFor(t, "the game to end", 30*time.Minute, func() bool {
		for s := range 4 {
			ts.play(s)
		}
		return over()
	})
	played := time.Since(started)
	var last *Turn = ts.open[0]
	n, h := turnHead(last)
	chances := 0
	last.With(func(p *p2p.Peer) { chances = p.Match().ChanceCount() })
	time.Sleep(2 * time.Second) // the last chunks kept
	for s := range 4 {
		ts.closeSeat(s)
	}
	t.Logf("whole game: %d entries, %d rolls, played in %v; letters published %d (%d payload bytes, one broker), received %d (%d bytes) over 4 devices",
		n, chances, played.Round(time.Millisecond), ts.stats.Sent, ts.stats.SentBytes, ts.stats.Received, ts.stats.ReceivedBytes)

	// A device holding only the genesis opens the game.
	ts.snaps[3] = fresh
	opened := time.Now()
	tb := ts.openSeat(3)
	var at500 time.Duration
	waitFor(t, "the catch-up", 5*time.Minute, func() bool {
		m, g := turnHead(tb)
		if at500 == 0 && m >= 500 {
			at500 = time.Since(opened)
		}
		return m == n && g == h
	})
	whole := time.Since(opened)
	st := tb.Stats()
	ts.closeSeat(3)
	t.Logf("catch-up from the genesis: 500 entries in %v, all %d in %v; %d letters (%d bytes) received",
		at500.Round(time.Millisecond), n, whole.Round(time.Millisecond), st.Received, st.ReceivedBytes)
}
