package cards

import (
	ag "tabula/engine/agricola"
)

// Cards whose effect is over once played: goods, a plow, a pasture. The
// traveling ones then go to the left neighbour's hand (out of the game
// when playing alone); the engine does that from the table's flag.

// A002 Shifting Cultivation: plow 1 field.
func shiftingCultivation(c *ag.Card) {
	c.OnPlay = func(x *ctx) {
		x.Push(ag.Frame{Kind: ag.FrameMenu, Seat: x.Owner, Ops: ag.OpPlow, Once: ag.OpPlow, Need: true})
	}
	c.Worth = func(s *state, owner seat) float64 { return float64(flag(s.Targets(owner, ag.OpPlow) != 0)) }
}

// A005 Clay Embankment: 1 clay for every full 2 clay in the supply.
func clayEmbankment(c *ag.Card) {
	c.OnPlay = func(x *ctx) {
		if n := x.S.Seats[x.Owner].Goods[ag.Clay] / 2; n > 0 {
			gain(x, one(ag.Clay, n))
		}
	}
	c.Worth = func(s *state, owner seat) float64 { return 0.3 * float64(s.Seats[owner].Goods[ag.Clay]/2) }
}

// A009 Young Animal Market (costs 1 sheep): 1 cattle.
func youngAnimalMarket(c *ag.Card) {
	gainsOnPlay(c, one(ag.Cattle, 1))
	c.Worth = worth(1)
}

// B008 Market Stall (costs 1 grain): 1 vegetable.
func marketStall(c *ag.Card) {
	gainsOnPlay(c, one(ag.Vegetable, 1))
	c.Worth = worth(0.6)
}

// A033 Big Country: when played, 1 bonus point and 2 food for each full
// round left.
func bigCountry(c *ag.Card) {
	c.OnPlay = func(x *ctx) {
		n := roundsLeft(x.S)
		setExt(x.S, x.Owner, "A033", n)
		if n > 0 {
			gain(x, one(ag.Food, 2*n))
		}
	}
	c.Points = bonus(func(s *state, owner seat) int { return ext(s, owner, "A033") })
	c.Worth = func(s *state, owner seat) float64 {
		if s.Has(owner, "A033") {
			return 0
		}
		return 1.5 * float64(roundsLeft(s))
	}
}

// A125 Priest: when played by someone living in a clay house of exactly 2
// rooms, 3 clay, 2 reed and 2 stone; otherwise nothing, then or later.
func priest(c *ag.Card) {
	c.OnPlay = func(x *ctx) {
		if x.S.Seats[x.Owner].House == ag.Clay && rooms(x.S, x.Owner) == 2 {
			gain(x, one(ag.Clay, 3).With(ag.Reed, 2).With(ag.Stone, 2))
		}
	}
	c.Worth = func(s *state, owner seat) float64 {
		if !s.Has(owner, "A125") && s.Seats[owner].House == ag.Clay && rooms(s, owner) == 2 {
			return 2.5
		}
		return 0
	}
}

// B102 Consultant: when played, by the number of players 1/2/3/4: 2 grain
// / 3 clay / 2 reed / 2 sheep.
func consultant(c *ag.Card) {
	by := [5]goods{1: one(ag.Grain, 2), 2: one(ag.Clay, 3), 3: one(ag.Reed, 2), 4: one(ag.Sheep, 2)}
	c.OnPlay = func(x *ctx) { gain(x, by[x.S.Players]) }
	c.Worth = func(s *state, owner seat) float64 {
		if s.Has(owner, "B102") {
			return 0
		}
		return 1
	}
}

// B123 Roof Ballaster: when played, the owner may pay 1 food (in all) for
// 1 stone per room.
func roofBallaster(c *ag.Card) {
	c.OnPlay = func(x *ctx) { offer(x, "", one(ag.Food, -1).With(ag.Stone, rooms(x.S, x.Owner))) }
	c.Worth = func(s *state, owner seat) float64 {
		if s.Has(owner, "B123") {
			return 0
		}
		return 0.45*float64(rooms(s, owner)) - 0.2
	}
}

// A086 Animal Tamer: when played, 1 wood or 1 grain (the owner chooses);
// the owner's house holds 1 animal (of any kind) per room instead of 1 in
// all.
func animalTamer(c *ag.Card) {
	c.OnPlay = func(x *ctx) { choose(x, one(ag.Wood, 1), one(ag.Grain, 1)) }
	c.Holders = houseHoldsPerRoom
	c.Worth = func(s *state, owner seat) float64 { return 0.1 * float64(rooms(s, owner)*min(roundsLeft(s), 8)) / 2 }
}
