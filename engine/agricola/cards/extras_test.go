package cards

import (
	"testing"

	ag "tabula/engine/agricola"
)

// bakeOffered reports whether a bake menu of via waits for seat 0.
func (g *game) bakeOffered() bool {
	f := g.top()
	return f != nil && f.Kind == ag.FrameMenu && f.Ops&ag.OpBake != 0 && g.Decider() == 0
}

func TestA024ThreshingBoard(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "A086", "A087", "M01")
	g.give(0, one(ag.Wood, 1).With(ag.Grain, 2))
	g.play(0, "A024")
	if g.Score(0).Cards != 1+1 {
		t.Fatal("1 point (and the Fireplace's)")
	}
	g.do(1, place(grainSeeds))
	g.do(0, place(farmland))
	g.do(0, plow(1))
	if !g.bakeOffered() {
		t.Fatalf("Farmland: a bake action (%+v)", g.Stack)
	}
	food := g.Seats[0].Goods[ag.Food]
	g.do(0, bake(2))
	if g.Seats[0].Goods[ag.Food] != food+4 {
		t.Fatal("baked 2 grain on the Fireplace")
	}
	// Not at Grain Seeds; needs 2 occupations.
	h := newGame(t, 2)
	h.has(0, "A024", "M01")
	h.give(0, one(ag.Grain, 1))
	h.do(0, place(grainSeeds))
	if h.top() != nil {
		t.Fatal("Grain Seeds: no bake")
	}
	if newGame(t, 2).meets(0, "A024") {
		t.Fatal("needs 2 occupations")
	}
}

func TestB108OvenFiringBoy(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "B108", "M06")
	g.give(0, one(ag.Grain, 1))
	g.do(0, place(forest))
	if !g.bakeOffered() {
		t.Fatal("Forest: a bake action")
	}
	g.do(0, bake(1))
	if g.Seats[0].Goods[ag.Food] != 2+5 {
		t.Fatal("Clay Oven: 5 food")
	}
	g.do(1, place(clayPit))
	g.do(0, place(reedBank))
	if g.top() != nil {
		t.Fatal("Reed Bank: no bake")
	}
}

func TestB025BreadPaddle(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "M01")
	g.give(0, one(ag.Wood, 1).With(ag.Grain, 1))
	g.play(0, "B025")
	if g.Seats[0].Goods[ag.Food] != 2+1 {
		t.Fatal("1 food when played")
	}
	g.do(1, place(forest))
	g.play(0, "A125") // an occupation: then a bake action
	if !g.bakeOffered() {
		t.Fatalf("bake after the occupation (%+v)", g.Stack)
	}
	g.do(0, bake(1))
	if g.Seats[0].Goods[ag.Food] != 2+1+2 {
		t.Fatalf("food %d", g.Seats[0].Goods[ag.Food])
	}
}

func TestA063DutchWindmill(t *testing.T) {
	g := newGame(t, 2, grainUtilization)
	g.has(0, "A063", "M01")
	g.toRound(5)
	g.turnTo(0)
	g.give(0, one(ag.Grain, 2))
	food := g.Seats[0].Goods[ag.Food]
	g.do(0, place(grainUtilization))
	g.do(0, bake(1))
	if g.Seats[0].Goods[ag.Food] != food+2+3 {
		t.Fatalf("round 5 (after a harvest): 2 + 3 food, got %d", g.Seats[0].Goods[ag.Food]-food)
	}
	g.toRound(6)
	g.turnTo(0)
	food = g.Seats[0].Goods[ag.Food]
	g.do(0, place(grainUtilization))
	g.do(0, bake(1))
	if g.Seats[0].Goods[ag.Food] != food+2 {
		t.Fatal("round 6: no bonus")
	}
}

func TestA055JunkRoom(t *testing.T) {
	g := newGame(t, 2)
	g.give(0, one(ag.Wood, 1).With(ag.Clay, 3))
	g.play(0, "A055")
	if g.Seats[0].Goods[ag.Food] != 2+1 {
		t.Fatal("itself included: 1 food")
	}
	g.onBoard("major-improvement")
	g.do(1, place(forest))
	g.do(0, place("major-improvement"))
	g.do(0, ag.Action{Name: ag.ActMajor, Card: ag.Fireplace1})
	if g.Seats[0].Goods[ag.Food] != 2+2 {
		t.Fatal("a major: 1 food")
	}
}

func TestA019Handplow(t *testing.T) {
	g := newGame(t, 2)
	g.give(0, one(ag.Wood, 1))
	g.play(0, "A019")
	if len(g.Rounds[6].Goods) != 1 || g.Rounds[6].Goods[0].Via != "A019" {
		t.Fatalf("a field tile on round 6: %+v", g.Rounds[6])
	}
	g.toRound(5)
	if g.Seats[0].Yard.Fields != 0 {
		t.Fatal("nothing before")
	}
	g.endWork()
	if f := g.top(); f == nil || f.Via != "A019" || f.Ops != ag.OpPlow {
		t.Fatalf("round 6 starts with the plow (%+v)", g.Stack)
	}
	g.do(0, plow(5))
	if !g.Seats[0].Yard.Fields.Has(5) || g.Round != 6 {
		t.Fatal("plowed at the start of round 6")
	}
}

