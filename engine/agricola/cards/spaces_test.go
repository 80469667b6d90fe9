package cards

import (
	"slices"
	"testing"

	ag "tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// spaceGoods is what seat 0 holds after placing on space (round 1 shows
// the Sheep Market), with card in front of owner (-1: nobody), the
// decisions it opens answered as given.
func spaceGoods(t *testing.T, players int, card string, owner seat, space string, answers ...ag.Action) goods {
	t.Helper()
	g := newGame(t, players, sheepMarket)
	if d := g.Def(space); d != nil && d.Stage > 0 && g.SpaceByID(space) == nil {
		g.onBoard(space)
	}
	if sp := g.SpaceByID(space); sp.Goods.IsZero() {
		sp.Goods = g.Def(space).Accumulate
	}
	if owner >= 0 {
		g.has(owner, card)
	}
	g.do(0, place(space))
	for _, a := range answers {
		g.do(g.Decider(), a)
	}
	g.check()
	return g.Seats[0].Goods
}

// bonusAt checks that card gives its owner exactly want more at space
// than the space alone, and nothing when another player owns it.
func bonusAt(t *testing.T, players int, card, space string, want goods, answers ...ag.Action) {
	t.Helper()
	base := spaceGoods(t, players, card, -1, space)
	if got := spaceGoods(t, players, card, 0, space, answers...).Minus(base); got != want {
		t.Errorf("%s at %s: +%v, want +%v", card, space, got, want)
	}
	if got := spaceGoods(t, players, card, 1, space).Minus(base); !got.IsZero() {
		t.Errorf("%s of another player at %s: +%v", card, space, got)
	}
}

func TestA067CornScoop(t *testing.T) {
	bonusAt(t, 2, "A067", grainSeeds, one(ag.Grain, 1))
	bonusAt(t, 2, "A067", dayLaborer, goods{})
}

func TestA078Canoe(t *testing.T) {
	bonusAt(t, 2, "A078", fishing, one(ag.Food, 1).With(ag.Reed, 1))
	// Needs 1 occupation.
	g := newGame(t, 2)
	g.give(0, one(ag.Wood, 2))
	g.Seats[0].Hand = []string{"A078"}
	g.do(0, place(meetingPlace))
	if g.top() != nil {
		t.Fatal("without an occupation nothing to play: the menu closes")
	}
	g = newGame(t, 2)
	g.give(0, one(ag.Wood, 2))
	g.has(0, "A086")
	g.play(0, "A078")
	if !g.Has(0, "A078") || g.Seats[0].Goods[ag.Wood] != 0 || g.Score(0).Cards != 1 {
		t.Fatal("played for 2 wood, 1 point")
	}
}

func TestA080StoneTongs(t *testing.T) {
	bonusAt(t, 2, "A080", "western-quarry", one(ag.Stone, 1))
	bonusAt(t, 2, "A080", "eastern-quarry", one(ag.Stone, 1))
	bonusAt(t, 2, "A080", forest, goods{}) // an accumulation space of another good
}

func TestA116WoodCutter(t *testing.T) {
	bonusAt(t, 2, "A116", forest, one(ag.Wood, 1))
	bonusAt(t, 4, "A116", "copse", one(ag.Wood, 1))
	bonusAt(t, 4, "A116", "grove", one(ag.Wood, 1))
	bonusAt(t, 2, "A116", clayPit, goods{})
}

func TestB077LoamPit(t *testing.T) {
	bonusAt(t, 2, "B077", dayLaborer, one(ag.Clay, 3))
	// Needs 3 occupations.
	g := newGame(t, 2)
	g.give(0, one(ag.Food, 1))
	g.has(0, "A086", "A087")
	g.Seats[0].Hand = []string{"B077"}
	g.do(0, place(meetingPlace))
	g.refuse(0, minorAct("B077", 0))
}

func TestB121Geologist(t *testing.T) {
	bonusAt(t, 2, "B121", forest, one(ag.Clay, 1))
	bonusAt(t, 2, "B121", reedBank, one(ag.Clay, 1))
	bonusAt(t, 3, "B121", clayPit, one(ag.Clay, 1))
	bonusAt(t, 2, "B121", clayPit, goods{}) // Clay Pit only with 3 or more players
}

func TestB142Greengrocer(t *testing.T) {
	bonusAt(t, 3, "B142", grainSeeds, one(ag.Vegetable, 1))
	// Marked 3+: not dealt to 2 players.
	if slices.Contains(ag.Deck(ag.OccupationCard, 2), "B142") || !slices.Contains(ag.Deck(ag.OccupationCard, 3), "B142") {
		t.Fatal("player-count mark 3+")
	}
}

func TestA155Conjurer(t *testing.T) {
	bonusAt(t, 4, "A155", travelingPlayers, one(ag.Wood, 1).With(ag.Grain, 1))
	if slices.Contains(ag.Deck(ag.OccupationCard, 3), "A155") {
		t.Fatal("marked for 4 players only")
	}
}

func TestA114SeasonalWorker(t *testing.T) {
	bonusAt(t, 2, "A114", dayLaborer, one(ag.Grain, 1))
	// From round 6 on: grain or vegetable.
	g := newGame(t, 2)
	g.has(0, "A114")
	g.toRound(6)
	g.turnTo(0)
	veg := g.Seats[0].Goods[ag.Vegetable]
	g.do(0, place(dayLaborer))
	if f := g.top(); f == nil || f.Kind != ag.FrameChoose || len(f.Choices) != 2 {
		t.Fatalf("choice: %+v", g.Stack)
	}
	g.do(0, pick(1))
	if g.Seats[0].Goods[ag.Vegetable] != veg+1 {
		t.Fatal("took the vegetable")
	}
}

func TestA119FirewoodCollector(t *testing.T) {
	bonusAt(t, 2, "A119", grainSeeds, one(ag.Wood, 1))
	bonusAt(t, 2, "A119", farmland, one(ag.Wood, 1), plow(1))
	bonusAt(t, 2, "A119", forest, goods{})
}

func TestB056Brook(t *testing.T) {
	g := newGame(t, 2, "sheep-market")
	g.Seats[0].Hand = []string{"B056"}
	if g.meets(0, "B056") {
		t.Fatal("nobody of seat 0 on Fishing")
	}
	g.do(0, place(meetingPlace))
	if g.top() != nil {
		t.Fatal("Brook not playable")
	}
	g.do(1, place(forest))
	g.do(0, place(fishing))
	g.endWork()
	// Round 2: seat 0 goes fishing first, then plays Brook.
	g.do(0, place(fishing))
	g.do(1, place(clayPit))
	g.do(0, place(meetingPlace))
	g.do(0, minorAct("B056", 0))
	if !g.Has(0, "B056") {
		t.Fatal("played")
	}
	// The four spaces above Fishing (round 1's card is the Sheep Market).
	for _, sp := range []string{forest, clayPit, reedBank, "sheep-market"} {
		bonusAt(t, 2, "B056", sp, one(ag.Food, 1))
	}
	bonusAt(t, 2, "B056", grainSeeds, goods{})
}

func TestB062Pitchfork(t *testing.T) {
	bonusAt(t, 2, "B062", grainSeeds, goods{}) // Farmland free
	g := newGame(t, 2)
	g.has(1, "B062")
	g.do(0, place(farmland))
	g.do(0, plow(1))
	food := g.Seats[1].Goods[ag.Food]
	g.do(1, place(grainSeeds))
	if g.Seats[1].Goods[ag.Food] != food+3 {
		t.Fatal("Farmland occupied (by another player): 3 food")
	}
}

func TestB156StorehouseKeeper(t *testing.T) {
	bonusAt(t, 4, "B156", resourceMarket, one(ag.Grain, 1), pick(1))
	bonusAt(t, 4, "B156", resourceMarket, one(ag.Clay, 1), pick(0))
}

func TestA050MilkJug(t *testing.T) {
	g := newGame(t, 3)
	g.onBoard(cattleMarket)
	g.SpaceByID(cattleMarket).Goods = one(ag.Cattle, 1)
	g.has(0, "A050")
	var food [3]int
	for i := range food {
		food[i] = g.Seats[i].Goods[ag.Food]
	}
	g.do(0, place(forest))
	if g.Seats[0].Goods[ag.Food] != food[0] {
		t.Fatal("another space: nothing")
	}
	g.do(1, place(cattleMarket)) // another player uses it
	g.settle()
	if g.Seats[0].Goods[ag.Food] != food[0]+3 || g.Seats[1].Goods[ag.Food] != food[1]+1 || g.Seats[2].Goods[ag.Food] != food[2]+1 {
		t.Fatalf("food %d %d %d", g.Seats[0].Goods[ag.Food], g.Seats[1].Goods[ag.Food], g.Seats[2].Goods[ag.Food])
	}
}

func TestA160Lutenist(t *testing.T) {
	g := newGame(t, 4)
	g.has(0, "A160")
	g.do(0, place(travelingPlayers)) // its owner: nothing
	if g.top() != nil || g.Seats[0].Goods[ag.Wood] != 0 {
		t.Fatal("the owner's own use gives nothing")
	}
	g.endWork()
	g.do(0, place(forest))
	before := g.Seats[0].Goods
	g.do(1, place(travelingPlayers))
	if g.Decider() != 0 || g.top().Kind != ag.FrameChoose {
		t.Fatalf("the owner may buy a vegetable: %+v", g.Stack)
	}
	g.do(0, pick(1))
	if p := g.Seats[0].Goods.Minus(before); p != one(ag.Food, 1-2).With(ag.Vegetable, 1).With(ag.Wood, 1) {
		t.Fatalf("goods %v", p)
	}
}

func TestA138Harpooner(t *testing.T) {
	g := newGame(t, 3)
	g.has(0, "A138")
	g.do(0, place(fishing))
	if g.top() != nil {
		t.Fatal("no wood: nothing asked")
	}
	g = newGame(t, 3)
	g.has(0, "A138")
	g.give(0, one(ag.Wood, 1))
	food := g.Seats[0].Goods[ag.Food]
	g.do(0, place(fishing))
	g.do(0, pick(1))
	if p := g.Seats[0].Goods; p[ag.Wood] != 0 || p[ag.Food] != food+1+2 || p[ag.Reed] != 1 {
		t.Fatalf("goods %v", p)
	}
}

func TestA147AnimalDealer(t *testing.T) {
	bonusAt(t, 3, "A147", sheepMarket, one(ag.Food, -1).With(ag.Sheep, 1), pick(1))
	bonusAt(t, 3, "A147", sheepMarket, goods{}, pick(0)) // declined
	// At the Pig Market a boar, housed in a pasture.
	g := newGame(t, 3)
	g.onBoard(pigMarket)
	g.SpaceByID(pigMarket).Goods = one(ag.Boar, 1)
	g.Seats[0].Yard.Fences = farmyard.Boundary(cells(1, 2))
	g.has(0, "A147")
	g.do(0, place(pigMarket))
	g.do(0, pick(1))
	if p := g.Seats[0].Goods; p[ag.Boar] != 2 || p[ag.Food] != 1 {
		t.Fatalf("goods %v", p)
	}
}

func TestB166CattleFeeder(t *testing.T) {
	bonusAt(t, 4, "B166", grainSeeds, one(ag.Food, -1).With(ag.Cattle, 1), pick(1))
	g := newGame(t, 4)
	g.has(0, "B166")
	g.Seats[0].Goods[ag.Food] = 0
	g.do(0, place(grainSeeds))
	if g.top() != nil {
		t.Fatal("no food: nothing offered")
	}
}

func TestA056Basket(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "A056")
	food := g.Seats[0].Goods[ag.Food]
	g.do(0, place(forest))
	g.do(0, pick(1))
	if p := g.Seats[0].Goods; p[ag.Wood] != 1 || p[ag.Food] != food+3 || g.SpaceByID(forest).Goods[ag.Wood] != 2 {
		t.Fatalf("goods %v, forest %v", p, g.SpaceByID(forest).Goods)
	}
	// Declined: the Forest stays empty.
	g = newGame(t, 2)
	g.has(0, "A056")
	g.do(0, place(forest))
	g.do(0, pick(0))
	if g.Seats[0].Goods[ag.Wood] != 3 || !g.SpaceByID(forest).Goods.IsZero() {
		t.Fatal("declined")
	}
	// Only at a wood accumulation space.
	bonusAt(t, 2, "A056", clayPit, goods{})
}

func TestA108MushroomCollector(t *testing.T) {
	// With Wood Cutter (A116, runs first in id order… A108 < A116, but the
	// choice is decided after every handler): 4 wood taken, 1 traded back.
	g := newGame(t, 2)
	g.has(0, "A108", "A116")
	food := g.Seats[0].Goods[ag.Food]
	g.do(0, place(forest))
	g.do(0, pick(1))
	if p := g.Seats[0].Goods; p[ag.Wood] != 3 || p[ag.Food] != food+2 || g.SpaceByID(forest).Goods[ag.Wood] != 1 {
		t.Fatalf("goods %v, forest %v", p, g.SpaceByID(forest).Goods)
	}
}
