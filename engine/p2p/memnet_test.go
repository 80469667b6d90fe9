package p2p

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"testing"
	"time"

	"tabula/engine"
	"tabula/engine/enginetest"
	"tabula/engine/rng"
)

// detRand is a deterministic io.Reader for keys and secrets in tests.
type detRand struct {
	seed  string
	block uint64
	buf   []byte
}

func (d *detRand) Read(p []byte) (int, error) {
	for n := 0; n < len(p); {
		if len(d.buf) == 0 {
			h := sha256.Sum256([]byte(fmt.Sprintf("%s/%d", d.seed, d.block)))
			d.block++
			d.buf = h[:]
		}
		c := copy(p[n:], d.buf)
		d.buf = d.buf[c:]
		n += c
	}
	return len(p), nil
}

// memnet is a deterministic in-memory network of peers with virtual time
// and fault injection.
type memnet struct {
	t      testing.TB
	omegas map[uint64][]byte // honestOutcome's Ω per request
	// checks is shared by every peer's ledger: what one peer found of a
	// round's algebra (commitments, openings, Ω; never a failed check)
	// holds for all, so the peers of one process do not each pay the
	// same exponentiations. Each still runs every check path.
	checks  *lockChecks
	peers   []*Peer
	snaps   [][]byte
	events  [][]Event
	now     time.Duration
	queue   []delivery
	serial  int
	rnd     *rng.Stream
	down    []bool // peer is offline
	tick    time.Duration
	acted   map[actedAt]bool
	actMsgs int

	// Faults.
	minDelay, maxDelay time.Duration
	dupPerMille        int
	dropPerMille       int
	// tamper may rewrite (or drop, or multiply) a message in flight.
	tamper func(from, to int, data []byte) [][]byte
	// policy picks the action a seat takes (nil: no bot at that seat).
	bot []bool
	// hold stops a seat's bot while it returns true (tests set it).
	hold func(p *Peer) bool
	// route, when set, says a message goes through another peer (it
	// arrives relayed, after delay more).
	route func(from, to int) (relay bool, delay time.Duration)
	sent  int
	// timed, when set, learns how long each Receive took (wall clock).
	timed func(seat int, took time.Duration, o Output)
}

// actedAt is a seat's decision at a head (seq and hash: after a rollback
// the same seq is a new position).
type actedAt struct {
	seat int
	seq  uint64
	head Hash
}

type delivery struct {
	at       time.Duration
	serial   int
	from, to int
	data     []byte
	connect  bool
	relay    bool
}

var testBuild = "test-build"

// testDelay is the chance time lock of test games: 2^10 squarings, a few
// milliseconds to force open (the algebra is the real game's).
const testDelay = 1 << 10

func newMemnet(t testing.TB, seed uint64, players int) *memnet {
	return newMemnetHosted(t, seed, make([]string, players))
}

// newMemnetHosted is a memnet whose seats have the given genesis kinds:
// "" for a device's seat, HostedPrefix and a bot kind for a seat the host
// hosts (no peer: it stays down, and every peer plays it).
func newMemnetHosted(t testing.TB, seed uint64, kinds []string) *memnet {
	t.Helper()
	return newMemnetWith(t, seed, kinds, nil)
}

// newMemnetWith is newMemnetHosted with the host's config changed by
// tweak (when not nil).
func newMemnetWith(t testing.TB, seed uint64, kinds []string, tweak func(*Config)) *memnet {
	t.Helper()
	return newMemnetGame(t, seed, enginetest.ID, kinds, tweak)
}

// newMemnetGame is newMemnetWith playing game.
func newMemnetGame(t testing.TB, seed uint64, game string, kinds []string, tweak func(*Config)) *memnet {
	t.Helper()
	return newMemnetSetup(t, seed, engine.Setup{Game: game, Players: len(kinds)}, kinds, tweak)
}

