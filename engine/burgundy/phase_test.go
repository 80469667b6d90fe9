package burgundy

import (
	"testing"

	"tabula/engine"
)

func finishRound(t *testing.T, s *State) {
	t.Helper()
	for s.Stage == StagePlay {
		finishTurn(t, s)
	}
}

// Fact sheet §6: each round the white die sends that round's goods tile to
// its depot; goods stay on the depots.
func TestRoundGoodsToWhiteDepot(t *testing.T) {
	s := newTestGame(t, 2, 1, 1, 1, 1, 3)
	first := s.RoundGoods
	if first[0] != 0 || s.Depots[3].Goods[s.depotKind(3)] != 1 {
		t.Fatalf("round 1 goods: round spaces %v depot 3 %v", s.RoundGoods, s.Depots[3].Goods)
	}
	finishRound(t, s)
	kind := s.RoundGoods[1]
	before := s.Depots[3].Goods[kind]
	roll(t, s, 1, 1, 1, 1, 3)
	if s.RoundGoods[1] != 0 || s.Depots[3].Goods[kind] != before+1 || depotGoods(&s.Depots[3]) != 2 {
		t.Fatalf("round 2 goods: %v", s.Depots[3].Goods)
	}
}

// depotKind is some goods kind on depot d (test helper).
func (s *State) depotKind(d int) int {
	for k := 1; k <= 6; k++ {
		if s.Depots[d].Goods[k] > 0 {
			return k
		}
	}
	return 0
}

// Fact sheet §6: at phase end each mine pays 1 silverling (knowledge 2: and
// 1 worker per mine); then leftover depot tiles leave the game, goods stay.
func TestMineIncomeAndPhasePreparation(t *testing.T) {
	s := newTestGame(t, 2)
	put(t, s, 0, 25, colour(Mine))
	put(t, s, 0, 30, colour(Mine))
	put(t, s, 1, 25, colour(Mine))
	put(t, s, 1, 36, knowledge(2))
	put(t, s, 1, 30, colour(Mine))
	put(t, s, 1, 34, colour(Mine))
	jumpTo(t, s, 0, 4)
	left := s.Depots[2].Spaces[0].Tile
	blackLeft := s.Black[0]
	goods := depotGoods(&s.Depots[1])
	finishRound(t, s)
	p0, p1 := &s.Seats[0], &s.Seats[1]
	// 1 silverling at start, +2 (mines); seat 1: +3 silverlings, +3 workers.
	if p0.Silver != 1+2 || p1.Silver != 1+3 {
		t.Fatalf("silver %d %d", p0.Silver, p1.Silver)
	}
	if p0.Workers != 1+4 || p1.Workers != 2+4+3 {
		t.Fatalf("workers %d %d", p0.Workers, p1.Workers)
	}
	if s.Stage != StagePhase || s.Phase != 1 {
		t.Fatalf("stage %s phase %d", s.Stage, s.Phase)
	}
	if !contains(s.Removed, left) || !contains(s.Removed, blackLeft) || len(s.Black) != 0 {
		t.Fatal("leftover tiles not removed")
	}
	if depotGoods(&s.Depots[1]) != goods {
		t.Fatal("goods left the depots")
	}
	mustResolve(t, s, zeros(len(s.Status().Chance.Ranges)))
	if s.Depots[2].Spaces[0].Tile == 0 || len(s.Black) != 4 || s.Round != 0 || s.Stage != StageRoll {
		t.Fatal("phase B not prepared")
	}
	if err := checkInvariants(s); err != nil {
		t.Fatal(err)
	}
}

func contains(a []int, x int) bool {
	for _, v := range a {
		if v == x {
			return true
		}
	}
	return false
}

// Fact sheet §6: the game ends after round 5 of phase E.
func TestGameEndsAfterPhaseE(t *testing.T) {
	s := newTestGame(t, 2)
	jumpTo(t, s, 4, 4)
	finishRound(t, s)
	if s.Stage != StageOver || !s.Status().Over || len(s.Status().Winners) != 1 {
		t.Fatalf("stage %s status %+v", s.Stage, s.Status())
	}
	if s.Legal(0) != nil || s.Legal(1) != nil {
		t.Fatal("legal actions after the end")
	}
	if err := s.Apply(0, TakeWorkers(1)); err != engine.ErrGameOver {
		t.Fatalf("apply after end: %v", err)
	}
	if err := s.Resolve(engine.Outcome{0}); err != engine.ErrGameOver {
		t.Fatalf("resolve after end: %v", err)
	}
}

// jumpTo moves the game to round r of phase ph as if the earlier rounds'
// goods had been placed (they go back to the face-down stack).
func jumpTo(t *testing.T, s *State, ph, r int) {
	t.Helper()
	s.Phase, s.Round = ph, r
	for i := 0; i <= r; i++ { // this round's dice are already rolled
		s.RoundGoods[i] = 0
	}
	balanceGoods(t, s)
}
