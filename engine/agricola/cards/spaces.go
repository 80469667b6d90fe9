package cards

import (
	ag "tabula/engine/agricola"
)

// Cards that add to what an action space gives their owner ("each time
// you use …, you also get …"): run in the after-space window, once the
// space's own goods are taken.

// A067 Corn Scoop: Grain Seeds gives 1 more grain.
func cornScoop(c *ag.Card) {
	alsoGives(c, spaces(grainSeeds), one(ag.Grain, 1), 0.2)
}

// A078 Canoe: Fishing also gives 1 food and 1 reed.
func canoe(c *ag.Card) {
	alsoGives(c, spaces(fishing), one(ag.Food, 1).With(ag.Reed, 1), 0.3)
}

// A080 Stone Tongs: each stone accumulation space gives 1 more stone.
func stoneTongs(c *ag.Card) {
	whenUsed(c, accumulating(ag.Stone), func(x *ctx) { gain(x, one(ag.Stone, 1)) })
	c.Worth = func(s *state, _ seat) float64 { return 0.15 * float64(min(roundsLeft(s), 10)) }
}

// A116 Wood Cutter: each wood accumulation space gives 1 more wood.
func woodCutter(c *ag.Card) {
	alsoGives(c, accumulating(ag.Wood), one(ag.Wood, 1), 0.2)
}

// B077 Loam Pit: Day Laborer also gives 3 clay.
func loamPit(c *ag.Card) {
	alsoGives(c, spaces(dayLaborer), one(ag.Clay, 3), 0.3)
}

// B121 Geologist: Forest and Reed Bank also give 1 clay; with 3 or more
// players Clay Pit does too.
func geologist(c *ag.Card) {
	alsoGives(c, func(s *state, space string) bool {
		return space == forest || space == reedBank || (space == clayPit && s.Players >= 3)
	}, one(ag.Clay, 1), 0.2)
}

// B142 Greengrocer: Grain Seeds also gives 1 vegetable.
func greengrocer(c *ag.Card) {
	alsoGives(c, spaces(grainSeeds), one(ag.Vegetable, 1), 0.3)
}

// A155 Conjurer: Traveling Players gives 1 more wood and 1 grain.
func conjurer(c *ag.Card) {
	alsoGives(c, spaces(travelingPlayers), one(ag.Wood, 1).With(ag.Grain, 1), 0.25)
}

// A114 Seasonal Worker: Day Laborer gives 1 more grain; from round 6 on
// the owner may take 1 vegetable instead.
func seasonalWorker(c *ag.Card) {
	whenUsed(c, spaces(dayLaborer), func(x *ctx) {
		if x.S.Round < 6 {
			gain(x, one(ag.Grain, 1))
			return
		}
		choose(x, one(ag.Grain, 1), one(ag.Vegetable, 1))
	})
	c.Worth = worthPerRound(0.2)
}

// A119 Firewood Collector: Farmland, Grain Seeds, Grain Utilization and
// Cultivation give 1 wood at the end of that turn.
func firewoodCollector(c *ag.Card) {
	alsoGives(c, spaces(farmland, grainSeeds, grainUtilization, cultivation), one(ag.Wood, 1), 0.2)
}

// B056 Brook: the four action spaces above Fishing — Forest, Clay Pit,
// Reed Bank and the space of round 1's stage card — give 1 more food.
func brook(c *ag.Card) {
	alsoGives(c, func(s *state, space string) bool {
		return space == forest || space == clayPit || space == reedBank || (space != "" && space == s.Rounds[1].Card)
	}, one(ag.Food, 1), 0.25)
}

// B062 Pitchfork: Grain Seeds while Farmland is occupied (by anyone)
// gives 3 food.
func pitchfork(c *ag.Card) {
	whenUsed(c, spaces(grainSeeds), func(x *ctx) {
		if sp := x.S.SpaceByID(farmland); sp != nil && len(sp.People) > 0 {
			gain(x, one(ag.Food, 3))
		}
	})
	c.Worth = worthPerRound(0.25)
}

// B156 Storehouse Keeper: Resource Market also gives 1 clay or 1 grain.
func storehouseKeeper(c *ag.Card) {
	whenUsed(c, spaces(resourceMarket), func(x *ctx) { choose(x, one(ag.Clay, 1), one(ag.Grain, 1)) })
	c.Worth = worthPerRound(0.2)
}

// A050 Milk Jug: whenever anyone uses Cattle Market, its owner gets 3
// food and every other player 1.
func milkJug(c *ag.Card) {
	on(c, ag.EvAfterSpace, func(x *ctx) {
		if x.Space != cattleMarket {
			return
		}
		for i := range x.S.Seats {
			n := 1
			if seat(i) == x.Owner {
				n = 3
			}
			x.Gain(seat(i), one(ag.Food, n))
		}
	})
	c.Worth = func(s *state, _ seat) float64 { return 0.4 * float64(min(roundsLeft(s), 5)) }
}

// A160 Lutenist: when another player uses Traveling Players, the owner
// gets 1 food and 1 wood and may then buy 1 vegetable for 2 food.
func lutenist(c *ag.Card) {
	on(c, ag.EvAfterSpace, func(x *ctx) {
		if x.Space != travelingPlayers || x.Mine() {
			return
		}
		gain(x, one(ag.Food, 1).With(ag.Wood, 1))
		offer(x, "", one(ag.Food, -2).With(ag.Vegetable, 1))
	})
	c.Worth = worthPerRound(0.3)
}

// A138 Harpooner: at Fishing the owner may pay 1 wood for 1 food per
// person and 1 reed.
func harpooner(c *ag.Card) {
	whenUsed(c, spaces(fishing), func(x *ctx) {
		offer(x, "", one(ag.Wood, -1).With(ag.Food, x.S.Seats[x.Owner].People).With(ag.Reed, 1))
	})
	c.Worth = worthPerRound(0.3)
}

// A147 Animal Dealer: at a market the owner may buy 1 more animal of its
// kind for 1 food.
func animalDealer(c *ag.Card) {
	whenUsed(c, func(_ *state, space string) bool { _, ok := animalMarkets[space]; return ok }, func(x *ctx) {
		offer(x, "", one(ag.Food, -1).With(animalMarkets[x.Space], 1))
	})
	c.Worth = worthPerRound(0.2)
}

// B166 Cattle Feeder: at Grain Seeds the owner may buy 1 cattle for 1
// food.
func cattleFeeder(c *ag.Card) {
	whenUsed(c, spaces(grainSeeds), func(x *ctx) { offer(x, "", one(ag.Food, -1).With(ag.Cattle, 1)) })
	c.Worth = worthPerRound(0.25)
}

// A056 Basket: right after a wood accumulation space the owner may trade
// 2 wood for 3 food; the wood goes back onto that space.
func basket(c *ag.Card) { woodForFood(c, 2, 3) }

// A108 Mushroom Collector: the same with 1 wood for 2 food.
func mushroomCollector(c *ag.Card) { woodForFood(c, 1, 2) }

// woodForFood is Basket and Mushroom Collector: trade wood taken from a
// wood accumulation space for food, the wood going back onto the space
// (allowed even when fewer were taken there).
func woodForFood(c *ag.Card, wood, food int) {
	whenUsed(c, accumulating(ag.Wood), func(x *ctx) {
		offer(x, x.Space, one(ag.Wood, -wood).With(ag.Food, food))
	})
	c.Chosen = func(x *ctx) {
		if x.N == 1 {
			if sp := x.S.SpaceByID(x.Space); sp != nil {
				sp.Goods[ag.Wood] += wood
			}
		}
	}
	c.Worth = worthPerRound(0.2)
}
