package catan

import (
	"errors"
	"testing"

	"tabula/engine"
	"tabula/engine/hexgrid"
)

// Positions in the fact sheet's coordinates: row 1 … 5, column 1 ….

// vx is the intersection at corner c of the hex in row r, column col.
func vx(r, col int, c hexgrid.Corner) int { return int(hexCorners[HexAt(r, col)][c]) }

// ed is the path on side d of the hex in row r, column col.
func ed(r, col int, d hexgrid.Direction) int { return Island.HexEdges[HexAt(r, col)][d] }

// edgeBetween is the path joining two intersections.
func edgeBetween(t *testing.T, a, b int) int {
	t.Helper()
	e, ok := Island.EdgeBetween(a, b)
	if !ok {
		t.Fatalf("intersections %d and %d are not adjacent", a, b)
	}
	return e
}

// path returns the paths joining consecutive intersections of vs.
func path(t *testing.T, vs ...int) []int {
	t.Helper()
	var es []int
	for i := 1; i < len(vs); i++ {
		es = append(es, edgeBetween(t, vs[i-1], vs[i]))
	}
	return es
}

// mainState is a 4-player (or n-player) game on the beginner board, set-up
// skipped: nothing built, empty hands, full bank, seat 0 to trade and
// build in turn 1.
func mainState(t *testing.T, n int) *State {
	t.Helper()
	return mainOf(t, Game{}, n)
}

// mainOf is mainState for the game g.
func mainOf(t *testing.T, g Game, n int) *State {
	t.Helper()
	s, err := g.NewState(engine.Setup{Players: n})
	if err != nil {
		t.Fatal(err)
	}
	s.First, s.Active, s.Turn, s.Phase = 0, 0, 1, PhaseMain
	for p := range s.Contending {
		s.Contending[p] = false
	}
	return s
}

// settle puts a settlement of p on v, without cost or rules.
func settle(s *State, p int, vs ...int) {
	for _, v := range vs {
		s.placeSettlement(p, v)
	}
}

// city puts a city of p on v.
func city(s *State, p int, vs ...int) {
	for _, v := range vs {
		if int(s.Owner[v]) != p {
			s.placeSettlement(p, v)
		}
		s.City[v] = true
		s.CitiesLeft[p]--
		s.SettlementsLeft[p]++
	}
}

// roads puts roads of p on the paths, without cost or rules.
func roads(s *State, p int, es ...int) {
	for _, e := range es {
		s.placeRoad(p, e)
	}
}

// give moves cards from the bank to p's hand.
func give(t *testing.T, s *State, p int, x Resources) {
	t.Helper()
	if !s.Bank.Covers(x) {
		t.Fatalf("bank %v cannot give %v", s.Bank, x)
	}
	s.Bank = s.Bank.Minus(x)
	s.Hand[p] = s.Hand[p].Plus(x)
}

// empty moves p's whole hand back to the bank.
func empty(s *State, p int) {
	s.Bank = s.Bank.Plus(s.Hand[p])
	s.Hand[p] = Resources{}
}

// devCard gives p a development card from the deck, bought in an earlier
// turn (playable now).
func devCard(t *testing.T, s *State, p int, d DevCard) {
	t.Helper()
	if s.Deck[d] == 0 {
		t.Fatalf("no %v left in the deck", d)
	}
	s.Deck[d]--
	s.Dev[p][d]++
}

func res(pairs ...any) Resources {
	var x Resources
	for i := 0; i < len(pairs); i += 2 {
		x[pairs[i].(Resource)] += int8(pairs[i+1].(int))
	}
	return x
}

func do(t *testing.T, s *State, p int, a Action) {
	t.Helper()
	if err := s.Do(engine.Seat(p), a); err != nil {
		t.Fatalf("seat %d %v: %v", p, a, err)
	}
}

// fails checks that the action is refused with an error wrapping want (nil:
// any error) and leaves the state hash unchanged.
func fails(t *testing.T, s *State, p int, a Action, want error) {
	t.Helper()
	before := engine.Hash(s)
	err := s.Apply(engine.Seat(p), a)
	if err == nil {
		t.Fatalf("seat %d %v was accepted", p, a)
	}
	if want != nil && !errors.Is(err, want) {
		t.Fatalf("seat %d %v: error %v, want %v", p, a, err, want)
	}
	if engine.Hash(s) != before {
		t.Fatalf("seat %d %v failed (%v) but changed the state", p, a, err)
	}
}

