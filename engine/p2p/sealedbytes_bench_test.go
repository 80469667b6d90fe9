package p2p

import (
	"testing"
	"time"

	"tabula/engine/bot"
	"tabula/engine/deck"
)

// What sealing adds to each real game at 4 devices, for docs/p2p.md
// (issue 21, "bytes added per game"): whole games by greedy bots in
// memory, sealed and plain from the same seeds, both in one run:
//
//	go test -run X -bench 'GameBytes4' -benchtime 3x ./engine/p2p/
//
// Metrics per game as BenchmarkSealedRace4's: the signed log's bytes, the
// bytes every device sent, and (sealed) the hidden draws, the cards shown
// and the log's deck entries by part. The games differ between sealed and
// plain (the bots see different things), so compare per-game sizes
// loosely.
func BenchmarkGameBytes4(b *testing.B) {
	for _, game := range []string{"catan", "cities-knights", "traders-barbarians", "agricola"} {
		for _, sealed := range []bool{true, false} {
			name := game + "/plain"
			if sealed {
				name = game + "/sealed"
			}
			b.Run(name, func(b *testing.B) {
				var sum logBytes
				for i := range b.N {
					n, bots := newGreedyNet(b, game, 700+uint64(i), sealed)
					sum.add(playCounted(b, n, bots))
				}
				sum.report(b, sealed)
			})
		}
	}
}

// playCounted plays n to its end (and audit) with bots and counts its
// bytes.
func playCounted(b *testing.B, n *memnet, bots []bot.Bot) logBytes {
	var c logBytes
	n.tamper = func(from, to int, data []byte) [][]byte {
		c.sent += len(data)
		return [][]byte{data}
	}
	for steps := 0; steps < 5_000_000 && !(n.allOver() && len(n.queue) == 0) && n.now < 6*time.Hour; steps++ {
		n.step()
		greedyTurns(n, bots)
	}
	if !n.allOver() {
		b.Fatal("the game did not finish")
	}
	c.count(b, n.peers[0])
	return c
}

// logBytes is what one device's log of a game holds, and what every
// device sent, summed over games.
type logBytes struct {
	games, log, sent, draws, shown, deal, shares, audit int
}

func (c *logBytes) add(o logBytes) {
	c.games, c.log, c.sent, c.draws, c.shown = c.games+1, c.log+o.log, c.sent+o.sent, c.draws+o.draws, c.shown+o.shown
	c.deal, c.shares, c.audit = c.deal+o.deal, c.shares+o.shares, c.audit+o.audit
}

// count adds p's log: its bytes, hidden draws, deck entries by part
// (the deal: keys, escrow, shuffles; the audit; shares of the draws) and
// cards shown.
func (c *logBytes) count(b *testing.B, p *Peer) {
	c.log += len(p.led.wire)
	for _, e := range p.Entries() {
		switch e.Kind {
		case KindHidden:
			c.draws++
		case KindDeck:
			_, ms, err := deckMsgs(e.Body)
			if err != nil {
				b.Fatal(err)
			}
			switch ms[0].(type) {
			case *deck.KeyMsg, *deck.EscrowMsg, *deck.ShuffleMsg:
				c.deal += len(e.Encode())
			case *deck.AuditMsg:
				c.audit += len(e.Encode())
			default:
				c.shares += len(e.Encode())
			}
		}
	}
	for _, e := range p.Match().Entries {
		if e.IsShow() {
			c.shown += len(e.Show.Cards)
		}
	}
}

// report gives the sums per game (the deck figures for a sealed game).
func (c logBytes) report(b *testing.B, sealed bool) {
	g := float64(c.games)
	b.ReportMetric(float64(c.log)/g, "log-B/game")
	b.ReportMetric(float64(c.sent)/g, "sent-B/game")
	if sealed {
		b.ReportMetric(float64(c.draws)/g, "draws/game")
		b.ReportMetric(float64(c.shown)/g, "shown/game")
		b.ReportMetric(float64(c.deal)/g, "deal-B/game")
		b.ReportMetric(float64(c.shares)/g, "shares-B/game")
		b.ReportMetric(float64(c.audit)/g, "audit-B/game")
	}
}
