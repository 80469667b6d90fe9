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
// of those times in ms, and the entries of a game.
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
				var took []time.Duration
				entries := 0
				for i := range b.N {
					n, bots := newGreedyNet(b, game, 900+uint64(i), sealed)
					n.timed = func(_ int, d time.Duration, o Output) {
						for _, ev := range o.Events {
							if ev.Kind == EvApplied {
								took = append(took, d)
								return
							}
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
				slices.Sort(took)
				ms := func(q int) float64 { return float64(took[len(took)*q/100].Microseconds()) / 1000 }
				b.ReportMetric(ms(50), "p50-ms")
				b.ReportMetric(ms(99), "p99-ms")
				b.ReportMetric(float64(entries)/float64(b.N), "entries/game")
			})
		}
	}
}
