package traders

import (
	"errors"
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
)

// The test table: 4 players on the island laid out by an all-zero board
// outcome (terrains in set order over the hexes, harbours in set order,
// tokens from outer corner 0), founded as below, seat 0 to play turn 1.
//
//	seat 0: settlement 13 (forest 8, forest 10, pasture 3), road 13–9;
//	        city 41 (hills 5, mountains 9, the glassworks), road 41–36
//	seat 1: settlement 19, road 19–14 (by the castle); city 47, road 47–43
//	seat 2: settlement 3 (3:1 harbour), road 3–7; city 28, road 28–34
//	seat 3: settlement 52 (2:1 wool), road 52–48; city 31, road 31–25
var founding = []struct{ v, a, b int }{
	{13, 13, 9}, {19, 19, 14}, {3, 3, 7}, {52, 52, 48},
	{31, 31, 25}, {28, 28, 34}, {47, 47, 43}, {41, 41, 36},
}

// route is the route between nodes a and b.
func route(t *testing.T, a, b int) int {
	t.Helper()
	r, ok := Board.Route(a, b)
	if !ok {
		t.Fatalf("nodes %d and %d are not joined", a, b)
	}
	return r
}

// founded is the test table after founding, before turn 1's roll.
func founded(t *testing.T) *catan.State {
	t.Helper()
	s, err := New(4)
	if err != nil {
		t.Fatal(err)
	}
	resolve(t, s, make([]int, len(boardRanges))...)
	resolve(t, s, 5, 5, 0, 0, 0, 0, 0, 0) // seat 0 rolls 12 and starts
	for i, f := range founding {
		p := int(s.Active)
		kind := catan.BuildSettlement(f.v)
		if i >= 4 {
			kind = catan.BuildCity(f.v)
		}
		do(t, s, p, kind)
		do(t, s, p, catan.BuildRoad(route(t, f.a, f.b)))
	}
	if s.Phase != catan.PhaseRoll || s.Active != 0 || s.Turn != 1 {
		t.Fatalf("after founding: phase %v, active %d, turn %d", s.Phase, s.Active, s.Turn)
	}
	return s
}

// table is the test table in turn 1's trade and build, after a roll of 3,
// with every resource card back in the bank (gold kept), so each test
// gives what it needs.
func table(t *testing.T) *catan.State {
	t.Helper()
	s := founded(t)
	roll(t, s, 1, 2)
	clearHands(s)
	return s
}

// clearHands puts every resource card back in the bank (gold stays).
func clearHands(s *catan.State) {
	for p := 0; p < s.Players; p++ {
		for r := catan.Resource(0); r < catan.NumResources; r++ {
			s.Bank[r] += s.Hand[p][r]
			s.Hand[p][r] = 0
		}
	}
}

// give moves cards (gold too) from the bank to p's hand.
func give(s *catan.State, p int, x catan.Resources) {
	s.Bank = s.Bank.Minus(x)
	s.Hand[p] = s.Hand[p].Plus(x)
}

// roll rolls d1 and d2 for the active player.
func roll(t *testing.T, s *catan.State, d1, d2 int) {
	t.Helper()
	do(t, s, int(s.Active), catan.Roll())
	resolve(t, s, d1-1, d2-1)
}

func do(t *testing.T, s *catan.State, p int, a catan.Action) {
	t.Helper()
	if err := s.Do(engine.Seat(p), a); err != nil {
		t.Fatalf("seat %d %v: %v", p, a, err)
	}
	if err := s.CheckInvariants(); err != nil {
		t.Fatalf("after seat %d %v: %v", p, a, err)
	}
}

// refuse checks that a is refused as illegal and changes nothing.
func refuse(t *testing.T, s *catan.State, p int, a catan.Action) {
	t.Helper()
	before := engine.HashHex(s)
	err := s.Do(engine.Seat(p), a)
	if err == nil {
		t.Fatalf("seat %d %v was allowed", p, a)
	}
	if !errors.Is(err, engine.ErrIllegal) && !errors.Is(err, engine.ErrNotYourTurn) && !errors.Is(err, engine.ErrBadAction) {
		t.Fatalf("seat %d %v: unexpected error %v", p, a, err)
	}
	if engine.HashHex(s) != before {
		t.Fatalf("refused %v changed the state", a)
	}
}

func resolve(t *testing.T, s *catan.State, o ...int) {
	t.Helper()
	if err := s.Resolve(o); err != nil {
		t.Fatalf("resolve %v in phase %v: %v", o, s.Phase, err)
	}
	if err := s.CheckInvariants(); err != nil {
		t.Fatalf("after outcome %v: %v", o, err)
	}
}

// legal reports whether a is among p's legal actions.
func legal(s *catan.State, p int, a catan.Action) bool {
	for _, x := range s.Legal(engine.Seat(p)) {
		if x.(catan.Action) == a {
			return true
		}
	}
	return false
}

// chance is the pending chance request's kind and ranges.
func chance(s *catan.State) (string, []int) {
	c := s.Status().Chance
	if c == nil {
		return "", nil
	}
	return c.Kind, c.Ranges
}

func step(to int) catan.Action { return catan.Action{Type: ActMoveWagon, Vertex: to} }
func moveBarb(from, to int) catan.Action {
	return catan.Action{Type: ActMoveBarbarian, Edge: from, To: to}
}
func driveOffAct(r int) catan.Action        { return catan.Action{Type: ActDriveOff, Edge: r} }
func placeBarb(r int) catan.Action          { return catan.Action{Type: ActPlaceBarbarian, Edge: r} }
func buyGold(r catan.Resource) catan.Action { return catan.Action{Type: ActBuyWithGold, Resource: r} }

var (
	boost   = catan.Action{Type: ActGrainBoost}
	upgrade = catan.Action{Type: ActUpgradeWagon}
	swift   = catan.Action{Type: ActPlaySwiftJourney}
)
