package relay

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/eclipse/paho.golang/paho"
)

// ErrNoRelay: no broker answered (Open), or none is connected (Post, Keep,
// Forget). The wrapping error says which brokers failed and why.
var ErrNoRelay = errors.New("relay: no broker reachable")

// ErrClosed: the room was closed.
var ErrClosed = errors.New("relay: room closed")

// Room is one game's channel through the brokers. Its methods are safe
// for concurrent use.
type Room struct {
	seal  *sealer
	links []*link
	ctx   context.Context
	stop  context.CancelFunc
	wake  chan struct{} // a link went up or down
	wire  wire

	mu       sync.Mutex
	seen     seen
	kept     keptSet
	watchers map[string][]*watcher
	stats    Stats
	closed   bool
}

// Stats counts a room's traffic since Open.
type Stats struct {
	Sent, SentBytes         int // MQTT publishes made (one per broker) and their payload bytes
	Received, ReceivedBytes int // payloads received from brokers (every copy)
	Delivered               int // letters handed to watchers or kept (after deduplication)
	Unopened                int // payloads dropped because they did not open with the secret
	Overflow                int // letters dropped because a watcher's queue or the kept set was full
	WireSent, WireReceived  int // MQTT bytes to and from all brokers (pings and acknowledgements included)
}

// Open connects to every broker (ws:// or wss:// URLs) and returns once
// at least one is connected and subscribed to the room of secret; the
// others keep trying in the background. When none answers before ctx
// ends it returns an error wrapping ErrNoRelay that names each broker and
// why it failed.
func Open(ctx context.Context, brokers []string, secret []byte) (*Room, error) {
	s, err := newSealer(secret)
	if err != nil {
		return nil, err
	}
	life, stop := context.WithCancel(context.Background())
	r := &Room{seal: s, ctx: life, stop: stop, wake: make(chan struct{}, 1), watchers: map[string][]*watcher{}}
	r.seen.init()
	var bad []string
	given := map[string]bool{}
	for _, b := range brokers {
		if err := checkBroker(b); err != nil {
			bad = append(bad, fmt.Sprintf("%s: %v", b, err))
			continue
		}
		if !given[b] { // one connection per broker, however often it is listed
			given[b] = true
			r.links = append(r.links, &link{url: b, room: r})
		}
	}
	for _, l := range r.links {
		go l.run()
	}
	for {
		if len(r.Brokers()) > 0 {
			return r, nil
		}
		if len(r.links) == 0 {
			r.Close()
			return nil, fmt.Errorf("%w: %s", ErrNoRelay, orNone(bad))
		}
		// Every broker has failed once: say so now, not when ctx ends (a
		// refused connection is refused at once; the caller tries again
		// later), with each broker's own error.
		if why, all := r.failed(bad); all {
			r.Close()
			return nil, fmt.Errorf("%w: %s", ErrNoRelay, why)
		}
		select {
		case <-r.wake:
		case <-ctx.Done():
			why := append([]string(nil), bad...)
			for _, l := range r.links {
				why = append(why, fmt.Sprintf("%s: %v", l.url, firstErr(l.err(), ctx.Err())))
			}
			r.Close()
			return nil, fmt.Errorf("%w: %s", ErrNoRelay, strings.Join(why, "; "))
		}
	}
}

// failed lists why each broker is down, after the addresses refused
// before dialling; all is false while some broker has not failed yet.
func (r *Room) failed(bad []string) (why string, all bool) {
	reasons := append([]string(nil), bad...)
	for _, l := range r.links {
		err := l.err()
		if err == nil {
			return "", false
		}
		reasons = append(reasons, fmt.Sprintf("%s: %v", l.url, err))
	}
	return strings.Join(reasons, "; "), true
}

func orNone(bad []string) string {
	if len(bad) == 0 {
		return "no brokers given"
	}
	return strings.Join(bad, "; ")
}

