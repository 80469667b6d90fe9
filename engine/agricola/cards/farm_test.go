package cards

import (
	"testing"

	ag "tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

func TestA012DrinkingTrough(t *testing.T) {
	g := newGame(t, 2)
	g.Seats[0].Yard.Fences = farmyard.Boundary(cells(1)) | farmyard.Boundary(cells(3, 4))
	g.Seats[0].Yard.Stables = cells(3)
	if g.Houses(0, [3]int{4, 10, 1}) {
		t.Fatal("without: 2 and 8 in the pastures")
	}
	g.give(0, one(ag.Clay, 1))
	g.play(0, "A012")
	// 1 cell: 2 + 2; 2 cells with a stable: 8 + 2; the pet: 1.
	if !g.Houses(0, [3]int{4, 10, 1}) || g.Houses(0, [3]int{5, 10, 1}) {
		t.Fatal("every pasture holds 2 more, with or without a stable")
	}
	g.Seats[0].Yard.Fences = 0
	g.Seats[0].Yard.Stables = cells(5)
	if g.Houses(0, [3]int{2, 1, 0}) {
		t.Fatal("an unfenced stable is no pasture")
	}
}

func TestB010Caravan(t *testing.T) {
	g := newGame(t, 2)
	g.onBoard("basic-wish")
	g.give(0, one(ag.Wood, 3).With(ag.Food, 3))
	g.play(0, "B010")
	g.do(1, place(forest))
	g.do(0, place("basic-wish"))
	g.settle()
	if g.Seats[0].People != 3 || g.Score(0).Rooms != 0 {
		t.Fatal("room for a person, no room")
	}
	g.Seats[0].House = ag.Clay
	if g.Score(0).Rooms != 2 || len(g.Cost(0, ag.Purchase{What: ag.OpRenovate})) != 1 ||
		g.Cost(0, ag.Purchase{What: ag.OpRenovate})[0].Goods != one(ag.Stone, 2).With(ag.Reed, 1) {
		t.Fatal("renovation counts the 2 rooms only")
	}
}

func TestB068Beanfield(t *testing.T) {
	g := newGame(t, 2, grainUtilization)
	g.has(0, "A086", "A087")
	g.give(0, one(ag.Food, 1).With(ag.Vegetable, 1).With(ag.Grain, 1))
	g.play(0, "B068")
	g.do(1, place(forest))
	g.do(0, place(grainUtilization))
	g.refuse(0, ag.Action{Name: ag.ActSow, Card: "B068", Crop: ag.Grain})
	g.do(0, ag.Action{Name: ag.ActSow, Card: "B068", Crop: ag.Vegetable})
	if sc := g.Score(0); sc.Vegetables != 2 || sc.Fields != -1 || sc.Cards != 1 {
		t.Fatalf("a vegetable field, no field tile: %+v", sc)
	}
}

func TestA026SleepingCorner(t *testing.T) {
	g := newGame(t, 2)
	g.onBoard("basic-wish")
	for i := range g.Seats {
		g.Seats[i].Yard.Rooms |= cells(1)
	}
	g.Seats[1].Yard.Fields = cells(3, 4)
	g.Seats[1].Crops[2] = ag.Crop{Kind: ag.Grain, N: 3}
	if g.meets(1, "A026") {
		t.Fatal("1 grain field: not enough")
	}
	g.Seats[1].Crops[3] = ag.Crop{Kind: ag.Grain, N: 2}
	g.do(0, place("basic-wish"))
	g.settle()
	if g.offered(1, place("basic-wish")) {
		t.Fatal("occupied without the card")
	}
	g.give(1, one(ag.Wood, 1))
	g.play(1, "A026")
	g.endWork()
	g.do(1, place(forest)) // seat 1 starts now
	g.Seats[0].Yard.Rooms |= cells(2)
	g.do(0, place("basic-wish"))
	g.settle()
	if !g.offered(1, place("basic-wish")) {
		t.Fatal("may join one other player's person")
	}
	g.do(1, place("basic-wish"))
	g.settle()
	if g.Seats[1].People != 3 {
		t.Fatal("grew")
	}
	// Its own person already there: no.
	h := newGame(t, 2)
	h.onBoard("basic-wish")
	h.has(0, "A026")
	h.Seats[0].Yard.Rooms |= cells(1, 2)
	h.SpaceByID("basic-wish").People = []seat{0}
	if ag.CardByID("A026").Join(h.State, 0, "basic-wish") {
		t.Fatal("not on its own person")
	}
	h.SpaceByID("basic-wish").People = []seat{1, 1}
	if ag.CardByID("A026").Join(h.State, 0, "basic-wish") {
		t.Fatal("not with 2 others")
	}
}

func TestA083ShepherdsCrook(t *testing.T) {
	g := newGame(t, 2)
	g.onBoard("fencing")
	g.has(0, "A083")
	g.give(0, one(ag.Wood, 15))
	g.do(0, place("fencing"))
	g.do(0, fenceAct(farmyard.Boundary(cells(1, 2, 3, 4)), 0))
	if g.Seats[0].Goods[ag.Sheep] != 2 {
		t.Fatal("a new 4-space pasture: 2 sheep")
	}
	// Subdividing it makes no new pasture.
	g.Seats[0].Goods[ag.Sheep] = 0
	g.endWork()
	g.turnTo(0)
	g.do(0, place("fencing"))
	g.do(0, fenceAct(farmyard.FencesOf(farmyard.Between(2, 3)), 0))
	if g.Seats[0].Goods[ag.Sheep] != 0 {
		t.Fatal("subdivided: nothing")
	}
	// A 3-space pasture: nothing.
	h := newGame(t, 2)
	h.onBoard("fencing")
	h.has(0, "A083")
	h.give(0, one(ag.Wood, 15))
	h.do(0, place("fencing"))
	h.do(0, fenceAct(farmyard.Boundary(cells(1, 2, 3)), 0))
	if h.Seats[0].Goods[ag.Sheep] != 0 {
		t.Fatal("3 spaces: nothing")
	}
}

func TestB002MiniPasture(t *testing.T) {
	g := newGame(t, 2)
	g.Seats[0].Yard.Fences = farmyard.Boundary(cells(1))
	g.give(0, one(ag.Food, 0))
	g.play(0, "B002")
	if f := g.top(); f == nil || f.Kind != ag.FrameCard || f.Via != "B002" {
		t.Fatalf("which space? (%+v)", g.Stack)
	}
	// Next to the pasture only, and never a room.
	g.refuse(0, ag.Action{Name: ag.ActCard, Card: "B002", Cell: 5})
	g.refuse(0, ag.Action{Name: ag.ActCard, Card: "B002", Cell: 6})
	wood := g.Seats[0].Goods[ag.Wood]
	g.do(0, ag.Action{Name: ag.ActCard, Card: "B002", Cell: 2})
	if ps := g.Seats[0].Yard.Pastures(); len(ps) != 2 || g.Seats[0].Goods[ag.Wood] != wood || g.top() != nil {
		t.Fatalf("a second pasture, no wood paid (%d pastures)", len(ps))
	}
	travels(t, g, "B002")
}

func TestA071ClearingSpade(t *testing.T) {
	g := newGame(t, 2)
	p := &g.Seats[0]
	p.Yard.Fields = cells(1, 2, 3)
	p.Crops[0] = ag.Crop{Kind: ag.Grain, N: 3}
	p.Crops[1] = ag.Crop{Kind: ag.Vegetable, N: 1}
	g.give(0, one(ag.Wood, 1))
	g.play(0, "A071")
	g.endWork()
	move := ag.Action{Name: ag.ActCard, Card: "A071", Cell: 1, N: 3}
	if !g.offered(0, move) || g.offered(0, ag.Action{Name: ag.ActCard, Card: "A071", Cell: 2, N: 3}) {
		t.Fatalf("from a field of 2 or more only: %v", g.Options(0))
	}
	g.refuse(0, ag.Action{Name: ag.ActCard, Card: "A071", Cell: 1, N: 2}) // not onto a sown field
	g.do(0, move)
	if c := g.Seats[0].Crops; c[0].N != 2 || c[2] != (ag.Crop{Kind: ag.Grain, N: 1}) {
		t.Fatalf("crops %v", c[:3])
	}
	g.refuse(1, ag.Action{Name: ag.ActCard, Card: "A071", Cell: 1, N: 3}) // not its owner
}

func TestA092AdoptiveParents(t *testing.T) {
	g := newGame(t, 2)
	g.onBoard("basic-wish")
	g.Seats[0].Yard.Rooms |= cells(1, 2)
	g.Seats[0].People = 3
	g.play(0, "A092")
	adopt := cardAct("A092", 1)
	if g.offered(0, adopt) {
		t.Fatal("no newborn")
	}
	g.do(1, place(forest))
	g.do(0, place("basic-wish"))
	g.settle()
	g.do(1, place(clayPit))
	if g.Available(0) != 1 || !g.offered(0, adopt) {
		t.Fatalf("available %d, options %v", g.Available(0), g.Options(0))
	}
	g.refuse(1, adopt)
	food := g.Seats[0].Goods[ag.Food]
	g.do(0, adopt)
	if g.Available(0) != 2 || g.Seats[0].Newborns != 0 || g.Seats[0].Goods[ag.Food] != food-1 || g.FoodNeeded(0) != 8 {
		t.Fatalf("acts this round and eats 2: available %d need %d", g.Available(0), g.FoodNeeded(0))
	}
	g.do(0, place(fishing))
	if g.offered(0, adopt) {
		t.Fatal("no newborn left")
	}
}

func TestA102Grocer(t *testing.T) {
	g := newGame(t, 2)
	g.give(0, one(ag.Food, 10))
	g.play(0, "A102")
	g.endWork()
	buy := cardAct("A102", 1)
	var got []ag.Good
	for i := 0; i < 8; i++ {
		before := g.Seats[0].Goods
		g.do(0, buy)
		d := g.Seats[0].Goods.Minus(before)
		if d[ag.Food] != -1 {
			t.Fatal("1 food each")
		}
		for gd := ag.Wood; gd < ag.NumGoods; gd++ {
			if d[gd] == 1 {
				got = append(got, gd)
			}
		}
	}
	want := []ag.Good{ag.Wood, ag.Grain, ag.Reed, ag.Stone, ag.Vegetable, ag.Clay, ag.Reed, ag.Vegetable}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("order %v", got)
		}
	}
	g.refuse(0, buy) // sold out
}

