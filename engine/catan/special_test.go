package catan

import (
	"testing"

	"tabula/engine"
	"tabula/engine/hexgrid"
)

// Zigzag paths along the island, pairwise disjoint:
// z1 along the top of row 1 (6 paths), z3 along the top of row 3 (10
// paths), z5 along the bottom of row 5 (6 paths).
func zigzag(row, cols int, top bool) []int {
	var vs []int
	if top {
		vs = append(vs, vx(row, 1, hexgrid.CornerNW))
		for c := 1; c <= cols; c++ {
			vs = append(vs, vx(row, c, hexgrid.CornerN), vx(row, c, hexgrid.CornerNE))
		}
	} else {
		vs = append(vs, vx(row, 1, hexgrid.CornerSW))
		for c := 1; c <= cols; c++ {
			vs = append(vs, vx(row, c, hexgrid.CornerS), vx(row, c, hexgrid.CornerSE))
		}
	}
	return vs
}

func zigzags(t *testing.T) (z1, z3, z5 []int) {
	z1, z3, z5 = zigzag(1, 3, true), zigzag(3, 5, true), zigzag(5, 3, false)
	for _, z := range [][]int{z1, z3, z5} {
		path(t, z...) // all adjacent
	}
	return
}

// third is the neighbour of v that is neither a nor b.
func third(v, a, b int) int {
	for _, w := range vertexAdj[v] {
		if w >= 0 && int(w) != a && int(w) != b {
			return int(w)
		}
	}
	return -1
}

func TestLongestRoadNeedsFive(t *testing.T) {
	s := mainState(t, 4)
	_, z3, _ := zigzags(t)
	es := path(t, z3...)
	roads(s, 0, es[:4]...)
	if s.RoadLength[0] != 4 || s.LongestRoad != none {
		t.Fatalf("4 roads: length %d holder %d", s.RoadLength[0], s.LongestRoad)
	}
	// Built by the rules, the fifth road takes the card.
	give(t, s, 0, RoadCost)
	do(t, s, 0, BuildRoad(es[4]))
	if s.RoadLength[0] != 5 || s.LongestRoad != 0 || s.PublicPoints(0) != 2 {
		t.Fatalf("5 roads: length %d holder %d", s.RoadLength[0], s.LongestRoad)
	}
}

func TestLongestRoadForksDoNotAdd(t *testing.T) {
	s := mainState(t, 4)
	n, ne, se, _, _, nw := centre()
	// A path nw–n–ne–se with a spur off n and a spur off ne: 5 roads, but
	// the longest trail is 3.
	roads(s, 0, path(t, nw, n, ne, se)...)
	roads(s, 0, edgeBetween(t, n, third(n, nw, ne)), edgeBetween(t, ne, third(ne, n, se)))
	if s.RoadLength[0] != 3 || s.LongestRoad != none {
		t.Fatalf("fork: length %d holder %d", s.RoadLength[0], s.LongestRoad)
	}
	// Extend the spur off n by two more roads: 7 roads, and the longest
	// trail is the 3-road branch, n, ne, se = 5.
	x := third(n, nw, ne)
	y := -1
	for _, w := range vertexAdj[x] {
		if w >= 0 && int(w) != n {
			y = int(w)
			break
		}
	}
	roads(s, 0, edgeBetween(t, x, y), edgeBetween(t, y, third(y, x, -2)))
	if s.RoadLength[0] != 5 || s.LongestRoad != 0 {
		t.Fatalf("fork with long branch: length %d holder %d", s.RoadLength[0], s.LongestRoad)
	}
}

func TestLongestRoadLoops(t *testing.T) {
	s := mainState(t, 4)
	n, ne, se, so, sw, nw := centre()
	ring := path(t, n, ne, se, so, sw, nw, n)
	roads(s, 0, ring...)
	if s.RoadLength[0] != 6 || s.LongestRoad != 0 {
		t.Fatalf("ring of 6: length %d holder %d", s.RoadLength[0], s.LongestRoad)
	}
	// A short separate road elsewhere has dead ends; the ring, which has
	// none, is still found.
	z1, _, _ := zigzags(t)
	roads(s, 0, path(t, z1[:3]...)...)
	if s.RoadLength[0] != 6 {
		t.Fatalf("ring and a 2-road stretch: length %d", s.RoadLength[0])
	}
	// A tail of 2 off the ring: tail, then all the way round = 8.
	x := third(n, ne, nw)
	y := third(x, n, -2)
	roads(s, 0, edgeBetween(t, n, x), edgeBetween(t, x, y))
	if s.RoadLength[0] != 8 {
		t.Fatalf("ring with tail: length %d, want 8", s.RoadLength[0])
	}
	// A one-road tail at the opposite corner: four odd intersections now
	// (both tail ends, n, so), so no trail uses all 9 roads; the best is
	// still 8 (tail, n, round the ring back to n).
	roads(s, 0, edgeBetween(t, so, third(so, se, sw)))
	if s.RoadLength[0] != 8 {
		t.Fatalf("ring with two tails: length %d, want 8", s.RoadLength[0])
	}
	checkInvariants(t, s)
}

