package catan

import (
	"strings"
	"testing"

	"tabula/engine/hexgrid"
)

// Each invariant catches the state it is about.
func TestCheckInvariantsCatchesBrokenStates(t *testing.T) {
	s := mainState(t, 4)
	settle(s, 0, vx(1, 1, hexgrid.CornerN))
	if err := s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	for name, breakIt := range map[string]func(*State){
		"lumber":        func(s *State) { s.Hand[1][Lumber]++ },
		"knight":        func(s *State) { s.Dev[2][Knight]++ },
		"pieces":        func(s *State) { s.RoadsLeft[0]-- },
		"distance rule": func(s *State) { s.Owner[vertexAdj[vx(1, 1, hexgrid.CornerN)][0]] = 1 },
		"caches":        func(s *State) { s.Road[5] = 2; s.RoadsLeft[2]-- },
		"road length":   func(s *State) { s.RoadLength[3] = 4 },
		"Longest Road":  func(s *State) { s.LongestRoad = 1 },
	} {
		c := s.Copy()
		breakIt(c)
		err := c.CheckInvariants()
		if err == nil {
			t.Errorf("%s: broken state passes", name)
		} else if name == "lumber" && !strings.Contains(err.Error(), "lumber") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