// newMemnetSetup is newMemnetGame with the whole setup (options).
func newMemnetSetup(t testing.TB, seed uint64, setup engine.Setup, kinds []string, tweak func(*Config)) *memnet {
	t.Helper()
	players := len(kinds)
	n := &memnet{t: t, rnd: rng.NewStream(rng.SeedKey(seed, 99)), tick: 100 * time.Millisecond,
		minDelay: time.Millisecond, maxDelay: 5 * time.Millisecond, acted: map[actedAt]bool{}}
	hcfg := Config{Build: testBuild, Delay: testDelay, Rand: &detRand{seed: fmt.Sprint(seed, "/0")}}
	for _, k := range kinds {
		hcfg.Seats = append(hcfg.Seats, engine.SeatInfo{Kind: k})
	}
	if tweak != nil {
		tweak(&hcfg)
	}
	host, err := NewHost(hcfg, setup, 0)
	if err != nil {
		t.Fatal(err)
	}
	n.peers = append(n.peers, host)
	hk := host.Key()
	n.down = make([]bool, players)
	for s := 1; s < players; s++ {
		if _, hosted := HostedKind(kinds[s]); hosted {
			n.peers = append(n.peers, nil)
			n.down[s] = true
			continue
		}
		g, err := NewGuest(Config{Build: testBuild, Delay: testDelay, Rand: &detRand{seed: fmt.Sprint(seed, "/", s)}}, host.Game(), s, 0, &hk)
		if err != nil {
			t.Fatal(err)
		}
		n.peers = append(n.peers, g)
	}
	n.snaps = make([][]byte, players)
	n.events = make([][]Event, players)
	n.bot = make([]bool, players)
	for i := range n.bot {
		n.bot[i] = true
	}
	for a := 0; a < players; a++ {
		for b := a + 1; b < players; b++ {
			if n.peers[a] != nil && n.peers[b] != nil {
				n.connect(a, b)
			}
		}
	}
	return n
}

func (n *memnet) connect(a, b int) {
	n.push(delivery{at: n.now, from: a, to: b, connect: true})
	n.push(delivery{at: n.now, from: b, to: a, connect: true})
}

func (n *memnet) push(d delivery) {
	n.serial++
	d.serial = n.serial
	n.queue = append(n.queue, d)
}

func (n *memnet) chance(perMille int) bool { return perMille > 0 && n.rnd.Intn(1000) < perMille }

// handle takes one peer's output: store, queue messages, keep events.
func (n *memnet) handle(seat int, o Output) {
	if o.Dirty {
		n.snaps[seat] = n.peers[seat].Snapshot()
	}
	n.events[seat] = append(n.events[seat], o.Events...)
	defer n.think(seat)
	defer func() {
		// A force-open runs as the app runs it: off the call, then handed
		// back (here at once: the test delay is short).
		for _, ev := range o.Events {
			if ev.Kind == EvForce && ev.Force != nil && n.peers[seat].PendingForce() == ev.Force {
				n.handle(seat, n.peers[seat].Forced(ev.Force, ev.Force.Run(nil)))
			}
		}
	}()
	for _, m := range o.Msgs {
		var tos []int
		if m.To == Broadcast {
			for s := range n.peers {
				if s != seat {
					tos = append(tos, s)
				}
			}
		} else {
			tos = []int{m.To}
		}
		for _, to := range tos {
			n.sendRaw(seat, to, m.Data)
		}
	}
}

// think runs a hosted search bot's job at once (a transport runs it off
// the peer's lock; here there is no lock).
func (n *memnet) think(seat int) {
	p := n.peers[seat]
	if j, ok := p.BotJob(); ok {
		raw, err := j.Run(nil)
		n.handle(seat, p.BotDone(j, raw, err))
	}
}

func (n *memnet) sendRaw(from, to int, data []byte) {
	msgs := [][]byte{data}
	if n.tamper != nil {
		msgs = n.tamper(from, to, data)
	}
	for _, d := range msgs {
		n.sent++
		if n.chance(n.dropPerMille) {
			continue
		}
		copies := 1
		if n.chance(n.dupPerMille) {
			copies = 2
		}
		for c := 0; c < copies; c++ {
			delay := n.minDelay
			if n.maxDelay > n.minDelay {
				delay += time.Duration(n.rnd.Intn(int(n.maxDelay - n.minDelay)))
			}
			relay := false
			if n.route != nil {
				var more time.Duration
				relay, more = n.route(from, to)
				delay += more
			}
			n.push(delivery{at: n.now + delay, from: from, to: to, data: d, relay: relay})
		}
	}
}

