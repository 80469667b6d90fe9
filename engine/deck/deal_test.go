package deck

import (
	"fmt"
	"slices"
	"testing"
)

// Catan's development cards: 14 knights, 5 victory points, 2 each of road
// building, year of plenty and monopoly.
const devCards = 25

// TestDealDevelopmentCards deals Catan's development deck among 2, 3 and 4
// parties: private draws reach their owner only, a card opened to all and
// a card its owner shows reach everyone, a bot seat's draw is public, and
// the audit of the honest game finds nothing and the deck whole.
func TestDealDevelopmentCards(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprintf("%d parties", n), func(t *testing.T) {
			tb := newTable(t, uint64(n), n, devCards)
			owner := map[int]int{} // pos → party it was dealt to
			pos := 0
			// Two private draws per party, in turn.
			for range 2 {
				for p := range n {
					tb.open(pos, p)
					owner[pos] = p
					pos++
				}
			}
			for q, p := range owner {
				c := tb.cardAt(p, q)
				if c < 0 || c >= devCards {
					t.Fatalf("party %d does not learn its draw %d: %d", p, q, c)
				}
				for o := range n {
					if o == p {
						continue
					}
					if got := tb.cardAt(o, q); got != -1 {
						t.Fatalf("party %d learned party %d's draw %d: card %d", o, p, q, got)
					}
					// What o can compute from every public share is M + x_p·A:
					// no card point.
					if v := tb.decks[o].blinded(q); tb.decks[o].isCardPoint(v) {
						t.Fatalf("party %d's view of draw %d is a card point", o, q)
					}
				}
			}
			// A public opening (a card put face up), and an owner showing a card
			// it holds (party 0 plays its first draw).
			pub := pos
			tb.open(pub, All)
			pos++
			tb.open(0, All)
			for o := range n {
				if tb.cardAt(o, pub) < 0 || tb.cardAt(o, 0) != tb.cardAt(0, 0) {
					t.Fatalf("party %d: public card %d, shown card %d (owner's %d)", o, tb.cardAt(o, pub), tb.cardAt(o, 0), tb.cardAt(0, 0))
				}
			}
			// A bot seat (no party) draws: opened to all.
			bot := pos
			tb.open(bot, All)
			pos++
			for o := range n {
				if tb.cardAt(o, bot) != tb.cardAt(0, bot) || tb.cardAt(o, bot) < 0 {
					t.Fatalf("bot draw: party %d sees %d, party 0 %d", o, tb.cardAt(o, bot), tb.cardAt(0, bot))
				}
			}
			// Distinct positions are distinct cards.
			var seen []int
			for q := range pos {
				p := 0
				if o, ok := owner[q]; ok {
					p = o
				}
				seen = append(seen, tb.cardAt(p, q))
			}
			slices.Sort(seen)
			if len(slices.Compact(slices.Clone(seen))) != len(seen) {
				t.Fatalf("a card dealt twice: %v", seen)
			}
			for _, rep := range tb.audit() {
				if len(rep.Cheats) != 0 {
					t.Fatalf("honest game: cheats %v", rep.Cheats[0])
				}
				sorted := slices.Sorted(slices.Values(rep.Cards))
				for c, v := range sorted {
					if v != c {
						t.Fatalf("audit deck is no permutation: %v", rep.Cards)
					}
				}
				for q, p := range owner {
					if rep.Cards[q] != tb.cardAt(p, q) {
						t.Fatalf("audit says card %d at %d, its owner saw %d", rep.Cards[q], q, tb.cardAt(p, q))
					}
				}
			}
		})
	}
}
