package catan

import (
	"reflect"
	"testing"

	"tabula/engine"
	"tabula/engine/hexgrid"
)

// Corners of the centre hex (r3c3), clockwise from the top.
func centre() (n, ne, se, s, sw, nw int) {
	c := hexCorners[HexAt(3, 3)]
	return int(c[0]), int(c[1]), int(c[2]), int(c[3]), int(c[4]), int(c[5])
}

func TestRoadCostAndConnection(t *testing.T) {
	s := mainState(t, 4)
	n, ne, se, so, sw, _ := centre()
	settle(s, 0, n)
	fails(t, s, 0, BuildRoad(edgeBetween(t, n, ne)), engine.ErrIllegal) // no cards
	give(t, s, 0, res(Lumber, 3, Brick, 3))
	do(t, s, 0, BuildRoad(edgeBetween(t, n, ne)))
	if s.Hand[0] != res(Lumber, 2, Brick, 2) || s.RoadsLeft[0] != 14 {
		t.Fatalf("hand %v roads left %d", s.Hand[0], s.RoadsLeft[0])
	}
	fails(t, s, 0, BuildRoad(edgeBetween(t, n, ne)), engine.ErrIllegal)  // taken
	fails(t, s, 0, BuildRoad(edgeBetween(t, so, sw)), engine.ErrIllegal) // not connected
	fails(t, s, 0, BuildRoad(NumEdges), engine.ErrIllegal)
	fails(t, s, 1, BuildRoad(edgeBetween(t, ne, se)), engine.ErrNotYourTurn)
	do(t, s, 0, BuildRoad(edgeBetween(t, ne, se))) // continues the road
	checkInvariants(t, s)
}

func TestRoadCannotPassOpponentBuilding(t *testing.T) {
	s := mainState(t, 4)
	n, ne, se, so, _, _ := centre()
	settle(s, 0, n)
	roads(s, 0, edgeBetween(t, n, ne))
	settle(s, 1, se)
	give(t, s, 0, res(Lumber, 3, Brick, 3))
	// A road may end at the opponent's settlement …
	do(t, s, 0, BuildRoad(edgeBetween(t, ne, se)))
	// … but not continue through it.
	fails(t, s, 0, BuildRoad(edgeBetween(t, se, so)), engine.ErrIllegal)
	if hasAction(s, 0, BuildRoad(edgeBetween(t, se, so))) {
		t.Fatal("Legal offers a road through an opponent's settlement")
	}
	// The player's own buildings do not block: through its own settlement
	// at n the road continues to the north-west.
	_, _, _, _, _, nw := centre()
	do(t, s, 0, BuildRoad(edgeBetween(t, n, nw)))
}

func TestSettlementRules(t *testing.T) {
	s := mainState(t, 4)
	n, ne, se, so, _, _ := centre()
	settle(s, 0, n)
	roads(s, 0, edgeBetween(t, n, ne), edgeBetween(t, ne, se))
	give(t, s, 0, res(Lumber, 2, Brick, 2, Wool, 2, Grain, 2))
	fails(t, s, 0, BuildSettlement(ne), engine.ErrIllegal) // next to own settlement
	fails(t, s, 0, BuildSettlement(so), engine.ErrIllegal) // not on own road
	fails(t, s, 0, BuildSettlement(n), engine.ErrIllegal)  // taken
	if acts := s.LegalActions(0, nil); countType(acts, ActBuildSettlement) != 1 || !hasAction(s, 0, BuildSettlement(se)) {
		t.Fatalf("settlement choices %v", acts)
	}
	do(t, s, 0, BuildSettlement(se))
	if s.Hand[0] != res(Lumber, 1, Brick, 1, Wool, 1, Grain, 1) || s.PublicPoints(0) != 2 || s.SettlementsLeft[0] != 3 {
		t.Fatalf("hand %v points %d", s.Hand[0], s.PublicPoints(0))
	}
	checkInvariants(t, s)
	// An opponent's road does not help.
	roads(s, 1, edgeBetween(t, se, so))
	give(t, s, 1, SettlementCost)
	s.Active = 1
	fails(t, s, 1, BuildSettlement(so), engine.ErrIllegal) // distance rule still
}

func TestCityRules(t *testing.T) {
	s := mainState(t, 4)
	n, _, se, _, _, _ := centre()
	settle(s, 0, n)
	settle(s, 1, se)
	fails(t, s, 0, BuildCity(n), engine.ErrIllegal) // no cards
	give(t, s, 0, res(Ore, 6, Grain, 4))
	fails(t, s, 0, BuildCity(se), engine.ErrIllegal) // opponent's
	fails(t, s, 0, BuildCity(0), engine.ErrIllegal)  // empty
	do(t, s, 0, BuildCity(n))
	if !s.City[n] || s.CitiesLeft[0] != 3 || s.SettlementsLeft[0] != 5 || s.PublicPoints(0) != 2 {
		t.Fatalf("city %v cities left %d settlements left %d points %d", s.City[n], s.CitiesLeft[0], s.SettlementsLeft[0], s.PublicPoints(0))
	}
	fails(t, s, 0, BuildCity(n), engine.ErrIllegal) // already a city
	if s.Hand[0] != res(Ore, 3, Grain, 2) {
		t.Fatalf("hand %v", s.Hand[0])
	}
	checkInvariants(t, s)
}

