package netplay

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"tabula/app/relay"
	"tabula/engine"
	"tabula/engine/p2p"
)

// A turn-based table (docs/p2p.md, "Turn-based play") is played through
// the game's relay room (and over WebRTC too when players happen to be
// online together): its players need not be online together. Turn drives
// one seat's peer there:
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
	// of it is sent (a reload never loses what was sent). OpenTurn only:
	// an attached node stores its own.
	Store func(snapshot []byte)
	// Wake, when set, is called (from any goroutine) after each step.
	Wake func()
}

// seatHolder holds the seat's peer: a p2pnet.Node (a game open on the
// screen, whose links also carry the messages when the players are
// online together) or a lone seat (solo.go: the home screen's background
// service, and native tools).
type seatHolder interface {
	Step(f func(p *p2p.Peer) p2p.Output)
	With(f func(p *p2p.Peer))
}

// Turn is one seat of a turn-based table, open on this device.
type Turn struct {
	opt  TurnOptions
	seat int
	room *relay.Room
	ctx  context.Context
	stop context.CancelFunc
	wg   sync.WaitGroup
	kick chan struct{}
	box  *outbox
	hold seatHolder
	solo *soloSeat // when the Turn holds the peer itself

	mu      sync.Mutex
	log     feed
	settled bool
	// inRoom: the last seq the room's kept chunks hold, as seen here;
	// inRoomAt: when the letter that kept it was sent (its sender's
	// clock), about when the game last moved.
	inRoom   uint64
	inRoomAt time.Time
}

// ErrNotTurnBased: the game's genesis does not make a turn-based table.
var ErrNotTurnBased = errors.New("netplay: not a turn-based table")

// OpenTurn opens the room and starts the seat on its own (no WebRTC): it
// catches up on the kept letters and takes part from then on. The peer
// must have its genesis.
func OpenTurn(ctx context.Context, peer *p2p.Peer, opt TurnOptions) (*Turn, error) {
	if !peer.Started() || !IsTurnBased(peer.Genesis()) {
		return nil, ErrNotTurnBased
	}
	room, err := relay.Open(ctx, opt.Brokers, opt.Secret)
	if err != nil {
		return nil, err
	}
	solo := &soloSeat{peer: peer, store: opt.Store, start: time.Now()}
	t := newTurn(room, solo, peer.Seat(), opt)
	solo.carry, solo.ctx, solo.wg = t.carry, t.ctx, &t.wg
	t.run()
	return t, nil
}

// carryTurn carries a started turn-based table through the session's
// room as well as the node's links (the node keeps its own clock and
// store; its Carry hands every output to the Turn). Once.
func (s *Session) carryTurn(room *relay.Room) {
	if s.turn.Load() != nil || s.isClosed() {
		return
	}
	tb := false
	s.main.With(func(p *p2p.Peer) { tb = p.Started() && IsTurnBased(p.Genesis()) })
	if !tb {
		return
	}
	t := newTurn(room, s.main, s.Meta.Seat, TurnOptions{})
	s.turn.Store(t)
	t.run()
	if s.isClosed() { // closed meanwhile: Close may have missed it
		go t.Close()
	}
}

func newTurn(room *relay.Room, hold seatHolder, seat int, opt TurnOptions) *Turn {
	life, stop := context.WithCancel(context.Background())
	t := &Turn{opt: opt, seat: seat, room: room, ctx: life, stop: stop, kick: make(chan struct{}, 1),
		hold: hold, log: feed{chunks: map[uint64]chunk{}}}
	if s, ok := hold.(*soloSeat); ok {
		t.solo = s
	}
	t.box = newOutbox(life, room)
	return t
}

func (t *Turn) run() {
	live, unlive := t.room.Watch(liveBox)
	kept, unkeep := t.room.Watch(turnBox)
	t.wg.Add(2)
	go func() { defer t.wg.Done(); t.box.run() }()
	go func() {
		defer t.wg.Done()
		defer unlive()
		defer unkeep()
		t.serve(live, kept)
	}()
}

// serve takes the room's letters (and ticks a lone seat) until Close.
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
			t.tick()
		}
	}
}

func (t *Turn) tick() {
	if t.solo != nil {
		t.step(func(p *p2p.Peer) p2p.Output { return p.Tick(time.Since(t.solo.start)) })
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
	delay := time.Duration(t.seat) * watchStagger
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		// A failed keep is tried again as the log grows; the log stays
		// on this device meanwhile.
		keepLog(t.ctx, t.room, turnBox, delay, t.logSource, t.kick, func(error) {})
	}()
	t.tick()
}

