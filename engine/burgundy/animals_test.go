package burgundy

import "testing"

// Fact sheet §9: animals score the tile's animals plus those of the same
// kind already in that pasture; other kinds and other pastures do not count.
func TestAnimalScoringSamePasture(t *testing.T) {
	s := newTestGame(t, 2)
	put(t, s, 0, 13, colour(Knowledge))
	put(t, s, 0, 7, colour(Castle))     // connects the big pasture via 6
	put(t, s, 0, 6, animal(Cattle, 2))  // earlier cattle in the pasture
	put(t, s, 0, 5, animal(Sheep, 3))   // another kind, same pasture
	put(t, s, 0, 28, animal(Cattle, 4)) // cattle in another pasture
	cattle := give(t, s, 0, animal(Cattle, 3))
	myTurn(t, s, 0, 4, 1)
	mustApply(t, s, 0, Place(4, 0, cattle, 11))
	if got := s.Seats[0].VP; got != 3+2 {
		t.Fatalf("first extension: VP %d, want 5", got)
	}
	// A further cattle tile counts both earlier ones: 4 + 3 + 2.
	more := give(t, s, 0, animal(Cattle, 4))
	s.Seats[0].Workers = 2
	mustApply(t, s, 0, Place(1, 2, more, 10)) // space 10 shows 5: 1→6→5, two workers
	if got := s.Seats[0].VP; got != 5+9 {
		t.Fatalf("second extension: VP %d, want 14", got)
	}
}
