package cards

import (
	"slices"
	"testing"

	ag "tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// travels checks that a traveling minor went to the left neighbour's hand
// after seat 0 played it (and, alone, out of the game).
func travels(t *testing.T, g *game, id string) {
	t.Helper()
	if g.Has(0, id) || slices.Contains(g.Seats[0].Hand, id) || !slices.Contains(g.Seats[1].Hand, id) {
		t.Fatalf("%s: in front %v, hands %v / %v", id, g.Seats[0].Cards, g.Seats[0].Hand, g.Seats[1].Hand)
	}
}

func TestA002ShiftingCultivation(t *testing.T) {
	g := newGame(t, 3)
	g.give(0, one(ag.Food, 0))
	g.play(0, "A002")
	if f := g.top(); f == nil || f.Ops != ag.OpPlow || !f.Need {
		t.Fatalf("plow 1 field (%+v)", g.Stack)
	}
	g.do(0, plow(4))
	if !g.Seats[0].Yard.Fields.Has(4) || g.Seats[0].Goods[ag.Food] != 0 {
		t.Fatal("plowed, paid 2 food")
	}
	travels(t, g, "A002")
	// Alone: out of the game.
	s := newGame(t, 1)
	s.give(0, one(ag.Food, 2))
	s.play(0, "A002")
	s.settle()
	if s.Has(0, "A002") || len(s.Seats[0].Hand) != 0 {
		t.Fatal("solo: removed")
	}
}

func TestA005ClayEmbankment(t *testing.T) {
	g := newGame(t, 2)
	g.give(0, one(ag.Clay, 5))
	g.play(0, "A005")
	if g.Seats[0].Goods[ag.Clay] != 5+2 || g.Seats[0].Goods[ag.Food] != 1 {
		t.Fatalf("5 clay: 2 more, got %v", g.Seats[0].Goods)
	}
	travels(t, g, "A005")
	h := newGame(t, 2)
	h.give(0, one(ag.Clay, 1))
	h.play(0, "A005")
	if h.Seats[0].Goods[ag.Clay] != 1 {
		t.Fatal("1 clay: no pair")
	}
}

func TestA009YoungAnimalMarket(t *testing.T) {
	g := newGame(t, 2)
	g.Seats[0].Hand = []string{"A009"}
	g.do(0, place(meetingPlace))
	if g.top() != nil {
		t.Fatal("no sheep: not playable")
	}
	g = newGame(t, 2)
	g.give(0, one(ag.Sheep, 1))
	g.play(0, "A009")
	if p := g.Seats[0].Goods; p[ag.Sheep] != 0 || p[ag.Cattle] != 1 {
		t.Fatalf("a sheep for a cattle: %v", p)
	}
	travels(t, g, "A009")
}

func TestB008MarketStall(t *testing.T) {
	g := newGame(t, 4)
	g.give(0, one(ag.Grain, 1))
	g.play(0, "B008")
	if p := g.Seats[0].Goods; p[ag.Grain] != 0 || p[ag.Vegetable] != 1 {
		t.Fatalf("a grain for a vegetable: %v", p)
	}
	travels(t, g, "B008")
	// The neighbour may play it in turn.
	g.give(1, one(ag.Grain, 1))
	g.do(1, place(grainSeeds))
	g.endWork()
	g.do(0, place(forest))
	g.do(1, place(meetingPlace))
	g.do(1, minorAct("B008", 0))
	if g.Seats[1].Goods[ag.Vegetable] != 1 || !slices.Contains(g.Seats[2].Hand, "B008") {
		t.Fatal("passed on again")
	}
}

func TestA033BigCountry(t *testing.T) {
	g := newGame(t, 2)
	if g.meets(0, "A033") {
		t.Fatal("unused spaces")
	}
	g.toRound(10)
	g.turnTo(0)
	y := &g.Seats[0].Yard
	y.Fields = cells(1, 2, 3, 4, 5, 7, 8, 9, 10)
	y.Rooms |= cells(12, 13)
	y.Stables = cells(14, 15)
	food := g.Seats[0].Goods[ag.Food]
	g.play(0, "A033")
	if g.Seats[0].Goods[ag.Food] != food+8 || g.Score(0).Bonus != 4 {
		t.Fatalf("4 full rounds left: 8 food, 4 points (food %d, bonus %d)", g.Seats[0].Goods[ag.Food]-food, g.Score(0).Bonus)
	}
}

func TestA125Priest(t *testing.T) {
	g := newGame(t, 2)
	g.Seats[0].House = ag.Clay
	g.play(0, "A125")
	if p := g.Seats[0].Goods; p[ag.Clay] != 3 || p[ag.Reed] != 2 || p[ag.Stone] != 2 {
		t.Fatalf("clay house of 2 rooms: %v", p)
	}
	h := newGame(t, 2)
	h.play(0, "A125")
	if h.Seats[0].Goods[ag.Clay] != 0 {
		t.Fatal("wooden house: nothing")
	}
	h.Seats[0].House = ag.Clay
	h.endWork()
	if h.Seats[0].Goods[ag.Clay] != 0 {
		t.Fatal("and nothing later")
	}
}

func TestB102Consultant(t *testing.T) {
	for players, want := range map[int]goods{1: one(ag.Grain, 2), 2: one(ag.Clay, 3), 3: one(ag.Reed, 2), 4: one(ag.Sheep, 2)} {
		g := newGame(t, players)
		g.Seats[0].Yard.Fences = farmyard.Boundary(cells(1))
		before := g.Seats[0].Goods
		g.play(0, "B102")
		got := g.Seats[0].Goods.Minus(before)
		got[ag.Food] = 0 // Lessons' price
		if got != want {
			t.Errorf("%d players: %v", players, got)
		}
	}
}

func TestB123RoofBallaster(t *testing.T) {
	g := newGame(t, 2)
	g.Seats[0].Yard.Rooms |= cells(1)
	g.play(0, "B123")
	if f := g.top(); f == nil || f.Kind != ag.FrameChoose {
		t.Fatalf("pay 1 food? (%+v)", g.Stack)
	}
	food := g.Seats[0].Goods[ag.Food]
	g.do(0, pick(1))
	if p := g.Seats[0].Goods; p[ag.Stone] != 3 || p[ag.Food] != food-1 {
		t.Fatalf("3 rooms: 3 stone for 1 food: %v", p)
	}
	h := newGame(t, 2)
	h.Seats[0].Goods[ag.Food] = 0
	h.play(0, "B123")
	if h.top() != nil {
		t.Fatal("no food: nothing asked")
	}
}

func TestA086AnimalTamer(t *testing.T) {
	g := newGame(t, 2)
	g.play(0, "A086")
	g.do(0, pick(1))
	if g.Seats[0].Goods[ag.Grain] != 1 {
		t.Fatal("1 grain chosen")
	}
	// 2 rooms hold 2 animals of any kinds; 3 rooms 3.
	if !g.Houses(0, [3]int{1, 1, 0}) || g.Houses(0, [3]int{2, 1, 0}) {
		t.Fatal("2 rooms: 2 animals")
	}
	g.Seats[0].Yard.Rooms |= cells(1)
	if !g.Houses(0, [3]int{1, 1, 1}) {
		t.Fatal("3 rooms: 3 animals")
	}
	if g.Houses(1, [3]int{1, 1, 0}) {
		t.Fatal("only its owner")
	}
}
