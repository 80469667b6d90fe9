package citiesknights

import (
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
)

// Founding: a settlement in round 1, a city in round 2; the starting cards
// are one resource per producing hex around the city, no commodity.
func TestFoundingCityAndStartingCards(t *testing.T) {
	s, err := Game.NewState(engine.Setup{Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	g := &game{t: t, s: s, x: ext(s)}
	g.resolve(5, 5, 0, 0, 0, 0)
	for i := 0; i < 3; i++ { // round 1: settlements
		p := int(s.Active)
		g.legalHas(p, catan.Action{Type: catan.ActBuildSettlement, Vertex: s.Legal(engine.Seat(p))[0].(catan.Action).Vertex})
		g.do(p, s.Legal(engine.Seat(p))[0].(catan.Action))
		g.do(p, s.Legal(engine.Seat(p))[0].(catan.Action))
	}
	castle := meet(t, hex(3, 4), hex(3, 5), hex(4, 4))
	// Round 2 begins with seat 2 (snake order): a city, not a settlement.
	g.refuse(2, catan.BuildSettlement(castle))
	g.do(2, catan.BuildCity(castle))
	if !s.City[castle] || s.Owner[castle] != 2 {
		t.Fatal("the round-2 building is a city")
	}
	want := catan.Resources{catan.Lumber: 1, catan.Wool: 1, catan.Ore: 1}
	if s.Hand[2] != want {
		t.Errorf("starting cards %v, want %v (forest, pasture, mountains; no commodity)", s.Hand[2], want)
	}
	if g.points(2) != 3 {
		t.Errorf("settlement + city = 3 points, got %d", g.points(2))
	}
}

// The last founder (the starting player) begins; no development cards
// are sold, and nothing of the base game's Largest Army is left.
func TestNoDevelopmentCards(t *testing.T) {
	g := newGame(t)
	g.roll(1, 2, shipFace)
	g.give(0, catan.DevelopmentCost)
	g.refuse(0, catan.BuyDevelopment())
	if g.s.Deck.Total() != 0 {
		t.Error("the development deck is empty in Cities & Knights")
	}
}

func TestWinAtThirteenOnOwnTurn(t *testing.T) {
	g := newGame(t)
	g.roll(1, 2, shipFace)
	// Seat 0 has 3 points; nine Defender cards bring it to 12.
	g.x.Defender[0] = 9
	if g.points(0) != 12 || g.s.Phase == catan.PhaseOver {
		t.Fatalf("12 points: %d, phase %v", g.points(0), g.s.Phase)
	}
	g.deal(0, Merchant)
	g.do(0, catan.Action{Type: ActMerchant, Hex: hex(3, 4)})
	if g.s.Phase != catan.PhaseOver || g.s.Winner != 0 {
		t.Fatalf("13 points on its own turn wins: phase %v winner %d", g.s.Phase, g.s.Winner)
	}
}

// Points reached in another player's turn win when one's own turn begins.
func TestWinOnOthersTurnWaits(t *testing.T) {
	g := newGame(t)
	g.roll(1, 2, shipFace)
	g.x.Defender[1] = 9 // seat 1: 3 + 9
	g.x.Level[1][Science] = 1
	g.do(0, catan.EndTurn()) // seat 1 has 12: no win
	if g.s.Phase == catan.PhaseOver {
		t.Fatal("12 points do not win")
	}
	g.quietRoll(shipFace)
	g.do(1, catan.EndTurn())
	// Seat 2 rolls the science gate: seat 1 (level 1, red 1) draws the
	// Printer (card 13 of the science deck in Card order) in seat 2's turn.
	g.do(2, catan.Roll())
	g.resolve(0, 5, scienceGate)
	if g.s.Phase != PhaseDrawProgress {
		t.Fatalf("phase %v, want a progress draw", g.s.Phase)
	}
	g.resolve(13) // Alchemist 2, Crane 2, Engineer 1, Inventor 2, Irrigation 2, Medicine 2, Mining 2 → Printer
	if g.x.Printer != 1 || g.points(1) != 13 {
		t.Fatalf("Printer shown at once: holder %d, points %d", g.x.Printer, g.points(1))
	}
	if g.s.Phase == catan.PhaseOver {
		t.Fatal("13 points in another's turn do not win yet")
	}
	g.toMain(2)
	g.do(2, catan.EndTurn())
	g.quietRoll(shipFace)
	g.do(3, catan.EndTurn())
	g.quietRoll(shipFace)
	g.do(0, catan.EndTurn())
	if g.s.Phase != catan.PhaseOver || g.s.Winner != 1 {
		t.Fatalf("seat 1 wins when its turn begins: phase %v winner %d", g.s.Phase, g.s.Winner)
	}
}