func resolve(t *testing.T, s *State, o ...int) {
	t.Helper()
	if err := s.Resolve(o); err != nil {
		t.Fatalf("resolve %v: %v", o, err)
	}
}

// roll makes the active player roll d1+d2.
func roll(t *testing.T, s *State, d1, d2 int) {
	t.Helper()
	do(t, s, int(s.Active), Roll())
	resolve(t, s, d1-1, d2-1)
}

// hasAction reports whether a is among seat's legal actions.
func hasAction(s *State, p int, a Action) bool {
	for _, x := range s.LegalActions(engine.Seat(p), nil) {
		if x == a {
			return true
		}
	}
	return false
}

func countType(acts []Action, t ActionType) int {
	n := 0
	for _, a := range acts {
		if a.Type == t {
			n++
		}
	}
	return n
}

func wantPhase(t *testing.T, s *State, p Phase) {
	t.Helper()
	if s.Phase != p {
		t.Fatalf("phase %v, want %v", s.Phase, p)
	}
}

// checkInvariants runs State.CheckInvariants and checks the fast rules
// against plain readings of the rulebook: road spots, settlement spots and
// road lengths.
func checkInvariants(t testing.TB, s *State) {
	t.Helper()
	if err := s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	for p := 0; p < s.Players; p++ {
		if ref := refLongestRoad(s, p); int(s.RoadLength[p]) != ref {
			t.Fatalf("seat %d road length %d, reference %d", p, s.RoadLength[p], ref)
		}
		for e := 0; e < NumEdges; e++ {
			if s.roadSpotOK(p, e) != refRoadSpot(s, p, e) {
				t.Fatalf("seat %d path %d: road spot %v, reference %v", p, e, s.roadSpotOK(p, e), refRoadSpot(s, p, e))
			}
		}
		for v := 0; v < NumVertices; v++ {
			if s.settlementSpotOK(p, v) != refSettlementSpot(s, p, v) {
				t.Fatalf("seat %d intersection %d: settlement spot %v", p, v, s.settlementSpotOK(p, v))
			}
		}
	}
}

// refRoadSpot: the path is empty and one of its ends holds p's building,
// or holds no building and has another road of p.
func refRoadSpot(s *State, p, e int) bool {
	if s.Road[e] != none {
		return false
	}
	for _, v := range edgeEnds[e] {
		if int(s.Owner[v]) == p {
			return true
		}
		if s.Owner[v] != none {
			continue
		}
		for _, f := range vertexEdges[v] {
			if f >= 0 && int(f) != e && int(s.Road[f]) == p {
				return true
			}
		}
	}
	return false
}

// refSettlementSpot: empty, no building next to it, one of p's roads ends
// there.
func refSettlementSpot(s *State, p, v int) bool {
	if s.Owner[v] != none {
		return false
	}
	for _, w := range vertexAdj[v] {
		if w >= 0 && s.Owner[w] != none {
			return false
		}
	}
	for _, f := range vertexEdges[v] {
		if f >= 0 && int(s.Road[f]) == p {
			return true
		}
	}
	return false
}

// refLongestRoad is a plain exhaustive search: the longest walk along p's
// roads, each used once, from every intersection, never passing through an
// opponent's building.
func refLongestRoad(s *State, p int) int {
	var used [NumEdges]bool
	var walk func(v int, start bool) int
	walk = func(v int, start bool) int {
		if !start && s.Owner[v] != none && int(s.Owner[v]) != p {
			return 0
		}
		best := 0
		for k, e := range vertexEdges[v] {
			if e < 0 || int(s.Road[e]) != p || used[e] {
				continue
			}
			used[e] = true
			if l := 1 + walk(int(vertexAdj[v][k]), false); l > best {
				best = l
			}
			used[e] = false
		}
		return best
	}
	best := 0
	for v := 0; v < NumVertices; v++ {
		if l := walk(v, true); l > best {
			best = l
		}
	}
	return best
}
