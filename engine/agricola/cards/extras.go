package cards

import (
	ag "tabula/engine/agricola"
)

// Cards that grant extra actions (a bake, a plow, a room) or goods when
// their owner does something: after a space, after an op (EvDid), or when
// a card is played.

// A024 Threshing Board: each use of Farmland or Cultivation also gives a
// bake-bread action.
func threshingBoard(c *ag.Card) {
	whenUsed(c, spaces(farmland, cultivation), func(x *ctx) { extra(x, ag.OpBake, "") })
	c.Worth = bakeWorth(0.15)
}

// B108 Oven Firing Boy: each wood accumulation space also gives a
// bake-bread action.
func ovenFiringBoy(c *ag.Card) {
	whenUsed(c, accumulating(ag.Wood), func(x *ctx) { extra(x, ag.OpBake, "") })
	c.Worth = bakeWorth(0.2)
}

// B025 Bread Paddle: 1 food when played; each occupation the owner plays
// afterwards also gives a bake-bread action.
func breadPaddle(c *ag.Card) {
	gainsOnPlay(c, one(ag.Food, 1))
	afterOwn(c, ag.OpOccupation, func(x *ctx) { extra(x, ag.OpBake, "") })
	c.Worth = bakeWorth(0.1)
}

// bakeWorth is per round left, more once the owner can bake.
func bakeWorth(v float64) func(*state, seat) float64 {
	return func(s *state, owner seat) float64 {
		w := v
		if !hasBaking(s, owner) {
			w /= 2
		}
		return w * float64(roundsLeft(s))
	}
}

// A063 Dutch Windmill: each bake-bread action of the owner in a round
// right after a harvest (rounds 5, 8, 10, 12, 14) gives 3 more food.
func dutchWindmill(c *ag.Card) {
	afterOwn(c, ag.OpBake, func(x *ctx) {
		if ag.IsHarvest(x.S.Round - 1) {
			gain(x, one(ag.Food, 3))
		}
	})
	c.Worth = bakeWorth(0.1)
}

// A055 Junk Room: 1 food after each improvement (major or minor) the owner
// builds, this one included.
func junkRoom(c *ag.Card) {
	on(c, ag.EvDid, func(x *ctx) {
		if x.Mine() && (x.Op == ag.OpMajor || x.Op == ag.OpMinor) {
			gain(x, one(ag.Food, 1))
		}
	})
	c.Worth = func(s *state, _ seat) float64 { return 0.15 * float64(min(roundsLeft(s), 8)) }
}

// A019 Handplow: a field tile on the round space 5 rounds ahead; at the
// start of that round the owner may plow 1 field.
func handplow(c *ag.Card) {
	c.OnPlay = func(x *ctx) { x.Schedule(x.Owner, x.S.Round+5, ag.Goods{}) }
	on(c, ag.EvCollect, func(x *ctx) {
		if x.Mine() && x.Item == "A019" {
			extra(x, ag.OpPlow, "")
		}
	})
	c.Worth = func(s *state, owner seat) float64 {
		if !s.Has(owner, "A019") { // in hand: is there a round left to plow in?
			return float64(flag(s.Round <= 9))
		}
		for r := s.Round + 1; r <= 14; r++ {
			for _, d := range s.Rounds[r].Goods {
				if d.Seat == owner && d.Via == "A019" {
					return 1
				}
			}
		}
		return 0
	}
}

// B019 Moldboard Plow: 2 field tiles on the card; twice in the game, when
// the owner uses Farmland, it may also plow 1 field with a tile from the
// card.
func moldboardPlow(c *ag.Card) {
	c.OnPlay = func(x *ctx) { setExt(x.S, x.Owner, "B019", 2) }
	whenUsed(c, spaces(farmland), func(x *ctx) {
		if ext(x.S, x.Owner, "B019") > 0 {
			extra(x, ag.OpPlow, "")
		}
	})
	afterOwn(c, ag.OpPlow, func(x *ctx) {
		if x.Space == "B019" {
			setExt(x.S, x.Owner, "B019", ext(x.S, x.Owner, "B019")-1)
		}
	})
	c.Worth = func(s *state, owner seat) float64 {
		n := 2
		if s.Has(owner, "B019") {
			n = ext(s, owner, "B019")
		}
		return float64(n) * float64(min(roundsLeft(s), 6)) / 6
	}
}

// B087 Cottager: Day Laborer also lets the owner build exactly 1 room or
// renovate, at the usual price (part of the space's work).
func cottager(c *ag.Card) {
	on(c, ag.EvBeforeSpace, func(x *ctx) {
		if x.Mine() && x.Space == dayLaborer {
			extra(x, ag.OpRoom|ag.OpRenovate, x.Space)
		}
	})
	c.Worth = func(s *state, owner seat) float64 {
		if s.Seats[owner].House == ag.Stone && rooms(s, owner) >= 4 {
			return 0
		}
		return 0.25 * float64(min(roundsLeft(s), 10))
	}
}

