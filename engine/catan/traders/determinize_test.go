package traders

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/catan"
)

// The scenario hides nothing of its own (gold, wagons, cargo cards and the
// stacks' counts lie open; a cargo card is drawn as a chance outcome from
// those counts); the base game's determinisation redeals the hand cards
// (gold stays) and the chronicle cards. Along a greedy game every seat's
// view stays (the movement view shows all whether the active player holds
// a grain for the boost), the scenario's state and the gold stay, and the
// hidden cards are redrawn.
func TestDeterminizeKeepsTheScenario(t *testing.T) {
	s, err := New(4)
	if err != nil {
		t.Fatal(err)
	}
	g := bot.NewGreedy(5)
	n, checked, hands, chronicles := 0, 0, 0, 0
	err = bot.Walk(s, []bot.Bot{g, g, g, g}, 5, 20000, func(st engine.State, _ engine.Seat) bool {
		n++
		if n%30 != 0 {
			return true
		}
		c := st.(*catan.State)
		for seat := engine.Spectator; int(seat) < c.Players; seat++ {
			other := c.Determinize(seat, rand.New(rand.NewPCG(9, 9)))
			if err := bot.CheckDeterminizer(c, seat, other, 1, 2); err != nil {
				t.Fatalf("phase %v seat %d: %v", c.Phase, seat, err)
			}
			d := c.Determinize(seat, rand.New(rand.NewPCG(3, uint64(seat)+1))).(*catan.State)
			if err := d.CheckInvariants(); err != nil {
				t.Fatal(err)
			}
			a, _ := json.Marshal(caravans(c))
			b, _ := json.Marshal(caravans(d))
			if string(a) != string(b) {
				t.Fatalf("the scenario's state changed:\n%s\n%s", b, a)
			}
			for p := 0; p < c.Players; p++ {
				if d.Hand[p][catan.Gold] != c.Hand[p][catan.Gold] {
					t.Fatalf("seat %d's gold changed", p)
				}
				if d.Hand[p] != c.Hand[p] {
					hands++
				}
				if d.Dev[p] != c.Dev[p] {
					chronicles++
				}
			}
		}
		checked++
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 5 || hands == 0 || chronicles == 0 {
		t.Fatalf("%d positions checked, %d hands and %d chronicle hands redrawn", checked, hands, chronicles)
	}
}
