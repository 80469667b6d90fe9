package cards

import (
	"slices"
	"testing"

	ag "tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// prices is every way seat 0 may pay for p now.
func (g *game) prices(p ag.Purchase) []goods {
	var out []goods
	for _, pr := range g.Cost(0, p) {
		out = append(out, pr.Goods)
	}
	return out
}

var (
	aRoom      = ag.Purchase{What: ag.OpRoom, Via: "farm-expansion"}
	aRenovate  = ag.Purchase{What: ag.OpRenovate, Via: "house-redevelopment"}
	aWell      = ag.Purchase{What: ag.OpMajor, Via: "major-improvement", Card: ag.Well}
	fourFences = ag.Purchase{What: ag.OpFences, Via: "fencing", N: 4}
)

func TestA016RammedClay(t *testing.T) {
	g := newGame(t, 2)
	g.play(0, "A016")
	if g.Seats[0].Goods[ag.Clay] != 1 {
		t.Fatal("1 clay when played")
	}
	got := g.prices(ag.Purchase{What: ag.OpFences, Via: "fencing", N: 2})
	want := []goods{one(ag.Wood, 2), one(ag.Wood, 1).With(ag.Clay, 1), one(ag.Clay, 2)}
	if !slices.Equal(got, want) {
		t.Fatalf("2 fences: %v", got)
	}
	// With Hedge Keeper (3 free fences), 4 fences: 1 wood or 1 clay.
	g.has(0, "A088")
	if got := g.prices(fourFences); !slices.Equal(got, []goods{one(ag.Wood, 1), one(ag.Clay, 1)}) {
		t.Fatalf("with Hedge Keeper: %v", got)
	}
	// Paid mixed in one action.
	g.Seats[0].Cards = []string{"A016"}
	g.onBoard("fencing")
	g.give(0, one(ag.Clay, 2))
	g.Seats[0].Goods[ag.Wood] = 2
	g.do(1, place(forest))
	g.do(0, place("fencing"))
	g.do(0, fenceAct(farmyard.Boundary(cells(1)), 2)) // price 3: 2 wood 2 clay
	if p := g.Seats[0].Goods; p[ag.Wood] != 0 || p[ag.Clay] != 1 {
		t.Fatalf("paid %v", p)
	}
}

func TestA088HedgeKeeper(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "A088")
	if got := g.prices(fourFences); !slices.Equal(got, []goods{one(ag.Wood, 1)}) {
		t.Fatalf("4 fences: %v", got)
	}
	if got := g.prices(ag.Purchase{What: ag.OpFences, Via: "fencing", N: 3}); !slices.Equal(got, []goods{{}}) {
		t.Fatalf("3 fences: %v", got)
	}
	// Not a Build Fences action (a card's own fencing): full price.
	if got := g.prices(ag.Purchase{What: ag.OpFences, Via: "B002", N: 4}); !slices.Equal(got, []goods{one(ag.Wood, 4)}) {
		t.Fatalf("not an action space: %v", got)
	}
	if got := g.Cost(1, fourFences); got[0].Goods != one(ag.Wood, 4) {
		t.Fatal("only its owner")
	}
}

func TestA087Conservator(t *testing.T) {
	g := newGame(t, 2)
	g.onBoard("house-redevelopment")
	g.has(0, "A087")
	pr := g.Cost(0, aRenovate)
	if len(pr) != 2 || pr[1].Goods != one(ag.Stone, 2).With(ag.Reed, 1) || pr[1].To != ag.Stone {
		t.Fatalf("straight to stone: %+v", pr)
	}
	g.give(0, one(ag.Stone, 2).With(ag.Reed, 1).With(ag.Clay, 2))
	g.do(0, place("house-redevelopment"))
	g.do(0, renovate(1))
	if g.Seats[0].House != ag.Stone {
		t.Fatal("stone house")
	}
	g.Seats[0].House = ag.Clay
	if len(g.Cost(0, aRenovate)) != 1 {
		t.Fatal("from clay: the usual step only")
	}
}

