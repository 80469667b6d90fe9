package relay

import (
	"slices"
	"sync"
	"time"
)

// Bounds on what a room holds for its watchers: a member sending without
// end costs bounded memory (strangers' letters never open).
const (
	MaxQueued      = 2048    // letters waiting in one watcher's queue
	MaxQueuedBytes = 8 << 20 // body bytes waiting in one watcher's queue
	MaxKept        = 2048    // kept letters a room holds for later watchers
	MaxKeptBytes   = 8 << 20 // their body bytes
	seenSize       = 8192    // letter ids remembered for deduplication
)

// Letter is one letter as a watcher gets it: its box, the key it was kept
// under ("" for a posted letter) and its body.
type Letter struct {
	Box, Key string
	Body     []byte
	// Sent is when the letter was sent by its sender's clock, as the
	// sender says (any member of the room could say otherwise): for what
	// the screen shows, never for a decision.
	Sent time.Time
}

// Watch returns the letters of box: first those kept now (in the order
// they arrived), then every new one, posted or kept. The function stops
// watching and closes the channel. A watcher that does not read holds at
// most MaxQueued letters (MaxQueuedBytes); more are dropped and counted
// in Stats.Overflow. A bad box name gives a closed channel.
func (r *Room) Watch(box string) (<-chan Letter, func()) {
	w := &watcher{ch: make(chan Letter), done: make(chan struct{}), wake: make(chan struct{}, 1)}
	r.mu.Lock()
	if r.closed || checkBox(box) != nil {
		r.mu.Unlock()
		close(w.ch)
		return w.ch, func() {}
	}
	for _, l := range r.kept.of(box) {
		if !w.push(l) {
			r.stats.Overflow++
		}
	}
	r.watchers[box] = append(r.watchers[box], w)
	r.mu.Unlock()
	go w.pump()
	return w.ch, func() {
		r.mu.Lock()
		r.watchers[box] = slices.DeleteFunc(r.watchers[box], func(x *watcher) bool { return x == w })
		if len(r.watchers[box]) == 0 {
			delete(r.watchers, box)
		}
		r.mu.Unlock()
		w.stop()
	}
}

// watcher is one Watch: a bounded queue emptied into an unbuffered
// channel by its own goroutine, so a slow reader never blocks the room.
type watcher struct {
	ch   chan Letter
	done chan struct{}
	wake chan struct{}
	once sync.Once

	mu    sync.Mutex
	queue []Letter
	bytes int
}

func (w *watcher) push(l Letter) bool {
	w.mu.Lock()
	if len(w.queue) >= MaxQueued || w.bytes+len(l.Body) > MaxQueuedBytes {
		w.mu.Unlock()
		return false
	}
	w.queue = append(w.queue, l)
	w.bytes += len(l.Body)
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
	return true
}

func (w *watcher) pump() {
	defer close(w.ch)
	for {
		w.mu.Lock()
		if len(w.queue) == 0 {
			w.queue = nil
			w.mu.Unlock()
			select {
			case <-w.wake:
				continue
			case <-w.done:
				return
			}
		}
		l := w.queue[0]
		w.queue[0] = Letter{}
		w.queue = w.queue[1:]
		w.bytes -= len(l.Body)
		w.mu.Unlock()
		select {
		case w.ch <- l:
		case <-w.done:
			return
		}
	}
}

func (w *watcher) stop() { w.once.Do(func() { close(w.done) }) }

// seen remembers the last seenSize letter ids: a letter comes once from
// each broker (and again after a reconnect), and is delivered once.
type seen struct {
	set  map[[idSize]byte]struct{}
	ring [][idSize]byte
	next int
}

func (s *seen) init() {
	s.set = make(map[[idSize]byte]struct{}, seenSize)
	s.ring = make([][idSize]byte, 0, seenSize)
}

// add reports whether id is new, and remembers it.
func (s *seen) add(id [idSize]byte) bool {
	if _, ok := s.set[id]; ok {
		return false
	}
	if len(s.ring) < seenSize {
		s.ring = append(s.ring, id)
	} else {
		delete(s.set, s.ring[s.next])
		s.ring[s.next] = id
		s.next = (s.next + 1) % seenSize
	}
	s.set[id] = struct{}{}
	return true
}

// keptSet is the room's copy of the kept letters, for watchers that come
// later: the newest (by stamp) per box and key.
type keptSet struct {
	m     map[[2]string]keptLetter
	bytes int
	seq   uint64
}

type keptLetter struct {
	seq   uint64 // arrival order
	stamp uint64
	body  []byte
}

// put stores l unless a newer letter of its box and key is held; false
// when the set is full.
func (k *keptSet) put(l sealed) bool {
	if k.m == nil {
		k.m = map[[2]string]keptLetter{}
	}
	id := [2]string{l.box, l.key}
	old, ok := k.m[id]
	if ok && old.stamp > l.stamp {
		return true
	}
	if (!ok && len(k.m) >= MaxKept) || k.bytes-len(old.body)+len(l.body) > MaxKeptBytes {
		return false
	}
	k.seq++
	k.bytes += len(l.body) - len(old.body)
	k.m[id] = keptLetter{seq: k.seq, stamp: l.stamp, body: l.body}
	return true
}

func (k *keptSet) forget(box, key string, stamp uint64) {
	id := [2]string{box, key}
	if old, ok := k.m[id]; ok && old.stamp <= stamp {
		k.bytes -= len(old.body)
		delete(k.m, id)
	}
}

// of returns box's kept letters in the order they arrived.
func (k *keptSet) of(box string) []Letter {
	type item struct {
		seq uint64
		l   Letter
	}
	var items []item
	for id, kl := range k.m {
		if id[0] == box {
			items = append(items, item{kl.seq, Letter{Box: box, Key: id[1], Body: kl.body, Sent: stampTime(kl.stamp)}})
		}
	}
	slices.SortFunc(items, func(a, b item) int {
		switch {
		case a.seq < b.seq:
			return -1
		case a.seq > b.seq:
			return 1
		}
		return 0
	})
	out := make([]Letter, len(items))
	for i, it := range items {
		out[i] = it.l
	}
	return out
}

// stampTime is a letter's stamp (nanoseconds since 1970) as a time.
func stampTime(stamp uint64) time.Time { return time.Unix(0, int64(stamp)) }
