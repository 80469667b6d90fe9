package catan

import (
	"errors"
	"sort"
	"testing"

	"tabula/engine"
	"tabula/engine/hexgrid"
)

func TestNewOptions(t *testing.T) {
	s, err := NewState(engine.Setup{Players: 4})
	if err != nil {
		t.Fatal(err)
	}
	if s.Board != BeginnerBoard() || s.Phase != PhaseStartRoll || s.StrictPhases {
		t.Fatalf("default: board beginner=%v phase %v strict %v", s.Board == BeginnerBoard(), s.Phase, s.StrictPhases)
	}
	st := s.Status()
	if st.Chance == nil || st.Chance.Kind != "start-roll" || len(st.Chance.Ranges) != 8 {
		t.Fatalf("beginner board waits for %+v", st.Chance)
	}

	r, err := NewState(engine.Setup{Players: 3, Options: map[string]string{OptBoard: BoardRandom, OptStrictPhases: "true"}})
	if err != nil {
		t.Fatal(err)
	}
	st = r.Status()
	if st.Chance == nil || st.Chance.Kind != "board" || len(st.Chance.Ranges) != 18+8+1 || !r.StrictPhases {
		t.Fatalf("random board waits for %+v", st.Chance)
	}
	if st.Chance.Ranges[0] != 19 || st.Chance.Ranges[17] != 2 || st.Chance.Ranges[18] != 9 || st.Chance.Ranges[26] != 6 {
		t.Fatalf("board ranges %v", st.Chance.Ranges)
	}
	if err := r.Apply(0, Roll()); !errors.Is(err, engine.ErrAwaitChance) {
		t.Fatalf("action before the board: %v", err)
	}

	for _, bad := range []engine.Setup{
		{Players: 2}, {Players: 5},
		{Players: 4, Options: map[string]string{OptBoard: "huge"}},
		{Players: 4, Options: map[string]string{OptStrictPhases: "yes"}},
		{Players: 4, Options: map[string]string{"bord": "random"}},
	} {
		if _, err := NewState(bad); err == nil {
			t.Errorf("setup %+v accepted", bad)
		}
	}
	if g, err := engine.Lookup(ID); err != nil || g.RulesVersion() != RulesVersion || g.MinPlayers() != 3 || g.MaxPlayers() != 4 {
		t.Fatalf("registry: %v %v", g, err)
	}
}

func tokenMultiset(b Board) []int {
	var out []int
	for _, n := range b.Number {
		if n != 0 {
			out = append(out, int(n))
		}
	}
	sort.Ints(out)
	return out
}

var wantTokens = func() []int {
	var out []int
	for _, n := range TokenLetters {
		out = append(out, int(n))
	}
	sort.Ints(out)
	return out
}()

func checkBoard(t *testing.T, b Board) {
	t.Helper()
	var terr [6]int
	for h, tr := range b.Terrain {
		terr[tr]++
		if (tr == Desert) != (b.Number[h] == 0) {
			t.Fatalf("hex %d: %v with number %d", h, tr, b.Number[h])
		}
	}
	if terr != [6]int{4, 4, 4, 3, 3, 1} {
		t.Fatalf("terrain counts %v", terr)
	}
	got := tokenMultiset(b)
	for i := range wantTokens {
		if got[i] != wantTokens[i] {
			t.Fatalf("tokens %v, want %v", got, wantTokens)
		}
	}
	var hb [6]int
	for _, h := range b.Harbor {
		hb[h]++
	}
	if hb != [6]int{1, 1, 1, 1, 1, 4} {
		t.Fatalf("harbours %v", hb)
	}
}

