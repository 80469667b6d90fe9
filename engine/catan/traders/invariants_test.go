package traders

import (
	"testing"

	"tabula/engine/catan"
)

// The invariants notice a lost or doubled cargo card, two barbarians on a
// path, a barbarian on a sea side, gold appearing from nowhere, a bad
// wagon.
func TestInvariantsCatchBrokenStates(t *testing.T) {
	for _, tc := range []struct {
		name  string
		spoil func(s *catan.State, c *Caravans)
	}{
		{"cargo lost", func(s *catan.State, c *Caravans) { c.Stacks[3]-- }},
		{"cargo doubled", func(s *catan.State, c *Caravans) { c.Order[1] = 2 }},
		{"delivered from nowhere", func(s *catan.State, c *Caravans) { c.Delivered[0][5]++ }},
		{"barbarians share a path", func(s *catan.State, c *Caravans) { c.Barbarian[1] = c.Barbarian[0] }},
		{"barbarian at sea", func(s *catan.State, c *Caravans) { c.Barbarian[2] = int8(Board.SeaSides[Glassworks][0]) }},
		{"gold from nowhere", func(s *catan.State, c *Caravans) { s.Hand[2][catan.Gold]++ }},
		{"wagon at a sea corner", func(s *catan.State, c *Caravans) { c.Wagon[0] = int8(Board.SeaCorners[Castle][0]) }},
		{"wagon level 6", func(s *catan.State, c *Caravans) { c.Level[3] = 6 }},
		{"points after the movement", func(s *catan.State, c *Caravans) { c.Stopped, c.Points = true, 2 }},
	} {
		s := table(t)
		if err := s.CheckInvariants(); err != nil {
			t.Fatalf("table: %v", err)
		}
		tc.spoil(s, caravans(s))
		if err := s.CheckInvariants(); err == nil {
			t.Errorf("%s: not noticed", tc.name)
		}
	}
}
