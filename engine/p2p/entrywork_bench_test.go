package p2p

import (
	"slices"
	"testing"
	"time"
)

// What an entry costs the device that receives it, sealed against plain,
// for docs/p2p.md (issue 21: "entry latency p50 unchanged"): whole
// 4-device games of each real game by greedy bots in memory, the same
// seeds sealed and plain in one run. Every message a device receives that
// adds entries to its log is timed (wall clock, the whole Receive: the
// checks, the apply, the hashes, and what the device does next, such as
// writing its own deck share or its hosted bot's move); that is what each
// hop adds to an entry's latency besides the network. Metrics: p50 and p99
// of those times in ms; the p50 of the messages that brought a deck entry
// (a sealed game's keys, shuffles, shares: cryptography) and of the others
// (moves, chance, hidden draws, shows); and the entries of a game.
//
//	go test -run X -bench EntryWork4 -benchtime 1x ./engine/p2p/
//
// In the browser (wasm, headless Chromium, 4× throttled): make bench-p2p.
func BenchmarkEntryWork4(b *testing.B) {
	for _, game := range []string{"catan", "cities-knights", "traders-barbarians", "agricola"} {
		for _, sealed := range []bool{false, true} {
			name := game + "/plain"
			if sealed {
				name = game + "/sealed"
			}
			b.Run(name, func(b *testing.B) {
				var took, moves, deals []time.Duration
				entries := 0
				for i := range b.N {
					n, bots := newGreedyNet(b, game, 900+uint64(i), sealed)
					n.timed = func(seat int, d time.Duration, o Output) {
						applied, deal := false, false
						for _, ev := range o.Events {
							if ev.Kind == EvApplied {
								applied = true
								es := n.peers[seat].led.entries
								deal = deal || ev.Seq >= 1 && int(ev.Seq) <= len(es) && es[ev.Seq-1].Kind == KindDeck
							}
						}
						if !applied {
							return
						}
						took = append(took, d)
						if deal {
							deals = append(deals, d)
						} else {
							moves = append(moves, d)
						}
					}
					for steps := 0; steps < 5_000_000 && !(n.allOver() && len(n.queue) == 0) && n.now < 6*time.Hour; steps++ {
						n.step()
						greedyTurns(n, bots)
					}
					if !n.allOver() {
						b.Fatal("the game did not finish")
					}
					entries += len(n.peers[0].led.entries)
				}
				ms := func(ds []time.Duration, q int) float64 {
					if len(ds) == 0 {
						return 0
					}
					slices.Sort(ds)
					return float64(ds[len(ds)*q/100].Microseconds()) / 1000
				}
				b.ReportMetric(ms(took, 50), "p50-ms")
				b.ReportMetric(ms(took, 99), "p99-ms")
				b.ReportMetric(ms(moves, 50), "nodeck-p50-ms")
				b.ReportMetric(ms(deals, 50), "deck-p50-ms")
				b.ReportMetric(float64(entries)/float64(b.N), "entries/game")
			})
		}
	}
}
