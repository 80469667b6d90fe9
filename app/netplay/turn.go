package netplay

import (
	"context"
	"errors"
	"sync"
	"time"

	"tabula/app/relay"
	"tabula/engine"
	"tabula/engine/p2p"
)

// A turn-based table (docs/p2p.md, "Turn-based play") is played through
// the game's relay room alone: its players need not be online together.
// Turn drives one seat's peer there:
//
//   - every protocol message the peer sends is posted in box "live", for
//     the devices online now;
//   - the signed genesis and log are kept in box "turn" in the chunks the
//     spectators' room uses (watchlog.go), so a device that opens the game
//     later catches up on them, checking every entry as ever;
//   - the seat's own latest commitment, reveal and proposal are kept in
//     box "turn" too (turnkeys.go; kept letters reach the members online
//     as well, so they are not posted): a chance round completes as the
//     others' devices pass by, in any order, and none of them need meet.
//
// Letters from the room go to the peer by ReceiveRelayed: every member of
// the room holds the secret, so a letter's claimed sender proves nothing,
// and only what proves its author is taken (signed messages, entries,
// reveals).
const (
	turnBox = "turn"
	liveBox = "live"
	// TurnMeta is the genesis meta key ("1") that makes a network game a
	// turn-based table; it is signed, so every device plays it so.
	TurnMeta = "turnBased"
	// turnSettle is how long an opening device waits for the kept letters
	// before it keeps anything of its own: a device behind must not keep
	// its shorter log over the room's.
	turnSettle = 400 * time.Millisecond
	turnTick   = 200 * time.Millisecond
)

// TurnProtocol shapes a protocol configuration for a turn-based table: no
// think limit (nobody is handed to the bot for being away; no vote can be
// cast through the relay anyway), and pings and resends spaced for a
// channel through public brokers. A host's config also gets TurnMeta.
func TurnProtocol(c p2p.Config) p2p.Config {
	c.Think = p2p.NoLimit
	c.PingEvery, c.AwayAfter, c.ResendEvery = 5*time.Second, 20*time.Second, 3*time.Second
	meta := map[string]string{TurnMeta: "1"}
	for k, v := range c.Meta {
		meta[k] = v
	}
	c.Meta = meta
	return c
}

// IsTurnBased reports whether a genesis makes a turn-based table.
func IsTurnBased(g *p2p.Genesis) bool { return g != nil && g.Meta[TurnMeta] == "1" }

// TurnOptions is what a Turn needs besides its peer.
type TurnOptions struct {
	Brokers []string
	Secret  []byte // the game's relay secret
	// Store gets the peer's snapshot after every change, before anything
	// of it is sent (a reload never loses what was sent).
	Store func(snapshot []byte)
	// Wake, when set, is called (from any goroutine) after each step.
	Wake func()
}

// Turn is one seat of a turn-based table, open on this device.
type Turn struct {
	opt   TurnOptions
	room  *relay.Room
	start time.Time
	ctx   context.Context
	stop  context.CancelFunc
	wg    sync.WaitGroup
	kick  chan struct{}
	box   *outbox

	mu      sync.Mutex
	peer    *p2p.Peer
	log     feed
	events  []p2p.Event
	settled bool
	// inRoom: the last seq the room's kept chunks hold, as seen here.
	inRoom  uint64
	forcing *p2p.ForceJob
	botJob  *p2p.BotJob
	keepErr error
}

// ErrNotTurnBased: the game's genesis does not make a turn-based table.
var ErrNotTurnBased = errors.New("netplay: not a turn-based table")

