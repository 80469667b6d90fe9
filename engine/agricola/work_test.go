package agricola

import (
	"strings"
	"testing"

	"tabula/engine/agricola/farmyard"
)

// One person per space per round; turns go clockwise from the starting
// player; players without people left are skipped.
func TestOnePersonPerSpaceAndTurnOrder(t *testing.T) {
	s := newGame(t, 3)
	s.Seats[1].People = 3 // seat 1 has a third person
	do(t, s, 0, place("day-laborer"))
	if s.Decider() != 1 {
		t.Fatalf("after seat 0, seat %d", s.Decider())
	}
	refuse(t, s, 1, place("day-laborer"))
	refuse(t, s, 0, place("fishing")) // not seat 0's turn
	do(t, s, 1, place("fishing"))
	do(t, s, 2, place("grain-seeds"))
	do(t, s, 0, place("forest"))
	do(t, s, 1, place("clay-pit"))
	do(t, s, 2, place("reed-bank"))
	if s.Decider() != 1 {
		t.Fatalf("only seat 1 has a person left, decider %d", s.Decider())
	}
	do(t, s, 1, place("grove"))
	if s.Round != 2 || s.Decider() != 0 {
		t.Fatalf("round %d decider %d", s.Round, s.Decider())
	}
	if s.Seats[0].Goods[Food] != 2+2 || s.Seats[1].Goods[Food] != 3+1 || s.Seats[2].Goods[Grain] != 1 {
		t.Fatal("goods taken")
	}
	checkOK(t, s)
}

// A space is usable only if one of its actions can be carried out.
func TestSpaceUsableOnlyIfAnActionIsPossible(t *testing.T) {
	s := newGame(t, 2, "grain-utilization")
	onBoard(s, "fencing")
	for _, id := range []string{"farm-expansion", "grain-utilization"} {
		if err := refuse(t, s, 0, place(id)); !strings.Contains(err.Error(), "can be carried out") {
			t.Fatalf("%s: %v", id, err)
		}
	}
	give(s, 0, One(Wood, 2))
	do(t, s, 0, place("farm-expansion")) // a stable is possible
	if s.top().Kind != FrameMenu || !hasAction(s, 0, stable(1)) || hasAction(s, 0, done()) {
		t.Fatalf("Farm Expansion must build something first: %v", s.Options(0))
	}
	do(t, s, 0, stable(1))
	if s.Decider() != 1 {
		t.Fatal("after the only affordable build, the menu closes by itself")
	}
	// Farmland needs a cell to plow: fill the farm with stables and rooms.
	s.Seats[1].Yard.Rooms = farmyard.All &^ farmyard.Of(1, 2, 3, 4)
	s.Seats[1].Yard.Stables = farmyard.Of(1, 2, 3, 4)
	refuse(t, s, 1, place("farmland"))
	// Fencing needs wood for a valid pasture: seat 1 has none.
	s.Seats[1].Yard = farmyard.Start()
	refuse(t, s, 1, place("fencing"))
	give(s, 1, One(Wood, 3))
	refuse(t, s, 1, place("fencing")) // a lone cell needs 4 fences
	give(s, 1, One(Wood, 1))
	do(t, s, 1, place("fencing"))
}

// The Meeting Place moves the starting player from the next round; in the
// family game it accumulates 1 food a round.
func TestMeetingPlace(t *testing.T) {
	s := newGame(t, 3)
	do(t, s, 0, place("day-laborer"))
	do(t, s, 1, place("meeting-place"))
	if s.Start != 1 || s.Seats[1].Goods[Food] != 3+1 {
		t.Fatalf("start %d food %d", s.Start, s.Seats[1].Goods[Food])
	}
	do(t, s, 2, place("fishing"))
	if s.Decider() != 0 {
		t.Fatal("this round goes on clockwise")
	}
	endWork(t, s)
	if s.Decider() != 1 || s.space("meeting-place").Goods[Food] != 1 {
		t.Fatalf("next round starts with seat %d", s.Decider())
	}
	do(t, s, 1, place("day-laborer"))
	do(t, s, 2, place("meeting-place"))
	if s.Start != 2 {
		t.Fatal("starting player")
	}
}

// Resource Market with 3 players: 1 food and the choice of reed or stone.
func TestResourceMarketChoice(t *testing.T) {
	s := newGame(t, 3)
	do(t, s, 0, place("resource-market"))
	if s.top().Kind != FrameChoose || len(s.Options(0)) < 2 {
		t.Fatalf("choice: %+v", s.top())
	}
	refuse(t, s, 0, Action{Name: ActChoose, N: 2})
	do(t, s, 0, Action{Name: ActChoose, N: 1})
	g := s.Seats[0].Goods
	if g[Food] != 3 || g[Stone] != 1 || g[Reed] != 0 {
		t.Fatalf("goods %v", g)
	}
	s4 := newGame(t, 4)
	do(t, s4, 0, place("resource-market"))
	if g := s4.Seats[0].Goods; g[Food] != 3 || g[Stone] != 1 || g[Reed] != 1 {
		t.Fatalf("4 players: %v", g)
	}
}

