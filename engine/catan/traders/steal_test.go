package traders

import (
	"slices"
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
)

// In a sealed game with secrets the barbarian's theft is a secret for the
// roller and the road's owner: the position of TestSevenMovesBarbarianOntoRoad,
// where seat 1 robs seat 0 of its one wool, as the referee, seat 1's and
// seat 2's devices hold it.
func TestBarbarianStealIsSecret(t *testing.T) {
	s := table(t)
	s.Sealed = &catan.Sealed{Secrets: true}
	do(t, s, 0, catan.EndTurn())
	give(s, 0, catan.Resources{catan.Wool: 1})
	gold := s.Hand[0][catan.Gold]
	roll(t, s, 3, 4)
	c := caravans(s)
	do(t, s, 1, moveBarb(int(c.Barbarian[Castle]), route(t, 13, 9)))
	req := *s.Status().Chance
	if req.Secret != 1 || !slices.Equal(req.Audience, []engine.Seat{0, 1}) || req.Ranges[0] != 1 || !req.Hidden() {
		t.Fatalf("the barbarian's steal is %+v", req)
	}
	referee, thief, other := s, s.Copy(), s.Copy()
	resolve(t, referee, 0)
	resolve(t, thief, 0)
	resolve(t, other, engine.Unknown)
	for _, x := range []*catan.State{referee, thief} {
		if x.Hand[1][catan.Wool] != 1 || x.Hand[0][catan.Wool] != 0 || x.Hand[0][catan.Gold] != gold {
			t.Fatalf("a device of the audience: seat 1 %v, seat 0 %v", x.Hand[1], x.Hand[0])
		}
	}
	if other.Hand[1][catan.Wool] != 0 || other.Hand[0][catan.Wool] != 1 || other.Sealed.Thefts[0].K != engine.Unknown {
		t.Fatalf("seat 2's device knows the stolen card: seat 1 %v, seat 0 %v", other.Hand[1], other.Hand[0])
	}
	for p, want := range []int{0, 1} {
		if got := other.ViewOf(2).Seats[p].Cards; got != want || referee.ViewOf(engine.Spectator).Seats[p].Cards != want {
			t.Fatalf("seat %d shows %d cards to seat 2, want %d", p, got, want)
		}
	}
	if other.Phase != catan.PhaseMain || engine.AgreedHash(sealedSetup, other) != engine.AgreedHash(sealedSetup, referee) {
		t.Fatal("seat 2's device disagrees with the referee")
	}
}

var sealedSetup = engine.Setup{Players: 4, Options: map[string]string{engine.Sealed: "1", engine.Secrets: "1"}}