func TestB019MoldboardPlow(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "A086")
	g.give(0, one(ag.Wood, 2))
	g.play(0, "B019")
	for use := 1; use <= 3; use++ {
		g.turnTo(0)
		fields := g.Seats[0].Yard.Fields.Len()
		g.do(0, place(farmland))
		g.do(0, plow(g.Targets(0, ag.OpPlow).First()))
		if use <= 2 {
			if f := g.top(); f == nil || f.Via != "B019" {
				t.Fatalf("use %d: a second plow (%+v)", use, g.Stack)
			}
			g.do(0, plow(g.Targets(0, ag.OpPlow).First()))
		}
		want := fields + 2
		if use == 3 {
			want = fields + 1 // both tiles used
		}
		if g.Seats[0].Yard.Fields.Len() != want || g.top() != nil {
			t.Fatalf("use %d: %d fields", use, g.Seats[0].Yard.Fields.Len())
		}
		g.endWork()
	}
}

func TestB087Cottager(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "B087")
	g.give(0, one(ag.Wood, 5).With(ag.Reed, 2))
	g.do(0, place(dayLaborer))
	if f := g.top(); f == nil || f.Ops != ag.OpRoom|ag.OpRenovate || !f.One {
		t.Fatalf("a room or a renovation (%+v)", g.Stack)
	}
	g.do(0, room(1, 0))
	if !g.Seats[0].Yard.Rooms.Has(1) || g.top() != nil || g.Seats[0].Goods[ag.Food] != 2+2 {
		t.Fatal("exactly one room, after the 2 food")
	}
}

func TestB091AssistantTiller(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "B091")
	g.do(0, place(dayLaborer))
	g.do(0, plow(1))
	if !g.Seats[0].Yard.Fields.Has(1) || g.top() != nil {
		t.Fatal("one field")
	}
	g.do(1, place(fishing))
	g.do(0, place(forest))
	if g.top() != nil {
		t.Fatal("only at Day Laborer")
	}
}

func TestA110Roughcaster(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "A110")
	g.onBoard("house-redevelopment")
	g.give(0, one(ag.Clay, 2).With(ag.Reed, 1))
	food := g.Seats[0].Goods[ag.Food]
	g.do(0, place("house-redevelopment")) // wood → clay: nothing
	if g.Seats[0].House != ag.Clay || g.Seats[0].Goods[ag.Food] != food {
		t.Fatal("renovating to clay gives nothing")
	}
	g.do(1, place(forest))
	g.give(0, one(ag.Clay, 5).With(ag.Reed, 2))
	g.do(0, place("farm-expansion"))
	g.do(0, room(1, 0))
	if g.Seats[0].Goods[ag.Food] != food+3 {
		t.Fatal("a clay room: 3 food")
	}
	g.endWork()
	g.give(0, one(ag.Stone, 3).With(ag.Reed, 1))
	food = g.Seats[0].Goods[ag.Food]
	g.do(0, place("house-redevelopment"))
	g.settle()
	if g.Seats[0].House != ag.Stone || g.Seats[0].Goods[ag.Food] != food+3 {
		t.Fatal("clay → stone: 3 food")
	}
}

func TestB109PaperMaker(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "A086", "A087", "B109")
	g.give(0, one(ag.Wood, 1).With(ag.Food, 5))
	food := g.Seats[0].Goods[ag.Food]
	g.play(0, "A125")
	if f := g.top(); f == nil || f.Via != "B109" {
		t.Fatalf("offered (%+v)", g.Stack)
	}
	g.do(0, pick(1))
	// Lessons: the 4th occupation costs 1 food; 3 in front before it.
	if p := g.Seats[0].Goods; p[ag.Wood] != 0 || p[ag.Food] != food-1+3 {
		t.Fatalf("goods %v", p)
	}
}

func TestB163Pastor(t *testing.T) {
	g := newGame(t, 4)
	g.Seats[1].Yard.Rooms |= cells(1)
	g.Seats[2].Yard.Rooms |= cells(1)
	g.play(0, "B163") // seat 3 still has 2 rooms
	if g.Seats[0].Goods[ag.Wood] != 0 {
		t.Fatal("another 2-room house: nothing yet")
	}
	g.turnTo(3)
	g.give(3, one(ag.Wood, 5).With(ag.Reed, 2))
	g.do(3, place("farm-expansion"))
	g.do(3, room(1, 0))
	want := one(ag.Wood, 3).With(ag.Clay, 2).With(ag.Reed, 1).With(ag.Stone, 1)
	if got := g.Seats[0].Goods; got[ag.Wood] != 3 || got[ag.Clay] != 2 || got[ag.Reed] != 1 || got[ag.Stone] != 1 {
		t.Fatalf("now the only one: %v, want %v", got, want)
	}
	g.Seats[3].Yard.Rooms &^= cells(1)
	g.Seats[3].Yard.Rooms |= cells(1) // once only
	g.settle()
	if g.Seats[0].Goods[ag.Wood] != 3 {
		t.Fatal("once")
	}
}

func TestA053Claypipe(t *testing.T) {
	g := newGame(t, 2)
	g.has(0, "A053")
	g.SpaceByID(forest).Goods = one(ag.Wood, 7)
	g.do(0, place(forest))
	food := g.Seats[0].Goods[ag.Food]
	g.endWork()
	if g.Seats[0].Goods[ag.Food] != food+2 {
		t.Fatal("7 building resources: 2 food")
	}
	g.SpaceByID(forest).Goods = one(ag.Wood, 6)
	g.turnTo(0)
	g.do(0, place(forest))
	food = g.Seats[0].Goods[ag.Food]
	g.endWork()
	if g.Seats[0].Goods[ag.Food] != food {
		t.Fatal("6: nothing")
	}
}
