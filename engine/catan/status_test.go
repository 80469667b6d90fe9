package catan

import (
	"reflect"
	"testing"

	"tabula/engine"
)

// referenceStatus is Status built afresh, as it was before the fixed
// tables: the tables must give exactly this.
func referenceStatus(s *State) engine.Status {
	switch {
	case s.Phase == PhaseOver:
		return engine.Status{Over: true, Winners: []engine.Seat{engine.Seat(s.Winner)}}
	case s.isChance():
		kind, ranges := s.chance()
		return engine.Status{Chance: &engine.ChanceRequest{Kind: kind, Ranges: ranges}}
	}
	return engine.Status{Deciders: s.deciders(nil)}
}

// Status from the fixed tables equals the freshly built one in every
// position of whole games, and allocates nothing outside the board and
// start-roll requests.
func TestStatusTables(t *testing.T) {
	if DeckSize != FullDeck.Total() {
		t.Fatalf("DeckSize %d, full deck %d", DeckSize, FullDeck.Total())
	}
	for g := 0; g < 4; g++ {
		s, err := NewState(engine.Setup{Players: 3 + g%2, Options: map[string]string{OptBoard: BoardRandom}})
		if err != nil {
			t.Fatal(err)
		}
		check := func() {
			got, want := s.Status(), referenceStatus(s)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("phase %v: Status %+v, want %+v", s.Phase, got, want)
			}
			if s.Phase != PhaseBoard && s.Phase != PhaseStartRoll { // from the tables
				if c := got.Chance; c != nil && (len(c.Ranges) != cap(c.Ranges)) {
					t.Fatalf("chance ranges %v have spare capacity: an append could write into the table", c.Ranges)
				}
				if d := got.Deciders; len(d) != cap(d) {
					t.Fatalf("deciders %v have spare capacity: an append could write into the table", d)
				}
				if n := testing.AllocsPerRun(1, func() { _ = s.Status() }); n != 0 {
					t.Fatalf("phase %v: Status allocates %v times", s.Phase, n)
				}
			}
		}
		check()
		playRandomGame(t, s, uint64(40+g), 2000, check)
	}
}
