package catan

import (
	"reflect"
	"testing"

	"tabula/engine"
	"tabula/engine/hexgrid"
)

// nextTurnOf ends turns until it is p's turn again, rolling 2 (nobody
// produces on the test boards that use it).
func nextTurnOf(t *testing.T, s *State, p int) {
	t.Helper()
	for {
		if s.Phase == PhaseRoll {
			roll(t, s, 1, 1)
		}
		do(t, s, int(s.Active), EndTurn())
		if int(s.Active) == p {
			return
		}
	}
}

func TestDevCardNotPlayableTheTurnBought(t *testing.T) {
	s := mainState(t, 4)
	give(t, s, 0, DevelopmentCost)
	do(t, s, 0, BuyDevelopment())
	resolve(t, s, 0) // a Knight
	fails(t, s, 0, PlayKnight(), engine.ErrIllegal)
	if hasAction(s, 0, PlayKnight()) {
		t.Fatal("Legal offers the card just bought")
	}
	if v := s.ViewOf(0).Seats[0]; v.Playable[Knight] != 0 || v.Dev[Knight] != 1 {
		t.Fatalf("view dev %v playable %v", v.Dev, v.Playable)
	}
	nextTurnOf(t, s, 0)
	// Playable from the next own turn, even before the roll.
	wantPhase(t, s, PhaseRoll)
	if !hasAction(s, 0, PlayKnight()) {
		t.Fatal("knight not playable a turn later")
	}
	do(t, s, 0, PlayKnight())
	wantPhase(t, s, PhaseRobber)
}

func TestOldCardPlayableWhileNewOneIsNot(t *testing.T) {
	s := mainState(t, 4)
	devCard(t, s, 0, Knight) // from an earlier turn
	give(t, s, 0, DevelopmentCost)
	do(t, s, 0, BuyDevelopment())
	resolve(t, s, 0) // another Knight
	do(t, s, 0, PlayKnight())
	do(t, s, 0, MoveRobber(HexAt(1, 1)))
	if s.Dev[0][Knight] != 1 || s.Knights[0] != 1 {
		t.Fatalf("dev %v knights %d", s.Dev[0], s.Knights[0])
	}
}

func TestOneDevCardPerTurn(t *testing.T) {
	s := rollState(t)
	devCard(t, s, 0, Knight)
	devCard(t, s, 0, Monopoly)
	// Before the roll: a Knight, then back to rolling.
	do(t, s, 0, PlayKnight())
	do(t, s, 0, MoveRobber(HexAt(5, 3)))
	wantPhase(t, s, PhaseRoll)
	fails(t, s, 0, PlayMonopoly(Ore), engine.ErrIllegal)
	roll(t, s, 2, 2)
	fails(t, s, 0, PlayMonopoly(Ore), engine.ErrIllegal)
	if acts := s.LegalActions(0, nil); countType(acts, ActPlayMonopoly) != 0 {
		t.Fatal("second card offered")
	}
	nextTurnOf(t, s, 0)
	do(t, s, 0, PlayMonopoly(Ore))
}

func TestKnightMovesRobberWithoutDiscards(t *testing.T) {
	s := mainState(t, 4)
	devCard(t, s, 0, Knight)
	h := HexAt(2, 2)
	settle(s, 1, int(hexCorners[h][hexgrid.CornerN]))
	give(t, s, 1, res(Wool, 10)) // over the limit, but a Knight is no 7
	do(t, s, 0, PlayKnight())
	wantPhase(t, s, PhaseRobber)
	fails(t, s, 0, MoveRobber(int(s.Robber)), engine.ErrIllegal)
	do(t, s, 0, MoveRobber(h))
	if st := s.Status(); st.Chance == nil || st.Chance.Kind != "steal" || st.Chance.Ranges[0] != 10 {
		t.Fatalf("status %+v", st.Chance)
	}
	resolve(t, s, 3)
	if s.Hand[1] != res(Wool, 9) || s.Hand[0] != res(Wool, 1) || s.Discard != [4]int8{} {
		t.Fatalf("hands %v %v discards %v", s.Hand[0], s.Hand[1], s.Discard)
	}
	wantPhase(t, s, PhaseMain)
	checkInvariants(t, s)
}