func TestBeginnerBoard(t *testing.T) {
	b := BeginnerBoard()
	checkBoard(t, b)
	// Spot checks against the fact sheet table (§4).
	for _, c := range []struct {
		r, c int
		t    Terrain
		n    int8
	}{{1, 1, Mountains, 10}, {1, 2, Pasture, 2}, {2, 1, Fields, 12}, {3, 3, Desert, 0}, {3, 5, Mountains, 8}, {4, 4, Pasture, 5}, {5, 3, Pasture, 11}} {
		h := HexAt(c.r, c.c)
		if b.Terrain[h] != c.t || b.Number[h] != c.n {
			t.Errorf("r%dc%d = %v %d, want %v %d", c.r, c.c, b.Terrain[h], b.Number[h], c.t, c.n)
		}
	}
	// No two red numbers (6, 8) on neighbouring hexes.
	for h := 0; h < NumHexes; h++ {
		for _, x := range Island.Hexes[h].Neighbors() {
			k, ok := Island.HexID(x)
			red := func(n int8) bool { return n == 6 || n == 8 }
			if ok && red(b.Number[h]) && red(b.Number[k]) {
				t.Errorf("red numbers on neighbours %d and %d", h, k)
			}
		}
	}
	s, _ := NewState(engine.Setup{Players: 4})
	if s.Robber != int8(HexAt(3, 3)) {
		t.Errorf("robber on %d, want the desert", s.Robber)
	}
	// H2 is the 2:1 grain harbour on the NE side of r1c2: its two
	// intersections are that hex's N and NE corners.
	if b.Harbor[1] != Harbor(Grain) || harborEnds[1] != [2]int8{int8(vx(1, 2, hexgrid.CornerN)), int8(vx(1, 2, hexgrid.CornerNE))} &&
		harborEnds[1] != [2]int8{int8(vx(1, 2, hexgrid.CornerNE)), int8(vx(1, 2, hexgrid.CornerN))} {
		t.Errorf("H2 = %v at %v", b.Harbor[1], harborEnds[1])
	}
	// H4 is 3:1 on the E side of r3c5; H8 2:1 brick on the W side of r4c1.
	if b.Harbor[3] != AnyHarbor || int(harborEdge[3]) != ed(3, 5, hexgrid.East) {
		t.Errorf("H4 = %v on edge %d", b.Harbor[3], harborEdge[3])
	}
	if b.Harbor[7] != Harbor(Brick) || int(harborEdge[7]) != ed(4, 1, hexgrid.West) {
		t.Errorf("H8 = %v on edge %d", b.Harbor[7], harborEdge[7])
	}
	// Harbours are on the coast and no two share an intersection.
	seen := map[int8]bool{}
	for i := range harborEnds {
		for _, v := range harborEnds[i] {
			if seen[v] {
				t.Errorf("intersection %d serves two harbours", v)
			}
			seen[v] = true
		}
	}
}