// OpenTurn opens the room and starts the seat: it catches up on the kept
// letters and takes part from then on. The peer must have its genesis.
func OpenTurn(ctx context.Context, peer *p2p.Peer, opt TurnOptions) (*Turn, error) {
	if !peer.Started() || !IsTurnBased(peer.Genesis()) {
		return nil, ErrNotTurnBased
	}
	room, err := relay.Open(ctx, opt.Brokers, opt.Secret)
	if err != nil {
		return nil, err
	}
	life, stop := context.WithCancel(context.Background())
	t := &Turn{opt: opt, room: room, start: time.Now(), ctx: life, stop: stop, kick: make(chan struct{}, 1),
		peer: peer, log: feed{chunks: map[uint64]chunk{}}}
	t.box = newOutbox(life, room)
	live, unlive := room.Watch(liveBox)
	kept, unkeep := room.Watch(turnBox)
	t.wg.Add(2)
	go func() { defer t.wg.Done(); t.box.run() }()
	go func() {
		defer t.wg.Done()
		defer unlive()
		defer unkeep()
		t.serve(live, kept)
	}()
	return t, nil
}

// serve takes the room's letters and ticks the peer until Close.
func (t *Turn) serve(live, kept <-chan relay.Letter) {
	tick := time.NewTicker(turnTick)
	defer tick.Stop()
	settle := time.NewTimer(turnSettle)
	defer settle.Stop()
	for {
		select {
		case <-t.ctx.Done():
			return
		case l, ok := <-live:
			if !ok {
				return
			}
			t.takeLive(l)
		case l, ok := <-kept:
			if !ok {
				return
			}
			if !t.isSettled() {
				settle.Reset(turnSettle) // the kept letters are still coming
			}
			t.takeKept(l)
		case <-settle.C:
			t.settle()
		case <-tick.C:
			t.step(func(p *p2p.Peer) p2p.Output { return p.Tick(time.Since(t.start)) })
		}
	}
}

func (t *Turn) isSettled() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.settled
}

// settle starts keeping the log once the room's kept letters are in.
func (t *Turn) settle() {
	t.mu.Lock()
	if t.settled {
		t.mu.Unlock()
		return
	}
	t.settled = true
	t.mu.Unlock()
	delay := time.Duration(t.peer.Seat()) * watchStagger
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		keepLog(t.ctx, t.room, turnBox, delay, t.logSource, t.kick, t.keepFail)
	}()
	t.step(func(p *p2p.Peer) p2p.Output { return p.Tick(time.Since(t.start)) })
}

func (t *Turn) keepFail(err error) {
	t.mu.Lock()
	t.keepErr = err
	t.mu.Unlock()
}

func (t *Turn) logSource() (gen []byte, es []p2p.Entry) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.peer.GenesisMessage(), append([]p2p.Entry(nil), t.peer.Entries()...)
}

// takeLive hands a posted message to the peer.
func (t *Turn) takeLive(l relay.Letter) {
	from, to, data, ok := openLive(l.Body)
	if !ok || from == t.peer.Seat() || (to != p2p.Broadcast && to != t.peer.Seat()) {
		return
	}
	t.receive(from, data)
}

// receive hands the peer a message from seat from, unless stale.
func (t *Turn) receive(from int, data []byte) {
	t.step(func(p *p2p.Peer) p2p.Output {
		if stale(p, data) {
			return p2p.Output{}
		}
		return p.ReceiveRelayed(from, data)
	})
}

// takeKept takes a kept letter: a chunk of the log, or a seat's pending
// message.
func (t *Turn) takeKept(l relay.Letter) {
	if _, ok := chunkIndex(l.Key); ok {
		c, err := decodeChunk(l.Body)
		if err != nil {
			return
		}
		t.mu.Lock()
		t.log.add(c)
		t.inRoom = max(t.inRoom, c.first+uint64(len(c.entries))-1)
		t.mu.Unlock()
		t.step(func(p *p2p.Peer) p2p.Output { return t.log.feed(p) })
		return
	}
	if seat, ok := keyedSeat(l.Key); ok && seat != t.peer.Seat() {
		t.receive(seat, l.Body)
	}
}

