package burgundy

import (
	"math/rand/v2"
	"slices"
	"testing"

	"tabula/engine"
	"tabula/engine/bot"
)

// Along a greedy three-player game (phases end, so tiles leave the game):
// every determinisation shows each seat what the position shows it, keeps
// every tile somewhere, depends only on the view, and does redeal the
// face-down tiles.
func TestDeterminize(t *testing.T) {
	st, err := Game{}.New(engine.Setup{Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	g := bot.NewGreedy(5)
	changed, checked, n := 0, 0, 0
	err = bot.Walk(st, []bot.Bot{g, g, g}, 5, 20000, func(st engine.State, _ engine.Seat) bool {
		s := st.(*State)
		if n++; n%20 != 1 {
			return true
		}
		checked++
		for seat := engine.Spectator; int(seat) < s.Players; seat++ {
			other := s.Determinize(seat, rand.New(rand.NewPCG(99, 1)))
			if err := bot.CheckDeterminizer(s, seat, other, 1, 2); err != nil {
				t.Fatalf("%v seat %d: %v", s, seat, err)
			}
		}
		d := s.Determinize(0, rand.New(rand.NewPCG(3, 3))).(*State)
		if err := d.CheckInvariants(); err != nil {
			t.Fatalf("%v: %v", s, err)
		}
		for c := range d.Stacks {
			if !slices.IsSorted(d.Stacks[c]) {
				t.Fatalf("stack %d out of order: %v", c, d.Stacks[c])
			}
			if !slices.Equal(d.Stacks[c], s.Stacks[c]) {
				changed++
			}
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 10 || changed == 0 {
		t.Fatalf("%d positions checked, %d stacks redealt", checked, changed)
	}
}