// Rooms: 5 of the house material + 2 reed each, next to a room, on an
// empty unfenced cell, any number one after the other.
func TestRooms(t *testing.T) {
	s := newGame(t, 2)
	give(s, 0, One(Wood, 10).With(Reed, 4))
	s.Seats[0].Yard.Fences = farmyard.Boundary(farmyard.Of(7))
	do(t, s, 0, place("farm-expansion"))
	refuse(t, s, 0, room(3))  // not next to a room
	refuse(t, s, 0, room(7))  // in a pasture
	refuse(t, s, 0, room(11)) // a room already
	do(t, s, 0, room(1))
	do(t, s, 0, room(2)) // next to the new room
	p := s.Seats[0]
	if p.Yard.Rooms != farmyard.Of(1, 2, 6, 11) || p.Goods[Wood] != 0 || p.Goods[Reed] != 0 {
		t.Fatalf("rooms %v goods %v", p.Yard.Rooms.Cells(), p.Goods)
	}
	if s.Decider() != 1 {
		t.Fatal("menu closes when nothing more can be built")
	}
	// A clay house builds clay rooms: wood and reed buy none.
	s = newGame(t, 2)
	s.Seats[0].House = Clay
	give(s, 0, One(Wood, 5).With(Reed, 2))
	do(t, s, 0, place("farm-expansion"))
	if hasAction(s, 0, room(1)) || !hasAction(s, 0, stable(1)) {
		t.Fatalf("clay house with wood: %v", s.Options(0))
	}
}

// The price of a room follows the house: a clay house's room costs 5 clay.
func TestRoomPriceFollowsHouse(t *testing.T) {
	s := newGame(t, 2)
	for _, c := range []struct {
		house Good
		want  Goods
	}{{Wood, One(Wood, 5).With(Reed, 2)}, {Clay, One(Clay, 5).With(Reed, 2)}, {Stone, One(Stone, 5).With(Reed, 2)}} {
		s.Seats[0].House = c.house
		if got := s.Cost(0, Purchase{What: OpRoom, Via: "farm-expansion"}); len(got) != 1 || got[0].Goods != c.want {
			t.Errorf("%s house: room costs %v", c.house, got)
		}
	}
}

// Renovation: the whole house, one step, 1 clay (then stone) per room and
// 1 reed; House Redevelopment then offers a major improvement.
func TestRenovation(t *testing.T) {
	s := newGame(t, 2)
	onBoard(s, "house-redevelopment")
	s.Seats[0].Yard.Rooms |= farmyard.Of(1)
	give(s, 0, One(Clay, 3+2).With(Reed, 1))
	do(t, s, 0, place("house-redevelopment"))
	p := &s.Seats[0]
	if p.House != Clay || p.Goods[Clay] != 2 || p.Goods[Reed] != 0 {
		t.Fatalf("house %s goods %v", p.House, p.Goods)
	}
	// Then: a major improvement, optionally.
	if s.top().Kind != FrameMenu || !hasAction(s, 0, major(Fireplace1)) || !hasAction(s, 0, done()) {
		t.Fatalf("then an improvement: %v", s.Options(0))
	}
	do(t, s, 0, major(Fireplace1))
	if !s.Has(0, Fireplace1) || p.Goods[Clay] != 0 {
		t.Fatal("fireplace")
	}
	// Clay to stone: 1 stone per room + 1 reed; nothing after stone.
	if got := s.Cost(0, Purchase{What: OpRenovate}); got[0].Goods != One(Stone, 3).With(Reed, 1) {
		t.Fatalf("clay→stone costs %v", got)
	}
	p.House = Stone
	if s.Cost(0, Purchase{What: OpRenovate}) != nil {
		t.Fatal("a stone house is not renovated")
	}
	// Without the means to renovate, the space cannot be used at all.
	s2 := newGame(t, 2)
	onBoard(s2, "house-redevelopment")
	give(s2, 0, One(Clay, 10))
	refuse(t, s2, 0, place("house-redevelopment"))
}

// Stables: 2 wood, one per cell, not on tiles, at most 4; the Side Job
// builds exactly one for 1 wood.
func TestStables(t *testing.T) {
	s := newGame(t, 2)
	give(s, 0, One(Wood, 10))
	s.Seats[0].Yard.Fields = farmyard.Of(1)
	do(t, s, 0, place("farm-expansion"))
	refuse(t, s, 0, stable(1)) // field
	refuse(t, s, 0, stable(6)) // room
	do(t, s, 0, stable(2))
	refuse(t, s, 0, stable(2)) // one per cell
	do(t, s, 0, stable(3))
	do(t, s, 0, stable(4))
	do(t, s, 0, stable(5))
	if s.Seats[0].Goods[Wood] != 2 || s.Seats[0].Yard.Stables.Len() != 4 {
		t.Fatalf("stables %v wood %d", s.Seats[0].Yard.Stables.Cells(), s.Seats[0].Goods[Wood])
	}
	if s.Decider() == 0 {
		t.Fatal("4 stables: nothing more to build, menu closed")
	}
	// Side Job: 1 wood, one stable.
	give(s, 1, One(Wood, 5))
	do(t, s, 1, place("side-job"))
	do(t, s, 1, stable(1))
	if s.Seats[1].Goods[Wood] != 4 || s.Decider() == 1 {
		t.Fatalf("side job: wood %d, decider %d", s.Seats[1].Goods[Wood], s.Decider())
	}
}

