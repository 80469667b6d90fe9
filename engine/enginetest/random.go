package enginetest

import (
	"math/rand/v2"
	"testing"

	"tabula/engine"
	"tabula/engine/rng"
)

// RandomMoves plays s with random legal moves until it is over or after
// limit steps, chance from rng.Seeded{Seed: seed}, and calls moved after
// each move with a copy of the state from before it (s is the state
// after). Renderer tests draw each move as if a bot had made it.
func RandomMoves(t testing.TB, s engine.State, seed uint64, limit int, moved func(k int, before engine.State)) {
	t.Helper()
	src, pick := rng.Seeded{Seed: seed}, rand.New(rand.NewPCG(seed, 1))
	for k := 0; !s.Status().Over && k < limit; k++ {
		status := s.Status()
		if status.Chance != nil {
			if err := s.Resolve(src.Outcome(k, *status.Chance)); err != nil {
				t.Fatal(err)
			}
			continue
		}
		seat := status.Deciders[0]
		legal := s.Legal(seat)
		before := s.Clone()
		if err := s.Apply(seat, legal[pick.IntN(len(legal))]); err != nil {
			t.Fatal(err)
		}
		moved(k, before)
	}
}