func TestB104SheepWalker(t *testing.T) {
	g := newGame(t, 2)
	g.play(0, "B104")
	g.give(0, one(ag.Sheep, 1))
	g.endWork()
	for _, id := range []string{"B104:boar", "B104:vegetable", "B104:stone"} {
		if !g.offered(0, ag.Action{Name: ag.ActConvert, Card: id}) {
			t.Fatalf("%s offered: %v", id, g.Options(0))
		}
	}
	g.do(0, ag.Action{Name: ag.ActConvert, Card: "B104:stone"})
	if p := g.Seats[0].Goods; p[ag.Sheep] != 0 || p[ag.Stone] != 1 {
		t.Fatalf("goods %v", p)
	}
	g.refuse(0, ag.Action{Name: ag.ActConvert, Card: "B104:boar"}) // no sheep left
}

func TestB080HardPorcelain(t *testing.T) {
	g := newGame(t, 2)
	g.give(0, one(ag.Clay, 1))
	g.play(0, "B080")
	g.give(0, one(ag.Clay, 4))
	g.endWork()
	g.do(0, ag.Action{Name: ag.ActConvert, Card: "B080:4"})
	if p := g.Seats[0].Goods; p[ag.Clay] != 0 || p[ag.Stone] != 3 {
		t.Fatalf("4 clay → 3 stone: %v", p)
	}
	g.refuse(0, ag.Action{Name: ag.ActConvert, Card: "B080:2"})
}

func TestB024Lasso(t *testing.T) {
	g := newGame(t, 2, sheepMarket)
	g.give(0, one(ag.Reed, 1))
	g.play(0, "B024")
	g.endWork()
	// Round 2: seat 0 starts (Meeting Place) at the Sheep Market.
	g.do(0, place(sheepMarket))
	g.do(0, ag.Action{Name: ag.ActKeep, Sheep: 1})
	if f := g.top(); f == nil || f.Via != "B024" {
		t.Fatalf("place the next person now? (%+v)", g.Stack)
	}
	g.do(0, cardAct("B024", 1))
	if g.Decider() != 0 {
		t.Fatal("seat 0 places again at once")
	}
	g.do(0, place(forest))
	if g.Decider() != 1 {
		t.Fatal("then the next player")
	}
	// Once a round; and not after another space.
	g.endWork()
	g.do(0, place(forest))
	if g.top() != nil || g.Decider() != 1 {
		t.Fatal("Forest first: nothing")
	}
}
