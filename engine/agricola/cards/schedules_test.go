package cards

import (
	"slices"
	"testing"

	ag "tabula/engine/agricola"
)

// waiting lists the rounds on which goods g wait for seat from card via.
func (g *game) waiting(who seat, via string, gs goods) []int {
	var out []int
	for r := 1; r <= 14; r++ {
		for _, d := range g.Rounds[r].Goods {
			if d.Seat == who && d.Via == via && d.Goods == gs {
				out = append(out, r)
			}
		}
	}
	return out
}

// playsIn plays minor or occupation id for seat 0 in round r (with goods
// to pay) and returns the game.
func playsIn(t *testing.T, players, r int, id string, pay goods, front ...string) *game {
	t.Helper()
	g := newGame(t, players)
	g.has(0, front...)
	g.toRound(r)
	g.turnTo(0)
	g.give(0, pay)
	g.play(0, id)
	return g
}

func TestA044PondHut(t *testing.T) {
	g := playsIn(t, 2, 1, "A044", one(ag.Wood, 1), "A086", "A087")
	if got := g.waiting(0, "A044", one(ag.Food, 1)); !slices.Equal(got, []int{2, 3, 4}) {
		t.Fatalf("food on rounds %v", got)
	}
	food := g.Seats[0].Goods[ag.Food]
	g.endWork()
	if g.Seats[0].Goods[ag.Food] != food+1 {
		t.Fatal("collected at the start of round 2")
	}
	// Exactly 2 occupations: with 3 it cannot be played.
	h := newGame(t, 2)
	h.has(0, "A086", "A087", "A088")
	h.Seats[0].Hand = []string{"A044"}
	h.give(0, one(ag.Wood, 1))
	if h.meets(0, "A044") {
		t.Fatal("3 occupations: not exactly 2")
	}
}

func TestB045StrawberryPatch(t *testing.T) {
	g := newGame(t, 2)
	g.Seats[0].Yard.Fields = cells(1, 2)
	g.Seats[0].Crops[0] = ag.Crop{Kind: ag.Vegetable, N: 2}
	if g.meets(0, "B045") {
		t.Fatal("1 vegetable field: not enough")
	}
	g.Seats[0].Crops[1] = ag.Crop{Kind: ag.Vegetable, N: 1}
	g.give(0, one(ag.Wood, 1))
	g.play(0, "B045")
	if got := g.waiting(0, "B045", one(ag.Food, 1)); !slices.Equal(got, []int{2, 3, 4}) || g.Score(0).Cards != 2 {
		t.Fatalf("food on rounds %v, points %d", got, g.Score(0).Cards)
	}
}

func TestB084AcornsBasket(t *testing.T) {
	g := playsIn(t, 2, 3, "B084", one(ag.Reed, 1), "A086", "A087", "A088")
	if got := g.waiting(0, "B084", one(ag.Boar, 1)); !slices.Equal(got, []int{4, 5}) {
		t.Fatalf("boar on rounds %v", got)
	}
	g.Seats[0].Yard.Fences = 0
	g.endWork()
	g.settle()
	if g.Seats[0].Goods[ag.Boar] != 1 {
		t.Fatal("the boar collected in round 4 lives in the house")
	}
}

func TestA069LargeGreenhouse(t *testing.T) {
	g := playsIn(t, 2, 1, "A069", one(ag.Wood, 2), "A086", "A087")
	if got := g.waiting(0, "A069", one(ag.Vegetable, 1)); !slices.Equal(got, []int{5, 8, 10}) {
		t.Fatalf("vegetables on rounds %v", got)
	}
	g = playsIn(t, 2, 6, "A069", one(ag.Wood, 2), "A086", "A087")
	if got := g.waiting(0, "A069", one(ag.Vegetable, 1)); !slices.Equal(got, []int{10, 13}) {
		t.Fatalf("played in round 6: %v (round 15 dropped)", got)
	}
}

func TestB164SheepWhisperer(t *testing.T) {
	g := playsIn(t, 4, 1, "B164", goods{})
	if got := g.waiting(0, "B164", one(ag.Sheep, 1)); !slices.Equal(got, []int{3, 6, 9, 11}) {
		t.Fatalf("sheep on rounds %v", got)
	}
	g = playsIn(t, 4, 5, "B164", one(ag.Food, 2))
	if got := g.waiting(0, "B164", one(ag.Sheep, 1)); !slices.Equal(got, []int{7, 10, 13}) {
		t.Fatalf("played in round 5: %v", got)
	}
}

