package catan

import (
	"testing"

	"tabula/engine"
	"tabula/engine/hexgrid"
)

// ninePoints gives seat p 9 public points: 3 cities, 3 settlements.
func ninePoints(t *testing.T, s *State, p int) {
	t.Helper()
	city(s, p, vx(1, 1, hexgrid.CornerN), vx(1, 3, hexgrid.CornerN), vx(3, 1, hexgrid.CornerN))
	settle(s, p, vx(3, 5, hexgrid.CornerN), vx(5, 1, hexgrid.CornerS), vx(5, 3, hexgrid.CornerS))
	if s.Points(p) != 9 {
		t.Fatalf("seat %d has %d points", p, s.Points(p))
	}
}

func TestWinByBuildingOnOwnTurn(t *testing.T) {
	s := mainState(t, 4)
	ninePoints(t, s, 0)
	city(s, 0) // no-op
	give(t, s, 0, CityCost)
	do(t, s, 0, BuildCity(vx(3, 5, hexgrid.CornerN)))
	wantPhase(t, s, PhaseOver)
	if s.Winner != 0 || s.Scores()[0] != 10 {
		t.Fatalf("winner %d scores %v", s.Winner, s.Scores())
	}
	if s.Legal(0) != nil || s.PromptFor(0).Code != "won" || s.PromptFor(1).Code != "game-over" {
		t.Fatal("actions or wrong prompts after the end")
	}
	if err := s.Resolve(engine.Outcome{0, 0}); err != engine.ErrGameOver {
		t.Fatalf("resolve after the end: %v", err)
	}
}

func TestHiddenVictoryPointCardsCountForTheWin(t *testing.T) {
	s := mainState(t, 4)
	ninePoints(t, s, 0)
	give(t, s, 0, DevelopmentCost)
	do(t, s, 0, BuyDevelopment())
	// Drawing a Victory Point card (index 14) makes 10 at once, hidden.
	resolve(t, s, 14)
	if s.Phase != PhaseOver || s.Winner != 0 {
		t.Fatalf("phase %v winner %d", s.Phase, s.Winner)
	}
	if s.PublicPoints(0) != 9 || s.Scores()[0] != 10 {
		t.Fatalf("public %d scores %v", s.PublicPoints(0), s.Scores())
	}
}

func TestScoresHideVictoryCardsDuringPlay(t *testing.T) {
	s := mainState(t, 4)
	devCard(t, s, 1, VictoryPoint)
	settle(s, 1, vx(1, 1, hexgrid.CornerN))
	if sc := s.Scores(); sc[1] != 1 {
		t.Fatalf("scores during play %v reveal the hidden card", sc)
	}
	v := s.ViewOf(2).Seats[1]
	if v.VictoryCards != nil || v.TotalPoints != nil || v.Points != 1 {
		t.Fatalf("seat 2 sees seat 1's hidden points: %+v", v)
	}
	own := s.ViewOf(1).Seats[1]
	if own.VictoryCards == nil || *own.VictoryCards != 1 || *own.TotalPoints != 2 {
		t.Fatalf("own view %+v", own)
	}
}

func TestTenOnAnotherTurnWinsOnlyOnOwnTurn(t *testing.T) {
	// Seat 1 holds 9 points plus a Victory Point card bought earlier: 10,
	// but it is seat 0's turn. The game goes on until seat 1's turn starts.
	s := mainState(t, 4)
	ninePoints(t, s, 1)
	devCard(t, s, 1, VictoryPoint)
	if s.Points(1) != 10 {
		t.Fatal("setup")
	}
	give(t, s, 0, RoadCost)
	n, ne, _, _, _, _ := centre()
	settle(s, 0, n)
	do(t, s, 0, BuildRoad(edgeBetween(t, n, ne))) // any action on seat 0's turn
	if s.Phase == PhaseOver {
		t.Fatal("seat 1 won during seat 0's turn")
	}
	do(t, s, 0, EndTurn())
	if s.Phase != PhaseOver || s.Winner != 1 {
		t.Fatalf("phase %v winner %d: seat 1 should win as its turn starts", s.Phase, s.Winner)
	}
}

func TestTwoPlayersOverTenOnlyTheActiveWins(t *testing.T) {
	s := mainState(t, 4)
	ninePoints(t, s, 2)
	devCard(t, s, 2, VictoryPoint) // seat 2: 10 already, not its turn
	// Seat 0 reaches 10 on its own turn and wins; seat 2 does not.
	city(s, 0, vx(2, 2, hexgrid.CornerS), vx(4, 2, hexgrid.CornerS), vx(4, 4, hexgrid.CornerS))
	settle(s, 0, vx(3, 3, hexgrid.CornerS), vx(3, 4, hexgrid.CornerS), vx(5, 2, hexgrid.CornerS))
	n := vx(1, 2, hexgrid.CornerS)
	roads(s, 0, int(vertexEdges[n][0]))
	give(t, s, 0, SettlementCost)
	do(t, s, 0, BuildSettlement(n))
	if s.Phase != PhaseOver || s.Winner != 0 {
		t.Fatalf("phase %v winner %d", s.Phase, s.Winner)
	}
	checkInvariants(t, s)
}
