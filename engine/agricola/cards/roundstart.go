package cards

import (
	ag "tabula/engine/agricola"
)

// Cards acting at the start of every round (after the round's goods are
// collected and the spaces filled), before anyone is placed.

// atRoundStart runs h for the owner at the start of each round.
func atRoundStart(c *ag.Card, h ag.Handler) { on(c, ag.EvRoundStart, h) }

// B057 Scullery: 1 food at the start of each round while the owner lives
// in a wooden house.
func scullery(c *ag.Card) {
	atRoundStart(c, func(x *ctx) {
		if x.S.Seats[x.Owner].House == ag.Wood {
			gain(x, one(ag.Food, 1))
		}
	})
	c.Worth = func(s *state, owner seat) float64 {
		if s.Seats[owner].House != ag.Wood {
			return 0
		}
		return 0.3 * float64(min(roundsLeft(s), 8))
	}
}

// B118 Small-scale Farmer: 1 wood at the start of each round while the
// owner's house has exactly 2 rooms.
func smallScaleFarmer(c *ag.Card) {
	atRoundStart(c, func(x *ctx) {
		if rooms(x.S, x.Owner) == 2 {
			gain(x, one(ag.Wood, 1))
		}
	})
	c.Worth = func(s *state, owner seat) float64 {
		if rooms(s, owner) != 2 {
			return 0
		}
		return 0.25 * float64(min(roundsLeft(s), 8))
	}
}

// B114 Childless: at the start of each round, with at least 3 rooms and
// only 2 people, 1 food and 1 grain or 1 vegetable (the owner chooses).
func childless(c *ag.Card) {
	atRoundStart(c, func(x *ctx) {
		if rooms(x.S, x.Owner) >= 3 && x.S.Seats[x.Owner].People == 2 {
			choose(x, one(ag.Food, 1).With(ag.Grain, 1), one(ag.Food, 1).With(ag.Vegetable, 1))
		}
	})
	c.Worth = func(s *state, owner seat) float64 {
		if s.Seats[owner].People > 2 {
			return 0
		}
		if rooms(s, owner) < 3 {
			return 0.2 * float64(roundsLeft(s))
		}
		return 0.6 * float64(roundsLeft(s))
	}
}

// stoneHouse reports whether seat lives in a stone house.
func stoneHouse(s *state, who seat) bool { return s.Seats[who].House == ag.Stone }

// houseWorth is the Worth of a card that acts once its owner lives in a
// stone house: v there, less the further the house is from stone.
func houseWorth(s *state, owner seat, v float64) float64 {
	switch s.Seats[owner].House {
	case ag.Stone:
		return v
	case ag.Clay:
		return 0.2 * float64(roundsLeft(s))
	}
	return 0.1 * float64(roundsLeft(s))
}

// A090 Plow Driver: in a stone house, at the start of each round the
// owner may pay 1 food to plow 1 field.
func plowDriver(c *ag.Card) {
	atRoundStart(c, func(x *ctx) {
		if stoneHouse(x.S, x.Owner) && x.S.Targets(x.Owner, ag.OpPlow) != 0 {
			offer(x, "", one(ag.Food, -1))
		}
	})
	c.Chosen = func(x *ctx) {
		if x.N == 1 {
			x.Push(ag.Frame{Kind: ag.FrameMenu, Seat: x.Owner, Ops: ag.OpPlow, Once: ag.OpPlow, Need: true})
		}
	}
	c.Worth = func(s *state, owner seat) float64 {
		return houseWorth(s, owner, 0.5*float64(min(roundsLeft(s), 5)))
	}
}

// B089 Groom: 1 wood when played; in a stone house, at the start of each
// round the owner may build exactly 1 stable for 1 wood.
func groom(c *ag.Card) {
	gainsOnPlay(c, one(ag.Wood, 1))
	atRoundStart(c, func(x *ctx) {
		if stoneHouse(x.S, x.Owner) {
			extra(x, ag.OpStable, "")
		}
	})
	c.PriceOps = ag.OpStable
	c.Reprice = func(cc *ag.CostCtx) {
		if ownPurchase(cc, ag.OpStable) && cc.Purchase.Via == "B089" {
			cc.Prices = []ag.Price{{Goods: one(ag.Wood, 1)}}
		}
	}
	c.Worth = func(s *state, owner seat) float64 {
		return 0.25 + houseWorth(s, owner, 0.4*float64(min(roundsLeft(s), 4)))
	}
}

// B097 Scholar: in a stone house, at the start of each round the owner may
// play 1 occupation for 1 food or 1 minor improvement at its cost.
// (A card's "remaining round spaces" then start with the next round.)
func scholar(c *ag.Card) {
	atRoundStart(c, func(x *ctx) {
		if stoneHouse(x.S, x.Owner) {
			extra(x, ag.OpOccupation|ag.OpMinor, "")
		}
	})
	c.PriceOps = ag.OpOccupation
	c.Reprice = func(cc *ag.CostCtx) {
		if ownPurchase(cc, ag.OpOccupation) && cc.Purchase.Via == "B097" {
			for i := range cc.Prices {
				cc.Prices[i].Goods[ag.Food]++
			}
		}
	}
	c.Worth = func(s *state, owner seat) float64 {
		return houseWorth(s, owner, 0.6*float64(min(roundsLeft(s), len(s.Seats[owner].Hand))))
	}
}
