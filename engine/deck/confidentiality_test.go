package deck

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestNoBetterThanChance: party 0 of a 4-party table keeps everything it
// receives (every message of the log) and its own secrets, and tries to
// name each card dealt to another party, or (every third card) opened to
// two other parties (a stolen card: their shares go sealed to each other).
// Two analyses:
//   - match: B − ΣD_j over every share it holds, compared with every
//     candidate card point (it would name the card if the owner's part
//     were ever in the log); no match, so a uniform guess among the cards
//     it has not seen;
//   - own shuffle: follow the position back through its own permutation
//     (it knows π_0) and guess the card that started there.
//
// Metric: hits / draws against the chance rate Σ 1/remaining (remaining:
// the cards party 0 has not seen), within three standard deviations. The
// control runs the match analysis on what today's protocol puts in the
// log (the audience's parts too, as the card in clear): it names every
// card.
func TestNoBetterThanChance(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 3
	}
	const n, cards = 4, devCards
	guess := rand.New(rand.NewPCG(7, 7))
	var draws, pairs, hitMatch, hitOwn, hitClear int
	var chance, chanceOwn, variance, varianceOwn float64
	for g := range games {
		tb := newTable(t, 1000+uint64(g), n, cards)
		obs := tb.decks[0]
		// party 0's own permutation: which input position went where.
		ownFrom := ownPermutation(obs)
		deal := rand.New(rand.NewPCG(uint64(g), 1))
		seen := map[int]bool{}
		for pos := range cards {
			to := deal.IntN(n)
			aud := []int{to}
			if to != 0 && pos%3 == 0 {
				aud = append(aud, 1+to%(n-1)) // another party, not 0
				tb.openAmong(pos, aud...)
			} else {
				tb.open(pos, to)
			}
			if to == 0 {
				seen[tb.cardAt(0, pos)] = true
				continue
			}
			truth := tb.cardAt(to, pos)
			if len(aud) == 2 {
				pairs++
				if tb.cardAt(aud[1], pos) != truth {
					t.Fatalf("a pair opening: party %d sees %d, party %d %d", to, truth, aud[1], tb.cardAt(aud[1], pos))
				}
			}
			var cand []int
			for c := range cards {
				if !seen[c] {
					cand = append(cand, c)
				}
			}
			p := 1 / float64(len(cand))
			draws++
			chance += p
			variance += p * (1 - p)
			// The match analysis.
			v := obs.blinded(pos)
			named := -1
			for _, c := range cand {
				if equal(v, obs.cardPts[c]) {
					named = c
				}
			}
			if named < 0 {
				named = cand[guess.IntN(len(cand))]
			}
			if named == truth {
				hitMatch++
			}
			// The own-shuffle analysis: the card that entered party 0's
			// shuffle at the position that it moved here (the deck before it
			// is known only for party 0, whose input is the initial order).
			g := ownFrom[pos]
			if !seen[g] {
				chanceOwn += p
				varianceOwn += p * (1 - p)
			}
			if g == truth {
				hitOwn++
			}
			// Control: with the owner's part in the log, as the card in clear
			// is today, the match analysis names the card.
			clear := v
			for _, p := range aud {
				clear = sub(clear, mul(tb.decks[p].x, obs.final()[pos].A))
			}
			for _, c := range cand {
				if equal(clear, obs.cardPts[c]) && c == truth {
					hitClear++
				}
			}
		}
	}
	t.Logf("%d draws to other parties (%d to two of them): match analysis %d hits, own-shuffle %d hits; chance %.1f ± %.1f (own-shuffle %.1f ± %.1f); card in clear: %d of %d",
		draws, pairs, hitMatch, hitOwn, chance, math.Sqrt(variance), chanceOwn, math.Sqrt(varianceOwn), hitClear, draws)
	if d := math.Abs(float64(hitMatch) - chance); d > 3*math.Sqrt(variance)+1 {
		t.Errorf("match analysis: %d hits of %d draws, chance %.1f", hitMatch, draws, chance)
	}
	if d := math.Abs(float64(hitOwn) - chanceOwn); d > 3*math.Sqrt(varianceOwn)+1 {
		t.Errorf("own-shuffle analysis: %d hits of %d draws, chance %.1f", hitOwn, draws, chanceOwn)
	}
	if hitClear != draws {
		t.Errorf("control: the card in clear named %d of %d", hitClear, draws)
	}
}

// ownPermutation maps each final position to the card that the
// observer's own shuffle (the first: party 0) put at that position,
// assuming the later shuffles kept it there: what party 0 alone can
// follow.
func ownPermutation(d *Deck) []int {
	return permutation(newPRG(shuffleSeed(d.id, d.me, d.x), "tabula/deck/shuffle/v1"), d.cards)
}
