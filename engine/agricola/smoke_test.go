package agricola

import (
	"testing"

	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/rng"
)

func TestSmoke(t *testing.T) {
	for players := 1; players <= 4; players++ {
		for seed := uint64(0); seed < 20; seed++ {
			st, err := Game{}.New(engine.Setup{Players: players})
			if err != nil {
				t.Fatal(err)
			}
			src := rng.Seeded{Seed: seed}
			b := bot.NewRandom(seed)
			k := 0
			n := 0
			for !st.Status().Over {
				n++
				if n > 5000 {
					t.Fatalf("too long")
				}
				stt := st.Status()
				if stt.Chance != nil {
					if err := st.Resolve(src.Outcome(k, *stt.Chance)); err != nil {
						t.Fatal(err)
					}
					k++
					continue
				}
				seat := stt.Deciders[0]
				a := b.Choose(st, seat)
				if a == nil {
					t.Fatalf("no legal action for %d: %+v", seat, st.(*State).Stack)
				}
				if err := st.Apply(seat, a); err != nil {
					t.Fatalf("%v: %v", a, err)
				}
			}
			if seed == 0 {
				t.Logf("%d players: %d steps, scores %v", players, n, st.Scores())
			}
		}
	}
}