func TestLongestRoadBrokenBySettlement(t *testing.T) {
	s := mainState(t, 4)
	_, z3, _ := zigzags(t)
	es := path(t, z3...)
	roads(s, 0, es[:7]...)
	if s.RoadLength[0] != 7 || s.LongestRoad != 0 {
		t.Fatalf("length %d holder %d", s.RoadLength[0], s.LongestRoad)
	}
	// Seat 1 builds a settlement at z3[3], reached by its own road from
	// outside: seat 0's road splits into 3 and 4.
	v := z3[3]
	u := third(v, z3[2], z3[4])
	roads(s, 1, edgeBetween(t, u, v))
	s.Active = 1
	give(t, s, 1, SettlementCost)
	do(t, s, 1, BuildSettlement(v))
	if s.RoadLength[0] != 4 || s.LongestRoad != none {
		t.Fatalf("after the break: length %d holder %d", s.RoadLength[0], s.LongestRoad)
	}
	// Seat 0's own settlement on its road does not break it.
	s2 := mainState(t, 4)
	roads(s2, 0, es[:7]...)
	settle(s2, 0, z3[3])
	if s2.RoadLength[0] != 7 {
		t.Fatalf("own settlement broke the road: %d", s2.RoadLength[0])
	}
}

func TestLongestRoadStrictlyLongerToTake(t *testing.T) {
	s := mainState(t, 4)
	z1, z3, _ := zigzags(t)
	roads(s, 0, path(t, z3[:6]...)...) // 5
	e1 := path(t, z1...)
	roads(s, 1, e1[:5]...) // 5: a tie, the holder keeps it
	if s.LongestRoad != 0 {
		t.Fatalf("tie took the card: holder %d", s.LongestRoad)
	}
	roads(s, 1, e1[5]) // 6: strictly longer
	if s.LongestRoad != 1 {
		t.Fatalf("longer road did not take the card: holder %d", s.LongestRoad)
	}
}

func TestLongestRoadHolderKeepsOnTieAfterBreak(t *testing.T) {
	s := mainState(t, 4)
	z1, z3, _ := zigzags(t)
	roads(s, 0, path(t, z3[:8]...)...) // 7, holder
	roads(s, 1, path(t, z1...)[:5]...) // 5
	// A settlement at z3[5] leaves seat 0 with 5 and 2: tied with seat 1,
	// and the holder keeps the card on a tie.
	settle(s, 2, z3[5])
	if s.RoadLength[0] != 5 || s.LongestRoad != 0 {
		t.Fatalf("length %d holder %d", s.RoadLength[0], s.LongestRoad)
	}
}

func TestLongestRoadSetAsideOnTie(t *testing.T) {
	s := mainState(t, 4)
	z1, z3, z5 := zigzags(t)
	roads(s, 0, path(t, z3[:8]...)...) // 7, holder
	e1 := path(t, z1...)
	roads(s, 1, e1[:5]...)             // 5
	roads(s, 2, path(t, z5...)[:5]...) // 5
	settle(s, 3, z3[3])                // seat 0 falls to 4
	if s.RoadLength[0] != 4 || s.LongestRoad != none {
		t.Fatalf("length %d holder %d: two tied at 5 → card set aside", s.RoadLength[0], s.LongestRoad)
	}
	if s.PublicPoints(0) != 0 || s.PublicPoints(1) != 0 {
		t.Fatal("points for a set-aside card")
	}
	// The next to be alone with the longest road takes it.
	roads(s, 1, e1[5])
	if s.LongestRoad != 1 {
		t.Fatalf("holder %d", s.LongestRoad)
	}
	checkInvariants(t, s)
}

func TestLongestRoadSetAsideBelowFive(t *testing.T) {
	s := mainState(t, 4)
	_, z3, _ := zigzags(t)
	roads(s, 0, path(t, z3[:6]...)...) // 5, holder
	settle(s, 1, z3[2])                // 2 and 3
	if s.LongestRoad != none {
		t.Fatalf("holder %d with no road of 5", s.LongestRoad)
	}
}

func TestLongestRoadChangesOnAnotherTurnAndWin(t *testing.T) {
	// Seat 1 has 8 points and a road of 5 tied with seat 0 (holder). On
	// seat 0's turn seat 0's road is broken by seat 2's... settlement
	// placed during seat 2's turn: seat 1 gets the card (10 points) but
	// wins only when its own turn begins.
	s := mainState(t, 4)
	z1, z3, _ := zigzags(t)
	roads(s, 0, path(t, z3[:7]...)...) // 6, holder
	roads(s, 1, path(t, z1...)[:5]...) // 5
	city(s, 1, vx(5, 1, hexgrid.CornerS), vx(5, 3, hexgrid.CornerS), vx(4, 4, hexgrid.CornerS), vx(3, 1, hexgrid.CornerS))
	if s.Points(1) != 8 {
		t.Fatalf("seat 1 has %d points", s.Points(1))
	}
	s.Active = 2
	v := z3[3]
	roads(s, 2, edgeBetween(t, third(v, z3[2], z3[4]), v))
	give(t, s, 2, SettlementCost)
	do(t, s, 2, BuildSettlement(v))
	if s.LongestRoad != 1 || s.Points(1) != 10 {
		t.Fatalf("holder %d, seat 1 points %d", s.LongestRoad, s.Points(1))
	}
	if s.Phase == PhaseOver {
		t.Fatal("seat 1 won on seat 2's turn")
	}
	do(t, s, 2, EndTurn()) // seat 3
	if s.Phase == PhaseOver {
		t.Fatal("seat 1 won on seat 3's turn")
	}
	roll(t, s, 1, 1)
	do(t, s, 3, EndTurn()) // seat 0
	roll(t, s, 1, 1)
	do(t, s, 0, EndTurn()) // seat 1: wins as the turn begins
	if s.Phase != PhaseOver || s.Winner != 1 {
		t.Fatalf("phase %v winner %d", s.Phase, s.Winner)
	}
	if st := s.Status(); !st.Over || len(st.Winners) != 1 || st.Winners[0] != 1 {
		t.Fatalf("status %+v", st)
	}
	fails(t, s, 1, Roll(), engine.ErrGameOver)
}
