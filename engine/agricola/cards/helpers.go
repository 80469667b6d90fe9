package cards

import (
	"tabula/engine"
	ag "tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// Small pieces the cards share: how a card words "when you use space X",
// "on each of the next n round spaces", "you may pay … to …", and the
// counts prerequisites and scoring look at. Everything goes through the
// engine's exported card API; nothing here is a rule of its own.

type (
	state = ag.State
	ctx   = ag.Ctx
	seat  = engine.Seat
	goods = ag.Goods
)

// one is n of good g.
func one(g ag.Good, n int) goods { return ag.One(g, n) }

// on adds handler h for event ev to c.
func on(c *ag.Card, ev ag.Event, h ag.Handler) {
	if c.On == nil {
		c.On = map[ag.Event]ag.Handler{}
	}
	c.On[ev] = h
}

// whenUsed runs h after the owner has used a space that match accepts
// ("each time you use …": the space's work is over, its goods taken).
func whenUsed(c *ag.Card, match func(s *state, space string) bool, h ag.Handler) {
	on(c, ag.EvAfterSpace, func(x *ctx) {
		if x.Mine() && match(x.S, x.Space) {
			h(x)
		}
	})
}

// alsoGives is a card whose owner gets g more at the spaces match accepts;
// worth v per round left.
func alsoGives(c *ag.Card, match func(*state, string) bool, g goods, v float64) {
	whenUsed(c, match, func(x *ctx) { gain(x, g) })
	c.Worth = worthPerRound(v)
}

// afterOwn runs h each time the owner has carried out op (EvDid).
func afterOwn(c *ag.Card, op ag.Op, h ag.Handler) {
	on(c, ag.EvDid, func(x *ctx) {
		if x.Mine() && x.Op == op {
			h(x)
		}
	})
}

// gainsOnPlay gives the owner g when the card is played.
func gainsOnPlay(c *ag.Card, g goods) { c.OnPlay = func(x *ctx) { gain(x, g) } }

// spaces matches the action spaces with these ids.
func spaces(ids ...string) func(*state, string) bool {
	return func(_ *state, space string) bool {
		for _, id := range ids {
			if id == space {
				return true
			}
		}
		return false
	}
}

// accumulating matches the accumulation spaces of good g (a "wood
// accumulation space": Forest, Grove, Copse; stone: the two Quarries).
func accumulating(g ag.Good) func(*state, string) bool {
	return func(s *state, space string) bool {
		d := s.Def(space)
		return d != nil && d.Accumulate[g] > 0
	}
}

// Action space ids the cards name.
const (
	meetingPlace     = "meeting-place"
	grainSeeds       = "grain-seeds"
	farmland         = "farmland"
	dayLaborer       = "day-laborer"
	forest           = "forest"
	clayPit          = "clay-pit"
	reedBank         = "reed-bank"
	fishing          = "fishing"
	resourceMarket   = "resource-market"
	travelingPlayers = "traveling-players"
	grainUtilization = "grain-utilization"
	cultivation      = "cultivation"
	sheepMarket      = "sheep-market"
	pigMarket        = "pig-market"
	cattleMarket     = "cattle-market"
)

// animalMarkets are the three markets and the animal each gives.
var animalMarkets = map[string]ag.Good{sheepMarket: ag.Sheep, pigMarket: ag.Boar, cattleMarket: ag.Cattle}

// gain gives the card's owner goods.
func gain(x *ctx, g goods) { x.Gain(x.Owner, g) }

// roundsLeft is the number of full rounds after the current one.
func roundsLeft(s *state) int { return 14 - s.Round }

// nextRounds schedules g for the owner on each of the next n round spaces.
func nextRounds(x *ctx, n int, g goods) {
	for r := x.S.Round + 1; r <= x.S.Round+n; r++ {
		x.Schedule(x.Owner, r, g)
	}
}

// atRounds schedules g for the owner on each listed round still to come.
func atRounds(x *ctx, rounds []int, g goods) {
	for _, r := range rounds {
		x.Schedule(x.Owner, r, g)
	}
}

// offer lets the owner take one of the bundles or nothing ("you may pay
// … to get …"): a choice whose first option is empty (decline). Bundles
// with negative amounts are paid; a bundle the owner cannot pay is not
// offered, and with nothing payable nothing is asked.
func offer(x *ctx, item string, bundles ...goods) {
	choices := []goods{{}}
	for _, b := range bundles {
		if x.S.Seats[x.Owner].Goods.Plus(b).Covers(goods{}) {
			choices = append(choices, b)
		}
	}
	if len(choices) > 1 {
		x.Push(ag.Frame{Kind: ag.FrameChoose, Seat: x.Owner, Choices: choices, Item: item})
	}
}

// choose makes the owner take one of the bundles (no declining).
func choose(x *ctx, bundles ...goods) {
	x.Push(ag.Frame{Kind: ag.FrameChoose, Seat: x.Owner, Choices: bundles})
}

// extra opens an optional menu of ops for the owner (an extra plow, bake,
// stable …). via is the space that grants it when the card adds it to a
// space's work (so the space's after-space window counts it), or "" for
// the card itself.
func extra(x *ctx, ops ag.Op, via string) {
	x.Push(ag.Frame{Kind: ag.FrameMenu, Seat: x.Owner, Via: via, Ops: ops, Once: ops, One: true})
}

// ext is the owner's counter key of card id (0 when unset).
func ext(s *state, owner seat, key string) int { return s.Seats[owner].Ext[key] }

// setExt sets the owner's counter key of a card.
func setExt(s *state, owner seat, key string, v int) {
	p := &s.Seats[owner]
	if p.Ext == nil {
		p.Ext = map[string]int{}
	}
	p.Ext[key] = v
}

// rooms is the number of rooms of seat's house (cards that give room for
// a person are no rooms).
func rooms(s *state, who seat) int { return s.Seats[who].Yard.Rooms.Len() }

// fieldsWith counts seat's fields (field tiles and fields on cards)
// holding crop (0: empty fields).
func fieldsWith(s *state, who seat, crop ag.Good) int {
	p := &s.Seats[who]
	n := 0
	for c := range p.Yard.Fields.Each() {
		if cr := p.Crops[c-1]; (crop == 0 && cr.N == 0) || (crop != 0 && cr.N > 0 && cr.Kind == crop) {
			n++
		}
	}
	for _, cf := range p.CardFields {
		if cr := cf.Crop; (crop == 0 && cr.N == 0) || (crop != 0 && cr.N > 0 && cr.Kind == crop) {
			n++
		}
	}
	return n
}

// improvements counts the majors and minors in front of seat.
func improvements(s *state, who seat) int {
	n := 0
	for _, id := range s.Seats[who].Cards {
		if c := ag.CardByID(id); c != nil && c.Kind != ag.OccupationCard {
			n++
		}
	}
	return n
}

// pastureCells is the number of farmyard cells in seat's pastures.
func pastureCells(s *state, who seat) int { return s.Seats[who].Yard.Fenced().Len() }

// onlyBuyer reports whether a purchase is the card owner's own.
func ownPurchase(c *ag.CostCtx, ops ...ag.Op) bool {
	if c.Buyer != c.Owner {
		return false
	}
	for _, op := range ops {
		if c.Purchase.What == op {
			return true
		}
	}
	return false
}

// less takes n of good g off every price.
func less(c *ag.CostCtx, g ag.Good, n int) {
	for i := range c.Prices {
		c.Prices[i].Goods[g] -= n
	}
}

// cells is the set of farmyard cells of a list.
func cells(cs ...farmyard.Cell) farmyard.Set { return farmyard.Of(cs...) }

// hasBaking reports whether seat owns an improvement that bakes bread.
func hasBaking(s *state, who seat) bool {
	for _, c := range s.Conversions(who) {
		if c.When == ag.Baking {
			return true
		}
	}
	return false
}

// worthPerRound is a Worth of v points per full round left.
func worthPerRound(v float64) func(*state, seat) float64 {
	return func(s *state, _ seat) float64 { return v * float64(roundsLeft(s)) }
}

// worth is a fixed Worth.
func worth(v float64) func(*state, seat) float64 {
	return func(*state, seat) float64 { return v }
}
