package cards

import (
	ag "tabula/engine/agricola"
)

// Cards that put goods on future round spaces (like the Well): the owner
// collects them at the start of those rounds. Rounds after the 14th are
// dropped; "the next n round spaces" start with the round after the
// current one.

// scheduled is a card whose goods are all put on round spaces when it is
// played: it is worth nothing beyond the goods waiting (Evaluate counts
// them).
func scheduled(c *ag.Card, at func(x *ctx)) {
	c.OnPlay = at
	c.Worth = worth(0)
}

// A044 Pond Hut: 1 food on each of the next 3 round spaces.
func pondHut(c *ag.Card) { scheduled(c, func(x *ctx) { nextRounds(x, 3, one(ag.Food, 1)) }) }

// B045 Strawberry Patch: 1 food on each of the next 3 round spaces.
func strawberryPatch(c *ag.Card) { scheduled(c, func(x *ctx) { nextRounds(x, 3, one(ag.Food, 1)) }) }

// B084 Acorns Basket: 1 wild boar on each of the next 2 round spaces.
func acornsBasket(c *ag.Card) { scheduled(c, func(x *ctx) { nextRounds(x, 2, one(ag.Boar, 1)) }) }

// A069 Large Greenhouse: 1 vegetable on the round spaces 4, 7 and 9
// rounds after the current one.
func largeGreenhouse(c *ag.Card) {
	scheduled(c, func(x *ctx) {
		r := x.S.Round
		atRounds(x, []int{r + 4, r + 7, r + 9}, one(ag.Vegetable, 1))
	})
}

// B164 Sheep Whisperer: 1 sheep on the round spaces 2, 5, 8 and 10 rounds
// after the current one.
func sheepWhisperer(c *ag.Card) {
	scheduled(c, func(x *ctx) {
		r := x.S.Round
		atRounds(x, []int{r + 2, r + 5, r + 8, r + 10}, one(ag.Sheep, 1))
	})
}

// B066 Sack Cart: 1 grain on each of the round spaces 5, 8, 11 and 14
// still to come.
func sackCart(c *ag.Card) {
	scheduled(c, func(x *ctx) { atRounds(x, []int{5, 8, 11, 14}, one(ag.Grain, 1)) })
}

// B074 Thick Forest: 1 wood on every even-numbered round space still to
// come.
func thickForest(c *ag.Card) {
	scheduled(c, func(x *ctx) { atRounds(x, []int{2, 4, 6, 8, 10, 12, 14}, one(ag.Wood, 1)) })
}

// B047 Herring Pot: each time the owner uses Fishing, 1 food on each of
// the next 3 round spaces.
func herringPot(c *ag.Card) {
	whenUsed(c, spaces(fishing), func(x *ctx) { nextRounds(x, 3, one(ag.Food, 1)) })
	c.Worth = worthPerRound(0.25)
}

// A111 Wall Builder: each time the owner builds at least 1 room (in one
// action), 1 food on each of the next 4 round spaces (the card says
// "may"; taking food is never worse, so it is done).
func wallBuilder(c *ag.Card) {
	on(c, ag.EvAfterSpace, func(x *ctx) {
		if x.Mine() && x.Op&ag.OpRoom != 0 {
			nextRounds(x, 4, one(ag.Food, 1))
		}
	})
	c.Worth = func(s *state, _ seat) float64 { return 0.6 * float64(min(roundsLeft(s), 6)) / 3 }
}

// onceRenovated runs then the first time cond holds for the owner:
// checked when the card is played and whenever the owner renovates.
func onceRenovated(c *ag.Card, cond func(s *state, owner seat) bool, then func(x *ctx)) {
	check := func(x *ctx) {
		if ext(x.S, x.Owner, x.Card) == 0 && cond(x.S, x.Owner) {
			setExt(x.S, x.Owner, x.Card, 1)
			then(x)
		}
	}
	c.OnPlay = check
	afterOwn(c, ag.OpRenovate, check)
}

// A120 Clay Hut Builder: once the owner no longer lives in a wooden
// house, 2 clay on each of the next 5 round spaces; once. Played by a
// player already out of the wooden house, it acts at once (HR, as
// battlestar reads it).
func clayHutBuilder(c *ag.Card) {
	onceRenovated(c, func(s *state, owner seat) bool { return s.Seats[owner].House != ag.Wood },
		func(x *ctx) { nextRounds(x, 5, one(ag.Clay, 2)) })
	c.Worth = func(s *state, owner seat) float64 {
		if ext(s, owner, "A120") != 0 || roundsLeft(s) < 3 {
			return 0
		}
		return 1.5
	}
}

// B107 Manservant: once the owner lives in a stone house, 3 food on every
// remaining round space; once.
func manservant(c *ag.Card) {
	onceRenovated(c, func(s *state, owner seat) bool { return s.Seats[owner].House == ag.Stone },
		func(x *ctx) { nextRounds(x, 14, one(ag.Food, 3)) })
	c.Worth = func(s *state, owner seat) float64 {
		if ext(s, owner, "B107") != 0 {
			return 0
		}
		return 0.3 * float64(roundsLeft(s)-4)
	}
}
