package relay

import (
	"fmt"
	"net"
)

// maxPacket bounds one MQTT packet from a broker. The client library
// allocates a packet's whole declared length before reading it, so without
// this a stranger publishing one huge message to the room's topics would
// cost every member that much memory; with it the connection is dropped
// (and made again) instead.
const maxPacket = maxPayload + 1024

// guard is a broker connection whose incoming MQTT packets are checked,
// byte by byte as they pass, against maxPacket.
type guard struct {
	net.Conn
	state  int // 0: fixed header byte; 1: length bytes; 2: packet body
	length int // remaining length being decoded
	shift  uint
	left   int // bytes of the current packet's body still to pass
}

func (g *guard) Read(p []byte) (int, error) {
	n, err := g.Conn.Read(p)
	for i := 0; i < n; {
		switch g.state {
		case 0:
			g.state, g.length, g.shift = 1, 0, 0
			i++
		case 1:
			b := p[i]
			i++
			g.length |= int(b&0x7f) << g.shift
			g.shift += 7
			if g.length > maxPacket || (b&0x80 != 0 && g.shift >= 28) {
				g.Conn.Close()
				return 0, fmt.Errorf("relay: the broker sent a packet over %d bytes", maxPacket)
			}
			if b&0x80 == 0 {
				g.left, g.state = g.length, 2
				if g.left == 0 {
					g.state = 0
				}
			}
		case 2:
			step := min(n-i, g.left)
			i += step
			g.left -= step
			if g.left == 0 {
				g.state = 0
			}
		}
	}
	return n, err
}
