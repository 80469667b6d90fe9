package p2pnet

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"tabula/engine/p2p"
)

var linkIDs atomic.Uint64

// linksMade counts peer connections made (tests of the offer rate limit).
var linksMade atomic.Int64

// The one data channel of every link: negotiated (both sides create it
// with this id), so no in-band DCEP.
const (
	channelLabel = "tabula"
	channelID    = 0
)

// connEvents is what a conn reports, from goroutines of its own: the data
// channel opened, the channel or the connection closed or failed (down,
// possibly more than once), a message came.
type connEvents struct {
	open, down func()
	message    func([]byte)
}

// link is one peer connection (conn: pion natively, conn_pion.go; the
// browser's RTCPeerConnection under js/wasm, conn_js.go) with one
// negotiated data channel.
//
// Frames on the channel are uvarint(frame number) ‖ message: handlers of
// incoming messages may run in any order (under js/wasm each in its own
// goroutine), so the receiver puts frames back in order itself.
type link struct {
	n        *Node
	id       uint64
	seat     int     // AnySeat until a resume invite's reply names it
	tag      [4]byte // an invite's: OfferTag of its offer
	c        *conn
	created  time.Time
	out      chan []byte
	stop     chan struct{}
	stopping sync.Once // close may come from several goroutines at once
	answered bool      // mesh offer: answer taken

	// Under Node.mu.
	open     bool
	down     bool
	typ      string
	sendNext uint64
	recvNext uint64
	early    map[uint64][]byte
	// earlyBytes is the size of early (capped by MaxEarly).
	earlyBytes int
}

func (n *Node) newLink(seat int) (*link, error) {
	l := &link{n: n, id: linkIDs.Add(1), seat: seat, created: time.Now(),
		out: make(chan []byte, 1<<14), stop: make(chan struct{}), early: map[uint64][]byte{}}
	c, err := n.api.newConn(n.cfg.ICEServers, connEvents{
		open:    func() { n.linkOpen(l) },
		down:    func() { n.linkDown(l) },
		message: func(b []byte) { n.linkMessage(l, b) },
	})
	if err != nil {
		return nil, err
	}
	l.c = c
	linksMade.Add(1)
	go l.sender()
	return l, nil
}

func (l *link) offer() (*Compact, error) {
	sdp, err := l.c.describe("", l.n.cfg.GatherTimeout)
	if err != nil {
		return nil, err
	}
	return ParseSDP(sdp, false)
}

func (l *link) answer(offer *Compact) (*Compact, error) {
	if offer.Answer {
		return nil, errors.New("p2pnet: expected an offer")
	}
	if err := offer.Check(); err != nil {
		return nil, err
	}
	sdp, err := l.c.describe(offer.SDP(), l.n.cfg.GatherTimeout)
	if err != nil {
		return nil, err
	}
	return ParseSDP(sdp, true)
}

func (l *link) accept(answer *Compact) error {
	if !answer.Answer {
		return errors.New("p2pnet: expected an answer")
	}
	if err := answer.Check(); err != nil {
		return err
	}
	return l.c.accept(answer.SDP())
}

// close stops the link's sender and closes its connection; any number of
// goroutines may call it, at once (a link going down closes itself while
// Node.Close closes every link).
func (l *link) close() {
	l.stopping.Do(func() { close(l.stop) })
	l.c.close()
}

func (l *link) sender() {
	for {
		select {
		case <-l.stop:
			return
		case f := <-l.out:
			if err := l.c.send(f); err != nil {
				return
			}
		}
	}
}

// enqueue frames one message (locked). A message over p2p.MaxMessage is
// not sent (the other side would refuse it).
func (l *link) enqueue(data []byte) {
	if len(data) > p2p.MaxMessage {
		return
	}
	f := binary.AppendUvarint(make([]byte, 0, len(data)+4), l.sendNext)
	l.sendNext++
	select {
	case l.out <- append(f, data...):
	default:
		// 16k frames queued: the link is dead in all but name.
		go l.close()
	}
}

func (n *Node) linkOpen(l *link) {
	typ := l.c.candidateType()
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed || l.down || l.seat == AnySeat {
		return
	}
	l.open, l.typ = true, typ
	if old := n.links[l.seat]; old != nil && old != l {
		old.open, old.down = false, true
		go old.close()
	}
	n.links[l.seat] = l
	if n.attempts[l.seat] == l {
		delete(n.attempts, l.seat)
	}
	n.emit(Event{Kind: EvLinkUp, Seat: l.seat, Type: typ})
	n.handle(n.peer.Connected(l.seat))
	n.drain(l) // frames that came before OnOpen ran
}

func (n *Node) linkDown(l *link) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if l.down {
		return
	}
	l.down = true
	wasOpen := l.open
	l.open = false
	go l.close()
	if n.links[l.seat] == l {
		delete(n.links, l.seat)
		if wasOpen && !n.closed {
			n.emit(Event{Kind: EvLinkDown, Seat: l.seat})
			n.handle(n.peer.Disconnected(l.seat))
		}
	}
}

// Limits of what one link may make us hold: a frame is one message
// (p2p.MaxMessage) and its number; frames that came ahead of their turn
// are kept up to MaxEarly bytes. Past either, the link is closed with an
// error (a peer that sends this is broken or hostile).
const (
	MaxFrame = p2p.MaxMessage + binary.MaxVarintLen64
	MaxEarly = 1 << 20
)

// ErrOversize: a link sent more than a frame, or held back more than
// MaxEarly bytes.
var ErrOversize = errors.New("p2pnet: the peer sent too much")

func (n *Node) linkMessage(l *link, frame []byte) {
	seq, k := binary.Uvarint(frame)
	if k <= 0 {
		return
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed || l.down || seq < l.recvNext {
		return
	}
	if _, dup := l.early[seq]; dup {
		return
	}
	if len(frame) > MaxFrame || l.earlyBytes+len(frame) > MaxEarly || seq-l.recvNext > 1<<16 {
		err := fmt.Errorf("%w: a message of %d bytes (at most %d), %d bytes waiting for their turn (at most %d): link closed",
			ErrOversize, len(frame), MaxFrame, l.earlyBytes, MaxEarly)
		n.emit(Event{Kind: EvProtocol, Seat: l.seat, P2P: p2p.Event{Kind: p2p.EvRejected, Seat: l.seat, Err: err}})
		l.early, l.earlyBytes = map[uint64][]byte{}, 0
		go n.linkDown(l)
		return
	}
	l.early[seq] = append([]byte(nil), frame[k:]...)
	l.earlyBytes += len(frame) - k
	if l.open && n.links[l.seat] == l {
		n.drain(l)
	}
}

// drain dispatches the frames that are next in order (locked).
func (n *Node) drain(l *link) {
	for {
		m, ok := l.early[l.recvNext]
		if !ok {
			return
		}
		delete(l.early, l.recvNext)
		l.earlyBytes -= len(m)
		l.recvNext++
		n.dispatch(l.seat, m)
	}
}
