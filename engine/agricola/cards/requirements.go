package cards

import (
	"fmt"

	ag "tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// The prerequisites printed on minor improvements (agricola.Requirement
// kinds): data in the table, checked here, worded by the UI from its
// catalogue ("agricola.req.<kind>").
const (
	NeedOccupations        = "occupations"         // at least N occupations in front of you
	NeedOccupationsAtMost  = "occupations-at-most" // at most N occupations
	NeedOccupationsExactly = "occupations-exactly" // exactly N occupations
	NeedGrainFields        = "grain-fields"        // at least N fields holding grain
	NeedVegetableFields    = "vegetable-fields"    // at least N fields holding vegetables
	NeedSheep              = "sheep"               // at least N sheep
	NeedClay               = "clay"                // at least N clay in your supply
	NeedClayOrStoneHouse   = "clay-or-stone-house" // you live in a clay or stone house
	NeedFarmyardFull       = "farmyard-full"       // no unused farmyard space
	NeedOnFishing          = "on-fishing"          // one of your people stands on Fishing
)

// needs is a prerequisite of the table.
func needs(kind string, n int) ag.Requirement { return ag.Requirement{Kind: kind, N: n} }

// requirementChecks measure what each kind counts (or 1/0 for the kinds
// without a number) and how the count must compare with N.
var requirementChecks = map[string]struct {
	count func(s *state, who seat) int
	ok    func(have, n int) bool
}{
	NeedOccupations:        {func(s *state, who seat) int { return s.Occupations(who) }, atLeast},
	NeedOccupationsAtMost:  {func(s *state, who seat) int { return s.Occupations(who) }, func(h, n int) bool { return h <= n }},
	NeedOccupationsExactly: {func(s *state, who seat) int { return s.Occupations(who) }, func(h, n int) bool { return h == n }},
	NeedGrainFields:        {func(s *state, who seat) int { return fieldsWith(s, who, ag.Grain) }, atLeast},
	NeedVegetableFields:    {func(s *state, who seat) int { return fieldsWith(s, who, ag.Vegetable) }, atLeast},
	NeedSheep:              {func(s *state, who seat) int { return s.Seats[who].Goods[ag.Sheep] }, atLeast},
	NeedClay:               {func(s *state, who seat) int { return s.Seats[who].Goods[ag.Clay] }, atLeast},
	NeedClayOrStoneHouse:   {func(s *state, who seat) int { return flag(s.Seats[who].House != ag.Wood) }, yes},
	NeedFarmyardFull:       {func(s *state, who seat) int { return flag(unusedCells(s, who) == 0) }, yes},
	NeedOnFishing: {func(s *state, who seat) int {
		sp := s.SpaceByID(fishing)
		return flag(sp != nil && containsSeat(sp.People, who))
	}, yes},
}

// unusedCells counts seat's farmyard cells with no tile, no stable, not
// fenced (what scoring takes 1 point off for).
func unusedCells(s *state, who seat) int {
	y := s.Seats[who].Yard
	return (farmyard.All &^ y.Tiles() &^ y.Stables &^ y.Fenced()).Len()
}

func atLeast(have, n int) bool { return have >= n }
func yes(have, _ int) bool     { return have == 1 }

func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

func containsSeat(ss []seat, who seat) bool {
	for _, x := range ss {
		if x == who {
			return true
		}
	}
	return false
}

// prereq is the Prereq hook checking r.
func prereq(r ag.Requirement) func(s *state, who seat) error {
	check, ok := requirementChecks[r.Kind]
	if !ok {
		panic("cards: unknown requirement " + r.Kind)
	}
	return func(s *state, who seat) error {
		if have := check.count(s, who); !check.ok(have, r.N) {
			return &unmet{r, have}
		}
		return nil
	}
}

// unmet is a prerequisite a player does not meet, worded only when read:
// the move listing asks it of every card in hand and only needs to know.
type unmet struct {
	r    ag.Requirement
	have int
}

func (e *unmet) Error() string {
	if e.r.N == 0 {
		return fmt.Sprintf("needs %s", e.r.Kind)
	}
	return fmt.Sprintf("needs %s %d (has %d)", e.r.Kind, e.r.N, e.have)
}
