package fuzzing

import (
	"fmt"
	"math/rand/v2"

	"tabula/engine"
	"tabula/engine/rng"
)

// Positions plays one fixed game from s by uniformly chosen legal actions
// and fitting chance outcomes (both from seed), and returns a copy (by
// clone) of its state after each number of steps in depths, ascending, or
// at its end if it ends sooner. A fuzz target builds them once per process
// and starts each input from one, so a short bounded run per input still
// reaches the middle and the end of a game; the same seed gives the same
// positions in every process, so a failing input replays.
func Positions[S engine.State](s S, seed uint64, depths []int, clone func(S) S) ([]S, error) {
	r := rand.New(rand.NewPCG(seed, 31))
	src := rng.Seeded{Seed: seed}
	out := make([]S, 0, len(depths))
	chances, step := 0, 0
	for _, depth := range depths {
		for ; step < depth && !s.Status().Over; step++ {
			st := s.Status()
			if st.Chance != nil {
				if err := s.Resolve(src.Outcome(chances, *st.Chance)); err != nil {
					return nil, fmt.Errorf("step %d: outcome refused: %w", step, err)
				}
				chances++
				continue
			}
			seat := st.Deciders[r.IntN(len(st.Deciders))]
			legal := s.Legal(seat)
			if len(legal) == 0 {
				return nil, fmt.Errorf("step %d: seat %d has no legal action", step, seat)
			}
			if err := s.Apply(seat, legal[r.IntN(len(legal))]); err != nil {
				return nil, fmt.Errorf("step %d: legal action refused: %w", step, err)
			}
		}
		out = append(out, clone(s))
	}
	return out, nil
}
