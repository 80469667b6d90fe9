package netplay

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"tabula/app/relay"
	"tabula/engine"
	"tabula/engine/p2p"
)

// Spectator follows a game through its watch room: it takes the signed
// genesis (only the one the link names) and the log's chunks, and checks
// every entry exactly as a peer does (p2p.Follower). An entry that fails
// is refused with the reason, and what was verified stays. It holds no
// key and no seat: it can read the watch room and nothing else.
type Spectator struct {
	Link WatchLink

	mu      sync.Mutex
	f       *p2p.Follower
	pending map[uint64]chunk // chunks not applied yet, by first seq
	err     error            // the last refusal
	state   RelayState
	relayE  error
	wake    func()
	stop    context.CancelFunc
	closed  bool
	// Opened is when Watch was called; Shown, when the first verified
	// genesis came (measurements).
	Opened, Shown time.Time
	// letters and bytes count the watch room's letters taken (measurements).
	letters, bytes int
}

// maxPending bounds the chunks a spectator holds ahead of its log.
const maxPending = 256

// ErrWrongGenesis: the watch room holds a genesis that is not the one
// the link names.
var ErrWrongGenesis = errors.New("netplay: the watch room's genesis is not this game's")

// NewSpectator is a spectator of the game w names, not yet connected.
func NewSpectator(w WatchLink, wake func()) *Spectator {
	if wake == nil {
		wake = func() {}
	}
	return &Spectator{Link: w, pending: map[uint64]chunk{}, wake: wake}
}

// Watch opens the watch room on the brokers and follows it in the
// background until Close; it keeps trying while no broker answers.
func (sp *Spectator) Watch(brokers []string) {
	ctx, stop := context.WithCancel(context.Background())
	sp.mu.Lock()
	sp.stop, sp.state, sp.Opened = stop, RelayOpening, time.Now()
	if len(brokers) == 0 {
		sp.state = RelayOff
	}
	sp.mu.Unlock()
	if len(brokers) == 0 {
		stop()
		return
	}
	go func() {
		room := keepOpening(ctx, brokers, sp.Link.Key, func(err error) {
			sp.mu.Lock()
			if err != nil {
				sp.state, sp.relayE = RelayDown, err
			} else {
				sp.state, sp.relayE = RelayUp, nil
			}
			sp.mu.Unlock()
			sp.wake()
		})
		if room == nil {
			return
		}
		defer room.Close()
		letters, unwatch := room.Watch(watchBox)
		defer unwatch()
		for {
			select {
			case <-ctx.Done():
				return
			case l, ok := <-letters:
				if !ok {
					return
				}
				sp.Take(l)
			}
		}
	}()
}

// Close stops following.
func (sp *Spectator) Close() {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	sp.closed = true
	if sp.stop != nil {
		sp.stop()
	}
}

// Relay is how the watch room is reached.
func (sp *Spectator) Relay() (RelayState, error) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	return sp.state, sp.relayE
}

// Err is the last refusal (a letter or entry that did not verify) since
// the log last grew.
func (sp *Spectator) Err() error {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	return sp.err
}

// Traffic is how many letters of the watch room were taken, and their
// bytes.
func (sp *Spectator) Traffic() (letters, bytes int) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	return sp.letters, sp.bytes
}

// Take reads one letter of the watch room.
func (sp *Spectator) Take(l relay.Letter) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.closed {
		return
	}
	sp.letters++
	sp.bytes += len(l.Body)
	changed := false
	switch c, isLog := chunkIndex(l.Key); {
	case l.Key == genesisKey:
		changed = sp.takeGenesis(l.Body)
	case isLog:
		ch, err := decodeChunk(l.Body)
		if err != nil {
			sp.err = fmt.Errorf("log letter %d: %w", c, err)
			changed = true
			break
		}
		old, ok := sp.pending[ch.first]
		switch {
		case !ok && len(sp.pending) >= maxPending:
			// A flood of letters (only a holder of the watch key can
			// write them): the honest ones come again when players keep
			// them, or on reopening the link.
			sp.err = fmt.Errorf("log letter %d: %w", c, p2p.ErrTooMuch)
			changed = true
		case !ok || len(ch.entries) > len(old.entries):
			sp.pending[ch.first] = ch
		}
		changed = sp.drain()
	}
	if changed {
		sp.wake()
	}
}

func (sp *Spectator) takeGenesis(b []byte) bool {
	if sp.f != nil {
		return false
	}
	f, err := p2p.Follow(b)
	if err == nil && (f.Genesis().Game != sp.Link.Game || f.Genesis().Hash() != sp.Link.Genesis) {
		err = ErrWrongGenesis
	}
	if err != nil {
		sp.err = fmt.Errorf("genesis: %w", err)
		return true
	}
	sp.f, sp.Shown = f, time.Now()
	sp.drain()
	return true
}

// drain applies the pending chunks that continue the verified log. A
// chunk whose entries contradict the log or do not verify is dropped, at
// the first bad entry; the ones before it stay.
func (sp *Spectator) drain() bool {
	if sp.f == nil {
		return false
	}
	changed := false
	for {
		head := uint64(len(sp.f.Entries()))
		var next *chunk
		for first, c := range sp.pending {
			end := first + uint64(len(c.entries)) - 1
			if end <= head {
				if err := sp.agrees(c); err != nil {
					sp.err, changed = err, true
				}
				delete(sp.pending, first)
				continue
			}
			if first <= head+1 && (next == nil || first < next.first) {
				c := c
				next = &c
			}
		}
		if next == nil {
			return changed
		}
		delete(sp.pending, next.first)
		if err := sp.agrees(*next); err != nil {
			sp.err = err
			return true
		}
		for i := head + 1 - next.first; i < uint64(len(next.entries)); i++ {
			seq := next.first + i
			e, err := p2p.DecodeEntry(next.entries[i])
			if err == nil {
				err = sp.f.Add(e)
			}
			if err != nil {
				sp.err = fmt.Errorf("entry %d refused: %w", seq, err)
				return true
			}
			// The game moved on past any refusal: it is no longer news.
			sp.err, changed = nil, true
		}
	}
}

// agrees checks that a chunk's entries already in the verified log are
// those entries, byte for byte.
func (sp *Spectator) agrees(c chunk) error {
	es := sp.f.Entries()
	for i, b := range c.entries {
		seq := c.first + uint64(i)
		if seq > uint64(len(es)) {
			break
		}
		if !bytes.Equal(b, es[seq-1].Encode()) {
			return fmt.Errorf("entry %d refused: %w", seq, p2p.ErrConflict)
		}
	}
	return nil
}

// AgreedAt is the followed game's agreed hash after its first n engine
// entries, as the players' pages show it ("" before the genesis).
func (sp *Spectator) AgreedAt(n int) string {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.f == nil {
		return ""
	}
	return sp.f.AgreedAt(n)
}

// Read runs f on the verified game (nil before the genesis) under the
// spectator's lock.
func (sp *Spectator) Read(f func(gen *p2p.Genesis, m *engine.Match, es []p2p.Entry)) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.f == nil {
		f(nil, nil, nil)
		return
	}
	f(sp.f.Genesis(), sp.f.Match(), sp.f.Entries())
}