// step runs f on the peer and sends what it produced.
func (t *Turn) step(f func(p *p2p.Peer) p2p.Output) {
	t.mu.Lock()
	out := f(t.peer)
	t.handle(out)
	t.mu.Unlock()
	if t.opt.Wake != nil {
		t.opt.Wake()
	}
}

// handle stores, sends and keeps what the peer produced (locked).
func (t *Turn) handle(out p2p.Output) {
	if out.Dirty && t.opt.Store != nil {
		t.opt.Store(t.peer.Snapshot())
	}
	grew := false
	for _, m := range out.Msgs {
		if key, ok := ownKey(t.peer.Seat(), m.Data); ok {
			t.box.keep(key, m.Data)
		} else {
			t.box.post(liveLetter(t.peer.Seat(), m.To, m.Data))
		}
	}
	for _, e := range out.Events {
		t.events = append(t.events, e)
		switch e.Kind {
		case p2p.EvApplied, p2p.EvTakeover, p2p.EvReclaim:
			grew = true
		case p2p.EvForce:
			t.force(e.Force)
		}
	}
	if grew {
		select {
		case t.kick <- struct{}{}:
		default:
		}
	}
	t.think()
}

// force opens a withheld round off the lock (locked caller).
func (t *Turn) force(j *p2p.ForceJob) {
	if j == nil || t.forcing == j {
		return
	}
	t.forcing = j
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		stop := func() bool {
			t.mu.Lock()
			defer t.mu.Unlock()
			return t.ctx.Err() != nil || t.peer.PendingForce() != j
		}
		f := j.Run(stop)
		if f != nil && t.ctx.Err() == nil {
			t.step(func(p *p2p.Peer) p2p.Output { return p.Forced(j, f) })
		}
	}()
}

// think runs a hosted search bot's decision off the lock (locked caller).
func (t *Turn) think() {
	j, ok := t.peer.BotJob()
	if !ok || t.botJob == j {
		return
	}
	t.botJob = j
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		raw, err := j.Run(nil)
		if t.ctx.Err() == nil {
			t.step(func(p *p2p.Peer) p2p.Output { return p.BotDone(j, raw, err) })
		}
	}()
}

// Act makes the seat's move.
func (t *Turn) Act(a engine.Action) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	out, err := t.peer.Act(a)
	t.handle(out)
	return err
}

// With runs f with the peer, locked (read it; do not keep it).
func (t *Turn) With(f func(p *p2p.Peer)) {
	t.mu.Lock()
	defer t.mu.Unlock()
	f(t.peer)
}

// Events returns what the peer reported since the last call.
func (t *Turn) Events() []p2p.Event {
	t.mu.Lock()
	defer t.mu.Unlock()
	e := t.events
	t.events = nil
	return e
}

// Idle reports whether everything this device had to send has gone out
// and the room keeps its whole log (a witness may close then: its
// commitment or reveal is kept).
func (t *Turn) Idle() bool {
	t.mu.Lock()
	seq, _ := t.peer.Head()
	done := t.settled && t.inRoom >= seq
	t.mu.Unlock()
	return done && t.box.idle()
}

// Stats is the room's traffic since OpenTurn.
func (t *Turn) Stats() relay.Stats { return t.room.Stats() }

// Close sends what is queued (for at most a few seconds), then leaves.
func (t *Turn) Close() {
	t.box.drain(3 * time.Second)
	t.stop()
	t.room.Close()
	t.wg.Wait()
}

// TurnWaits says what a turn-based table waits on from seat me: its own
// decision (mine), or its device's part of a chance round (witness: a
// commitment or reveal it has not sent; opening the game sends it).
func TurnWaits(p *p2p.Peer, me int) (mine, witness bool) {
	m := p.Match()
	if m == nil {
		return false, false
	}
	st := m.State.Status()
	if st.Over {
		return false, false
	}
	if st.Chance != nil {
		for _, s := range p.Waiting() {
			if s == me {
				return false, true
			}
		}
		return false, false
	}
	return st.Decides(engine.Seat(me)), false
}