func TestRandomBoardSpiral(t *testing.T) {
	// All-zero outcome: no swaps, spiral from corner 0 (r1c1) going
	// counterclockwise: r1c1, r2c1, r3c1, r4c1, r5c1, … The desert is the
	// last terrain of the set, so it lands on the last hex (r5c3).
	o := make([]int, len(boardRanges))
	b := RandomBoard(o)
	checkBoard(t, b)
	if b.Terrain[HexAt(5, 3)] != Desert {
		t.Fatalf("desert at %v", b.Terrain)
	}
	order := []int{HexAt(1, 1), HexAt(2, 1), HexAt(3, 1), HexAt(4, 1), HexAt(5, 1), HexAt(5, 2)}
	for i, h := range order {
		if b.Number[h] != TokenLetters[i] {
			t.Errorf("letter %c on hex %d: %d, want %d", 'A'+i, h, b.Number[h], TokenLetters[i])
		}
	}
	// r5c3 (desert) is skipped: letter G goes to the next hex of the
	// ring, r4c4.
	if b.Number[HexAt(4, 4)] != TokenLetters[6] {
		t.Errorf("after the desert: %d, want %d", b.Number[HexAt(4, 4)], TokenLetters[6])
	}
	// Inner ring from the inner hex on the start corner's side (r2c2),
	// counterclockwise; the centre last.
	if b.Number[HexAt(2, 2)] != TokenLetters[11] || b.Number[HexAt(3, 2)] != TokenLetters[12] || b.Number[HexAt(3, 3)] != TokenLetters[17] {
		t.Errorf("inner ring: %d %d centre %d", b.Number[HexAt(2, 2)], b.Number[HexAt(3, 2)], b.Number[HexAt(3, 3)])
	}

	// Start corner 2 (r3c5, east): A there, B on r2c4 going
	// counterclockwise (up).
	o[len(o)-1] = 2
	b = RandomBoard(o)
	if b.Number[HexAt(3, 5)] != 5 || b.Number[HexAt(2, 4)] != 2 {
		t.Errorf("corner 2: r3c5 %d r2c4 %d", b.Number[HexAt(3, 5)], b.Number[HexAt(2, 4)])
	}

	// Desert on the starting corner: r1c1 gets no token and A goes on.
	o = make([]int, len(boardRanges))
	o[0] = 18 // swap the desert (last) into position 0 = r1c1
	b = RandomBoard(o)
	checkBoard(t, b)
	if b.Terrain[0] != Desert || b.Number[0] != 0 || b.Number[HexAt(2, 1)] != TokenLetters[0] {
		t.Errorf("desert start: %v %d, r2c1 %d", b.Terrain[0], b.Number[0], b.Number[HexAt(2, 1)])
	}

	// Many shuffles all give legal boards, and the state puts the robber on
	// the desert.
	for seed := 0; seed < 50; seed++ {
		s, _ := NewState(engine.Setup{Players: 4, Options: map[string]string{OptBoard: BoardRandom}})
		req := s.Status().Chance
		out := make(engine.Outcome, len(req.Ranges))
		for i, n := range req.Ranges {
			out[i] = (seed*7 + i*13) % n
		}
		resolve(t, s, out...)
		checkBoard(t, s.Board)
		if s.Board.Terrain[s.Robber] != Desert || s.Phase != PhaseStartRoll {
			t.Fatalf("robber on %v, phase %v", s.Board.Terrain[s.Robber], s.Phase)
		}
	}
}

func TestStartingPlayerRoll(t *testing.T) {
	s, _ := NewState(engine.Setup{Players: 4})
	if err := s.Resolve(engine.Outcome{6, 0, 0, 0, 0, 0, 0, 0}); !errors.Is(err, engine.ErrBadOutcome) {
		t.Fatalf("die value 6 (of 0…5): %v", err)
	}
	// Seats 1 and 3 tie on 11: they alone roll again.
	resolve(t, s, 0, 0, 5, 4, 2, 2, 4, 5)
	st := s.Status()
	if st.Chance == nil || st.Chance.Kind != "start-roll" || len(st.Chance.Ranges) != 4 || !s.Contending[1] || !s.Contending[3] || s.Contending[0] {
		t.Fatalf("after a tie: %+v contending %v", st.Chance, s.Contending)
	}
	resolve(t, s, 0, 1, 2, 2) // seat 1 rolls 3, seat 3 rolls 6
	if s.First != 3 || s.Active != 3 || s.Phase != PhaseFoundSettlement {
		t.Fatalf("first %d active %d phase %v", s.First, s.Active, s.Phase)
	}
	if s.StartRoll != [4]int8{0, 3, 0, 6} {
		t.Fatalf("start rolls %v", s.StartRoll)
	}
}

