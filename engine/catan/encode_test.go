package catan

import (
	"encoding/json"
	"testing"

	"tabula/engine"
)

// plainState has State's fields and tags but none of its methods, so
// encoding/json encodes it by reflection: the reference for MarshalJSON.
type plainState State

// The hand-written encoding is byte for byte the reflection encoding, in
// every position of whole games (both boards, 3 and 4 players, strict
// phases, trade offers with answers and counters).
func TestMarshalJSONIsTheReflectionEncoding(t *testing.T) {
	phases := map[Phase]bool{}
	for g := 0; g < 4; g++ {
		opts := map[string]string{OptBoard: BoardRandom}
		if g%2 == 1 {
			opts = map[string]string{OptStrictPhases: "true"}
		}
		s, err := NewState(engine.Setup{Players: 3 + g%2, Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		check := func() {
			phases[s.Phase] = true
			// The raw bytes engine.Hash covers, not json.Marshal's
			// re-compacted copy of them.
			got, err := s.EncodeCanonical()
			if err != nil {
				t.Fatal(err)
			}
			want, err := json.Marshal((*plainState)(s))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Fatalf("phase %v:\n got %s\nwant %s", s.Phase, got, want)
			}
		}
		check()
		playRandomGame(t, s, uint64(90+g), 2000, check)
	}
	if len(phases) != int(numPhases) {
		t.Fatalf("only %d of %d phases seen", len(phases), numPhases)
	}
}

// A state that cannot encode (a value out of its type's range) fails to
// encode either way.
func TestMarshalJSONRefusesBadValues(t *testing.T) {
	for name, breakIt := range map[string]func(*State){
		"phase":   func(s *State) { s.Phase = numPhases },
		"resume":  func(s *State) { s.Resume = -2 },
		"terrain": func(s *State) { s.Board.Terrain[3] = 9 },
		"harbour": func(s *State) { s.Board.Harbor[1] = 7 },
		"answer":  func(s *State) { s.Offer.Answer[2] = 9 },
	} {
		s := mainState(t, 4)
		breakIt(s)
		if _, err := json.Marshal(s); err == nil {
			t.Errorf("%s: bad state encodes", name)
		}
		if _, err := json.Marshal((*plainState)(s)); err == nil {
			t.Errorf("%s: reference encodes the bad state", name)
		}
	}
}
