package agricola

import (
	"strings"
	"testing"

	"tabula/engine/agricola/farmyard"
)

// Fences through the game: 1 wood each; Apply validates any set (open
// pastures, fences bordering no pasture, subdivision) with a reason;
// Legal offers rectangles.
func TestFencing(t *testing.T) {
	s := newGame(t, 2, "fencing")
	give(s, 0, One(Wood, 10))
	do(t, s, 0, place("fencing"))
	open := farmyard.Boundary(farmyard.Of(4, 5)) &^ farmyard.FencesOf(farmyard.Cell(5).Right())
	if err := refuse(t, s, 0, fences(open)); !strings.Contains(err.Error(), "does not border an enclosed pasture") {
		t.Fatalf("open pasture: %v", err)
	}
	stray := farmyard.Boundary(farmyard.Of(5)) | farmyard.FencesOf(farmyard.Cell(1).Top())
	refuse(t, s, 0, fences(stray))
	tooDear := farmyard.Boundary(farmyard.Of(3, 4, 5, 8, 9, 10)) // 10 fences, fine; 12 not
	if err := s.clone().Apply(0, fences(tooDear)); err != nil {
		t.Fatalf("10 fences for 10 wood: %v", err)
	}
	// An irregular L-shaped pasture is not among the options but valid.
	l := farmyard.Boundary(farmyard.Of(4, 5, 10))
	if hasAction(s, 0, fences(l)) {
		t.Fatal("L-shape listed (options are rectangles)")
	}
	if !hasAction(s, 0, fences(farmyard.Boundary(farmyard.Of(4, 5)))) {
		t.Fatal("2-cell rectangle not listed")
	}
	do(t, s, 0, fences(l))
	if s.Seats[0].Goods[Wood] != 10-8 || s.Seats[0].Yard.Fences != l {
		t.Fatalf("wood %d", s.Seats[0].Goods[Wood])
	}
	// Later: subdivide the L (1 fence) in a fence action.
	s.Round = 5
	s2 := s.clone()
	s2.Stack = nil
	s2.Seats[0].Placed = 0
	onBoard(s2, "farm-redevelopment")
	give(s2, 0, One(Clay, 2).With(Reed, 1))
	s2.Turn = 0
	s2.space("fencing").People = nil
	do(t, s2, 0, place("fencing"))
	do(t, s2, 0, fences(farmyard.FencesOf(farmyard.Between(5, 10))))
	if ps := s2.Seats[0].Yard.Pastures(); len(ps) != 2 {
		t.Fatalf("subdivided: %+v", ps)
	}
}

// Capacity: 2 per cell doubled per stable; one kind per pasture; an
// unfenced stable 1; the house 1 pet.
func TestAnimalCapacity(t *testing.T) {
	s := newGame(t, 2)
	y := &s.Seats[0].Yard
	y.Fences = farmyard.Boundary(farmyard.Of(4, 5))
	y.Stables = farmyard.Of(5, 1)
	// pasture of 2 cells with 1 stable: 8; stable on 1: 1; house: 1.
	for _, c := range []struct {
		h    farmyard.Herd
		fits bool
	}{
		{farmyard.Herd{8, 1, 1}, true},
		{farmyard.Herd{9, 1, 0}, true},
		{farmyard.Herd{10, 0, 0}, true},
		{farmyard.Herd{11, 0, 0}, false},
		{farmyard.Herd{8, 2, 1}, false},
		{farmyard.Herd{0, 4, 4}, false},
		{farmyard.Herd{0, 8, 2}, true},
	} {
		if got := s.Houses(0, c.h); got != c.fits {
			t.Errorf("%v fits %v, want %v", c.h, got, c.fits)
		}
	}
	y.Stables |= farmyard.Of(4)
	if !s.Houses(0, farmyard.Herd{18, 0, 0}) || s.Houses(0, farmyard.Herd{19, 0, 0}) || s.Houses(0, farmyard.Herd{16, 1, 2}) {
		t.Fatal("2 stables in the pasture: 16, plus the stable and the pet")
	}
}

