package agricola

import (
	"testing"

	"tabula/engine/bot"
	"tabula/engine/rng"
)

// BenchmarkRandomGame is one whole 4-player game between random bots.
func BenchmarkRandomGame(b *testing.B) {
	for i := 0; b.Loop(); i++ {
		st, _ := Game{}.New(familySetup(4))
		src := rng.Seeded{Seed: uint64(i)}
		r := bot.NewRandom(uint64(i))
		for k := 0; !st.Status().Over; {
			s := st.Status()
			if s.Chance != nil {
				st.Resolve(src.Outcome(k, *s.Chance))
				k++
				continue
			}
			st.Apply(s.Deciders[0], r.Choose(st, s.Deciders[0]))
		}
	}
}

// BenchmarkFenceOptions lists the fence actions on a farm with a pasture,
// a field and little wood (the exact search for an irregular area runs).
func BenchmarkFenceOptions(b *testing.B) {
	s := newGame(&testing.T{}, 2)
	onBoard(s, "fencing")
	p := &s.Seats[0]
	p.Yard.Fences = boundaryOf(4, 5)
	p.Yard.Fields = cellsOf(8)
	p.Goods[Wood] = 2
	f := Frame{Kind: FrameMenu, Seat: 0, Via: "fencing", Ops: OpFences, Once: OpFences, Need: true}
	for b.Loop() {
		n := 0
		s.menuOptions(0, &f, func(Action) bool { n++; return true })
	}
}
