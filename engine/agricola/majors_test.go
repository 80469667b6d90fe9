package agricola

import (
	"testing"
)

// majorGame is a game at seat 0's turn on the Major Improvement space.
func majorGame(t *testing.T, g Goods) *State {
	s := newGame(t, 2, "major-improvement")
	give(s, 0, g)
	do(t, s, 0, place("major-improvement"))
	return s
}

// The costs and points of the 10 majors (fact sheet §9).
func TestMajorFacts(t *testing.T) {
	s := newGame(t, 2)
	want := map[string]struct {
		cost Goods
		vp   int
	}{
		Fireplace1: {One(Clay, 2), 1}, Fireplace2: {One(Clay, 3), 1},
		CookingHearth1: {One(Clay, 4), 1}, CookingHearth2: {One(Clay, 5), 1},
		Well: {One(Wood, 1).With(Stone, 3), 4}, ClayOven: {One(Clay, 3).With(Stone, 1), 2},
		StoneOven: {One(Clay, 1).With(Stone, 3), 3}, Joinery: {One(Wood, 2).With(Stone, 2), 2},
		Pottery: {One(Clay, 2).With(Stone, 2), 2}, BasketmakersWsh: {One(Reed, 2).With(Stone, 2), 2},
	}
	for _, id := range Majors {
		got := s.Cost(0, Purchase{What: OpMajor, Card: id})
		if len(got) != 1 || got[0].Goods != want[id].cost || CardByID(id).VP != want[id].vp {
			t.Errorf("%s: cost %v vp %d", describeCard(id), got, CardByID(id).VP)
		}
	}
}

// A major improvement: one only, paid, in front of the player and off the
// board; the Major Improvement space needs one affordable.
func TestBuildMajor(t *testing.T) {
	s := majorGame(t, One(Clay, 5))
	refuse(t, s, 0, major(Well))
	refuse(t, s, 0, done()) // the space needs an improvement
	do(t, s, 0, major(CookingHearth2))
	if !s.Has(0, CookingHearth2) || s.Seats[0].Goods[Clay] != 0 || s.MajorOwner(CookingHearth2) != 0 || s.Decider() != 1 {
		t.Fatal("hearth built")
	}
	if s.Score(0).Cards != 1 {
		t.Fatal("1 VP")
	}
	s2 := newGame(t, 2, "major-improvement")
	refuse(t, s2, 0, place("major-improvement")) // nothing affordable
}

// The Cooking Hearth may be paid by returning a Fireplace, which goes back
// to the board and can be built again.
func TestHearthForFireplace(t *testing.T) {
	s := newGame(t, 2, "major-improvement")
	s.Seats[0].Cards = []string{Fireplace2}
	do(t, s, 0, place("major-improvement"))
	opts := s.Options(0)
	ret := Action{Name: ActMajor, Card: CookingHearth1, Pay: 1}
	if !hasAction(s, 0, ret) || hasAction(s, 0, major(CookingHearth1)) {
		t.Fatalf("options %v", opts)
	}
	do(t, s, 0, ret)
	if s.Has(0, Fireplace2) || !s.Has(0, CookingHearth1) || s.MajorOwner(Fireplace2) != -1 {
		t.Fatal("fireplace returned")
	}
	if got := s.Cost(1, Purchase{What: OpMajor, Card: CookingHearth2}); len(got) != 1 {
		t.Fatalf("without a fireplace one price: %v", got)
	}
}

