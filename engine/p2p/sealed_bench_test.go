package p2p

import (
	"testing"
	"time"

	"tabula/engine"
	"tabula/engine/deck"
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
	var logBytes, sent, draws, shown, dealBytes, shareBytes, auditBytes int
	for i := range b.N {
		setup := engine.Setup{Game: enginetest.ID, Players: 4}
		if sealed {
			setup.Options = map[string]string{engine.Sealed: "1"}
		}
		n := newMemnetSetup(b, 500+uint64(i), setup, make([]string, 4), nil)
		n.tamper = func(from, to int, data []byte) [][]byte {
			sent += len(data)
			return [][]byte{data}
		}
		if !n.run(30 * time.Minute) {
			b.Fatal("the game did not finish")
		}
		p := n.peers[0]
		logBytes += len(p.led.wire)
		for _, e := range p.Entries() {
			switch e.Kind {
			case KindHidden:
				draws++
			case KindDeck:
				m, err := deck.Decode(e.Body[1:])
				if err != nil {
					b.Fatal(err)
				}
				switch m.(type) {
				case *deck.KeyMsg, *deck.EscrowMsg, *deck.ShuffleMsg:
					dealBytes += len(e.Encode())
				case *deck.AuditMsg:
					auditBytes += len(e.Encode())
				default:
					shareBytes += len(e.Encode())
				}
			}
		}
		for _, e := range p.Match().Entries {
			if e.IsShow() {
				shown += len(e.Show.Cards)
			}
		}
	}
	g := float64(b.N)
	b.ReportMetric(float64(logBytes)/g, "log-B/game")
	b.ReportMetric(float64(sent)/g, "sent-B/game")
	if sealed {
		b.ReportMetric(float64(draws)/g, "draws/game")
		b.ReportMetric(float64(shown)/g, "shown/game")
		b.ReportMetric(float64(dealBytes)/g, "deal-B/game")
		b.ReportMetric(float64(shareBytes)/g, "shares-B/game")
		b.ReportMetric(float64(auditBytes)/g, "audit-B/game")
	}
}
