package bot_test

import (
	"math"
	"testing"

	"tabula/engine/bot"
)

// The greedy bot rates the actions of a decision as Rate does, one fresh
// Clone each: Choose's ratings (copies made in the last one's memory, the
// seats counted once) are the same numbers, bit for bit, in games with a
// recycled copy (Agricola, Burgundy) and with dice (Catan), the random
// streams of two bots of one seed consumed alike.
func TestGreedyRatingsAreRates(t *testing.T) {
	for _, c := range []struct {
		game    string
		players int
	}{{"agricola", 2}, {"agricola", 4}, {"burgundy", 2}, {"catan", 4}} {
		pos := decisions(t, c.game, c.players, 9, 5, 6)
		if len(pos) < 6 {
			t.Fatalf("%s: %d positions", c.game, len(pos))
		}
		for i, s := range pos {
			seat := s.Status().Deciders[0]
			legal := s.Legal(seat)
			a, b := bot.NewGreedy(uint64(i)), bot.NewGreedy(uint64(i))
			got := bot.GreedyRatings(a, s, seat, legal)
			for k, act := range legal {
				want := b.Rate(s, seat, act)
				if math.Float64bits(got[k]) != math.Float64bits(want) {
					t.Fatalf("%s %dp position %d: %v rated %v, Rate %v", c.game, c.players, i, act, got[k], want)
				}
			}
		}
	}
}
