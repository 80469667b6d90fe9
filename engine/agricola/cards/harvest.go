package cards

import (
	ag "tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// Cards acting in the harvest: at the start of the field phase (before
// the crops are taken), or at a round's end.

// atFieldPhase runs h for the owner at the start of each field phase.
func atFieldPhase(c *ag.Card, h ag.Handler) { on(c, ag.EvFieldPhase, h) }

// harvestsLeft is the number of harvests still to come (this round's
// included).
func harvestsLeft(s *state) int {
	n := 0
	for _, r := range ag.HarvestRounds {
		if r >= max(s.Round, 1) {
			n++
		}
	}
	return n
}

// B050 Butter Churn: in each field phase, 1 food per full 3 sheep and 1
// per full 2 cattle.
func butterChurn(c *ag.Card) {
	atFieldPhase(c, func(x *ctx) {
		g := x.S.Seats[x.Owner].Goods
		if n := g[ag.Sheep]/3 + g[ag.Cattle]/2; n > 0 {
			gain(x, one(ag.Food, n))
		}
	})
	c.Worth = func(s *state, owner seat) float64 {
		g := s.Seats[owner].Goods
		return 0.3 * float64(harvestsLeft(s)) * float64(g[ag.Sheep]/3+g[ag.Cattle]/2+1) / 2
	}
}

// B061 Three-Field Rotation: at the start of each field phase, with at
// least 1 grain field, 1 vegetable field and 1 empty field, 3 food.
// (Fields on cards count as fields.)
func threeFieldRotation(c *ag.Card) {
	atFieldPhase(c, func(x *ctx) {
		if fieldsWith(x.S, x.Owner, ag.Grain) > 0 && fieldsWith(x.S, x.Owner, ag.Vegetable) > 0 && fieldsWith(x.S, x.Owner, 0) > 0 {
			gain(x, one(ag.Food, 3))
		}
	})
	c.Worth = func(s *state, owner seat) float64 {
		return 0.4 * float64(harvestsLeft(s)) * float64(min(s.Seats[owner].Yard.Fields.Len(), 3)) / 3
	}
}

// A112 Scythe Worker: 1 grain when played; in each field phase the owner
// also takes 1 more grain from each grain field (that has 2 or more; the
// card says "may" and taking is never worse, so it is done).
func scytheWorker(c *ag.Card) {
	gainsOnPlay(c, one(ag.Grain, 1))
	atFieldPhase(c, func(x *ctx) {
		p := &x.S.Seats[x.Owner]
		n := 0
		for _, cell := range p.Yard.Fields.Cells() {
			if cr := &p.Crops[cell-1]; cr.Kind == ag.Grain && cr.N >= 2 {
				cr.N--
				n++
			}
		}
		if n > 0 {
			gain(x, one(ag.Grain, n))
		}
	})
	c.Worth = func(s *state, owner seat) float64 {
		return 0.3 * float64(harvestsLeft(s)) * float64(fieldsWith(s, owner, ag.Grain)+1) / 2
	}
}

// A165 Pig Breeder: 1 wild boar when played; the owner's wild boar also
// breed at the end of round 12 (return home), if the newborn has room.
func pigBreeder(c *ag.Card) {
	gainsOnPlay(c, one(ag.Boar, 1))
	on(c, ag.EvReturnHome, func(x *ctx) {
		h := x.S.Seats[x.Owner].Goods.Herd()
		if x.S.Round != 12 || h[farmyard.Boar] < 2 {
			return
		}
		h[farmyard.Boar]++
		if x.S.Houses(x.Owner, h) {
			gain(x, one(ag.Boar, 1))
		}
	})
	c.Worth = func(s *state, _ seat) float64 {
		if s.Round >= 12 {
			return 0
		}
		return 0.5
	}
}