// The Well puts 1 food on each of the next 5 round spaces, collected at
// the start of those rounds; none beyond round 14.
func TestWell(t *testing.T) {
	s := majorGame(t, One(Wood, 1).With(Stone, 3))
	do(t, s, 0, major(Well))
	for r := 2; r <= 6; r++ {
		if d := s.Rounds[r].Goods; len(d) != 1 || d[0].Seat != 0 || d[0].Goods != One(Food, 1) || d[0].Via != Well {
			t.Fatalf("round %d goods %v", r, d)
		}
	}
	if len(s.Rounds[7].Goods) != 0 {
		t.Fatal("6th round space")
	}
	food := s.Seats[0].Goods[Food]
	do(t, s, 1, place("day-laborer"))
	do(t, s, 0, place("fishing"))
	do(t, s, 1, place("grain-seeds"))
	if s.Round != 2 || s.Seats[0].Goods[Food] != food+1+1 || len(s.Rounds[2].Goods) != 0 {
		t.Fatalf("round 2: food %d (was %d)", s.Seats[0].Goods[Food], food)
	}
	v := s.ViewOf(1)
	if len(v.Rounds[2].Goods) != 1 || v.Rounds[2].Goods[0].Via != Well {
		t.Fatal("view shows the food on round 3")
	}
	// Built in round 12: rounds 13 and 14 only.
	s.Round = 12
	s.Seats[1].Cards = nil
	s.Schedule(1, 15, One(Food, 1), Well)
	if len(s.Rounds) != 15 || s.Rounds[14].Goods != nil {
		t.Fatal("nothing beyond round 14")
	}
}

// Ovens: a bake action when built; Clay Oven 1 grain → 5, Stone Oven up to
// 2 grain → 4 each; with a Cooking Hearth the first grain 5, the rest 3.
func TestOvens(t *testing.T) {
	s := majorGame(t, One(Clay, 3).With(Stone, 1).With(Grain, 3))
	do(t, s, 0, major(ClayOven))
	if s.top().Kind != FrameMenu || s.top().Ops != OpBake || !hasAction(s, 0, bakeN(1)) || hasAction(s, 0, bakeN(2)) {
		t.Fatalf("bake after building: %v", s.Options(0))
	}
	do(t, s, 0, bakeN(1))
	if g := s.Seats[0].Goods; g[Food] != 2+5 || g[Grain] != 2 {
		t.Fatalf("clay oven: %v", g)
	}
	s.Seats[0].Cards = append(s.Seats[0].Cards, CookingHearth1)
	if got := s.BakeFood(0, 3); got != 5+3+3 {
		t.Fatalf("clay oven + hearth, 3 grain: %d", got)
	}
	s.Seats[0].Cards = []string{StoneOven}
	if s.bakeCapacity(0) != 2 || s.BakeFood(0, 2) != 8 {
		t.Fatal("stone oven")
	}
	s.Seats[0].Cards = []string{StoneOven, ClayOven, Fireplace1}
	if s.bakeCapacity(0) != -1 || s.BakeFood(0, 4) != 5+4+4+2 {
		t.Fatalf("all three: %d", s.BakeFood(0, 4))
	}
	// The oven's bake is optional.
	s2 := majorGame(t, One(Clay, 1).With(Stone, 3).With(Grain, 1))
	do(t, s2, 0, major(StoneOven))
	do(t, s2, 0, done())
	if s2.Seats[0].Goods[Grain] != 1 || s2.Decider() != 1 {
		t.Fatal("declined bake")
	}
}

// Craft buildings at scoring: bonus by material left, which stays.
func TestCraftScoring(t *testing.T) {
	s := newGame(t, 2)
	p := &s.Seats[0]
	p.Cards = []string{Joinery, Pottery, BasketmakersWsh}
	for _, c := range []struct {
		wood, clay, reed, bonus int
	}{
		{2, 2, 1, 0}, {3, 3, 2, 3}, {4, 4, 3, 3}, {5, 5, 4, 6}, {6, 6, 5, 7}, {7, 7, 5, 9}, {9, 9, 9, 9},
	} {
		p.Goods[Wood], p.Goods[Clay], p.Goods[Reed] = c.wood, c.clay, c.reed
		if got := s.Score(0).Bonus; got != c.bonus {
			t.Errorf("%d wood %d clay %d reed: bonus %d, want %d", c.wood, c.clay, c.reed, got, c.bonus)
		}
	}
	if p.Goods[Wood] != 9 {
		t.Fatal("scoring spends nothing")
	}
}
