package cards

import (
	"testing"

	ag "tabula/engine/agricola"
)

// nextRound ends the round and returns seat's goods at the start of the
// next one, before any decision the round start opened.
func (g *game) nextRound() {
	g.t.Helper()
	g.endWork()
}

func TestB057Scullery(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "B057")
	g.has(1, "B057x") // unknown ids are ignored
	food := g.Seats[0].Goods[ag.Food]
	g.nextRound()
	if g.Seats[0].Goods[ag.Food] != food+1 {
		t.Fatal("wooden house: 1 food")
	}
	g.Seats[0].House = ag.Clay
	g.nextRound()
	if g.Seats[0].Goods[ag.Food] != food+1 {
		t.Fatal("clay house: nothing")
	}
}

func TestB118SmallScaleFarmer(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "B118")
	g.nextRound()
	if g.Seats[0].Goods[ag.Wood] != 1 {
		t.Fatal("2 rooms: 1 wood")
	}
	g.Seats[0].Yard.Rooms |= cells(1)
	g.nextRound()
	if g.Seats[0].Goods[ag.Wood] != 1 {
		t.Fatal("3 rooms: nothing")
	}
}

func TestB114Childless(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "B114")
	g.nextRound()
	if g.top() != nil {
		t.Fatal("2 rooms: nothing")
	}
	g.Seats[0].Yard.Rooms |= cells(1)
	food := g.Seats[0].Goods[ag.Food]
	g.nextRound()
	if f := g.top(); f == nil || f.Kind != ag.FrameChoose || g.Decider() != 0 {
		t.Fatalf("3 rooms, 2 people: a choice (%+v)", g.Stack)
	}
	g.do(0, pick(1))
	if p := g.Seats[0].Goods; p[ag.Food] != food+1 || p[ag.Vegetable] != 1 {
		t.Fatalf("goods %v", p)
	}
	g.Seats[0].People = 3
	g.nextRound()
	if g.top() != nil {
		t.Fatal("3 people: nothing")
	}
}

func TestA090PlowDriver(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "A090")
	g.nextRound()
	if g.top() != nil {
		t.Fatal("wooden house: nothing")
	}
	g.Seats[0].House = ag.Stone
	food := g.Seats[0].Goods[ag.Food]
	g.nextRound()
	if f := g.top(); f == nil || f.Kind != ag.FrameChoose || f.Via != "A090" {
		t.Fatalf("stone house: pay 1 food to plow? %+v", g.Stack)
	}
	g.do(0, pick(1))
	g.do(0, plow(3))
	if g.Seats[0].Goods[ag.Food] != food-1 || !g.Seats[0].Yard.Fields.Has(3) {
		t.Fatal("paid and plowed")
	}
	g.Seats[0].Goods[ag.Food] = 0
	g.nextRound()
	if g.top() != nil {
		t.Fatal("no food: nothing asked")
	}
}

func TestB089Groom(t *testing.T) {
	g := newGame(t, 2)
	g.play(0, "B089")
	if g.Seats[0].Goods[ag.Wood] != 1 {
		t.Fatal("1 wood when played")
	}
	g.endWork()
	if g.top() != nil {
		t.Fatal("wooden house: nothing")
	}
	g.Seats[0].House = ag.Stone
	g.nextRound()
	if f := g.top(); f == nil || f.Kind != ag.FrameMenu || f.Via != "B089" {
		t.Fatalf("stone house: a stable for 1 wood (%+v)", g.Stack)
	}
	if pr := g.Cost(0, ag.Purchase{What: ag.OpStable, Via: "B089"}); len(pr) != 1 || pr[0].Goods != one(ag.Wood, 1) {
		t.Fatalf("price %v", pr)
	}
	if pr := g.Cost(0, ag.Purchase{What: ag.OpStable, Via: "farm-expansion"}); pr[0].Goods != one(ag.Wood, 2) {
		t.Fatal("other stables cost 2 wood")
	}
	wood := g.Seats[0].Goods[ag.Wood]
	g.do(0, stableAt(5))
	if g.Seats[0].Goods[ag.Wood] != wood-1 || g.top() != nil {
		t.Fatal("exactly 1 stable, 1 wood")
	}
}

func TestB097Scholar(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "B097")
	g.Seats[0].Hand = []string{"A086", "B008"}
	g.nextRound()
	if g.top() != nil {
		t.Fatal("wooden house: nothing")
	}
	g.Seats[0].House = ag.Stone
	g.nextRound()
	if f := g.top(); f == nil || f.Via != "B097" || !g.offered(0, ag.Action{Name: ag.ActOccupation, Card: "A086"}) {
		t.Fatalf("an occupation or a minor (%+v, %v)", g.Stack, g.Options(0))
	}
	if pr := g.Cost(0, ag.Purchase{What: ag.OpOccupation, Via: "B097", Card: "A086"}); pr[0].Goods != one(ag.Food, 1) {
		t.Fatalf("occupation for 1 food: %v", pr)
	}
	food := g.Seats[0].Goods[ag.Food]
	g.do(0, ag.Action{Name: ag.ActOccupation, Card: "A086"})
	g.do(0, pick(0)) // Animal Tamer's wood
	if g.Seats[0].Goods[ag.Food] != food-1 || !g.Has(0, "A086") || g.top() != nil {
		t.Fatalf("one card only (%+v)", g.Stack)
	}
}
