package catan

import (
	"reflect"
	"testing"

	"tabula/engine"
	"tabula/engine/hexgrid"
)

// sevenState: seat 0 to roll; seats hold 9, 8, 7 and 3 cards.
func sevenState(t *testing.T) *State {
	s := rollState(t)
	give(t, s, 0, res(Lumber, 5, Ore, 4))
	give(t, s, 1, res(Wool, 8))
	give(t, s, 2, res(Grain, 4, Brick, 3))
	give(t, s, 3, res(Brick, 3))
	return s
}

func TestDiscardRounding(t *testing.T) {
	s := sevenState(t)
	roll(t, s, 1, 6)
	wantPhase(t, s, PhaseDiscard)
	if s.Discard != [4]int8{4, 4, 0, 0} {
		t.Fatalf("discards %v, want 9→4, 8→4, 7→0, 3→0", s.Discard)
	}
	if d := s.Status().Deciders; !reflect.DeepEqual(d, []engine.Seat{0, 1}) {
		t.Fatalf("deciders %v", d)
	}
	if p := s.PromptFor(1); p.Code != "discard" || p.Count != 4 {
		t.Fatalf("prompt %+v", p)
	}
}

func TestSimultaneousDiscardsAnyOrder(t *testing.T) {
	for _, order := range [][2]int{{0, 1}, {1, 0}} {
		s := sevenState(t)
		roll(t, s, 6, 1)
		fails(t, s, 2, Discard(res(Grain, 3)), engine.ErrNotYourTurn) // 7 cards: keeps them
		fails(t, s, 0, MoveRobber(0), engine.ErrIllegal)              // discard first
		fails(t, s, 0, Discard(res(Lumber, 3)), engine.ErrIllegal)    // too few
		fails(t, s, 0, Discard(res(Lumber, 5)), engine.ErrIllegal)    // too many
		fails(t, s, 1, Discard(res(Ore, 4)), engine.ErrIllegal)       // not held
		hands := s.Hand
		plan := map[int]Resources{0: res(Lumber, 2, Ore, 2), 1: res(Wool, 4)}
		do(t, s, order[0], Discard(plan[order[0]]))
		wantPhase(t, s, PhaseDiscard)
		if d := s.Status().Deciders; !reflect.DeepEqual(d, []engine.Seat{engine.Seat(order[1])}) {
			t.Fatalf("deciders after one discard %v", d)
		}
		fails(t, s, order[0], Discard(plan[order[0]]), engine.ErrNotYourTurn) // only once
		do(t, s, order[1], Discard(plan[order[1]]))
		wantPhase(t, s, PhaseRobber)
		for p, d := range plan {
			if s.Hand[p] != hands[p].Minus(d) {
				t.Fatalf("seat %d holds %v", p, s.Hand[p])
			}
		}
		checkInvariants(t, s)
	}
}

func TestDiscardLegalEnumeratesEveryChoice(t *testing.T) {
	s := sevenState(t)
	roll(t, s, 2, 5)
	// 5 lumber + 4 ore, discard 4: lumber count 0…4 → 5 ways.
	acts := s.LegalActions(0, nil)
	if len(acts) != 5 || countType(acts, ActDiscard) != 5 {
		t.Fatalf("discard choices %v", acts)
	}
	for _, a := range acts {
		if a.Give.Total() != 4 || !s.Hand[0].Covers(a.Give) {
			t.Fatalf("bad choice %v", a)
		}
	}
	k := lister{at: countOnly}
	if legalDiscards(res(Lumber, 1, Wool, 1, Grain, 1, Brick, 1, Ore, 4), 4, &k); k.n != 1+4+6+4+1 {
		t.Fatalf("%d discards of 4 from 1/1/1/1/4", k.n)
	}
}