func (t *Turn) logSource() (gen []byte, es []p2p.Entry) {
	t.hold.With(func(p *p2p.Peer) {
		gen, es = p.GenesisMessage(), append([]p2p.Entry(nil), p.Entries()...)
	})
	return gen, es
}

// takeLive hands a posted message to the peer.
func (t *Turn) takeLive(l relay.Letter) {
	from, to, data, ok := openLive(l.Body)
	if !ok || from == t.seat || (to != p2p.Broadcast && to != t.seat) {
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
		if last := c.first + uint64(len(c.entries)) - 1; last > t.inRoom || last == t.inRoom && l.Sent.After(t.inRoomAt) {
			t.inRoom, t.inRoomAt = last, l.Sent
		}
		t.mu.Unlock()
		t.step(func(p *p2p.Peer) p2p.Output {
			t.mu.Lock()
			defer t.mu.Unlock()
			return t.log.feed(p)
		})
		return
	}
	if seat, ok := keyedSeat(l.Key); ok && seat != t.seat {
		t.receive(seat, l.Body)
	}
}

// step runs f on the peer through its holder.
func (t *Turn) step(f func(p *p2p.Peer) p2p.Output) {
	t.hold.Step(f)
	if t.opt.Wake != nil {
		t.opt.Wake()
	}
}

// carry sends and keeps what the peer produced; the holder calls it,
// locked, for every output.
func (t *Turn) carry(p *p2p.Peer, out p2p.Output) {
	for _, m := range out.Msgs {
		if key, ok := ownKey(t.seat, m.Data); ok {
			t.box.keep(key, m.Data)
		} else {
			t.box.post(liveLetter(t.seat, m.To, m.Data))
		}
	}
	for _, e := range out.Events {
		switch e.Kind {
		case p2p.EvApplied, p2p.EvTakeover, p2p.EvReclaim:
			select {
			case t.kick <- struct{}{}:
			default:
			}
		}
	}
}

// Act makes the seat's move (a lone seat's).
func (t *Turn) Act(a engine.Action) error {
	var err error
	t.step(func(p *p2p.Peer) p2p.Output {
		var out p2p.Output
		out, err = p.Act(a)
		return out
	})
	return err
}

// With runs f with the peer, locked (read it; do not keep it).
func (t *Turn) With(f func(p *p2p.Peer)) { t.hold.With(f) }

// Events returns what a lone seat's peer reported since the last call.
func (t *Turn) Events() []p2p.Event {
	if t.solo == nil {
		return nil
	}
	return t.solo.takeEvents()
}

// Idle reports whether everything this device had to send has gone out
// and the room keeps its whole log (a witness may close then: its
// commitment or reveal is kept).
func (t *Turn) Idle() bool {
	var seq uint64
	t.hold.With(func(p *p2p.Peer) { seq, _ = p.Head() })
	t.mu.Lock()
	done := t.settled && t.inRoom >= seq
	t.mu.Unlock()
	return done && t.box.idle()
}

// MovedAt is about when the game last moved: when the room's newest
// entries were kept, by the clock of the device that kept them (never
// later than now); zero before any was seen.
func (t *Turn) MovedAt() time.Time {
	t.mu.Lock()
	defer t.mu.Unlock()
	if now := time.Now(); t.inRoomAt.After(now) {
		return now
	}
	return t.inRoomAt
}

// Stats is the room's traffic since the Turn opened.
func (t *Turn) Stats() relay.Stats { return t.room.Stats() }

// Close sends what is queued (for at most a few seconds), then leaves.
func (t *Turn) Close() {
	t.box.drain(3 * time.Second)
	t.stop()
	if t.solo != nil {
		t.room.Close()
	}
	t.wg.Wait()
}

// TurnWaits says what a turn-based table waits on from seat me: its own
// decision (mine), or its device's part (witness: a commitment or reveal
// of a roll, or a deck message of sealed play, which the device sends by
// itself when the game is open).
func TurnWaits(p *p2p.Peer, me int) (mine, witness bool) {
	m := p.Match()
	if m == nil || !slices.Contains(p.Waiting(), me) {
		return false, false
	}
	st := m.State.Status()
	mine = st.Chance == nil && st.Decides(engine.Seat(me))
	return mine, !mine
}
