package relay

import (
	"fmt"
	"net"
	"sync"
	"sync/atomic"
)

// wire counts the MQTT bytes a room exchanged with its brokers (every
// packet, pings and acknowledgements included; not the WebSocket framing).
type wire struct{ in, out atomic.Int64 }

// maxPacket bounds one MQTT packet from a broker. The client library
// allocates a packet's whole declared length before reading it, so without
// this a stranger publishing one huge message to the room's topics would
// cost every member that much memory; with it the connection is dropped
// (and made again) instead. (MQTT 5 brokers are also told this limit at
// connect, and drop such a message for us instead of sending it.)
const maxPacket = maxPayload + 1024

// guard is a broker connection cut at MQTT packet boundaries:
//   - each incoming packet's declared length is checked against maxPacket
//     as its bytes pass;
//   - each outgoing packet goes out whole, as one WebSocket message. The
//     client writes a packet in pieces (header, then the rest), and
//     mosquitto 2.0's WebSocket listener can leave a packet split across
//     messages unread until more comes (a subscription then waits forever
//     for its acknowledgement). The client takes the guard's Lock around
//     each packet's writes (it does so for any sync.Locker connection), so
//     packets from its goroutines never interleave.
type guard struct {
	net.Conn
	in   framer
	wire *wire // the room's byte counters

	whole sync.Mutex // held by the client around each packet's writes (Lock)

	mu      sync.Mutex
	out     framer
	pending []byte // outgoing bytes not yet a whole packet
	parsed  int    // of pending, how much out has seen
}

// framer follows the packet boundaries of one direction of an MQTT byte
// stream: a fixed header byte, a variable-length remaining length, then
// that many bytes.
type framer struct {
	state  int // 0: fixed header byte; 1: length bytes; 2: packet body
	length int // remaining length being decoded
	shift  uint
	left   int // bytes of the current packet's body still to pass
}

// step consumes p up to the end of the current packet at most: how many
// bytes, and whether a packet ended there.
func (f *framer) step(p []byte) (int, bool, error) {
	i := 0
	for i < len(p) {
		switch f.state {
		case 0:
			f.state, f.length, f.shift = 1, 0, 0
			i++
		case 1:
			b := p[i]
			i++
			f.length |= int(b&0x7f) << f.shift
			f.shift += 7
			if f.length > maxPacket || (b&0x80 != 0 && f.shift >= 28) {
				return i, false, fmt.Errorf("relay: a packet over %d bytes", maxPacket)
			}
			if b&0x80 == 0 {
				f.left, f.state = f.length, 2
				if f.left == 0 {
					f.state = 0
					return i, true, nil
				}
			}
		case 2:
			n := min(len(p)-i, f.left)
			i += n
			f.left -= n
			if f.left == 0 {
				f.state = 0
				return i, true, nil
			}
		}
	}
	return i, false, nil
}

func (g *guard) Read(p []byte) (int, error) {
	n, err := g.Conn.Read(p)
	for i := 0; i < n; {
		k, _, bad := g.in.step(p[i:n])
		if bad != nil {
			g.Conn.Close()
			return 0, fmt.Errorf("%w from the broker", bad)
		}
		i += k
	}
	if g.wire != nil {
		g.wire.in.Add(int64(n))
	}
	return n, err
}

func (g *guard) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.pending = append(g.pending, p...)
	for g.parsed < len(g.pending) {
		k, done, err := g.out.step(g.pending[g.parsed:])
		if err != nil {
			return 0, err
		}
		g.parsed += k
		if done {
			if _, err := g.Conn.Write(g.pending[:g.parsed]); err != nil {
				return 0, err
			}
			if g.wire != nil {
				g.wire.out.Add(int64(g.parsed))
			}
			g.pending = append(g.pending[:0], g.pending[g.parsed:]...)
			g.parsed = 0
		}
	}
	return len(p), nil
}

// Lock and Unlock make the guard a sync.Locker: paho holds it while it
// writes one packet.
func (g *guard) Lock()   { g.whole.Lock() }
func (g *guard) Unlock() { g.whole.Unlock() }
