package agricola

import (
	"testing"

	"tabula/engine/agricola/farmyard"
)

// toHarvest jumps to the end of round 4's work phase.
func toHarvest(t *testing.T, players int) *State {
	s := newGame(t, players)
	for s.Round < 4 {
		endWork(t, s)
	}
	return s
}

// Field phase: exactly 1 crop from every sown field; feeding 2 per person,
// 1 per newborn of this round; missing food = begging markers.
func TestHarvestFieldAndFeeding(t *testing.T) {
	s := toHarvest(t, 2)
	p := &s.Seats[0]
	p.Yard.Fields = farmyard.Of(1, 2, 3)
	p.Crops[0] = Crop{Grain, 3}
	p.Crops[1] = Crop{Vegetable, 1}
	p.People, p.Newborns = 3, 1
	p.Goods[Food] = 2
	q := &s.Seats[1]
	q.Goods[Food] = 10
	endWork(t, s)
	// Field phase done for everyone; seat 0 decides how to feed (crops to
	// convert), seat 1 paid at once.
	if p.Crops[0] != (Crop{Grain, 2}) || p.Crops[1] != (Crop{}) || p.Goods[Grain] != 1 || p.Goods[Vegetable] != 1 {
		t.Fatalf("field phase: crops %v goods %v", p.Crops[:3], p.Goods)
	}
	if s.top().Kind != FrameFeed || s.Decider() != 0 || s.FoodNeeded(0) != 5 {
		t.Fatalf("feed frame %+v need %d", s.top(), s.FoodNeeded(0))
	}
	do(t, s, 0, convertOnce("raw:grain"))
	do(t, s, 0, Action{Name: ActFeed})
	// 3 food for 5: 2 begging markers; vegetables kept.
	if p.Goods[Food] != 0 || p.Begging != 2 || p.Goods[Vegetable] != 1 {
		t.Fatalf("fed: food %d begging %d", p.Goods[Food], p.Begging)
	}
	if q.Goods[Food] != 10-4 || q.Begging != 0 {
		t.Fatal("seat 1 fed automatically")
	}
	if s.Score(0).Begging != -6 {
		t.Fatal("begging scores -3 each")
	}
	if s.Round != 5 || s.Harvest {
		t.Fatalf("round %d harvest %v", s.Round, s.Harvest)
	}
}

// Solo: adults eat 3, newborns 1.
func TestSoloFeeding(t *testing.T) {
	s := toHarvest(t, 1)
	s.Seats[0].People, s.Seats[0].Newborns = 3, 1
	if s.FoodNeeded(0) != 7 {
		t.Fatalf("solo need %d", s.FoodNeeded(0))
	}
	endWork(t, s)
	if s.Seats[0].Begging != 7 {
		t.Fatalf("no food: begging %d", s.Seats[0].Begging)
	}
}

// Breeding: +1 of each kind with at least 2 if the newborn has room;
// several newborns without room for all: the owner chooses; no cooking
// during breeding.
func TestBreeding(t *testing.T) {
	s := toHarvest(t, 2)
	p := &s.Seats[0]
	p.Goods[Food] = 10
	p.Yard.Fences = farmyard.Boundary(farmyard.Of(4, 5)) // a pasture for 4
	p.Goods[Sheep], p.Goods[Cattle] = 2, 1
	s.Seats[1].Goods[Food] = 10
	// Seat 0: 2 sheep in the pasture, 1 cattle as pet: a lamb fits (3 in
	// the pasture); cattle do not breed (only 1).
	endWork(t, s)
	if p.Goods[Sheep] != 3 || p.Goods[Cattle] != 1 {
		t.Fatalf("after breeding %v", p.Goods.Herd())
	}
	// 3 sheep in the pasture for 4, 2 cattle as pet and in an unfenced
	// stable: a lamb fits, a calf does not.
	p.Goods[Cattle] = 2
	p.Yard.Stables = farmyard.Of(1)
	for s.Round < 7 {
		endWork(t, s)
	}
	endWork(t, s)
	if p.Goods[Sheep] != 4 || p.Goods[Cattle] != 2 {
		t.Fatalf("round 7 breeding %v", p.Goods.Herd())
	}
	// A choice: 2 sheep, 2 boar, room for exactly 1 more of either.
	q := &s.Seats[1]
	q.Yard.Fences = farmyard.Boundary(farmyard.Of(4, 5)) | farmyard.FencesOf(farmyard.Between(4, 5))
	q.Goods[Sheep], q.Goods[Boar] = 2, 2
	q.Goods[Food] = 20
	p.Goods[Food] = 20
	// pastures 4 and 5 (2 each): sheep 2, boar 2; pet free: one newborn.
	for s.Round < 9 {
		endWork(t, s)
	}
	endWork(t, s)
	if s.top() == nil || s.top().Kind != FrameBreed || s.Decider() != 1 {
		t.Fatalf("breeding choice expected: %+v", s.Stack)
	}
	opts := s.Options(1)
	if len(opts) != 2 || opts[0].Name != ActBreed {
		t.Fatalf("breed options %v", opts)
	}
	refuse(t, s, 1, Action{Name: ActBreed, Sheep: 1, Boar: 1})
	refuse(t, s, 1, convertOnce("raw:grain"))
	do(t, s, 1, Action{Name: ActBreed, Boar: 1})
	if q.Goods[Boar] != 3 || q.Goods[Sheep] != 2 {
		t.Fatalf("chosen newborn: %v", q.Goods.Herd())
	}
}

// Craft buildings: once per harvest 1 material → food, offered only
// during a harvest; the feeding decision is asked for it even with enough
// food.
func TestCraftConversionOncePerHarvest(t *testing.T) {
	s := toHarvest(t, 2)
	p := &s.Seats[0]
	p.Cards = []string{Joinery, BasketmakersWsh}
	p.Goods[Wood], p.Goods[Reed], p.Goods[Food] = 3, 1, 5
	if hasAction(s, 0, convertOnce(Joinery+":wood")) {
		t.Fatal("craft outside a harvest")
	}
	s.Seats[1].Goods[Food] = 5
	endWork(t, s)
	if s.top().Kind != FrameFeed || s.Decider() != 0 {
		t.Fatal("a craft conversion is open: seat 0 decides")
	}
	do(t, s, 0, convertOnce(Joinery+":wood"))
	refuse(t, s, 0, convertOnce(Joinery+":wood"))
	do(t, s, 0, convertOnce(BasketmakersWsh+":reed"))
	// Food enough and nothing left to convert only now: fed at once.
	if p.Goods[Food] != 5+2+3-4 || p.Goods[Wood] != 2 || p.Goods[Reed] != 0 || s.Round != 5 {
		t.Fatalf("food %d wood %d round %d", p.Goods[Food], p.Goods[Wood], s.Round)
	}
	// The next harvest allows it again.
	for s.Round < 7 {
		endWork(t, s)
	}
	endWork(t, s)
	do(t, s, 0, convertOnce(Joinery+":wood"))
}
