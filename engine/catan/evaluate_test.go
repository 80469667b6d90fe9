package catan

import (
	"testing"

	"tabula/engine"
)

// ratedBeacon is the beacon variant whose expansion also rates its own
// part of a position: the beacon is worth 30 to its holder.
type ratedBeacon struct{ beacon }

func (ratedBeacon) Evaluate(s *State, p int) float64 {
	if s.Ext.(*beaconState).Holder == int8(p) {
		return 30
	}
	return 0
}

// An expansion that is an Evaluator adds its rating to the base game's;
// gold, never a hand card, does not count as cards in hand.
func TestEvaluatorHook(t *testing.T) {
	rules := *beaconRules
	rules.ID, rules.Expansion = "test-rated-beacon", ratedBeacon{}
	rules.Bank = Resources{19, 19, 19, 19, 19, 0, 0, 0, 40}
	s, err := NewGame(&rules).NewState(engine.Setup{Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	before := s.Evaluate(1)
	s.Ext.(*beaconState).Holder = 1
	// The beacon's point (100) and the expansion's own 30.
	if got := s.Evaluate(1); got != before+130 {
		t.Errorf("holder's rating %v, want %v + 130", got, before)
	}
	s.Bank[Gold] -= 20
	s.Hand[1][Gold] += 20
	if got := s.Evaluate(1); got != before+130 {
		t.Errorf("20 gold changed the base rating: %v", got)
	}
}