func TestB013CarpentersParlor(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "B013")
	if got := g.prices(aRoom); !slices.Equal(got, []goods{one(ag.Wood, 2).With(ag.Reed, 2)}) {
		t.Fatalf("wooden room: %v", got)
	}
	// With Carpenter (3 + 2) the cheaper price stays.
	g.has(0, "B126")
	if got := g.prices(aRoom); !slices.Equal(got, []goods{one(ag.Wood, 2).With(ag.Reed, 2)}) {
		t.Fatalf("with Carpenter: %v", got)
	}
	g.Seats[0].House = ag.Clay
	if got := g.prices(aRoom); !slices.Equal(got, []goods{one(ag.Clay, 3).With(ag.Reed, 2)}) {
		t.Fatalf("clay room: Carpenter's price only: %v", got)
	}
}

func TestB126Carpenter(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "B126")
	g.Seats[0].House = ag.Clay
	if got := g.prices(aRoom); !slices.Equal(got, []goods{one(ag.Clay, 3).With(ag.Reed, 2)}) {
		t.Fatalf("clay room: %v", got)
	}
	// Stacks with Stonecutter (−1 stone), whatever their order in play.
	g.Seats[0].House = ag.Stone
	g.Seats[0].Cards = []string{"B126", "A143"}
	if got := g.prices(aRoom); !slices.Equal(got, []goods{one(ag.Stone, 2).With(ag.Reed, 2)}) {
		t.Fatalf("stone room with Stonecutter: %v", got)
	}
	// The room is built at that price.
	g.give(0, one(ag.Stone, 2).With(ag.Reed, 2))
	g.do(0, place("farm-expansion"))
	g.do(0, room(1, 0))
	if p := g.Seats[0].Goods; p[ag.Stone] != 0 || p[ag.Reed] != 0 {
		t.Fatalf("paid %v", p)
	}
}

func TestB145BrushwoodCollector(t *testing.T) {
	g := newGame(t, 3)
	g.has(0, "B145")
	if got := g.prices(aRoom); !slices.Equal(got, []goods{one(ag.Wood, 5).With(ag.Reed, 2), one(ag.Wood, 6)}) {
		t.Fatalf("room: %v", got)
	}
	if got := g.prices(aRenovate); !slices.Equal(got, []goods{one(ag.Clay, 2).With(ag.Reed, 1), one(ag.Clay, 2).With(ag.Wood, 1)}) {
		t.Fatalf("renovation: %v", got)
	}
	if got := g.prices(aWell); len(got) != 1 {
		t.Fatal("improvements: unchanged")
	}
}

func TestA123FrameBuilder(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "A123")
	g.Seats[0].House = ag.Clay
	if got := g.prices(aRoom); !slices.Equal(got, []goods{one(ag.Clay, 5).With(ag.Reed, 2), one(ag.Clay, 3).With(ag.Wood, 1).With(ag.Reed, 2)}) {
		t.Fatalf("clay room: %v", got)
	}
	// Once per room: never 2 wood for 4 clay. With Brushwood Collector
	// (which replaces the reed), four ways.
	g.has(0, "B145")
	got := g.prices(aRoom)
	if len(got) != 4 || !slices.Contains(got, one(ag.Clay, 3).With(ag.Wood, 2)) {
		t.Fatalf("with Brushwood Collector: %v", got)
	}
	// A wooden house: no clay or stone to replace.
	g.Seats[0].House = ag.Wood
	g.Seats[0].Cards = []string{"A123"}
	if len(g.prices(aRoom)) != 1 {
		t.Fatal("wooden room unchanged")
	}
}

func TestA143Stonecutter(t *testing.T) {
	g := newGame(t, 3)
	g.has(0, "A143")
	if got := g.prices(aWell); !slices.Equal(got, []goods{one(ag.Wood, 1).With(ag.Stone, 2)}) {
		t.Fatalf("Well: %v", got)
	}
	g.Seats[0].House = ag.Clay
	if got := g.prices(aRenovate); !slices.Equal(got, []goods{one(ag.Stone, 1).With(ag.Reed, 1)}) {
		t.Fatalf("renovation to stone: %v", got)
	}
	// Stacks with Master Bricklayer: 4 rooms → Well for 1 wood.
	g.has(0, "B095")
	g.Seats[0].Yard.Rooms |= cells(1, 7)
	if got := g.prices(aWell); !slices.Equal(got, []goods{one(ag.Wood, 1)}) {
		t.Fatalf("with Master Bricklayer: %v", got)
	}
	if got := g.Cost(1, aWell); got[0].Goods != one(ag.Wood, 1).With(ag.Stone, 3) {
		t.Fatal("only its owner")
	}
}

