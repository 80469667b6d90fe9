package catan

import (
	"strings"
	"testing"

	"tabula/engine/hexgrid"
)

// Each invariant catches the state it is about; the cheap part catches
// all but the ones that need a recomputation (caches, road length).
func TestCheckInvariantsCatchesBrokenStates(t *testing.T) {
	s := mainState(t, 4)
	settle(s, 0, vx(1, 1, hexgrid.CornerN))
	if err := s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	if err := s.CheckCheapInvariants(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		breakIt func(*State)
		cheap   bool // CheckCheapInvariants catches it too
	}{
		{"lumber", func(s *State) { s.Hand[1][Lumber]++ }, true},
		{"knight", func(s *State) { s.Dev[2][Knight]++ }, true},
		{"pieces", func(s *State) { s.RoadsLeft[0]-- }, true},
		// On the board only: the cheap part reads the bit sets.
		{"distance rule", func(s *State) { s.Owner[vertexAdj[vx(1, 1, hexgrid.CornerN)][0]] = 1 }, false},
		{"city owner", func(s *State) { s.City[vx(2, 2, hexgrid.CornerN)] = true }, false},
		{"path owner", func(s *State) { s.Road[3] = 7 }, false},
		// In the bit sets too (as placing a piece would).
		{"distance rule (bit sets)", func(s *State) { s.placeSettlement(1, int(vertexAdj[vx(1, 1, hexgrid.CornerN)][0])) }, true},
		{"pieces (bit sets)", func(s *State) { s.markRoad(2, 9) }, true},
		{"Longest Road", func(s *State) { s.LongestRoad = 1 }, true},
		{"caches", func(s *State) { s.Road[5] = 2; s.RoadsLeft[2]-- }, true}, // the bit sets count 14+0
		{"caches (reach)", func(s *State) { s.touch[1] |= 1 << 40 }, false},
		{"road length", func(s *State) { s.RoadLength[3] = 4 }, false},
	} {
		b := s.Copy()
		c.breakIt(b)
		err := b.CheckInvariants()
		if err == nil {
			t.Errorf("%s: broken state passes", c.name)
		} else if c.name == "lumber" && !strings.Contains(err.Error(), "lumber") {
			t.Errorf("%s: %v", c.name, err)
		}
		if cheap := b.CheckCheapInvariants(); (cheap != nil) != c.cheap {
			t.Errorf("%s: cheap check says %v, want caught=%v", c.name, cheap, c.cheap)
		}
	}
}
