package netplay

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"time"

	"tabula/app/relay"
	"tabula/engine/p2p"
)

// Letters of a turn-based table (turn.go).
//
// Box "live", posted: [from seat][to seat, 0xff for every seat][message].
//
// Box "turn", kept: the genesis and the log's chunks (watchlog.go), and
// each seat's own latest message of the kinds that wait for the others,
// under "c.<seat>" (its commitment), "r.<seat>" (its reveal) and
// "p.<seat>" (its proposal of a simultaneous round). Only the seat's own
// device keeps them, and a device never holds a newer one than its own
// last (it stores its snapshot before sending), so a later letter always
// replaces an older one and no letter need be forgotten. A message the
// log has left behind (an older round) is dropped unread (stale).

func liveLetter(from, to int, data []byte) []byte {
	b := make([]byte, 0, 2+len(data))
	return append(append(b, byte(from), byte(to)), data...)
}

func openLive(b []byte) (from, to int, data []byte, ok bool) {
	if len(b) < 3 || int(b[0]) >= p2p.MaxSeats {
		return 0, 0, nil, false
	}
	from, to = int(b[0]), int(b[1])
	if b[1] == 0xff {
		to = p2p.Broadcast
	} else if to >= p2p.MaxSeats {
		return 0, 0, nil, false
	}
	return from, to, b[2:], true
}

// ownKey is the key our own message keeps under, if it is one that waits
// for the others (ours, not one we pass on).
func ownKey(me int, data []byte) (string, bool) {
	m, err := p2p.Decode(data)
	if err != nil {
		return "", false
	}
	switch m := m.(type) {
	case *p2p.Commit:
		return "c." + strconv.Itoa(me), m.Seat == me
	case *p2p.Reveal:
		return "r." + strconv.Itoa(me), m.Seat == me
	case *p2p.ProposalMsg:
		return "p." + strconv.Itoa(me), m.Proposal.Seat == me
	}
	return "", false
}

// keyedSeat is the seat whose message a kept key names.
func keyedSeat(key string) (int, bool) {
	kind, seat, ok := strings.Cut(key, ".")
	if !ok || (kind != "c" && kind != "r" && kind != "p") {
		return 0, false
	}
	s, err := strconv.Atoi(seat)
	return s, err == nil && s >= 0 && s < p2p.MaxSeats && strconv.Itoa(s) == seat
}

// stale reports a commitment, reveal or proposal for a step the log has
// left: the peer would answer it by serving its log to the sender, who
// gets it from the kept chunks anyway (and over the relay every member
// would receive that answer).
func stale(p *p2p.Peer, data []byte) bool {
	m, err := p2p.Decode(data)
	if err != nil || p.Match() == nil {
		return false
	}
	k := uint64(p.Match().ChanceCount())
	switch m := m.(type) {
	case *p2p.Commit:
		return m.K < k
	case *p2p.Reveal:
		return m.K < k
	case *p2p.ProposalMsg:
		seq, _ := p.Head()
		return m.Proposal.Base < seq
	}
	return false
}

// feed holds the log's kept chunks and hands the peer, in order, the
// entries it lacks (each checked by the peer as any entry is).
type feed struct {
	chunks map[uint64]chunk // by first seq
}

func (f *feed) add(c chunk) {
	if old, ok := f.chunks[c.first]; !ok || len(c.entries) > len(old.entries) {
		f.chunks[c.first] = c
	}
}

// feed gives the peer entries from its head on while a chunk holds them.
func (f *feed) feed(p *p2p.Peer) p2p.Output {
	var out p2p.Output
	from := 0
	if p.Seat() == 0 {
		from = 1
	}
	for {
		head, _ := p.Head()
		var c chunk
		found := false
		for first, x := range f.chunks {
			if first <= head+1 && head+1 < first+uint64(len(x.entries)) {
				c, found = x, true
				break
			}
		}
		if !found {
			return out
		}
		for _, raw := range c.entries[head+1-c.first:] {
			e, err := p2p.DecodeEntry(raw)
			if err != nil {
				return out
			}
			o := p.ReceiveRelayed(from, p2p.Encode(&p2p.EntryMsg{Entry: e}))
			out.Msgs = append(out.Msgs, o.Msgs...)
			out.Events = append(out.Events, o.Events...)
			out.Dirty = out.Dirty || o.Dirty
		}
		if now, _ := p.Head(); now == head {
			return out // refused: the peer says why (EvRejected)
		}
		for first, x := range f.chunks {
			if now, _ := p.Head(); first+uint64(len(x.entries)) <= now+1 {
				delete(f.chunks, first) // all in the log
			}
		}
	}
}

// outbox sends a table's letters in order on a goroutine of its own, so
// the peer's lock is never held across the network.
type outbox struct {
	ctx  context.Context
	room *relay.Room
	mu   sync.Mutex
	cond *sync.Cond
	q    []outLetter
	busy bool
	kept map[string]string // what this device kept under each key
}

type outLetter struct {
	keep bool
	key  string
	body []byte
}

func newOutbox(ctx context.Context, room *relay.Room) *outbox {
	o := &outbox{ctx: ctx, room: room, kept: map[string]string{}}
	o.cond = sync.NewCond(&o.mu)
	context.AfterFunc(ctx, func() { o.mu.Lock(); o.cond.Broadcast(); o.mu.Unlock() })
	return o
}

func (o *outbox) add(l outLetter) {
	o.mu.Lock()
	o.q = append(o.q, l)
	o.cond.Broadcast()
	o.mu.Unlock()
}

func (o *outbox) post(body []byte)          { o.add(outLetter{body: body}) }
func (o *outbox) keep(key string, b []byte) { o.add(outLetter{keep: true, key: key, body: b}) }

func (o *outbox) idle() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.q) == 0 && !o.busy
}

// drain waits until everything queued went out, at most d.
func (o *outbox) drain(d time.Duration) {
	end := time.Now().Add(d)
	for !o.idle() && time.Now().Before(end) {
		time.Sleep(10 * time.Millisecond)
	}
}

func (o *outbox) run() {
	for {
		o.mu.Lock()
		for len(o.q) == 0 && o.ctx.Err() == nil {
			o.busy = false
			o.cond.Wait()
		}
		if o.ctx.Err() != nil {
			o.mu.Unlock()
			return
		}
		l := o.q[0]
		o.q = o.q[1:]
		o.busy = true
		o.mu.Unlock()
		for try := 0; try < 3 && o.ctx.Err() == nil; try++ {
			c, cancel := context.WithTimeout(o.ctx, relaySend)
			var err error
			switch {
			case l.keep:
				err = o.room.Keep(c, turnBox, l.key, l.body)
			default:
				err = o.room.Post(c, liveBox, l.body)
			}
			cancel()
			if err == nil || !l.keep {
				break // a lost post is sent again by the peer's resends
			}
			time.Sleep(time.Second)
		}
	}
}