func TestFoundingSnakeOrderAndStartingResources(t *testing.T) {
	s, _ := NewState(engine.Setup{Players: 4})
	resolve(t, s, 0, 0, 5, 5, 2, 2, 1, 1) // seat 1 rolls 12
	wantOrder := []int{1, 2, 3, 0, 0, 3, 2, 1}
	// Settlements well apart; the second ones touch known hexes.
	spots := []int{
		vx(1, 1, hexgrid.CornerN), vx(1, 3, hexgrid.CornerN), vx(2, 1, hexgrid.CornerSW), vx(2, 4, hexgrid.CornerSE),
		vx(4, 4, hexgrid.CornerN), // Forest 3, Mountains 8, Pasture 5
		vx(3, 3, hexgrid.CornerN), // Hills 6, Pasture 4, Desert
		vx(5, 1, hexgrid.CornerS), // Hills 5 only
		vx(3, 2, hexgrid.CornerS), // Forest 11, Forest 8, Mountains 3
	}
	wantHand := map[int]Resources{
		0: res(Lumber, 1, Ore, 1, Wool, 1),
		3: res(Brick, 1, Wool, 1),
		2: res(Brick, 1),
		1: res(Lumber, 2, Ore, 1),
	}
	for k, p := range wantOrder {
		if s.Active != int8(p) || !s.Status().Decides(engine.Seat(p)) {
			t.Fatalf("step %d: active %d, want %d", k, s.Active, p)
		}
		fails(t, s, (p+1)%4, BuildSettlement(spots[k]), engine.ErrNotYourTurn)
		fails(t, s, p, BuildRoad(0), engine.ErrIllegal) // settlement first
		do(t, s, p, BuildSettlement(spots[k]))
		if k < 4 && s.Hand[p].Total() != 0 {
			t.Fatalf("first settlement paid %v", s.Hand[p])
		}
		// The road must touch the settlement just placed.
		far := ed(3, 3, hexgrid.East)
		if s.Road[far] == none {
			fails(t, s, p, BuildRoad(far), engine.ErrIllegal)
		}
		acts := s.LegalActions(engine.Seat(p), nil)
		if len(acts) == 0 || countType(acts, ActBuildRoad) != len(acts) {
			t.Fatalf("founding road choices %v", acts)
		}
		do(t, s, p, acts[0])
	}
	for p, h := range wantHand {
		if s.Hand[p] != h {
			t.Errorf("seat %d starts with %v, want %v", p, s.Hand[p], h)
		}
	}
	if s.Phase != PhaseRoll || s.Active != 1 || s.Turn != 1 {
		t.Fatalf("after founding: phase %v active %d turn %d", s.Phase, s.Active, s.Turn)
	}
	checkInvariants(t, s)
	for p := 0; p < 4; p++ {
		if s.PublicPoints(p) != 2 || s.RoadsLeft[p] != 13 {
			t.Errorf("seat %d: %d points, %d roads left", p, s.PublicPoints(p), s.RoadsLeft[p])
		}
	}
}

func TestFoundingDistanceRule(t *testing.T) {
	s, _ := NewState(engine.Setup{Players: 3})
	resolve(t, s, 5, 5, 0, 0, 0, 0)
	v := vx(3, 3, hexgrid.CornerN)
	do(t, s, 0, BuildSettlement(v))
	do(t, s, 0, BuildRoad(int(vertexEdges[v][0])))
	// Seat 1 may not take the same intersection or a neighbour of it.
	fails(t, s, 1, BuildSettlement(v), engine.ErrIllegal)
	for _, w := range vertexAdj[v] {
		fails(t, s, 1, BuildSettlement(int(w)), engine.ErrIllegal)
		if hasAction(s, 1, BuildSettlement(int(w))) {
			t.Errorf("Legal offers %d next to a settlement", w)
		}
	}
	fails(t, s, 1, BuildSettlement(NumVertices), engine.ErrIllegal)
	fails(t, s, 1, BuildSettlement(-1), engine.ErrIllegal)
	if n := countType(s.LegalActions(1, nil), ActBuildSettlement); n != NumVertices-4 {
		t.Errorf("%d founding spots, want %d", n, NumVertices-4)
	}
	// Two paths away is fine.
	two := int(vertexAdj[vertexAdj[v][0]][0])
	if two == v {
		two = int(vertexAdj[vertexAdj[v][0]][1])
	}
	do(t, s, 1, BuildSettlement(two))
}