func (r *Room) wakeUp() {
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// Brokers returns the brokers connected and subscribed now, in the order
// given to Open.
func (r *Room) Brokers() []string {
	var up []string
	for _, l := range r.links {
		if l.up() != nil {
			up = append(up, l.url)
		}
	}
	return up
}

// Stats returns the room's counters.
func (r *Room) Stats() Stats {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.stats
	s.WireSent, s.WireReceived = int(r.wire.out.Load()), int(r.wire.in.Load())
	return s
}

// Post sends body to everyone watching box now, through every connected
// broker. It returns once at least one broker took it.
func (r *Room) Post(ctx context.Context, box string, body []byte) error {
	if err := checkBox(box); err != nil {
		return err
	}
	if err := checkBody(body); err != nil {
		return err
	}
	return r.publish(ctx, r.seal.postTopic(), false, r.letter(kindPost, box, "", body))
}

// Keep leaves body on the brokers under box and key (a retained message;
// a later Keep of the same box and key replaces it): watchers get it now,
// and later watchers of box get it first thing.
func (r *Room) Keep(ctx context.Context, box, key string, body []byte) error {
	if err := checkBox(box); err != nil {
		return err
	}
	if err := checkKey(key); err != nil {
		return err
	}
	if err := checkBody(body); err != nil {
		return err
	}
	return r.publish(ctx, r.seal.keptTopic(box, key), true, r.letter(kindKeep, box, key, body))
}

// Forget clears the letter kept under box and key from the brokers (an
// empty retained message) and tells the room's members to drop their copy.
func (r *Room) Forget(ctx context.Context, box, key string) error {
	if err := checkBox(box); err != nil {
		return err
	}
	if err := checkKey(key); err != nil {
		return err
	}
	if err := r.publishRaw(ctx, r.seal.keptTopic(box, key), true, nil); err != nil {
		return err
	}
	return r.publish(ctx, r.seal.postTopic(), false, r.letter(kindForget, box, key, nil))
}

// letter is a new letter with a fresh id; its stamp (the sender's clock)
// decides which of two kept letters of one box and key is newer when
// brokers disagree.
func (r *Room) letter(kind byte, box, key string, body []byte) sealed {
	l := sealed{kind: kind, box: box, key: key, body: body, stamp: uint64(time.Now().UnixNano())}
	rand.Read(l.id[:])
	return l
}

func (r *Room) publish(ctx context.Context, topic string, retain bool, l sealed) error {
	payload, err := r.seal.seal(topic, l)
	if err != nil {
		return err
	}
	// Our own letters come back from the brokers; they are delivered then,
	// like everyone else's.
	return r.publishRaw(ctx, topic, retain, payload)
}

// publishRaw sends payload through every connected broker and waits until
// at least one acknowledged it (QoS 1) or all failed.
func (r *Room) publishRaw(ctx context.Context, topic string, retain bool, payload []byte) error {
	r.mu.Lock()
	closed := r.closed
	r.mu.Unlock()
	if closed {
		return ErrClosed
	}
	done := make(chan error, len(r.links))
	n := 0
	for _, l := range r.links {
		c := l.up()
		if c == nil {
			continue
		}
		n++
		go func() {
			_, err := c.Publish(ctx, &paho.Publish{Topic: topic, QoS: 1, Retain: retain, Payload: payload})
			if err != nil {
				err = fmt.Errorf("%s: %w", l.url, err)
			}
			done <- err
		}()
	}
	if n == 0 {
		return fmt.Errorf("%w: %s", ErrNoRelay, r.why())
	}
	r.mu.Lock()
	r.stats.Sent += n
	r.stats.SentBytes += n * len(payload)
	r.mu.Unlock()
	var errs []string
	for range n {
		err := <-done
		if err == nil {
			return nil
		}
		errs = append(errs, err.Error())
	}
	return fmt.Errorf("%w: %s", ErrNoRelay, strings.Join(errs, "; "))
}

// why says why each broker is down.
func (r *Room) why() string {
	var s []string
	for _, l := range r.links {
		s = append(s, fmt.Sprintf("%s: %v", l.url, firstErr(l.err(), errors.New("not connected"))))
	}
	return orNone(s)
}

// Close disconnects from every broker and closes every watcher's channel.
func (r *Room) Close() error {
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return nil
	}
	r.closed = true
	var ws []*watcher
	for _, list := range r.watchers {
		ws = append(ws, list...)
	}
	r.watchers = map[string][]*watcher{}
	r.mu.Unlock()
	for _, w := range ws {
		w.stop()
	}
	r.stop() // each link's run disconnects and ends
	return nil
}

// receive takes one payload from a broker: opened, deduplicated, then
// delivered to the box's watchers (and kept, if it is a kept letter).
func (r *Room) receive(topic string, payload []byte) {
	if len(payload) == 0 {
		return // a cleared retained message (Forget, or a stranger's)
	}
	l, err := r.seal.open(topic, payload)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stats.Received++
	r.stats.ReceivedBytes += len(payload)
	if err != nil {
		r.stats.Unopened++
		return
	}
	if r.closed || !r.seen.add(l.id) {
		return
	}
	switch l.kind {
	case kindForget:
		r.kept.forget(l.box, l.key, l.stamp)
		return
	case kindKeep:
		if !r.kept.put(l) {
			r.stats.Overflow++
		}
	}
	r.stats.Delivered++
	out := Letter{Box: l.box, Key: l.key, Body: l.body, Sent: stampTime(l.stamp)}
	for _, w := range r.watchers[l.box] {
		if !w.push(out) {
			r.stats.Overflow++
		}
	}
}
