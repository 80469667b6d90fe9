package traders

import (
	"fmt"

	"tabula/engine/catan"
)

// Check is the scenario's part of State.CheckInvariants (catan.Checker),
// run after the base game's, which already holds gold to its supply (gold
// is a kind of the base hands and bank): every cargo card in a stack, on a
// wagon or delivered (36 in all, 6 of each kind); wagons on nodes a wagon
// can reach, levels 1 … 5; the three barbarians on three different paths;
// the turn's movement state consistent.
func (expansion) Check(s *catan.State) error {
	c, ok := s.Ext.(*Caravans)
	if !ok {
		return fmt.Errorf("traders: scenario state missing")
	}
	var count Stacks
	for k := range count {
		count[k] = c.Stacks[k]
		if c.Stacks[k] < 0 {
			return fmt.Errorf("cargo %v: %d in the stack", Cargo(k), c.Stacks[k])
		}
	}
	for p := 0; p < catan.MaxPlayers; p++ {
		if p >= s.Players {
			if c.Order[p] != NoCargo || c.Delivered[p] != (Stacks{}) {
				return fmt.Errorf("seat %d does not play but holds cargo", p)
			}
			continue
		}
		if o := c.Order[p]; o != NoCargo {
			if !o.Valid() {
				return fmt.Errorf("seat %d carries cargo %d", p, o)
			}
			count[o]++
		}
		for k, n := range c.Delivered[p] {
			if n < 0 {
				return fmt.Errorf("seat %d delivered %d of %v", p, n, Cargo(k))
			}
			count[k] += n
		}
		if c.Level[p] < 1 || c.Level[p] > MaxLevel {
			return fmt.Errorf("seat %d wagon level %d", p, c.Level[p])
		}
		if w := int(c.Wagon[p]); w != -1 && (w < 0 || w >= NumNodes || Board.Adj[w][0] < 0) {
			return fmt.Errorf("seat %d wagon on node %d", p, w)
		}
		if c.Wagon[p] < 0 && s.Turn > 0 && s.Phase != catan.PhaseRoll && s.Phase != catan.PhaseDice &&
			s.Phase != PhaseBarbarian && s.Phase != catan.PhaseSteal && s.Phase != catan.PhaseDiscard {
			return fmt.Errorf("seat %d wagon not placed in phase %v", p, s.Phase)
		}
	}
	if count != FullStacks {
		return fmt.Errorf("cargo cards %v, want %v", count, FullStacks)
	}
	for b, r := range c.Barbarian {
		if r < 0 || int(r) >= NumRoutes || !Board.IsPath[r] {
			return fmt.Errorf("barbarian %d on route %d", b, r)
		}
		for b2 := b + 1; b2 < NumBarbarians; b2++ {
			if c.Barbarian[b2] == r {
				return fmt.Errorf("barbarians %d and %d share path %d", b, b2, r)
			}
		}
	}
	switch {
	case c.Points < 0 || c.GoldBuys < 0 || c.GoldBuys > GoldBuysPerTurn || c.Journeys < 0:
		return fmt.Errorf("turn state: points %d, gold buys %d, journeys %d", c.Points, c.GoldBuys, c.Journeys)
	case (s.Phase == PhaseMove || s.Phase == PhaseDriveOff || s.Phase == PhasePlaceBarbarian || s.Phase == PhaseCargo) && !c.Moving:
		return fmt.Errorf("phase %v but the movement has not begun", s.Phase)
	case (s.Phase == PhaseDriveOff || s.Phase == PhasePlaceBarbarian) != (c.Driving >= 0):
		return fmt.Errorf("phase %v, driving off barbarian %d", s.Phase, c.Driving)
	case c.Stopped && c.Points != 0:
		return fmt.Errorf("movement over with %d points left", c.Points)
	}
	return nil
}
