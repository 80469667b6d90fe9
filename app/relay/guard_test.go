package relay

import (
	"bytes"
	"io"
	"net"
	"strings"
	"testing"
)

// remaining is MQTT's variable-length encoding of n.
func remaining(n int) []byte {
	var b []byte
	for {
		d := byte(n % 128)
		n /= 128
		if n > 0 {
			d |= 0x80
		}
		b = append(b, d)
		if n == 0 {
			return b
		}
	}
}

func packet(n int) []byte {
	return append(append([]byte{0x30}, remaining(n)...), make([]byte, n)...)
}

// guarded sends stream through a guard in chunks of chunk bytes and
// returns what came out and the first error.
func guarded(stream []byte, chunk int) ([]byte, error) {
	a, b := net.Pipe()
	go func() {
		for i := 0; i < len(stream); i += chunk {
			if _, err := a.Write(stream[i:min(i+chunk, len(stream))]); err != nil {
				return
			}
		}
		a.Close()
	}()
	g := &guard{Conn: b}
	out, err := io.ReadAll(g)
	return out, err
}

func TestGuardPassesPacketsUpToTheLimitAndDropsALargerOne(t *testing.T) {
	var ok []byte
	for _, n := range []int{0, 1, 127, 128, 16383, 16384, maxPacket} {
		ok = append(ok, packet(n)...)
	}
	for _, chunk := range []int{1, 3, 1000, len(ok)} {
		out, err := guarded(ok, chunk)
		if err != nil || !bytes.Equal(out, ok) {
			t.Fatalf("chunks of %d: %d of %d bytes passed, %v", chunk, len(out), len(ok), err)
		}
	}
	bad := append(packet(10), packet(maxPacket + 1)[:20]...)
	for _, chunk := range []int{1, 7, len(bad)} {
		if _, err := guarded(bad, chunk); err == nil || !strings.Contains(err.Error(), "packet over") {
			t.Fatalf("chunks of %d: a packet over the limit gave %v", chunk, err)
		}
	}
	// A length that never ends (five continuation bytes) is refused too.
	if _, err := guarded([]byte{0x30, 0x80, 0x80, 0x80, 0x80, 0x01}, 1); err == nil {
		t.Fatal("an endless length passed")
	}
}

// recorder is a connection that keeps each Write apart.
type recorder struct {
	net.Conn
	writes [][]byte
}

func (r *recorder) Write(p []byte) (int, error) {
	r.writes = append(r.writes, bytes.Clone(p))
	return len(p), nil
}

func TestGuardWritesEachPacketWhole(t *testing.T) {
	r := &recorder{}
	g := &guard{Conn: r}
	a, b, c := packet(3), packet(200), packet(0)
	// In pieces, as the client writes them: header, then body; and two
	// packets and a half in one write.
	for _, w := range [][]byte{a[:2], a[2:], append(append(bytes.Clone(b), c...), a[:1]...), a[1:]} {
		if n, err := g.Write(w); n != len(w) || err != nil {
			t.Fatalf("Write: %d, %v", n, err)
		}
	}
	want := [][]byte{a, b, c, a}
	if len(r.writes) != len(want) {
		t.Fatalf("%d writes, want %d", len(r.writes), len(want))
	}
	for i := range want {
		if !bytes.Equal(r.writes[i], want[i]) {
			t.Fatalf("write %d: %d bytes, want %d", i, len(r.writes[i]), len(want[i]))
		}
	}
}
