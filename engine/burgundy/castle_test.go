package burgundy

import "testing"

// Fact sheet §9: a castle gives one extra action at once, as if with a die
// of any value; it is a pending decision, not part of the placement action.
func TestCastleBonusAction(t *testing.T) {
	s := newTestGame(t, 2)
	p := myTurn(t, s, 0, 6, 2)
	put(t, s, 0, 13, colour(Knowledge))
	castle := give(t, s, 0, colour(Castle))
	bank := give(t, s, 0, building(Bank))
	p.Workers = 0
	mustApply(t, s, 0, Place(6, 0, castle, 7))
	if len(s.Pending) != 1 || s.Pending[0].Kind != FrameCastle || s.Status().Deciders[0] != 0 {
		t.Fatalf("pending %v", s.Pending)
	}
	// Options of any value, with no die and no workers: a tile from any
	// depot, a placement on any number, workers.
	for d := 1; d <= 6; d++ {
		if tile := s.Depots[d].Spaces[0].Tile; tile != 0 && !hasOption(s, 0, Take(0, 0, d, tile)) {
			t.Errorf("castle cannot take from depot %d", d)
		}
	}
	if !hasOption(s, 0, Place(0, 0, bank, 12)) || !hasOption(s, 0, TakeWorkers(0)) {
		t.Fatalf("castle options %v", s.Options(0))
	}
	// Die actions are refused while the castle's action is pending.
	mustRefuse(t, s, 0, TakeWorkers(2))
	mustRefuse(t, s, 0, Pass())
	// Space 12 shows 3, no die shows 3: the castle places there anyway.
	mustApply(t, s, 0, Place(0, 0, bank, 12))
	if p.Estate[12] != bank || p.Silver != 1+2 || len(s.Pending) != 0 {
		t.Fatalf("castle placement: estate %v silver %d pending %v", p.Estate[12], p.Silver, s.Pending)
	}
	// The second die is still there.
	if p.Used[1] || s.Current() != 0 {
		t.Fatal("castle action used a die")
	}
	// A castle action that places another castle chains a second one.
	s2 := newTestGame(t, 2)
	put(t, s2, 0, 13, colour(Knowledge))
	put(t, s2, 0, 7, colour(Castle))
	c1 := give(t, s2, 0, colour(Castle))
	c2 := give(t, s2, 0, colour(Castle))
	myTurn(t, s2, 0, 5, 5)
	mustApply(t, s2, 0, Place(5, 0, c1, 2))
	mustApply(t, s2, 0, Place(0, 0, c2, 3))
	if len(s2.Pending) != 1 || s2.Pending[0].Kind != FrameCastle {
		t.Fatalf("chained castle pending %v", s2.Pending)
	}
	w := s2.Seats[0].Workers
	mustApply(t, s2, 0, TakeWorkers(0))
	if s2.Seats[0].Workers != w+2 {
		t.Fatal("castle take-workers")
	}
}