// Taking animals that do not fit: keep some, release the rest, or cook
// them straight from the space with a cooking improvement.
func TestAnimalsFromMarket(t *testing.T) {
	s := newGame(t, 2, "sheep-market")
	s.space("sheep-market").Goods[Sheep] = 3
	do(t, s, 0, place("sheep-market"))
	if s.top().Kind != FrameAnimals {
		t.Fatalf("3 sheep, room for 1: %+v", s.Stack)
	}
	if opts := s.Options(0); len(opts) != 1 || opts[0] != keepHerd(1, 0, 0) {
		t.Fatalf("keep options %v", opts)
	}
	refuse(t, s, 0, keepHerd(2, 0, 0))
	refuse(t, s, 0, done())
	do(t, s, 0, keepHerd(0, 0, 0)) // releasing all is allowed
	if s.Seats[0].Goods[Sheep] != 0 || s.Decider() != 1 {
		t.Fatal("released")
	}
	// With a Fireplace: cook two, the third is the pet.
	s = newGame(t, 2, "sheep-market")
	s.space("sheep-market").Goods[Sheep] = 3
	s.Seats[0].Cards = []string{Fireplace1}
	do(t, s, 0, place("sheep-market"))
	do(t, s, 0, Action{Name: ActConvert, Card: Fireplace1 + ":sheep", N: 2})
	if s.Seats[0].Goods[Sheep] != 1 || s.Seats[0].Goods[Food] != 2+4 || s.Decider() != 1 {
		t.Fatalf("cooked: %v, decider %d", s.Seats[0].Goods, s.Decider())
	}
	checkOK(t, s)
}

// Family growth with room needs more rooms than people; the newborn acts
// from the next round; without room it needs only a person in the supply.
func TestFamilyGrowth(t *testing.T) {
	s := newGame(t, 2)
	onBoard(s, "basic-wish")
	onBoard(s, "urgent-wish")
	refuse(t, s, 0, place("basic-wish"))
	s.Seats[0].Yard.Rooms |= farmyard.Of(1)
	do(t, s, 0, place("basic-wish"))
	p := &s.Seats[0]
	if p.People != 3 || p.Newborns != 1 || s.Available(0) != 1 {
		t.Fatalf("people %d newborns %d available %d", p.People, p.Newborns, s.Available(0))
	}
	do(t, s, 1, place("urgent-wish")) // seat 1 has 2 rooms, 2 people
	if s.Seats[1].People != 3 {
		t.Fatal("growth without room")
	}
	do(t, s, 0, place("day-laborer"))
	do(t, s, 1, place("fishing"))
	// Newborns do not act this round.
	if s.Round != 2 || s.Available(0) != 3 || s.Available(1) != 3 {
		t.Fatalf("round %d available %d %d", s.Round, s.Available(0), s.Available(1))
	}
	// Five at most.
	s.Seats[0].People = 5
	s.Seats[0].Yard.Rooms = farmyard.Of(1, 2, 6, 7, 11, 12)
	s.space("basic-wish").People = nil
	if s.canGrow(0, GrowWithRoom) || s.canGrow(0, GrowWithoutRoom) {
		t.Fatal("a sixth person")
	}
}

// Fencing in unfenced stables (which hold any kind) can leave animals
// without room: the owner then chooses what to keep.
func TestFencesTakeRoomAway(t *testing.T) {
	s := newGame(t, 2, "fencing")
	p := &s.Seats[0]
	p.Yard.Stables = farmyard.Of(1, 2)
	p.Goods = p.Goods.With(Sheep, 1).With(Boar, 1).With(Cattle, 1).With(Wood, 6)
	checkOK(t, s)
	do(t, s, 0, place("fencing"))
	do(t, s, 0, fences(farmyard.Boundary(farmyard.Of(1, 2))))
	if f := s.top(); f == nil || f.Kind != FrameAnimals || f.Seat != 0 {
		t.Fatalf("animals frame expected: %+v", s.Stack)
	}
	checkOK(t, s)
	opts := s.Options(0)
	if len(opts) != 3 || opts[0] != keepHerd(1, 1, 0) || opts[2] != keepHerd(0, 1, 1) {
		t.Fatalf("keep options %v", opts)
	}
	do(t, s, 0, keepHerd(0, 1, 1))
	if p.Goods.Herd() != (farmyard.Herd{0, 1, 1}) || s.Decider() != 1 {
		t.Fatalf("kept %v", p.Goods.Herd())
	}
	checkOK(t, s)
}
