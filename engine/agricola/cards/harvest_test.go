package cards

import (
	"testing"

	ag "tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// toHarvest plays on to the field phase of round 4's harvest with food
// enough for everyone, then stops before anything is taken from the
// fields (the field phase runs at once, so what it gave is visible).
func (g *game) harvest() {
	g.t.Helper()
	g.toRound(4)
	for i := range g.Seats {
		g.Seats[i].Goods[ag.Food] += 10
	}
	g.endWork()
	g.settle()
}

func TestB050ButterChurn(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "A086", "A087", "A088", "A090")
	if g.meets(0, "B050") {
		t.Fatal("4 occupations: too many")
	}
	g = newGame(t, 2)
	g.give(0, one(ag.Wood, 1))
	g.play(0, "B050")
	g.Seats[0].Yard.Fences = farmyard.Boundary(cells(1, 2, 3, 4, 5))
	g.Seats[0].Yard.Stables = cells(1)
	g.give(0, one(ag.Sheep, 7))
	food := g.Seats[0].Goods[ag.Food]
	g.harvest()
	// 7 sheep → 2 food (breeding gives an 8th after the field phase).
	if got := g.Seats[0].Goods[ag.Food]; got != food+10+2-4 {
		t.Fatalf("food %d (from %d)", got, food)
	}
}

func TestB061ThreeFieldRotation(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "B061")
	p := &g.Seats[0]
	p.Yard.Fields = cells(1, 2, 3)
	p.Crops[0] = ag.Crop{Kind: ag.Grain, N: 3}
	p.Crops[1] = ag.Crop{Kind: ag.Vegetable, N: 2}
	food := p.Goods[ag.Food]
	g.harvest()
	if got := g.Seats[0].Goods[ag.Food]; got != food+10+3-4 {
		t.Fatalf("grain, vegetable and empty field: food %d", got)
	}
	h := newGame(t, 2)
	h.has(0, "B061")
	q := &h.Seats[0]
	q.Yard.Fields = cells(1, 2)
	q.Crops[0] = ag.Crop{Kind: ag.Grain, N: 3}
	q.Crops[1] = ag.Crop{Kind: ag.Vegetable, N: 2}
	food = q.Goods[ag.Food]
	h.harvest()
	if got := h.Seats[0].Goods[ag.Food]; got != food+10-4 {
		t.Fatalf("no empty field: food %d", got)
	}
}

func TestA112ScytheWorker(t *testing.T) {
	g := newGame(t, 2)
	g.play(0, "A112")
	if g.Seats[0].Goods[ag.Grain] != 1 {
		t.Fatal("1 grain when played")
	}
	g.endWork()
	p := &g.Seats[0]
	p.Yard.Fields = cells(1, 2, 3)
	p.Crops[0] = ag.Crop{Kind: ag.Grain, N: 3}
	p.Crops[1] = ag.Crop{Kind: ag.Grain, N: 1}
	p.Crops[2] = ag.Crop{Kind: ag.Vegetable, N: 2}
	g.harvest()
	q := g.Seats[0]
	// Field 1: 2 taken (1 left); field 2: its last grain; vegetables: 1.
	if q.Goods[ag.Grain] != 1+3 || q.Crops[0].N != 1 || q.Crops[1].N != 0 || q.Goods[ag.Vegetable] != 1 {
		t.Fatalf("goods %v crops %v", q.Goods, q.Crops[:3])
	}
}

func TestA165PigBreeder(t *testing.T) {
	g := newGame(t, 4)
	g.play(0, "A165")
	if g.Seats[0].Goods[ag.Boar] != 1 {
		t.Fatal("1 boar when played")
	}
	g.Seats[0].Yard.Fences = farmyard.Boundary(cells(1, 2))
	g.give(0, one(ag.Boar, 1))
	g.toRound(12)
	g.Seats[0].Goods[ag.Boar] = 2
	g.endWork() // end of round 12: no harvest, the boar breed
	if g.Seats[0].Goods[ag.Boar] != 3 {
		t.Fatalf("boar %d", g.Seats[0].Goods[ag.Boar])
	}
	// Without room for the newborn: nothing.
	h := newGame(t, 4)
	h.has(0, "A165")
	h.toRound(12)
	h.Seats[0].Goods[ag.Boar] = 2
	h.Seats[0].Yard.Fences = farmyard.Boundary(cells(1))
	h.Seats[0].Goods[ag.Sheep] = 1 // the house holds the sheep
	h.endWork()
	if h.Seats[0].Goods[ag.Boar] != 2 {
		t.Fatal("no room: no newborn")
	}
}