func TestRobberMustMove(t *testing.T) {
	s := rollState(t)
	roll(t, s, 3, 4)
	wantPhase(t, s, PhaseRobber)
	fails(t, s, 0, MoveRobber(int(s.Robber)), engine.ErrIllegal)
	fails(t, s, 0, MoveRobber(NumHexes), engine.ErrIllegal)
	fails(t, s, 0, EndTurn(), engine.ErrIllegal)
	acts := s.LegalActions(0, nil)
	if len(acts) != NumHexes-1 || countType(acts, ActMoveRobber) != NumHexes-1 {
		t.Fatalf("robber choices %d", len(acts))
	}
	do(t, s, 0, MoveRobber(HexAt(1, 1))) // nobody there: no theft
	wantPhase(t, s, PhaseMain)
	if s.Robber != int8(HexAt(1, 1)) {
		t.Fatal("robber did not move")
	}
	// Back to the desert on a later 7 is allowed.
	do(t, s, 0, EndTurn())
	roll(t, s, 5, 2)
	do(t, s, 1, MoveRobber(HexAt(3, 3)))
	wantPhase(t, s, PhaseMain)
}

func TestRobberStealsFromSingleVictimAutomatically(t *testing.T) {
	s := rollState(t)
	h := HexAt(2, 2)
	settle(s, 0, int(hexCorners[h][hexgrid.CornerSW])) // own building: never a victim
	settle(s, 1, int(hexCorners[h][hexgrid.CornerN]))
	settle(s, 2, int(hexCorners[h][hexgrid.CornerSE])) // no cards: not eligible
	give(t, s, 0, res(Ore, 1))
	give(t, s, 1, res(Wool, 2, Brick, 1))
	roll(t, s, 4, 3)
	do(t, s, 0, MoveRobber(h))
	st := s.Status()
	if st.Chance == nil || st.Chance.Kind != "steal" || !reflect.DeepEqual(st.Chance.Ranges, []int{3}) || s.Victim != 1 {
		t.Fatalf("status %+v victim %d", st.Chance, s.Victim)
	}
	resolve(t, s, 2) // card 2 of wool, wool, brick
	if s.Hand[1] != res(Wool, 2) || s.Hand[0] != res(Ore, 1, Brick, 1) {
		t.Fatalf("after theft %v %v", s.Hand[0], s.Hand[1])
	}
	wantPhase(t, s, PhaseMain)
	checkInvariants(t, s)
}

func TestRobberChoiceAmongSeveralVictims(t *testing.T) {
	s := rollState(t)
	h := HexAt(2, 2)
	settle(s, 1, int(hexCorners[h][hexgrid.CornerN]))
	city(s, 2, int(hexCorners[h][hexgrid.CornerSE]))
	settle(s, 3, int(hexCorners[h][hexgrid.CornerSW]))
	give(t, s, 1, res(Wool, 1))
	give(t, s, 2, res(Grain, 2))
	// seat 3 has no cards
	roll(t, s, 6, 1)
	do(t, s, 0, MoveRobber(h))
	wantPhase(t, s, PhaseRob)
	acts := s.LegalActions(0, nil)
	if !reflect.DeepEqual(acts, []Action{Rob(1), Rob(2)}) {
		t.Fatalf("victims %v", acts)
	}
	fails(t, s, 0, Rob(3), engine.ErrIllegal) // no cards
	fails(t, s, 0, Rob(0), engine.ErrIllegal) // self
	fails(t, s, 0, Rob(7), engine.ErrIllegal)
	fails(t, s, 1, Rob(2), engine.ErrNotYourTurn)
	do(t, s, 0, Rob(2))
	if st := s.Status(); st.Chance == nil || !reflect.DeepEqual(st.Chance.Ranges, []int{2}) {
		t.Fatalf("steal request %+v", st.Chance)
	}
	resolve(t, s, 0)
	if s.Hand[0] != res(Grain, 1) || s.Hand[2] != res(Grain, 1) {
		t.Fatalf("after theft %v %v", s.Hand[0], s.Hand[2])
	}
}

func TestRobberNoBuildingsNoTheft(t *testing.T) {
	s := rollState(t)
	give(t, s, 1, res(Wool, 3))
	settle(s, 1, vx(1, 1, hexgrid.CornerN))
	roll(t, s, 2, 5)
	do(t, s, 0, MoveRobber(HexAt(5, 3)))
	wantPhase(t, s, PhaseMain)
	if s.Hand[1] != res(Wool, 3) {
		t.Fatal("stolen without a building on the hex")
	}
}
