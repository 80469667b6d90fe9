package cards

import (
	"testing"

	ag "tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// bonusOf is seat's bonus points now.
func (g *game) bonusOf(who seat) int { return g.Score(who).Bonus }

func TestA032Manger(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "A032")
	for _, c := range []struct {
		cells farmyard.Set
		want  int
	}{
		{cells(1, 2, 3, 4, 5), 0},
		{cells(1, 2, 3, 4, 5, 10), 1},
		{cells(1, 2, 3, 4, 5, 9, 10), 2},
		{cells(1, 2, 3, 4, 5, 8, 9, 10), 3},
		{cells(1, 2, 3, 4, 5, 7, 8, 9, 10, 15), 4},
	} {
		g.Seats[0].Yard.Fences = farmyard.Boundary(c.cells)
		if got := g.bonusOf(0); got != c.want {
			t.Errorf("%d cells: %d points, want %d", c.cells.Len(), got, c.want)
		}
	}
}

func TestA038WoolBlankets(t *testing.T) {
	g := newGame(t, 2)
	g.Seats[0].Yard.Fences = farmyard.Boundary(cells(1, 2))
	g.give(0, one(ag.Sheep, 4))
	if g.meets(0, "A038") {
		t.Fatal("4 sheep: not enough")
	}
	g.give(0, one(ag.Sheep, 1))
	g.play(0, "A038")
	for house, want := range map[ag.Good]int{ag.Wood: 3, ag.Clay: 2, ag.Stone: 0} {
		g.Seats[0].House = house
		if got := g.bonusOf(0); got != want {
			t.Errorf("%s house: %d", house, got)
		}
	}
}

func TestA098StableArchitect(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "A098")
	g.Seats[0].Yard.Stables = cells(1, 3, 15)
	g.Seats[0].Yard.Fences = farmyard.Boundary(cells(15))
	if got := g.bonusOf(0); got != 2 {
		t.Fatalf("2 unfenced stables: %d", got)
	}
}

func TestA133Braggart(t *testing.T) {
	g := newGame(t, 3)
	g.has(0, "A133", "A086", "A012", "A016", "A019", "M01")
	if got := g.bonusOf(0); got != 0 {
		t.Fatalf("4 improvements (occupations do not count): %d", got)
	}
	g.has(0, "M05")
	if got := g.bonusOf(0); got != 2 {
		t.Fatalf("5: %d", got)
	}
	g.has(0, "A032", "A055", "A056", "A067", "A080")
	if got := g.bonusOf(0); got != 9 {
		t.Fatalf("10: %d", got)
	}
}

func TestB039Loom(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "A086", "A087")
	g.give(0, one(ag.Wood, 2))
	g.play(0, "B039")
	if g.Seats[0].Goods[ag.Wood] != 0 {
		t.Fatal("costs 2 wood")
	}
	g.Seats[0].Yard.Fences = farmyard.Boundary(cells(1, 2, 3, 4))
	g.give(0, one(ag.Sheep, 7))
	if got := g.bonusOf(0); got != 2 {
		t.Fatalf("7 sheep: %d bonus", got)
	}
	g.toRound(4)
	g.Seats[0].Goods[ag.Food] = 10
	g.Seats[1].Goods[ag.Food] = 10
	g.endWork() // harvest: field phase, 7 sheep → 3 food; feeding 4
	g.settle()
	if got := g.Seats[0].Goods[ag.Food]; got != 10+3-4 {
		t.Fatalf("food %d", got)
	}
}

func TestB099Tutor(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "A086", "B099")
	if g.bonusOf(0) != 0 {
		t.Fatal("occupations before it do not count")
	}
	g.has(0, "A012", "A087", "B102")
	if got := g.bonusOf(0); got != 2 {
		t.Fatalf("2 occupations after (a minor does not count): %d", got)
	}
}

func TestB136HouseSteward(t *testing.T) {
	g := playsIn(t, 3, 1, "B136", goods{})
	if g.Seats[0].Goods[ag.Wood] != 4 {
		t.Fatal("13 rounds left: 4 wood")
	}
	g = playsIn(t, 3, 12, "B136", one(ag.Food, 2))
	if g.Seats[0].Goods[ag.Wood] != 1 {
		t.Fatal("2 rounds left: 1 wood")
	}
	// Every player tied for the most rooms, the owner or not.
	g = newGame(t, 3)
	g.has(2, "B136")
	g.Seats[0].Yard.Rooms |= cells(1)
	g.Seats[1].Yard.Rooms |= cells(1)
	if g.bonusOf(0) != 3 || g.bonusOf(1) != 3 || g.bonusOf(2) != 0 {
		t.Fatalf("bonus %d %d %d", g.bonusOf(0), g.bonusOf(1), g.bonusOf(2))
	}
}

func TestB098OrganicFarmer(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "B098")
	g.Seats[0].Yard.Fences = farmyard.Boundary(cells(1, 2)) // holds 4
	g.give(0, one(ag.Sheep, 2))
	// 1 sheep in the pasture (room for 3 more), 1 in the house.
	if got := g.bonusOf(0); got != 1 {
		t.Fatalf("2 sheep: %d", got)
	}
	g.give(0, one(ag.Sheep, 1))
	// 3 sheep: at least 2 in the pasture, room for only 2 more.
	if got := g.bonusOf(0); got != 0 {
		t.Fatalf("3 sheep: %d", got)
	}
	// A second pasture of 2 cells with a stable (holds 8): both qualify
	// with the sheep split 1 + 2 … and the house.
	g.Seats[0].Yard.Fences |= farmyard.Boundary(cells(3, 4))
	g.Seats[0].Yard.Stables = cells(3)
	if got := g.bonusOf(0); got != 2 {
		t.Fatalf("two pastures: %d", got)
	}
}