func TestLargestArmy(t *testing.T) {
	s := mainState(t, 4)
	play := func(p int) {
		t.Helper()
		s.Active = int8(p)
		s.DevPlayed = false
		s.Phase = PhaseMain
		devCard(t, s, p, Knight)
		do(t, s, p, PlayKnight())
		do(t, s, p, MoveRobber((int(s.Robber)+1)%NumHexes))
	}
	play(0)
	play(0)
	if s.LargestArmy != none {
		t.Fatal("largest army with 2 knights")
	}
	play(0)
	if s.LargestArmy != 0 || s.PublicPoints(0) != 2 {
		t.Fatalf("largest army %d points %d", s.LargestArmy, s.PublicPoints(0))
	}
	play(1)
	play(1)
	play(1)
	if s.LargestArmy != 0 {
		t.Fatal("a tie took Largest Army")
	}
	play(1)
	if s.LargestArmy != 1 || s.PublicPoints(0) != 0 || s.PublicPoints(1) != 2 {
		t.Fatalf("strictly more: holder %d", s.LargestArmy)
	}
	checkInvariants(t, s)
}

func TestRoadBuildingTwoRoads(t *testing.T) {
	s := mainState(t, 4)
	n, ne, se, _, _, _ := centre()
	settle(s, 0, n)
	devCard(t, s, 0, RoadBuilding)
	do(t, s, 0, PlayRoadBuilding())
	wantPhase(t, s, PhaseRoadBuilding)
	if p := s.PromptFor(0); p.Code != "place-free-road" || p.Count != 2 {
		t.Fatalf("prompt %+v", p)
	}
	fails(t, s, 0, EndTurn(), engine.ErrIllegal)
	fails(t, s, 0, BuildRoad(edgeBetween(t, ne, se)), engine.ErrIllegal) // not connected yet
	do(t, s, 0, BuildRoad(edgeBetween(t, n, ne)))
	do(t, s, 0, BuildRoad(edgeBetween(t, ne, se)))
	wantPhase(t, s, PhaseMain)
	if s.RoadsLeft[0] != 13 || s.Hand[0].Total() != 0 {
		t.Fatalf("roads left %d hand %v", s.RoadsLeft[0], s.Hand[0])
	}
	checkInvariants(t, s)
}

// roadBuildingCorner: seat 0 has a settlement on the top corner of r1c1,
// which has two paths; seat 1 holds the path to the north-east and the one
// beyond the north-west corner, so exactly one path is open and it leads
// nowhere further.
func roadBuildingCorner(t *testing.T) (s *State, open int) {
	s = mainState(t, 4)
	a := vx(1, 1, hexgrid.CornerN)
	b := vx(1, 1, hexgrid.CornerNW)
	c := vx(1, 1, hexgrid.CornerNE)
	d := vx(1, 1, hexgrid.CornerSW)
	settle(s, 0, a)
	roads(s, 1, edgeBetween(t, a, c), edgeBetween(t, b, d))
	devCard(t, s, 0, RoadBuilding)
	return s, edgeBetween(t, a, b)
}

func TestRoadBuildingOneLegalPath(t *testing.T) {
	s, open := roadBuildingCorner(t)
	k := lister{at: appendAll}
	k.edges(s.roadSpots(0))
	if !reflect.DeepEqual(k.buf, []Action{BuildRoad(open)}) {
		t.Fatalf("road spots %v", k.buf)
	}
	do(t, s, 0, PlayRoadBuilding())
	do(t, s, 0, BuildRoad(open))
	// No legal path is left: the card's effect ends after one road.
	wantPhase(t, s, PhaseMain)
	if s.FreeRoads != 0 || s.RoadsLeft[0] != 14 {
		t.Fatalf("free roads %d roads left %d", s.FreeRoads, s.RoadsLeft[0])
	}
}

func TestRoadBuildingNoLegalPath(t *testing.T) {
	s, open := roadBuildingCorner(t)
	roads(s, 2, open)
	fails(t, s, 0, PlayRoadBuilding(), engine.ErrIllegal)
	if hasAction(s, 0, PlayRoadBuilding()) {
		t.Fatal("Legal offers Road Building with no path to build on")
	}
	if s.Dev[0][RoadBuilding] != 1 || s.DevPlayed {
		t.Fatal("the refused card was used up")
	}
}

func TestRoadBuildingOnePieceLeft(t *testing.T) {
	s := mainState(t, 4)
	n, ne, _, _, _, _ := centre()
	settle(s, 0, n)
	devCard(t, s, 0, RoadBuilding)
	s.RoadsLeft[0] = 1
	do(t, s, 0, PlayRoadBuilding())
	if s.FreeRoads != 1 {
		t.Fatalf("free roads %d with one piece", s.FreeRoads)
	}
	do(t, s, 0, BuildRoad(edgeBetween(t, n, ne)))
	wantPhase(t, s, PhaseMain)
	s.RoadsLeft[0] = 0
	devCard(t, s, 0, RoadBuilding)
	s.DevPlayed = false
	fails(t, s, 0, PlayRoadBuilding(), engine.ErrIllegal)
}

