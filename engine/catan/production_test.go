package catan

import (
	"testing"

	"tabula/engine"
	"tabula/engine/hexgrid"
)

// rollState is mainState with seat 0 about to roll.
func rollState(t *testing.T) *State {
	s := mainState(t, 4)
	s.Phase = PhaseRoll
	return s
}

func TestProductionSettlementOneCityTwo(t *testing.T) {
	s := rollState(t)
	// 10 is on r1c1 Mountains and r2c4 Hills.
	settle(s, 0, vx(1, 1, hexgrid.CornerN))  // Mountains 10 only
	city(s, 1, vx(2, 4, hexgrid.CornerSE))   // Hills 10 and Mountains 8
	settle(s, 2, vx(2, 4, hexgrid.CornerNW)) // Hills 10, Pasture 4, Forest 9
	roll(t, s, 4, 6)
	wantPhase(t, s, PhaseMain)
	if s.Dice != [2]int8{4, 6} {
		t.Fatalf("dice %v", s.Dice)
	}
	want := [4]Resources{res(Ore, 1), res(Brick, 2), res(Brick, 1), {}}
	if [4]Resources(s.Hand) != want {
		t.Fatalf("hands %v, want %v", s.Hand, want)
	}
	checkInvariants(t, s)
}

func TestRobberBlocksOnlyItsHex(t *testing.T) {
	s := rollState(t)
	settle(s, 0, vx(1, 1, hexgrid.CornerN)) // Mountains 10
	city(s, 1, vx(2, 4, hexgrid.CornerSE))  // Hills 10
	s.Robber = int8(HexAt(1, 1))
	roll(t, s, 5, 5)
	if s.Hand[0].Total() != 0 || s.Hand[1] != res(Brick, 2) {
		t.Fatalf("hands %v %v", s.Hand[0], s.Hand[1])
	}
}

func TestSevenProducesNothing(t *testing.T) {
	s := rollState(t)
	settle(s, 1, vx(1, 1, hexgrid.CornerN))
	roll(t, s, 3, 4)
	wantPhase(t, s, PhaseRobber)
	if s.Hand[1].Total() != 0 {
		t.Fatal("a 7 produced")
	}
}

// The original's rule (README Catan #2): when the bank cannot pay every
// claim on a resource in full, nobody gets that resource.
func TestBankShortageNobodyGetsIt(t *testing.T) {
	s := rollState(t)
	// 8 is on r3c5 Mountains and r4c1 Forest.
	city(s, 1, vx(2, 4, hexgrid.CornerSE))  // Mountains 8: 2 ore
	settle(s, 2, vx(3, 5, hexgrid.CornerS)) // Mountains 8: 1 ore
	settle(s, 0, vx(4, 1, hexgrid.CornerS)) // Forest 8: 1 lumber
	give(t, s, 3, res(Ore, 17))             // the bank keeps 2 ore for 3 claimed
	roll(t, s, 4, 4)
	if s.Hand[1].Total() != 0 || s.Hand[2].Total() != 0 {
		t.Fatalf("ore paid despite shortage: %v %v", s.Hand[1], s.Hand[2])
	}
	if s.Bank[Ore] != 2 {
		t.Fatalf("bank ore %d", s.Bank[Ore])
	}
	if s.Hand[0] != res(Lumber, 1) {
		t.Fatalf("other resources must still be paid: %v", s.Hand[0])
	}
	checkInvariants(t, s)
}

func TestBankShortageLoneClaimant(t *testing.T) {
	s := rollState(t)
	city(s, 1, vx(2, 4, hexgrid.CornerSE)) // claims 2 ore on an 8
	give(t, s, 3, res(Ore, 18))            // bank holds 1
	roll(t, s, 2, 6)
	if s.Hand[1].Total() != 0 || s.Bank[Ore] != 1 {
		t.Fatalf("lone claimant got %v, bank ore %d", s.Hand[1], s.Bank[Ore])
	}
}

func TestBankExactlyEnoughPaysAll(t *testing.T) {
	s := rollState(t)
	city(s, 1, vx(2, 4, hexgrid.CornerSE))
	settle(s, 2, vx(3, 5, hexgrid.CornerS))
	give(t, s, 3, res(Ore, 16)) // bank holds exactly the 3 claimed
	roll(t, s, 6, 2)
	if s.Hand[1] != res(Ore, 2) || s.Hand[2] != res(Ore, 1) || s.Bank[Ore] != 0 {
		t.Fatalf("hands %v %v bank %d", s.Hand[1], s.Hand[2], s.Bank[Ore])
	}
}

func TestRollOnlyByActivePlayer(t *testing.T) {
	s := rollState(t)
	fails(t, s, 1, Roll(), engine.ErrNotYourTurn)
	fails(t, s, 0, EndTurn(), engine.ErrIllegal) // must roll first
	fails(t, s, 0, BuildRoad(0), engine.ErrIllegal)
	do(t, s, 0, Roll())
	if st := s.Status(); st.Chance == nil || st.Chance.Kind != "dice" || len(st.Chance.Ranges) != 2 {
		t.Fatalf("status after roll %+v", st)
	}
	fails(t, s, 0, EndTurn(), engine.ErrAwaitChance)
	if err := s.Resolve(engine.Outcome{1}); err == nil {
		t.Fatal("one die accepted")
	}
	resolve(t, s, 0, 1)
	fails(t, s, 0, Roll(), engine.ErrIllegal) // once per turn
	if err := s.Resolve(engine.Outcome{1, 1}); err == nil {
		t.Fatal("outcome accepted with no chance pending")
	}
}
