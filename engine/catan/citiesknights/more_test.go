package citiesknights

import (
	"testing"

	"tabula/engine/catan"
)

// Seven ship faces bring the barbarians; six do not.
func TestSevenShipsAttack(t *testing.T) {
	g := newGame(t)
	for i := 1; i <= ShipSteps; i++ {
		g.toMain(int(g.s.Active))
		g.do(int(g.s.Active), catan.EndTurn())
		g.roll(6, 1, shipFace)
		if i < ShipSteps && (g.x.Ship != int8(i) || g.x.Attacks != 0) {
			t.Fatalf("after %d ships: step %d, %d attacks", i, g.x.Ship, g.x.Attacks)
		}
	}
	if g.x.Attacks != 1 || g.x.Ship != 0 {
		t.Fatalf("the 7th ship attacks: %d attacks, step %d", g.x.Attacks, g.x.Ship)
	}
}

// A toppled city forbids new settlements until it is rebuilt.
func TestToppledCityBlocksSettlements(t *testing.T) {
	g := newGame(t)
	g.roll(6, 1, shipFace)
	g.x.Toppled = bit(g.castle)
	v := -1
	for w := 0; w < 54; w++ {
		if g.s.SettlementSpot(0, w) {
			v = w
		}
	}
	if v < 0 {
		g.roads(0, g.castle, 36, 41)
		v = 41
	}
	g.give(0, catan.SettlementCost)
	g.refuse(0, catan.BuildSettlement(v))
	g.x.Toppled = 0
	g.do(0, catan.BuildSettlement(v))
}

// A generic harbour takes 3 identical commodities as well as resources; a
// resource harbour never takes commodities.
func TestHarboursAndCommodities(t *testing.T) {
	g := newGame(t)
	found := false
	for p := 0; p < 4; p++ {
		r := g.s.Rates(p)
		generic := r[catan.Brick] == 3 || r[catan.Lumber] == 3
		if generic {
			found = true
			if g.s.Rate(p, catan.Coin) != 3 {
				t.Errorf("seat %d: coin at %d:1 on a 3:1 harbour", p, g.s.Rate(p, catan.Coin))
			}
		} else if g.s.Rate(p, catan.Coin) != 4 {
			t.Errorf("seat %d: coin at %d:1 without a harbour", p, g.s.Rate(p, catan.Coin))
		}
	}
	if !found {
		t.Skip("no seat on a 3:1 harbour in this position")
	}
}

// A knight hired this turn may be promoted this turn (reading 18); the
// Alchemist may set a 7 (reading 17); a Commercial Harbor opponent may be
// passed over.
func TestSmallReadings(t *testing.T) {
	g := knightGame(t)
	g.give(0, catan.Resources{catan.Wool: 2, catan.Ore: 2})
	g.do(0, HireKnight(kB))
	g.do(0, PromoteKnight(kB))
	if g.x.Rank[kB] != Strong {
		t.Fatal("hired and promoted in one turn")
	}

	h := newGame(t)
	h.deal(0, Alchemist)
	h.legalHas(0, catan.Action{Type: ActAlchemist, Dice: [2]int8{3, 4}})

	h.do(0, catan.Roll())
	h.resolve(5, 0, shipFace)
	h.empty()
	h.give(0, catan.Of(catan.Wool, 1))
	h.give(2, catan.Of(catan.Coin, 1))
	h.deal(0, CommercialHarbor)
	h.do(0, catan.Action{Type: ActCommercialHarbor})
	h.do(0, catan.Action{Type: ActHarborPass})
	if h.s.Phase != catan.PhaseMain || h.s.Hand[0] != catan.Of(catan.Wool, 1) {
		t.Fatal("passed: nothing exchanged")
	}
}
