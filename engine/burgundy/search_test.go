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

// CloneInto, into copies of other positions (of 2, 3 and 4 players),
// gives a state that hashes like the position, plays on like its Clone
// and shares no memory with it.
func TestCloneIntoIsAClone(t *testing.T) {
	var old []engine.State
	for players := 2; players <= 4; players++ {
		st, err := Game{}.New(engine.Setup{Players: players})
		if err != nil {
			t.Fatal(err)
		}
		g := bot.NewGreedy(uint64(players))
		n := 0
		err = bot.Walk(st, []bot.Bot{g, g, g, g}, uint64(players), 20000, func(st engine.State, seat engine.Seat) bool {
			if n++; n%15 != 0 {
				return true
			}
			s := st.(*State)
			for _, o := range old[max(0, len(old)-3):] {
				x := s.CloneInto(o.Clone())
				c := s.Clone()
				if engine.HashHex(x) != engine.HashHex(s) {
					t.Fatalf("%d players: the copy hashes unlike the state", players)
				}
				a := s.Legal(seat)[0]
				h := engine.HashHex(s)
				if x.Apply(seat, a) != nil || c.Apply(seat, a) != nil {
					t.Fatal("a legal action refused by a copy")
				}
				if engine.HashHex(x) != engine.HashHex(c) || engine.HashHex(s) != h {
					t.Fatalf("%d players: the copy plays on unlike a Clone, or shares memory with the state", players)
				}
			}
			old = append(old, s.Clone())
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(old) < 20 {
		t.Fatalf("only %d positions", len(old))
	}
}