// Plowing: the first field anywhere empty, later ones next to a field;
// fields are permanent; Cultivation may sow the field just plowed.
func TestPlowAndSow(t *testing.T) {
	s := newGame(t, 2)
	onBoard(s, "cultivation")
	do(t, s, 0, place("farmland"))
	refuse(t, s, 0, plowAt(6)) // a room
	do(t, s, 0, plowAt(3))
	do(t, s, 1, place("day-laborer"))
	give(s, 0, One(Grain, 1).With(Vegetable, 1))
	do(t, s, 0, place("cultivation"))
	refuse(t, s, 0, plowAt(5)) // not next to a field
	do(t, s, 0, plowAt(4))
	refuse(t, s, 0, plowAt(2)) // one field only
	do(t, s, 0, sowAt(4, Vegetable))
	do(t, s, 0, sowAt(3, Grain))
	p := s.Seats[0]
	if p.Crops[3-1] != (Crop{Grain, 3}) || p.Crops[4-1] != (Crop{Vegetable, 2}) || p.Goods[Grain] != 0 || p.Goods[Vegetable] != 0 {
		t.Fatalf("crops %v goods %v", p.Crops, p.Goods)
	}
	if s.Decider() == 0 {
		t.Fatal("nothing left to do at Cultivation")
	}
	// Sowing a sown field is refused.
	if err := s.clone().sow(0, 3, "", Grain); err == nil {
		t.Fatal("sowed a sown field")
	}
}

// Grain Utilization: sow and/or bake, in any order; the bake uses the
// improvements.
func TestGrainUtilization(t *testing.T) {
	s := newGame(t, 2, "grain-utilization")
	p := &s.Seats[0]
	p.Yard.Fields = farmyard.Of(1)
	p.Cards = []string{Fireplace1}
	give(s, 0, One(Grain, 3))
	do(t, s, 0, place("grain-utilization"))
	do(t, s, 0, bakeN(2))
	refuse(t, s, 0, bakeN(1)) // one bake action
	do(t, s, 0, sowAt(1, Grain))
	if p.Goods[Food] != 2+4 || p.Goods[Grain] != 0 || p.Crops[0] != (Crop{Grain, 3}) {
		t.Fatalf("goods %v crops %v", p.Goods, p.Crops[0])
	}
}

// Cooking and eating raw at any time the player decides; the best
// improvement's rate; nothing for animals without one.
func TestConversionsAnyTime(t *testing.T) {
	s := newGame(t, 2)
	give(s, 0, One(Vegetable, 2).With(Sheep, 1).With(Grain, 1))
	if hasAction(s, 0, convertOnce(Fireplace1+":sheep")) {
		t.Fatal("cooking without an improvement")
	}
	do(t, s, 0, convertOnce("raw:vegetable"))
	if s.Seats[0].Goods[Food] != 3 {
		t.Fatal("raw vegetable = 1 food")
	}
	s.Seats[0].Cards = []string{Fireplace1, CookingHearth2}
	opts := s.Options(0)
	var convs []string
	for _, o := range opts {
		if o.Name == ActConvert {
			convs = append(convs, o.Card)
		}
	}
	// The hearth beats the fireplace for vegetables; for sheep both give 2
	// (the first listed is kept).
	for _, want := range []string{"raw:grain", CookingHearth2 + ":vegetable", Fireplace1 + ":sheep"} {
		if !strings.Contains(strings.Join(convs, " "), want) {
			t.Fatalf("conversions %v lack %s", convs, want)
		}
	}
	if strings.Contains(strings.Join(convs, " "), Fireplace1+":vegetable") {
		t.Fatalf("dominated conversion listed: %v", convs)
	}
	do(t, s, 0, convertOnce(CookingHearth2+":vegetable"))
	do(t, s, 0, convertOnce(Fireplace1+":sheep"))
	if g := s.Seats[0].Goods; g[Food] != 3+3+2 || g[Sheep] != 0 || g[Vegetable] != 0 {
		t.Fatalf("goods %v", g)
	}
	refuse(t, s, 0, convertOnce(Fireplace1+":cattle"))
	refuse(t, s, 0, Action{Name: ActConvert, Card: "raw:grain", N: 2})
	refuse(t, s, 1, convertOnce("raw:grain")) // not seat 1's decision
}

// The turn after a placement passes on; View shows usable spaces.
func TestViewUsable(t *testing.T) {
	s := newGame(t, 2)
	v := s.ViewOf(0)
	usable := map[string]bool{}
	for _, sp := range v.Spaces {
		usable[sp.ID] = sp.Usable
	}
	if !usable["forest"] || usable["farm-expansion"] || !usable["meeting-place"] {
		t.Fatalf("usable %v", usable)
	}
	if w := s.ViewOf(1); w.Spaces[0].Usable {
		t.Fatal("not seat 1's turn")
	}
}
