package deck

import (
	"fmt"
	"testing"
)

// Benchmarks for docs/p2p.md (go test -run X -bench . ./engine/deck/,
// natively, under wasm in Node, and in headless Chromium throttled 4×:
// make bench-deck). A "table" figure is every party's
// work in one process: the devices do theirs in parallel, so it bounds
// the wall time of the step from above (network time aside).

// One party's shuffle of a deck: 2 scalar multiplications per card.
func BenchmarkShuffle(b *testing.B) {
	for _, cards := range []int{25, 48, 96} {
		b.Run(fmt.Sprintf("%d cards", cards), func(b *testing.B) {
			d := newTable(b, 1, 4, cards).decks[0]
			b.ResetTimer()
			for b.Loop() {
				encDeck(d.shuffleOf(0, d.x)) // what makeShuffle does
			}
		})
	}
}

// drawDeck is the deck the draw benchmarks open cards of.
const drawDeck = 96

// One private draw at a 4-party table: three shares made and checked by
// every party, the owner's decryption.
func BenchmarkPrivateDraw4(b *testing.B) { benchOpens(b, 2, func(pos int) int { return pos % 4 }) }

// One public reveal at a 4-party table: four shares made and checked by
// every party, every party's decryption.
func BenchmarkPublicReveal4(b *testing.B) { benchOpens(b, 3, func(int) int { return All }) }

// benchOpens opens one card a loop, to whom to says, and has every party
// of its audience decrypt it; a fresh table (untimed) when the deck is out.
func benchOpens(b *testing.B, game uint64, to func(pos int) int) {
	tb, pos := newTable(b, game, 4, drawDeck), 0
	b.ResetTimer()
	for b.Loop() {
		if pos == drawDeck {
			b.StopTimer()
			game += 100
			tb, pos = newTable(b, game, 4, drawDeck), 0
			b.StartTimer()
		}
		tb.open(pos, to(pos))
		for p := range 4 {
			if (to(pos) == All || to(pos) == p) && tb.cardAt(p, pos) < 0 {
				b.Fatal("not opened")
			}
		}
		pos++
	}
}

// The parts of a draw on one device: making a share, checking one.
func BenchmarkShare(b *testing.B) {
	tb := newTable(b, 4, 4, 8)
	d, e := tb.decks[0], tb.decks[1]
	tb.open(0, 3)
	m, _ := d.makeShare(0, true)
	b.Run("make", func(b *testing.B) {
		for b.Loop() {
			d.makeShare(0, true)
		}
	})
	b.Run("check", func(b *testing.B) {
		o := e.opens[0]
		for b.Loop() {
			o.shares[0], o.d[0] = nil, nil
			if err := e.applyShare(m); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// Keys and escrow at a 4-party table (every party's keys, escrow and the
// checks of everyone's), without the shuffles.
func BenchmarkEscrowSetup4(b *testing.B) {
	for g := uint64(0); b.Loop(); g++ {
		var decks []*Deck
		var log []Msg
		for i := range 4 {
			d, _ := New(Config{ID: []byte("escrow"), Cards: 1, Parties: 4, Me: i, Rand: seededRand(g, i)})
			decks = append(decks, d)
			out, _ := d.Start()
			log = append(log, out...)
		}
		for len(log) > 0 {
			m := log[0]
			log = log[1:]
			if _, ok := m.(*ShuffleMsg); ok {
				continue
			}
			for _, d := range decks {
				if d.Me() != m.From() {
					out, err := d.Receive(m)
					if err != nil {
						b.Fatal(err)
					}
					log = append(log, out...)
				}
			}
		}
	}
}

// The whole set-up of a deck at a 4-party table: keys, escrow, four
// shuffles (in turn: their times add up on the wall clock).
func BenchmarkSetup4(b *testing.B) {
	for _, cards := range []int{25, 96} {
		b.Run(fmt.Sprintf("%d cards", cards), func(b *testing.B) {
			for g := uint64(0); b.Loop(); g++ {
				newTable(b, g, 4, cards)
			}
		})
	}
}

// One party's audit of a 96-card deck at a 4-party table, every card
// opened during the game.
func BenchmarkAudit96(b *testing.B) {
	tb := newTable(b, 6, 4, 96)
	for pos := range 96 {
		tb.open(pos, pos%4)
	}
	tb.each(func(d *Deck) ([]Msg, error) { return d.Reveal() })
	d := tb.decks[0]
	b.ResetTimer()
	for b.Loop() {
		if rep, err := d.Audit(); err != nil || len(rep.Cheats) > 0 {
			b.Fatal(err)
		}
	}
}

// Agricola's 4-player deal: the occupations and the minor improvements
// (48 cards each, decks A and B), each set up by the table and 7 cards of
// each dealt to every party, opened to it alone. Besides the table's
// time: device-ms, the most one device spent in its deck's calls, and
// chain-ms, the four shuffles of both decks one after another (each waits
// for the one before): a device's wall time for the deal is about its
// own work plus the other parties' shuffles, network time aside.
func BenchmarkAgricolaDeal4(b *testing.B) { benchDeal(b, []int{48, 48}, 7) }
