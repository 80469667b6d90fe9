package bot_test

import (
	"reflect"
	"testing"

	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/rng"
)

// A clone chooses exactly as the original would from the same point, and
// choosing on the clone leaves the original where it was.
func TestGreedyCloneIsIndependent(t *testing.T) {
	for seed := uint64(0); seed < 10; seed++ {
		st := newRace(t, 3)
		a := bot.NewGreedy(seed)
		twin := bot.NewGreedy(seed) // never cloned: what a must stay equal to
		src := rng.Seeded{Seed: seed}
		chance := 0
		for steps := 0; !st.Status().Over && steps < 500; steps++ {
			s := st.Status()
			if s.Chance != nil {
				if err := st.Resolve(src.Outcome(chance, *s.Chance)); err != nil {
					t.Fatal(err)
				}
				chance++
				continue
			}
			seat := s.Deciders[0]
			c := a.Clone()
			// Ask the clone twice: the original must not notice.
			first := encode(t, c.Choose(st, seat))
			c.Choose(st, seat)
			if got := encode(t, a.Choose(st, seat)); got != first {
				t.Fatalf("seed %d step %d: original chose %s, its clone %s", seed, steps, got, first)
			}
			twin.Choose(st, seat)
			if !reflect.DeepEqual(a, twin) {
				t.Fatalf("seed %d step %d: asking a clone changed the original", seed, steps)
			}
			if err := st.Apply(seat, mustDecode(t, first)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func mustDecode(t *testing.T, s string) engine.Action {
	t.Helper()
	a, err := race(t).DecodeAction([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return a
}