func TestA075LumberMill(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "A086", "A087", "A088", "A090")
	if g.meets(0, "A075") {
		t.Fatal("4 occupations: too many")
	}
	g = newGame(t, 2)
	g.give(0, one(ag.Stone, 2))
	g.play(0, "A075")
	if got := g.prices(ag.Purchase{What: ag.OpMajor, Card: ag.Joinery}); !slices.Equal(got, []goods{one(ag.Wood, 1).With(ag.Stone, 2)}) {
		t.Fatalf("Joinery: %v", got)
	}
	if got := g.prices(ag.Purchase{What: ag.OpMinor, Card: "A055"}); !slices.Equal(got, []goods{one(ag.Clay, 1)}) {
		t.Fatalf("Junk Room: %v", got)
	}
	if g.Score(0).Cards != 2 {
		t.Fatal("2 points")
	}
}

func TestB095MasterBricklayer(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "B095")
	if got := g.prices(aWell); got[0] != one(ag.Wood, 1).With(ag.Stone, 3) {
		t.Fatal("2 rooms (the start): nothing off")
	}
	g.Seats[0].Yard.Rooms |= cells(1)
	if got := g.prices(aWell); got[0] != one(ag.Wood, 1).With(ag.Stone, 2) {
		t.Fatal("3 rooms: 1 stone off")
	}
	if got := g.prices(ag.Purchase{What: ag.OpRoom}); got[0] != one(ag.Wood, 5).With(ag.Reed, 2) {
		t.Fatal("majors only")
	}
}

func TestB033Mantlepiece(t *testing.T) {
	g := newGame(t, 2)
	g.give(0, one(ag.Stone, 1))
	if g.meets(0, "B033") {
		t.Fatal("wooden house")
	}
	g.toRound(4)
	g.turnTo(0)
	g.Seats[0].House = ag.Clay
	g.play(0, "B033")
	if sc := g.Score(0); sc.Bonus != 10 || sc.Cards != -3 {
		t.Fatalf("10 rounds left: %+v", sc)
	}
	if g.Cost(0, aRenovate) != nil {
		t.Fatal("may not renovate")
	}
	g.onBoard("house-redevelopment")
	g.give(0, one(ag.Stone, 5).With(ag.Reed, 5))
	g.turnTo(0)
	g.refuse(0, place("house-redevelopment"))
}

func TestB036Bottles(t *testing.T) {
	g := newGame(t, 2)
	if got := g.prices(ag.Purchase{What: ag.OpMinor, Card: "B036"}); got[0] != one(ag.Clay, 1).With(ag.Food, 2) {
		t.Fatalf("2 people: %v", got)
	}
	g.Seats[0].People, g.Seats[0].Newborns = 3, 1
	if got := g.prices(ag.Purchase{What: ag.OpMinor, Card: "B036"}); got[0] != one(ag.Clay, 1).With(ag.Food, 3) {
		t.Fatalf("a newborn counts: %v", got)
	}
	g.Seats[0].People, g.Seats[0].Newborns = 2, 0
	g.give(0, one(ag.Clay, 1))
	g.play(0, "B036")
	if p := g.Seats[0].Goods; p[ag.Clay] != 0 || p[ag.Food] != 0 || g.Score(0).Cards != 4 {
		t.Fatalf("paid %v", p)
	}
}

func TestB016MiningHammer(t *testing.T) {
	g := newGame(t, 2)
	g.onBoard("house-redevelopment")
	g.give(0, one(ag.Wood, 1))
	g.play(0, "B016")
	if g.Seats[0].Goods[ag.Food] != 2+1 {
		t.Fatal("1 food when played")
	}
	g.do(1, place(forest))
	g.give(0, one(ag.Clay, 2).With(ag.Reed, 1))
	g.do(0, place("house-redevelopment"))
	if f := g.top(); f == nil || f.Via != "B016" {
		t.Fatalf("a free stable after renovating (%+v)", g.Stack)
	}
	g.do(0, stableAt(3))
	if !g.Seats[0].Yard.Stables.Has(3) || g.Seats[0].Goods[ag.Wood] != 0 {
		t.Fatal("built for nothing")
	}
}