func TestYearOfPlenty(t *testing.T) {
	s := mainState(t, 4)
	devCard(t, s, 0, YearOfPlenty)
	if n := countType(s.LegalActions(0, nil), ActPlayYearOfPlenty); n != 15 {
		t.Fatalf("%d choices, want 15 pairs", n)
	}
	fails(t, s, 0, PlayYearOfPlentyOne(Ore), engine.ErrIllegal) // two cards while the bank has them
	fails(t, s, 0, Action{Type: ActPlayYearOfPlenty, Get: res(Ore, 3)}, engine.ErrIllegal)
	do(t, s, 0, PlayYearOfPlenty(Ore, Ore))
	if s.Hand[0] != res(Ore, 2) || s.Bank[Ore] != 17 {
		t.Fatalf("hand %v", s.Hand[0])
	}
	checkInvariants(t, s)
}

func TestYearOfPlentyBankShort(t *testing.T) {
	s := mainState(t, 4)
	devCard(t, s, 0, YearOfPlenty)
	// The bank has 1 ore and nothing else.
	give(t, s, 1, res(Lumber, 19, Wool, 19, Grain, 19, Brick, 19, Ore, 18))
	fails(t, s, 0, PlayYearOfPlenty(Ore, Ore), engine.ErrIllegal)
	fails(t, s, 0, PlayYearOfPlentyOne(Wool), engine.ErrIllegal)
	if acts := s.LegalActions(0, nil); countType(acts, ActPlayYearOfPlenty) != 1 || !hasAction(s, 0, PlayYearOfPlentyOne(Ore)) {
		t.Fatalf("choices %v", acts)
	}
	do(t, s, 0, PlayYearOfPlentyOne(Ore))
	if s.Hand[0] != res(Ore, 1) || s.Bank.Total() != 0 {
		t.Fatalf("hand %v bank %v", s.Hand[0], s.Bank)
	}
	// An empty bank: the card cannot be played.
	s2 := mainState(t, 4)
	devCard(t, s2, 0, YearOfPlenty)
	give(t, s2, 1, res(Lumber, 19, Wool, 19, Grain, 19, Brick, 19, Ore, 19))
	fails(t, s2, 0, PlayYearOfPlentyOne(Ore), engine.ErrIllegal)
	if hasAction(s2, 0, PlayYearOfPlentyOne(Ore)) || countType(s2.LegalActions(0, nil), ActPlayYearOfPlenty) != 0 {
		t.Fatal("Year of Plenty offered with an empty bank")
	}
}

func TestMonopoly(t *testing.T) {
	s := mainState(t, 4)
	devCard(t, s, 0, Monopoly)
	give(t, s, 0, res(Ore, 1))
	give(t, s, 1, res(Ore, 3, Wool, 1))
	give(t, s, 2, res(Grain, 2))
	give(t, s, 3, res(Ore, 1))
	fails(t, s, 0, PlayMonopoly(Resource(7)), engine.ErrIllegal)
	do(t, s, 0, PlayMonopoly(Ore))
	if s.Hand[0] != res(Ore, 5) || s.Hand[1] != res(Wool, 1) || s.Hand[2] != res(Grain, 2) || s.Hand[3].Total() != 0 {
		t.Fatalf("hands %v", s.Hand)
	}
	if s.Played[Monopoly] != 1 || s.Dev[0][Monopoly] != 0 {
		t.Fatal("monopoly card not spent")
	}
	checkInvariants(t, s)
}

func TestVictoryPointCardsAreNeverPlayed(t *testing.T) {
	s := mainState(t, 4)
	devCard(t, s, 0, VictoryPoint)
	for _, a := range s.LegalActions(0, nil) {
		if a.Type >= ActPlayKnight && a.Type <= ActPlayMonopoly {
			t.Fatalf("play action %v offered for a VP card", a)
		}
	}
	fails(t, s, 0, PlayKnight(), engine.ErrIllegal)
	if s.Points(0) != 1 || s.PublicPoints(0) != 0 {
		t.Fatalf("points %d public %d", s.Points(0), s.PublicPoints(0))
	}
}
