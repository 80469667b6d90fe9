package burgundy

import (
	"errors"
	"reflect"
	"testing"

	"tabula/engine"
)

// Fact sheet §4: regions of estate board #1.
func TestEstateRegions(t *testing.T) {
	want := map[Colour][][]int{
		Animal:    {{1, 5, 6, 10, 11}, {28}},
		Castle:    {{2, 3, 7}, {19}},
		Knowledge: {{4, 8, 13}, {31, 35, 36}},
		Building:  {{9, 14, 15}, {12}, {23, 24, 29}, {26, 27, 32, 33, 37}},
		Ship:      {{16, 17, 18}, {20, 21, 22}},
		Mine:      {{25, 30, 34}},
	}
	got := map[Colour][][]int{}
	for _, r := range Regions() {
		got[r.Colour] = append(got[r.Colour], r.Spaces)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("regions\n got %v\nwant %v", got, want)
	}
	if n := Space(19).Neighbours; !reflect.DeepEqual(n, []int{20, 26, 25, 18, 12, 13}) {
		t.Errorf("neighbours of 19: %v", n)
	}
	if n := Space(1).Neighbours; !reflect.DeepEqual(n, []int{2, 6, 5}) {
		t.Errorf("neighbours of 1: %v", n)
	}
	totals := map[Colour]int{}
	for sp := 1; sp <= Spaces; sp++ {
		totals[Space(sp).Colour]++
	}
	if totals[Building] != 12 || totals[Animal] != 6 || totals[Knowledge] != 6 || totals[Ship] != 6 || totals[Castle] != 4 || totals[Mine] != 3 {
		t.Errorf("colour totals %v", totals)
	}
}

// Placing needs the same colour, the die's number and a covered neighbour;
// the first tiles go next to the start castle.
func TestPlaceColourNumberAdjacency(t *testing.T) {
	s := newTestGame(t, 2)
	ship := give(t, s, 0, colour(Ship))
	myTurn(t, s, 0, 2, 5)
	// Space 18 (ship, 2) touches the start castle.
	if !hasOption(s, 0, Place(2, 0, ship, 18)) || !hasOption(s, 0, Place(5, 0, ship, 20)) {
		t.Fatalf("ship placements missing: %v", s.Options(0))
	}
	// Space 16 (ship, 6) touches nothing yet.
	err := mustRefuse(t, s, 0, Place(5, 1, ship, 16))
	if !errors.Is(err, engine.ErrIllegal) {
		t.Fatalf("err %v", err)
	}
	// Wrong colour: space 12 is a building space showing 3.
	mustRefuse(t, s, 0, Place(2, 1, ship, 12))
	// Wrong number without workers: space 18 shows 2, die 5 needs 3 workers.
	mustRefuse(t, s, 0, Place(5, 0, ship, 18))
	// Value must match the space.
	mustRefuse(t, s, 0, Action{Name: ActPlace, Die: 2, Value: 3, Tile: ship, Space: 18})
	mustApply(t, s, 0, Place(2, 0, ship, 18))
	if s.Seats[0].Estate[18] != ship || len(s.Seats[0].Storage) != 0 {
		t.Fatal("ship not placed")
	}
	// Covered space refused.
	ship2 := give(t, s, 0, colour(Ship))
	mustApply(t, s, 0, ShipGoods(firstDepotWithGoods(s)))
	mustRefuse(t, s, 0, Place(5, 3, ship2, 18))
}

func firstDepotWithGoods(s *State) int {
	for d := 1; d <= 6; d++ {
		if depotGoods(&s.Depots[d]) > 0 {
			return d
		}
	}
	return 0
}

// Fact sheet §12: completing a region scores by size plus the phase bonus.
func TestRegionCompletionPhaseBonus(t *testing.T) {
	for _, tc := range []struct {
		phase int
		want  int
	}{{0, 6 + 10}, {1, 6 + 8}, {2, 6 + 6}, {3, 6 + 4}, {4, 6 + 2}} {
		s := newTestGame(t, 2)
		s.Phase = tc.phase
		put(t, s, 0, 25, colour(Mine))
		put(t, s, 0, 30, colour(Mine))
		mine := give(t, s, 0, colour(Mine))
		myTurn(t, s, 0, 3, 3)
		before := s.Seats[0].VP
		mustApply(t, s, 0, Place(3, 0, mine, 34))
		// Also the first to cover every mine space: the large bonus (5 at 2p).
		if got := s.Seats[0].VP - before; got != tc.want+5 {
			t.Errorf("phase %s: region+bonus %d, want %d", PhaseName(tc.phase), got, tc.want+5)
		}
	}
	// A single-space city (space 12) scores 1 + 10 in phase A.
	s := newTestGame(t, 2)
	bank := give(t, s, 0, building(Bank))
	myTurn(t, s, 0, 3, 1)
	mustApply(t, s, 0, Place(3, 0, bank, 12))
	if s.Seats[0].VP != 11 {
		t.Errorf("single-space city: VP %d, want 11", s.Seats[0].VP)
	}
	// An incomplete region scores nothing.
	s = newTestGame(t, 2)
	mine := give(t, s, 0, colour(Mine))
	myTurn(t, s, 0, 4, 1)
	mustApply(t, s, 0, Place(4, 0, mine, 25))
	if s.Seats[0].VP != 0 {
		t.Errorf("incomplete region scored %d", s.Seats[0].VP)
	}
	// A mine does nothing when placed (it pays at phase end).
	if len(s.Pending) != 0 || s.Seats[0].Silver != 1 || s.Seats[0].Workers != 1 {
		t.Errorf("mine placement had an effect: %+v", s.Seats[0])
	}
}

// Fact sheet §12: first to cover all spaces of a colour takes the large
// bonus tile, the second the small one, the third nothing.
func TestColourBonusOrder(t *testing.T) {
	s := newTestGame(t, 3)
	region := 6 + 10
	want := []int{region + 6, region + 3, region}
	for seat := engine.Seat(0); seat < 3; seat++ {
		put(t, s, seat, 25, colour(Mine))
		put(t, s, seat, 30, colour(Mine))
		mine := give(t, s, seat, colour(Mine))
		myTurn(t, s, seat, 3, 3)
		mustApply(t, s, seat, Place(3, 0, mine, 34))
		if got := s.Seats[seat].VP; got != want[seat] {
			t.Errorf("seat %d: VP %d, want %d", seat, got, want[seat])
		}
	}
	if s.Bonus[Mine] != [2]int{0, 1} {
		t.Errorf("mine bonus owners %v", s.Bonus[Mine])
	}
	v := s.view(engine.Spectator)
	if v.Bonus[1].Colour != "mine" || v.Bonus[1].LargeOwner != 0 || v.Bonus[1].SmallOwner != 1 {
		t.Errorf("bonus view %+v", v.Bonus[1])
	}
	// The castle colour counts the start castle: 3 more castles complete it.
	s = newTestGame(t, 2)
	put(t, s, 1, 13, colour(Knowledge))
	put(t, s, 1, 2, colour(Castle))
	put(t, s, 1, 3, colour(Castle))
	castle := give(t, s, 1, colour(Castle))
	myTurn(t, s, 1, 6, 6)
	mustApply(t, s, 1, Place(6, 0, castle, 7))
	if s.Bonus[Castle][0] != 1 {
		t.Errorf("castle bonus %v", s.Bonus[Castle])
	}
}