// step delivers the next due message or advances time to the next tick.
func (n *memnet) step() {
	if n.checks == nil {
		n.checks = newLockChecks()
	}
	for _, p := range n.peers {
		if p != nil && p.led != nil && p.led.checks != n.checks {
			p.led.checks = n.checks
		}
	}
	sort.Slice(n.queue, func(i, j int) bool {
		if n.queue[i].at != n.queue[j].at {
			return n.queue[i].at < n.queue[j].at
		}
		return n.queue[i].serial < n.queue[j].serial
	})
	nextTick := (n.now/n.tick + 1) * n.tick
	if len(n.queue) > 0 && n.queue[0].at < nextTick {
		d := n.queue[0]
		n.queue = n.queue[1:]
		if d.at > n.now {
			n.now = d.at
		}
		if n.down[d.to] || n.down[d.from] {
			return
		}
		switch {
		case d.connect:
			n.handle(d.to, n.peers[d.to].Connected(d.from))
		case d.relay:
			n.handle(d.to, n.peers[d.to].ReceiveRelayed(d.from, d.data))
		default:
			t0 := time.Now()
			o := n.peers[d.to].Receive(d.from, d.data)
			if n.timed != nil {
				n.timed(d.to, time.Since(t0), o)
			}
			n.handle(d.to, o)
		}
		n.bots()
		return
	}
	n.now = nextTick
	for s, p := range n.peers {
		// A device that is cut off (down) keeps its clock: what it sends
		// is lost (push drops it), but it knows how long it was away.
		if p != nil {
			n.handle(s, p.Tick(n.now))
		}
	}
	n.bots()
}

// bots let every seat with a bot act when it may.
func (n *memnet) bots() {
	for s, p := range n.peers {
		if n.down[s] || !n.bot[s] || !p.Started() || (n.hold != nil && n.hold(p)) {
			continue
		}
		st := p.Match().State.Status()
		if st.Over || st.Chance != nil || !st.Decides(engine.Seat(s)) {
			continue
		}
		seq, hh := p.Head()
		if _, dealing := p.led.sealedWait(); dealing {
			continue // a deck message first (sealed play)
		}
		if n.acted[actedAt{s, seq, hh}] || p.Bot(s) || (p.mine != nil && p.mine.Base == seq) {
			continue // acted, played by the bot, or proposal re-signed after a takeover
		}
		legal := p.Match().State.Legal(engine.Seat(s))
		a := legal[n.rnd.Intn(len(legal))]
		o, err := p.Act(a)
		if err != nil {
			n.t.Fatalf("seat %d: legal action refused: %v", s, err)
		}
		n.acted[actedAt{s, seq, hh}] = true
		n.handle(s, o)
	}
}

// run steps until every live peer's game is over or the virtual limit.
func (n *memnet) run(limit time.Duration) bool {
	for steps := 0; n.now < limit && steps < 5_000_000; steps++ {
		if n.allOver() && len(n.queue) == 0 {
			return true
		}
		n.step()
	}
	return n.allOver()
}

func (n *memnet) allOver() bool {
	for s, p := range n.peers {
		if n.down[s] {
			continue
		}
		if !p.Started() || !p.Match().State.Status().Over {
			return false
		}
	}
	return true
}

// sameLogs fails unless every live peer holds the identical log and hash.
func (n *memnet) sameLogs() {
	n.t.Helper()
	var ref *Peer
	for s, p := range n.peers {
		if n.down[s] {
			continue
		}
		if ref == nil {
			ref = p
			continue
		}
		rs, rh := ref.Head()
		ps, ph := p.Head()
		if rs != ps || rh != ph || engine.AgreedHashHex(ref.Match().Setup, ref.Match().State) != engine.AgreedHashHex(p.Match().Setup, p.Match().State) {
			n.t.Fatalf("seat %d head %d %s, seat %d head %d %s", ref.Seat(), rs, rh.Short(), s, ps, ph.Short())
		}
	}
}

func (n *memnet) count(seat int, k EventKind) int {
	c := 0
	for _, e := range n.events[seat] {
		if e.Kind == k {
			c++
		}
	}
	return c
}

func (n *memnet) find(seat int, k EventKind) []Event {
	var out []Event
	for _, e := range n.events[seat] {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

func (n *memnet) noRejections() {
	n.t.Helper()
	n.noRejectionsBut(nil)
}

// noRejectionsBut is noRejections, allowing rejections wrapping allow.
func (n *memnet) noRejectionsBut(allow error) {
	n.t.Helper()
	for s := range n.peers {
		for _, e := range n.events[s] {
			if allow != nil && e.Kind == EvRejected && errors.Is(e.Err, allow) {
				continue
			}
			if e.Kind == EvRejected || e.Kind == EvRefused || e.Kind == EvEquivocation || e.Kind == EvFork {
				n.t.Fatalf("seat %d: unexpected %v", s, e)
			}
		}
	}
}

// byteOrder keeps encoding/binary imported for helpers below.
var _ = binary.BigEndian
