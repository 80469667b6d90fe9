package p2p

import (
	"testing"
	"time"

	"tabula/engine"
	"tabula/engine/enginetest"
)

// Figures for docs/p2p.md: what sealing adds to a Race game among 4
// devices (go test -run X -bench SealedRace -benchtime 10x ./engine/p2p/).
// Each op is one whole game in memory, every device's work in one process
// (a "table" figure, as engine/deck's benchmarks): the plain game beside
// it is the baseline. Metrics: the signed log's bytes, the bytes every
// device sent, the hidden draws and shown cards, and the log's bytes in
// deck entries: the deal (keys, escrow, shuffles), the shares of the
// draws, the audit.
func BenchmarkSealedRace4(b *testing.B) { benchRace(b, true) }
func BenchmarkPlainRace4(b *testing.B)  { benchRace(b, false) }

func benchRace(b *testing.B, sealed bool) {
	var sum logBytes
	for i := range b.N {
		setup := engine.Setup{Game: enginetest.ID, Players: 4}
		if sealed {
			setup.Options = map[string]string{engine.Sealed: "1"}
		}
		n := newMemnetSetup(b, 500+uint64(i), setup, make([]string, 4), nil)
		var c logBytes
		n.tamper = func(from, to int, data []byte) [][]byte {
			c.sent += len(data)
			return [][]byte{data}
		}
		if !n.run(30 * time.Minute) {
			b.Fatal("the game did not finish")
		}
		c.count(b, n.peers[0])
		sum.add(c)
	}
	sum.report(b, sealed)
}
