package netplay

import (
	"context"
	"sync"
	"time"

	"tabula/app/relay"
	"tabula/engine/p2p"
)

// Every player's device keeps the game's genesis and log in the watch
// room (watchlog.go) as the log grows, so a spectator can come at any time
// and get all of it. The devices share the work: each waits watchStagger
// times its seat before keeping a letter the room does not hold yet, and
// keeps nothing it sees there already; a letter that changed (a device
// behind, or a spectator's) is kept again.
const watchStagger = 300 * time.Millisecond

// watchPace is the least time between two keeps of one letter: bots at
// instant speed add entries faster than anyone watches them.
const watchPace = 250 * time.Millisecond

// watchPub is a session's publishing to the watch room.
type watchPub struct {
	mu      sync.Mutex
	started bool
	stop    context.CancelFunc
	kick    chan struct{}
	err     error // the last failure (no broker, an entry too big)
}

// publishWatch starts publishing once the game has a genesis (and a relay
// secret and brokers), and tells the publisher the log grew. Step calls it.
func (s *Session) publishWatch() {
	w := &s.watch
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.started {
		select {
		case w.kick <- struct{}{}:
		default:
		}
		return
	}
	key, err := WatchKey(s.Meta.Relay)
	if err != nil || !s.Started || len(s.env.Settings.Brokers) == 0 || s.isClosed() {
		return
	}
	ctx, stop := context.WithCancel(context.Background())
	w.started, w.stop, w.kick = true, stop, make(chan struct{}, 1)
	delay := time.Duration(s.Meta.Seat) * watchStagger
	go s.watchRun(ctx, append([]string(nil), s.env.Settings.Brokers...), key, delay)
}

func (s *Session) isClosed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed
}

// stopWatch ends the publishing (the session closes).
func (s *Session) stopWatch() {
	w := &s.watch
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.stop != nil {
		w.stop()
	}
}

// WatchErr is the publisher's last failure, if any.
func (s *Session) WatchErr() error {
	w := &s.watch
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

func (s *Session) watchRun(ctx context.Context, brokers []string, key []byte, delay time.Duration) {
	room := keepOpening(ctx, brokers, key, s.watchFail)
	if room == nil {
		return
	}
	defer room.Close()
	s.watchServe(ctx, room, delay)
}

func (s *Session) watchFail(err error) {
	s.watch.mu.Lock()
	s.watch.err = err
	s.watch.mu.Unlock()
}

// logSource is what the publisher reads from the person's node.
func (s *Session) logSource() (gen []byte, es []p2p.Entry) {
	s.main.With(func(p *p2p.Peer) {
		gen = p.GenesisMessage()
		es = append([]p2p.Entry(nil), p.Entries()...)
	})
	return gen, es
}

// publisher decides which letters the room lacks.
type publisher struct {
	delay time.Duration
	seen  map[string][]byte    // the room's letters as last seen
	due   map[string]time.Time // when a missing letter is kept
	kept  map[string]time.Time // when each letter was last kept here
	// held: chunks known to be in the room, by the hash of their last
	// entry (a letter seen for the key forgets it): those are not encoded
	// and compared again each time the log grows.
	held   map[string]p2p.Hash
	enc    [][]byte   // the log's entries encoded, seq 1 on
	hashes []p2p.Hash // and their hashes
}

// encode brings p.enc up to the log es: the entries are hash-chained, so
// when the last one encoded is still in place, so is everything before it.
func (p *publisher) encode(es []p2p.Entry) {
	if n := len(p.enc); n > 0 && (len(es) < n || es[n-1].Hash() != p.hashes[n-1]) {
		p.enc, p.hashes, p.held = nil, nil, map[string]p2p.Hash{}
	}
	for i := len(p.enc); i < len(es); i++ {
		p.enc = append(p.enc, es[i].Encode())
		p.hashes = append(p.hashes, es[i].Hash())
	}
}

// see notes a letter of the room.
func (p *publisher) see(key string, body []byte) {
	p.seen[key] = body
	delete(p.held, key)
}

// letter is one letter to keep.
type letter struct {
	key  string
	body []byte
	last p2p.Hash // of a chunk: the hash of its last entry
	held bool     // the room holds it already
}

// plan lists the room's letters as this log makes them.
func (p *publisher) plan(gen []byte, es []p2p.Entry) ([]letter, error) {
	if gen == nil {
		return nil, nil
	}
	p.encode(es)
	out := []letter{{key: genesisKey, body: gen, held: string(p.seen[genesisKey]) == string(gen)}}
	cs, err := cutChunks(p.enc)
	for i, c := range cs {
		k := logKey(i)
		last := p.hashes[c.first-1+uint64(len(c.entries))-1]
		if h, ok := p.held[k]; ok && h == last {
			continue
		}
		l := letter{key: k, body: c.encode(), last: last, held: covers(p.seen[k], c)}
		if l.held {
			p.held[k] = last
		}
		out = append(out, l)
	}
	return out, err
}

func (s *Session) watchServe(ctx context.Context, room *relay.Room, delay time.Duration) {
	keepLog(ctx, room, watchBox, delay, s.logSource, s.watch.kick, s.watchFail)
}

// keepLog keeps the genesis and the log's chunks (watchlog.go) under box
// in room as source's log grows (kick says it grew) until ctx ends: the
// watch room's box for spectators, a turn-based table's own box for the
// players (turn.go). fail gets each pass's error (nil once it went well).
func keepLog(ctx context.Context, room *relay.Room, box string, delay time.Duration,
	source func() ([]byte, []p2p.Entry), kick <-chan struct{}, fail func(error)) {
	letters, stop := room.Watch(box)
	defer stop()
	p := &publisher{delay: delay, seen: map[string][]byte{}, due: map[string]time.Time{}, kept: map[string]time.Time{},
		held: map[string]p2p.Hash{}}
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case l, ok := <-letters:
			if !ok {
				return
			}
			p.see(l.Key, l.Body)
		case <-kick:
		case <-timer.C:
		}
		gen, es := source()
		plan, err := p.plan(gen, es)
		now := time.Now()
		var next time.Time
		for _, l := range plan {
			if l.held {
				delete(p.due, l.key)
				continue
			}
			at, ok := p.due[l.key]
			if !ok {
				at = now.Add(p.delay)
				if pace := p.kept[l.key].Add(watchPace); pace.After(at) {
					at = pace
				}
				p.due[l.key] = at
			}
			if now.Before(at) {
				if next.IsZero() || at.Before(next) {
					next = at
				}
				continue
			}
			kctx, cancel := context.WithTimeout(ctx, relaySend)
			kerr := room.Keep(kctx, box, l.key, l.body)
			cancel()
			if kerr != nil {
				err = kerr
				next = now.Add(time.Second) // try again
				continue
			}
			p.see(l.key, l.body)
			p.kept[l.key] = time.Now()
			if l.key != genesisKey {
				p.held[l.key] = l.last
			}
			delete(p.due, l.key)
		}
		fail(err)
		if !next.IsZero() {
			timer.Reset(time.Until(next))
		}
	}
}