// B091 Assistant Tiller: Day Laborer also lets the owner plow 1 field.
func assistantTiller(c *ag.Card) {
	on(c, ag.EvBeforeSpace, func(x *ctx) {
		if x.Mine() && x.Space == dayLaborer {
			extra(x, ag.OpPlow, x.Space)
		}
	})
	c.Worth = func(s *state, owner seat) float64 {
		return 0.3 * float64(min(roundsLeft(s), 8)) * float64(max(5-s.Seats[owner].Yard.Fields.Len(), 0)) / 5
	}
}

// A110 Roughcaster: 3 food each time the owner builds at least 1 clay room
// (in one action) or renovates from clay to stone.
func roughcaster(c *ag.Card) {
	on(c, ag.EvBeforeSpace, func(x *ctx) {
		if x.Mine() {
			setExt(x.S, x.Owner, "A110", int(x.S.Seats[x.Owner].House))
		}
	})
	afterOwn(c, ag.OpRenovate, func(x *ctx) {
		if ag.Good(ext(x.S, x.Owner, "A110")) == ag.Clay && x.S.Seats[x.Owner].House == ag.Stone {
			gain(x, one(ag.Food, 3))
		}
	})
	on(c, ag.EvAfterSpace, func(x *ctx) {
		if x.Mine() && x.Op&ag.OpRoom != 0 && x.S.Seats[x.Owner].House == ag.Clay {
			gain(x, one(ag.Food, 3))
		}
	})
	c.Worth = func(s *state, owner seat) float64 {
		if s.Seats[owner].House == ag.Stone {
			return 0
		}
		return 0.25 * float64(min(roundsLeft(s), 8))
	}
}

// B109 Paper Maker: for each later occupation the owner may pay 1 wood in
// all for 1 food per occupation it had in front of it before. (HR: offered
// right after that occupation is played rather than just before, so the
// food cannot pay for it.)
func paperMaker(c *ag.Card) {
	afterOwn(c, ag.OpOccupation, func(x *ctx) {
		if x.Item != "B109" {
			offer(x, "", one(ag.Wood, -1).With(ag.Food, x.S.Occupations(x.Owner)-1))
		}
	})
	c.Worth = func(s *state, owner seat) float64 {
		return 0.2 * float64(s.Occupations(owner)) * float64(min(roundsLeft(s), 6)) / 3
	}
}

// B163 Pastor: once, as soon as the owner is the only player living in a
// house with just 2 rooms: 3 wood, 2 clay, 1 reed and 1 stone. Checked
// when played and whenever anyone builds a room.
func pastor(c *ag.Card) {
	check := func(x *ctx) {
		if ext(x.S, x.Owner, "B163") != 0 || rooms(x.S, x.Owner) != 2 {
			return
		}
		for i := range x.S.Seats {
			if seat(i) != x.Owner && rooms(x.S, seat(i)) == 2 {
				return
			}
		}
		setExt(x.S, x.Owner, "B163", 1)
		gain(x, one(ag.Wood, 3).With(ag.Clay, 2).With(ag.Reed, 1).With(ag.Stone, 1))
	}
	c.OnPlay = check
	on(c, ag.EvDid, func(x *ctx) {
		if x.Op == ag.OpRoom {
			check(x)
		}
	})
	c.Worth = func(s *state, owner seat) float64 {
		if ext(s, owner, "B163") != 0 || rooms(s, owner) != 2 {
			return 0
		}
		return 1.5
	}
}

// A053 Claypipe: at return home, 2 food if the owner received at least 7
// building resources during that round's work phase (everything received
// counts, even if spent again; goods collected at the start of the round
// do not: the count starts after them). Ext counts them.
func claypipe(c *ag.Card) {
	atRoundStart(c, func(x *ctx) { setExt(x.S, x.Owner, "A053", 0) })
	on(c, ag.EvGain, func(x *ctx) {
		if !x.Mine() {
			return
		}
		n := 0
		for _, g := range []ag.Good{ag.Wood, ag.Clay, ag.Reed, ag.Stone} {
			n += max(x.Goods[g], 0)
		}
		if n > 0 {
			setExt(x.S, x.Owner, "A053", ext(x.S, x.Owner, "A053")+n)
		}
	})
	on(c, ag.EvReturnHome, func(x *ctx) {
		if ext(x.S, x.Owner, "A053") >= 7 {
			gain(x, one(ag.Food, 2))
		}
	})
	c.Worth = func(s *state, _ seat) float64 { return 0.15 * float64(roundsLeft(s)) }
}