func TestPieceLimits(t *testing.T) {
	s := mainState(t, 4)
	// Five settlements spread out, each with a road: the sixth is refused.
	spots := []int{vx(1, 1, hexgrid.CornerN), vx(1, 3, hexgrid.CornerN), vx(3, 1, hexgrid.CornerN), vx(3, 5, hexgrid.CornerN), vx(5, 1, hexgrid.CornerS)}
	settle(s, 0, spots...)
	for _, v := range spots {
		roads(s, 0, int(vertexEdges[v][0]))
	}
	settle(s, 0) // no-op
	give(t, s, 0, res(Lumber, 2, Brick, 2, Wool, 2, Grain, 4, Ore, 12))
	_, _, se, _, _, _ := centre()
	roads(s, 0, int(vertexEdges[se][0]))
	fails(t, s, 0, BuildSettlement(se), engine.ErrIllegal)
	if countType(s.LegalActions(0, nil), ActBuildSettlement) != 0 {
		t.Fatal("Legal offers a sixth settlement")
	}
	// Four cities; the fifth is refused; each frees a settlement piece.
	for _, v := range spots[:4] {
		s.Hand[0] = s.Hand[0].Plus(CityCost)
		s.Bank = s.Bank.Minus(CityCost)
		do(t, s, 0, BuildCity(v))
	}
	if s.CitiesLeft[0] != 0 || s.SettlementsLeft[0] != 4 {
		t.Fatalf("cities left %d settlements left %d", s.CitiesLeft[0], s.SettlementsLeft[0])
	}
	fails(t, s, 0, BuildCity(spots[4]), engine.ErrIllegal)
	// Now a settlement piece is back in supply (and it is the tenth point).
	do(t, s, 0, BuildSettlement(se))
	wantPhase(t, s, PhaseOver)
}

func TestRoadPieceLimit(t *testing.T) {
	s := mainState(t, 4)
	start := vx(1, 1, hexgrid.CornerN)
	vs := simplePath(start, 16)
	settle(s, 0, start)
	es := path(t, vs...)
	roads(s, 0, es[:15]...)
	if s.RoadsLeft[0] != 0 {
		t.Fatalf("%d roads left after 15", s.RoadsLeft[0])
	}
	give(t, s, 0, res(Lumber, 2, Brick, 2))
	fails(t, s, 0, BuildRoad(es[15]), engine.ErrIllegal)
	if countType(s.LegalActions(0, nil), ActBuildRoad) != 0 {
		t.Fatal("Legal offers a sixteenth road")
	}
	checkInvariants(t, s)
}

// simplePath finds a path of n edges from start visiting no intersection
// twice (depth first, lowest ids first).
func simplePath(start, n int) []int {
	seen := map[int]bool{start: true}
	p := []int{start}
	var rec func() bool
	rec = func() bool {
		if len(p) == n+1 {
			return true
		}
		for _, w := range vertexAdj[p[len(p)-1]] {
			if w < 0 || seen[int(w)] {
				continue
			}
			seen[int(w)] = true
			p = append(p, int(w))
			if rec() {
				return true
			}
			p = p[:len(p)-1]
			delete(seen, int(w))
		}
		return false
	}
	rec()
	return p
}

func TestBuyDevelopmentDrawsAtBuyTime(t *testing.T) {
	s := mainState(t, 4)
	fails(t, s, 0, BuyDevelopment(), engine.ErrIllegal)
	give(t, s, 0, res(Ore, 2, Wool, 2, Grain, 2))
	do(t, s, 0, BuyDevelopment())
	st := s.Status()
	if st.Chance == nil || st.Chance.Kind != "draw" || !reflect.DeepEqual(st.Chance.Ranges, []int{25}) {
		t.Fatalf("draw request %+v", st.Chance)
	}
	// Card 14 of knights(14), VP(5)… is the first Victory Point.
	resolve(t, s, 14)
	if s.Dev[0][VictoryPoint] != 1 || s.Deck[VictoryPoint] != 4 || s.Bought[VictoryPoint] != 1 {
		t.Fatalf("dev %v deck %v", s.Dev[0], s.Deck)
	}
	wantPhase(t, s, PhaseMain)
	do(t, s, 0, BuyDevelopment())
	if r := s.Status().Chance.Ranges; r[0] != 24 {
		t.Fatalf("deck of %d", r[0])
	}
	resolve(t, s, 23) // the last card: a Monopoly
	if s.Dev[0][Monopoly] != 1 {
		t.Fatalf("dev %v", s.Dev[0])
	}
	checkInvariants(t, s)
	// An empty deck sells nothing.
	s.Deck = DevCards{}
	give(t, s, 0, DevelopmentCost)
	fails(t, s, 0, BuyDevelopment(), engine.ErrIllegal)
	if hasAction(s, 0, BuyDevelopment()) {
		t.Fatal("Legal offers a card from an empty deck")
	}
}
