// Package p2ptest plays whole peer-to-peer games in memory, with no
// network: every seat is an engine/p2p Peer played by an engine/bot, and
// messages go through a deterministic queue on a virtual clock. Tools and
// UIs built on engine/p2p use it to get real signed game files (Export)
// without WebRTC: the same seed gives the same game.
//
// A seat can leave mid-game (its peer goes silent); the others then vote
// it to the bot once it shows as away (ProposeTakeover), as players would.
package p2ptest

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"time"

	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/p2p"
)

// Options shape a game.
type Options struct {
	Bot string // bot kind for every seat ("random" when empty)
	// Leave, when ≥ 0, is a seat whose peer goes silent once the log has
	// LeaveAt entries; the others take it over.
	Leave   int
	LeaveAt uint64
	// Limit bounds the virtual time (default 2 h).
	Limit time.Duration
}

// Table is a finished (or stopped) game: one peer per seat.
type Table struct {
	Peers  []*p2p.Peer
	Events [][]p2p.Event // per seat, everything its peer reported
	Gone   []bool        // the seat left

	queue []msg
	now   time.Duration
	bots  []bot.Bot
	acted []map[uint64]bool
}

type msg struct {
	at       time.Duration
	from, to int
	data     []byte
	connect  bool
}

// seedReader makes keys and chance secrets from a seed.
type seedReader struct {
	seed string
	n    uint64
	buf  []byte
}

func (r *seedReader) Read(p []byte) (int, error) {
	for i := range p {
		if len(r.buf) == 0 {
			h := sha256.Sum256(fmt.Appendf(nil, "%s/%d", r.seed, r.n))
			r.n++
			r.buf = h[:]
		}
		p[i], r.buf = r.buf[0], r.buf[1:]
	}
	return len(p), nil
}

// Play creates a game of setup among setup.Players peers (the host in
// seat 0) and plays it to the end. It fails if the peers disagree or the
// game does not end in the time limit.
func Play(setup engine.Setup, seed uint64, o Options) (*Table, error) {
	if o.Bot == "" {
		o.Bot = "random"
	}
	if o.Limit == 0 {
		o.Limit = 2 * time.Hour
	}
	t := &Table{}
	cfg := func(s int) p2p.Config {
		// A short chance time lock, opened inline: a seat that leaves
		// mid-roll costs milliseconds here, not the real delay.
		return p2p.Config{Build: "p2ptest", Rand: &seedReader{seed: fmt.Sprint(seed, "/", s)}, Delay: 1 << 12, ForceInline: true}
	}
	host, err := p2p.NewHost(cfg(0), setup, 0)
	if err != nil {
		return nil, err
	}
	t.Peers = append(t.Peers, host)
	hk := host.Key()
	for s := 1; s < setup.Players; s++ {
		g, err := p2p.NewGuest(cfg(s), host.Game(), s, 0, &hk)
		if err != nil {
			return nil, err
		}
		t.Peers = append(t.Peers, g)
	}
	n := len(t.Peers)
	t.Events, t.Gone = make([][]p2p.Event, n), make([]bool, n)
	for s := 0; s < n; s++ {
		b, err := bot.New(o.Bot, seed*16+uint64(s))
		if err != nil {
			return nil, err
		}
		t.bots = append(t.bots, b)
		t.acted = append(t.acted, map[uint64]bool{})
		for u := s + 1; u < n; u++ {
			t.queue = append(t.queue, msg{from: s, to: u, connect: true}, msg{from: u, to: s, connect: true})
		}
	}
	const tick = 100 * time.Millisecond
	for steps := 0; t.now < o.Limit; steps++ {
		if steps > 10_000_000 {
			return t, errors.New("p2ptest: too many steps")
		}
		if t.over() && len(t.queue) == 0 {
			return t, t.agree()
		}
		if o.Leave >= 0 && o.Leave < n && !t.Gone[o.Leave] {
			if seq, _ := t.Peers[o.Leave].Head(); seq >= o.LeaveAt && t.Peers[o.Leave].Started() {
				t.Gone[o.Leave] = true
			}
		}
		if len(t.queue) > 0 && t.queue[0].at < (t.now/tick+1)*tick {
			m := t.queue[0]
			t.queue = t.queue[1:]
			t.now = max(t.now, m.at)
			if t.Gone[m.to] || t.Gone[m.from] {
				continue
			}
			if m.connect {
				t.handle(m.to, t.Peers[m.to].Connected(m.from))
			} else {
				t.handle(m.to, t.Peers[m.to].Receive(m.from, m.data))
			}
		} else {
			t.now = (t.now/tick + 1) * tick
			for s, p := range t.Peers {
				if !t.Gone[s] {
					t.handle(s, p.Tick(t.now))
				}
			}
		}
		if err := t.play(); err != nil {
			return t, err
		}
	}
	return t, fmt.Errorf("p2ptest: the game did not end in %v", o.Limit)
}

func (t *Table) handle(seat int, o p2p.Output) {
	t.Events[seat] = append(t.Events[seat], o.Events...)
	for _, m := range o.Msgs {
		for to := range t.Peers {
			if to != seat && (m.To == p2p.Broadcast || m.To == to) {
				// In order per link, a millisecond apart.
				t.queue = append(t.queue, msg{at: t.now + time.Millisecond, from: seat, to: to, data: m.Data})
			}
		}
	}
}

// play lets every present seat act when it may, and vote out left seats.
func (t *Table) play() error {
	for s, p := range t.Peers {
		if t.Gone[s] || !p.Started() || p.Bot(s) {
			continue
		}
		for x := range t.Peers {
			if t.Gone[x] && p.Away(x) && !p.Bot(x) {
				o, err := p.ProposeTakeover(x)
				if err != nil && !errors.Is(err, p2p.ErrNotWaiting) && !errors.Is(err, engine.ErrGameOver) {
					return fmt.Errorf("p2ptest: seat %d votes for %d: %w", s, x, err)
				}
				t.handle(s, o)
			}
		}
		st := p.Match().State.Status()
		seq, _ := p.Head()
		if st.Over || st.Chance != nil || !st.Decides(engine.Seat(s)) || t.acted[s][seq] {
			continue
		}
		t.acted[s][seq] = true
		a := t.bots[s].Choose(p.Match().State, engine.Seat(s))
		if a == nil {
			continue
		}
		o, err := p.Act(a)
		if err != nil && !errors.Is(err, engine.ErrNotYourTurn) {
			return fmt.Errorf("p2ptest: seat %d: %w", s, err)
		}
		t.handle(s, o)
	}
	return nil
}

func (t *Table) over() bool {
	for s, p := range t.Peers {
		if !t.Gone[s] && (!p.Started() || !p.Match().State.Status().Over) {
			return false
		}
	}
	return true
}

// agree checks that every present seat holds the same log.
func (t *Table) agree() error {
	var ref *p2p.Peer
	for s, p := range t.Peers {
		if t.Gone[s] {
			continue
		}
		if ref == nil {
			ref = p
			continue
		}
		a, ah := ref.Head()
		b, bh := p.Head()
		if a != b || ah != bh {
			return fmt.Errorf("p2ptest: seat %d ends at %d %s, seat %d at %d %s", ref.Seat(), a, ah.Short(), s, b, bh.Short())
		}
	}
	return nil
}

// Present is the first seat that did not leave.
func (t *Table) Present() *p2p.Peer {
	for s, p := range t.Peers {
		if !t.Gone[s] {
			return p
		}
	}
	return nil
}
