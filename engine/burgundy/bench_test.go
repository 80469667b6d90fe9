package burgundy

import (
	"fmt"
	"testing"

	"tabula/engine"
	"tabula/engine/rng"
)

// playDirect plays a whole random game on the State (no log, no hashing),
// as bots and simulations do; it returns the number of seat actions.
func playDirect(b *testing.B, players int, seed uint64) int {
	st, err := Game{}.New(engine.Setup{Players: players})
	if err != nil {
		b.Fatal(err)
	}
	src := rng.Seeded{Seed: seed}
	pick := rng.NewStream([]byte(fmt.Sprintf("bench/%d", seed)))
	chance, actions := 0, 0
	for {
		status := st.Status()
		switch {
		case status.Over:
			return actions
		case status.Chance != nil:
			if err := st.Resolve(src.Outcome(chance, *status.Chance)); err != nil {
				b.Fatal(err)
			}
			chance++
		default:
			seat := status.Deciders[0]
			legal := st.Legal(seat)
			if err := st.Apply(seat, legal[pick.Intn(len(legal))]); err != nil {
				b.Fatal(err)
			}
			actions++
		}
	}
}

// BenchmarkRandomGame4p: one complete 4-player game with a uniformly random
// legal-action policy per op.
func BenchmarkRandomGame4p(b *testing.B) {
	total := 0
	for i := 0; i < b.N; i++ {
		total += playDirect(b, 4, uint64(i))
	}
	b.ReportMetric(float64(total)/float64(b.N), "actions/game")
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkRandomGame4pMatch: the same through engine.Match, which logs each
// entry and hashes the state after it (what the app does).
func BenchmarkRandomGame4pMatch(b *testing.B) {
	for i := 0; i < b.N; i++ {
		randomPlay(b, 4, uint64(i), false)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
