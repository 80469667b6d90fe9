package burgundy

import (
	"testing"

	"tabula/engine"
)

// placeBuilding gives seat a building of kind b and places it on space 12
// (a one-space city next to the start castle, showing 3).
func placeBuilding(t *testing.T, b BuildingKind) (*State, *Player, int) {
	t.Helper()
	s := newTestGame(t, 4)
	p := myTurn(t, s, 0, 3, 1)
	tile := give(t, s, 0, building(b))
	mustApply(t, s, 0, Place(3, 0, tile, 12))
	return s, p, tile
}

const cityBonus = 1 + 10 // completing the one-space city in phase A

// Fact sheet §10: the eight buildings.
func TestBuildingEffects(t *testing.T) {
	t.Run("watchtower", func(t *testing.T) {
		_, p, _ := placeBuilding(t, Watchtower)
		if p.VP != cityBonus+4 {
			t.Fatalf("VP %d", p.VP)
		}
	})
	t.Run("boarding house", func(t *testing.T) {
		_, p, _ := placeBuilding(t, BoardingHouse)
		if p.Workers != 1+4 {
			t.Fatalf("workers %d", p.Workers)
		}
	})
	t.Run("bank", func(t *testing.T) {
		_, p, _ := placeBuilding(t, Bank)
		if p.Silver != 1+2 {
			t.Fatalf("silver %d", p.Silver)
		}
	})
	t.Run("warehouse", func(t *testing.T) {
		s := newTestGame(t, 4)
		p := myTurn(t, s, 0, 3, 1)
		p.Goods = [7]int{0, 0, 0, 0, 2, 0, 1}
		balanceGoods(t, s)
		tile := give(t, s, 0, building(Warehouse))
		mustApply(t, s, 0, Place(3, 0, tile, 12))
		// Any kind, whatever the dice.
		if !hasOption(s, 0, Sell(0, 0, 4)) || !hasOption(s, 0, Sell(0, 0, 6)) || !hasOption(s, 0, Pass()) {
			t.Fatalf("warehouse options %v", s.Options(0))
		}
		mustApply(t, s, 0, Sell(0, 0, 4))
		if p.Goods[4] != 0 || p.Sold[4] != 2 || p.VP != cityBonus+8 || p.Silver != 2 {
			t.Fatalf("warehouse sale %+v", *p)
		}
	})
	for _, tc := range []struct {
		b    BuildingKind
		kind string
		ok   []Colour
	}{
		{CarpentersWorkshop, FrameCarpenter, []Colour{Building}},
		{Church, FrameChurch, []Colour{Mine, Knowledge, Castle}},
		{Market, FrameMarket, []Colour{Ship, Animal}},
	} {
		t.Run(tc.b.String(), func(t *testing.T) {
			s, p, _ := placeBuilding(t, tc.b)
			if len(s.Pending) != 1 || s.Pending[0].Kind != tc.kind {
				t.Fatalf("pending %v", s.Pending)
			}
			allowed := map[Colour]bool{}
			for _, c := range tc.ok {
				allowed[c] = true
			}
			var pick Action
			for d := 1; d <= 6; d++ {
				for _, sp := range s.Depots[d].Spaces {
					a := Take(0, 0, d, sp.Tile)
					if hasOption(s, 0, a) != allowed[sp.Colour] {
						t.Errorf("depot %d %s offered=%v", d, sp.Colour, !allowed[sp.Colour])
					}
					if allowed[sp.Colour] {
						pick = a
					} else {
						mustRefuse(t, s, 0, a)
					}
				}
			}
			mustApply(t, s, 0, pick)
			if len(p.Storage) != 1 || p.Storage[0] != pick.Tile || len(s.Pending) != 0 {
				t.Fatalf("storage %v pending %v", p.Storage, s.Pending)
			}
			if p.Used[1] {
				t.Fatal("follow-up used a die")
			}
		})
	}
	t.Run("city hall", func(t *testing.T) {
		s := newTestGame(t, 4)
		p := myTurn(t, s, 0, 3, 3)
		hall := give(t, s, 0, building(CityHall))
		ship := give(t, s, 0, colour(Ship))
		mustApply(t, s, 0, Place(3, 0, hall, 26))
		// Any number: space 20 shows 5, space 18 shows 2; no die shows either.
		if !hasOption(s, 0, Place(0, 0, ship, 20)) || !hasOption(s, 0, Place(0, 0, ship, 18)) || !hasOption(s, 0, Pass()) {
			t.Fatalf("city hall options %v", s.Options(0))
		}
		// Colour still applies.
		mustRefuse(t, s, 0, Place(0, 0, ship, 27))
		mustApply(t, s, 0, Place(0, 0, ship, 20))
		if p.Estate[20] != ship || len(s.Pending) != 1 || s.Pending[0].Kind != FrameShip {
			t.Fatalf("city hall placement: pending %v", s.Pending)
		}
	})
	t.Run("pass", func(t *testing.T) {
		s, p, _ := placeBuilding(t, CarpentersWorkshop)
		mustApply(t, s, 0, Pass())
		if len(s.Pending) != 0 || len(p.Storage) != 0 {
			t.Fatal("pass")
		}
	})
}

// Orig: each building kind at most once per city (connected beige region);
// knowledge tile 1 lifts the rule.
func TestBuildingOncePerCity(t *testing.T) {
	s := newTestGame(t, 2)
	put(t, s, 0, 26, building(Bank))
	bank := give(t, s, 0, building(Bank))
	myTurn(t, s, 0, 1, 3)
	// Space 27 (building, 1) is in the same city as 26.
	err := mustRefuse(t, s, 0, Place(1, 0, bank, 27))
	if err == nil {
		t.Fatal("accepted")
	}
	for _, o := range s.Options(0) {
		if o.Name == ActPlace && o.Space == 27 {
			t.Fatalf("duplicate offered: %v", o)
		}
	}
	// Another city (space 12) is fine.
	if !hasOption(s, 0, Place(3, 0, bank, 12)) {
		t.Fatal("bank in another city refused")
	}
	// A different building in the same city is fine.
	market := give(t, s, 0, building(Market))
	if !hasOption(s, 0, Place(1, 0, market, 27)) {
		t.Fatal("market refused")
	}
	// Knowledge 1: duplicates allowed.
	put(t, s, 0, 13, knowledge(1))
	mustApply(t, s, 0, Place(1, 0, bank, 27))
	if s.Seats[0].Estate[27] != bank {
		t.Fatal("knowledge 1 did not allow the duplicate")
	}
	_ = engine.Spectator
}