func TestB066SackCart(t *testing.T) {
	g := playsIn(t, 2, 6, "B066", one(ag.Wood, 2), "A086", "A087")
	if got := g.waiting(0, "B066", one(ag.Grain, 1)); !slices.Equal(got, []int{8, 11, 14}) {
		t.Fatalf("grain on rounds %v (round 5 is past)", got)
	}
}

func TestB074ThickForest(t *testing.T) {
	g := newGame(t, 2)
	g.give(0, one(ag.Clay, 4))
	if g.meets(0, "B074") {
		t.Fatal("4 clay: not enough")
	}
	g.toRound(3)
	g.turnTo(0)
	g.give(0, one(ag.Clay, 1))
	g.play(0, "B074")
	if got := g.waiting(0, "B074", one(ag.Wood, 1)); !slices.Equal(got, []int{4, 6, 8, 10, 12, 14}) {
		t.Fatalf("wood on rounds %v", got)
	}
	if g.Seats[0].Goods[ag.Clay] < 5 {
		t.Fatal("the clay is a prerequisite, not paid")
	}
}

func TestB047HerringPot(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "B047")
	g.do(0, place(forest))
	if len(g.waiting(0, "B047", one(ag.Food, 1))) != 0 {
		t.Fatal("only Fishing")
	}
	g.do(1, place(grainSeeds))
	g.do(0, place(fishing))
	if got := g.waiting(0, "B047", one(ag.Food, 1)); !slices.Equal(got, []int{2, 3, 4}) {
		t.Fatalf("food on rounds %v", got)
	}
}

func TestA111WallBuilder(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "A111")
	g.give(0, one(ag.Wood, 14).With(ag.Reed, 4))
	g.do(0, place("farm-expansion"))
	g.do(0, stableAt(15))
	g.do(0, room(1, 0))
	g.do(0, room(7, 0))
	g.do(0, done())
	// Two rooms in one action: once.
	if got := g.waiting(0, "A111", one(ag.Food, 1)); !slices.Equal(got, []int{2, 3, 4, 5}) {
		t.Fatalf("food on rounds %v", got)
	}
	// Stables alone: nothing.
	h := newGame(t, 2)
	h.has(0, "A111")
	h.give(0, one(ag.Wood, 4))
	h.do(0, place("farm-expansion"))
	h.do(0, stableAt(15))
	h.do(0, done())
	if len(h.waiting(0, "A111", one(ag.Food, 1))) != 0 {
		t.Fatal("no room built")
	}
}

func TestA120ClayHutBuilder(t *testing.T) {
	g := newGame(t, 2)
	g.onBoard("house-redevelopment")
	g.give(0, one(ag.Clay, 2).With(ag.Reed, 1))
	g.play(0, "A120") // wooden house: nothing yet
	if len(g.waiting(0, "A120", one(ag.Clay, 2))) != 0 {
		t.Fatal("still in a wooden house")
	}
	g.do(1, place(forest))
	g.do(0, place("house-redevelopment"))
	g.settle()
	if g.Seats[0].House != ag.Clay {
		t.Fatal("renovated")
	}
	if got := g.waiting(0, "A120", one(ag.Clay, 2)); !slices.Equal(got, []int{2, 3, 4, 5, 6}) {
		t.Fatalf("clay on rounds %v", got)
	}
	// Played by someone out of the wooden house: at once.
	h := newGame(t, 2)
	h.Seats[0].House = ag.Stone
	h.play(0, "A120")
	if len(h.waiting(0, "A120", one(ag.Clay, 2))) != 5 {
		t.Fatal("at once in a stone house")
	}
}

func TestB107Manservant(t *testing.T) {
	g := newGame(t, 2)
	g.Seats[0].House = ag.Clay
	g.play(0, "B107")
	if len(g.waiting(0, "B107", one(ag.Food, 3))) != 0 {
		t.Fatal("a clay house: nothing")
	}
	h := newGame(t, 2)
	h.toRound(9)
	h.turnTo(0)
	h.Seats[0].House = ag.Stone
	h.give(0, one(ag.Food, 2))
	h.play(0, "B107")
	if got := h.waiting(0, "B107", one(ag.Food, 3)); !slices.Equal(got, []int{10, 11, 12, 13, 14}) {
		t.Fatalf("food on rounds %v", got)
	}
}
