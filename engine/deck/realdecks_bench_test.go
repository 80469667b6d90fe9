package deck

import (
	"slices"
	"testing"
	"time"
)

// The set-up of each real game's sealed decks at a 4-party table (the
// sizes the games declare, engine.SealedGame; issue 21's "cost in the
// browser"): keys, escrow and four shuffles of every deck, and the cards
// dealt at the start (Agricola: 7 occupations and 7 minors to each party,
// opened to it alone). As BenchmarkAgricolaDeal4 (which this repeats for
// Agricola beside the others): the table's time per op, device-ms (the
// most one device spent in its decks' calls) and chain-ms (the four
// shuffles of every deck one after another). Natively:
//
//	go test -run X -bench RealDecks4 -benchtime 3x ./engine/deck/
//
// in headless Chromium throttled 4×: make bench-deck DECK_BENCH=RealDecks4.
func BenchmarkRealDecks4(b *testing.B) {
	for _, g := range []struct {
		name  string
		decks []int
		dealt int // cards dealt to each party from every deck at the start
	}{
		{"catan development 25", []int{25}, 0},
		{"cities-knights 3x18", []int{18, 18, 18}, 0},
		{"traders-barbarians 26", []int{26}, 0},
		{"agricola 2x48 deal 7+7", []int{48, 48}, 7},
	} {
		b.Run(g.name, func(b *testing.B) { benchDeal(b, g.decks, g.dealt) })
	}
}

// benchDeal sets up decks of the given sizes at a 4-party table, dealing
// dealt cards of each to every party (opened to it alone), and reports
// device-ms and chain-ms besides the table's time.
func benchDeal(b *testing.B, decks []int, dealt int) {
	var device, chain time.Duration
	for game := uint64(0); b.Loop(); game++ {
		busy := make([]time.Duration, 4)
		for k, cards := range decks {
			tb := startTable(&table{t: b, left: map[int]bool{}}, game*10+uint64(k), 4, cards)
			for pos := range 4 * dealt {
				tb.open(pos, pos/dealt)
			}
			for p := range 4 {
				busy[p] += tb.busy[p]
				chain += tb.shuffling[p]
			}
		}
		device += slices.Max(busy)
	}
	b.ReportMetric(float64(device.Milliseconds())/float64(b.N), "device-ms")
	b.ReportMetric(float64(chain.Milliseconds())/float64(b.N), "chain-ms")
}
