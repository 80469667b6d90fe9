package cards

import (
	ag "tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// Cards that change prices, all through the engine's one Cost function:
// Reprice gives a purchase another price in place of the printed one
// (all of them run first, and the dearer prices are dropped); Modify then
// takes goods off (discounts) or lets another good stand in (substitutes),
// in card id order, so a discount applies to whichever price is used.

// A016 Rammed Clay: 1 clay when played; fences may be paid with clay
// instead of wood, 1 for 1, mixed freely in one fencing action.
func rammedClay(c *ag.Card) {
	gainsOnPlay(c, one(ag.Clay, 1))
	c.PriceOps = ag.OpFences
	c.Modify = func(cc *ag.CostCtx) {
		if !ownPurchase(cc, ag.OpFences) {
			return
		}
		anyPrices(cc, func(p ag.Price, out []ag.Price) []ag.Price {
			for k := 1; k <= p.Goods[ag.Wood]; k++ {
				q := p
				q.Goods[ag.Wood] -= k
				q.Goods[ag.Clay] += k
				out = append(out, q)
			}
			return out
		})
	}
	c.Worth = func(s *state, owner seat) float64 {
		return 0.05 * float64(farmyard.MaxFences-s.Seats[owner].Yard.Fences.Len())
	}
}

// A088 Hedge Keeper: in each Build Fences action (an action space: Fencing,
// Farm Redevelopment) 3 of the fences cost no wood. Other ways of fencing
// (Mini Pasture) are no such action.
func hedgeKeeper(c *ag.Card) {
	c.PriceOps = ag.OpFences
	c.Reprice = func(cc *ag.CostCtx) {
		if ownPurchase(cc, ag.OpFences) && cc.S.Def(cc.Purchase.Via) != nil {
			cc.Prices = append(cc.Prices, ag.Price{Goods: one(ag.Wood, max(cc.Purchase.N-3, 0))})
		}
	}
	c.Worth = func(s *state, owner seat) float64 {
		if farmyard.MaxFences-s.Seats[owner].Yard.Fences.Len() < 3 {
			return 0
		}
		return 0.15 * float64(min(roundsLeft(s), 10))
	}
}

// A087 Conservator: the owner may renovate a wooden house straight to
// stone; the price is not printed (HR, as battlestar reads it: the
// clay-to-stone price, 1 stone per room and 1 reed).
func conservator(c *ag.Card) {
	c.PriceOps = ag.OpRenovate
	c.Reprice = func(cc *ag.CostCtx) {
		if ownPurchase(cc, ag.OpRenovate) && cc.S.Seats[cc.Owner].House == ag.Wood {
			cc.Prices = append(cc.Prices, ag.Price{Goods: one(ag.Stone, rooms(cc.S, cc.Owner)).With(ag.Reed, 1), To: ag.Stone})
		}
	}
	c.Worth = func(s *state, owner seat) float64 {
		if s.Seats[owner].House != ag.Wood || roundsLeft(s) < 3 {
			return 0
		}
		return 1.5
	}
}

// B013 Carpenter's Parlor: each wooden room costs the owner 2 wood and 2
// reed.
func carpentersParlor(c *ag.Card) {
	c.PriceOps = ag.OpRoom
	c.Reprice = func(cc *ag.CostCtx) {
		if ownPurchase(cc, ag.OpRoom) && cc.S.Seats[cc.Owner].House == ag.Wood {
			cc.Prices = append(cc.Prices, ag.Price{Goods: one(ag.Wood, 2).With(ag.Reed, 2)})
		}
	}
	c.Worth = func(s *state, owner seat) float64 {
		if s.Seats[owner].House != ag.Wood {
			return 0
		}
		return roomSavings(s, owner, 3)
	}
}

// roomSavings is the Worth of saving n goods on each room the owner may
// still build: rooms are wanted up to 5 (people) while rounds are left,
// the more so when the goods for one are at hand.
func roomSavings(s *state, owner seat, n int) float64 {
	want := min(5-rooms(s, owner), 2)
	if want <= 0 || roundsLeft(s) < 2 {
		return 0
	}
	v := 0.35 * float64(n*want)
	if s.Seats[owner].Goods[s.Seats[owner].House] >= 3 {
		v *= 1.5
	}
	return v
}

// B126 Carpenter: each new room costs the owner 3 of the house's material
// and 2 reed.
func carpenter(c *ag.Card) {
	c.PriceOps = ag.OpRoom
	c.Reprice = func(cc *ag.CostCtx) {
		if ownPurchase(cc, ag.OpRoom) {
			cc.Prices = append(cc.Prices, ag.Price{Goods: one(cc.S.Seats[cc.Owner].House, 3).With(ag.Reed, 2)})
		}
	}
	c.Worth = func(s *state, owner seat) float64 { return roomSavings(s, owner, 2) }
}

// B145 Brushwood Collector: for each room and each renovation, the 1 or 2
// reed it needs may be replaced by 1 wood in all.
func brushwoodCollector(c *ag.Card) {
	c.PriceOps = ag.OpRoom | ag.OpRenovate
	c.Modify = func(cc *ag.CostCtx) {
		if !ownPurchase(cc, ag.OpRoom, ag.OpRenovate) {
			return
		}
		anyPrices(cc, func(p ag.Price, out []ag.Price) []ag.Price {
			if r := p.Goods[ag.Reed]; r < 1 || r > 2 {
				return out
			}
			p.Goods[ag.Reed] = 0
			p.Goods[ag.Wood]++
			return append(out, p)
		})
	}
	c.Worth = func(s *state, _ seat) float64 { return 0.15 * float64(min(roundsLeft(s), 10)) }
}

// A123 Frame Builder: once per room built and once per renovation, the
// owner may pay 1 wood in place of exactly 2 clay or exactly 2 stone.
func frameBuilder(c *ag.Card) {
	c.PriceOps = ag.OpRoom | ag.OpRenovate
	c.Modify = func(cc *ag.CostCtx) {
		if !ownPurchase(cc, ag.OpRoom, ag.OpRenovate) {
			return
		}
		anyPrices(cc, func(p ag.Price, out []ag.Price) []ag.Price {
			for _, g := range []ag.Good{ag.Clay, ag.Stone} {
				if p.Goods[g] >= 2 {
					q := p
					q.Goods[g] -= 2
					q.Goods[ag.Wood]++
					out = append(out, q)
				}
			}
			return out
		})
	}
	c.Worth = func(s *state, _ seat) float64 { return 0.2 * float64(min(roundsLeft(s), 10)) }
}

// A143 Stonecutter: every improvement, room and renovation costs the
// owner 1 stone less.
func stonecutter(c *ag.Card) {
	c.PriceOps = ag.OpMajor | ag.OpMinor | ag.OpRoom | ag.OpRenovate
	c.Modify = func(cc *ag.CostCtx) {
		if ownPurchase(cc, ag.OpMajor, ag.OpMinor, ag.OpRoom, ag.OpRenovate) {
			less(cc, ag.Stone, 1)
		}
	}
	c.Worth = func(s *state, _ seat) float64 { return 0.2 * float64(min(roundsLeft(s), 10)) }
}

// A075 Lumber Mill: every improvement costs the owner 1 wood less.
func lumberMill(c *ag.Card) {
	c.PriceOps = ag.OpMajor | ag.OpMinor
	c.Modify = func(cc *ag.CostCtx) {
		if ownPurchase(cc, ag.OpMajor, ag.OpMinor) {
			less(cc, ag.Wood, 1)
		}
	}
	c.Worth = func(s *state, _ seat) float64 { return 0.08 * float64(min(roundsLeft(s), 10)) }
}

// B095 Master Bricklayer: a major improvement costs the owner 1 stone
// less per room added to the starting house (2 rooms).
func masterBricklayer(c *ag.Card) {
	c.PriceOps = ag.OpMajor
	c.Modify = func(cc *ag.CostCtx) {
		if ownPurchase(cc, ag.OpMajor) {
			if n := rooms(cc.S, cc.Owner) - 2; n > 0 {
				less(cc, ag.Stone, n)
			}
		}
	}
	c.Worth = func(s *state, owner seat) float64 {
		if roundsLeft(s) < 3 {
			return 0
		}
		return 0.7 * float64(max(rooms(s, owner)-2, 1))
	}
}

// B033 Mantlepiece: when played, 1 bonus point per full round left; from
// then on the owner may not renovate.
func mantlepiece(c *ag.Card) {
	c.OnPlay = func(x *ctx) { setExt(x.S, x.Owner, "B033", roundsLeft(x.S)) }
	c.Points = bonus(func(s *state, owner seat) int { return ext(s, owner, "B033") })
	c.PriceOps = ag.OpRenovate
	c.Modify = func(cc *ag.CostCtx) {
		if ownPurchase(cc, ag.OpRenovate) {
			cc.Prices = nil
		}
	}
	c.Worth = func(s *state, owner seat) float64 {
		if s.Seats[owner].Ext["B033"] == 0 { // in hand: the points it would bring
			return float64(roundsLeft(s))
		}
		return 0
	}
}

// B036 Bottles: costs 1 clay and 1 food per person of the buyer (newborns
// included); 4 points, no other effect.
func bottles(c *ag.Card) {
	c.CostFor = func(s *state, buyer seat) goods {
		return one(ag.Clay, 1).With(ag.Food, s.Seats[buyer].People)
	}
	c.Worth = worth(0)
}

// B016 Mining Hammer: 1 food when played; each time the owner renovates,
// it may also build 1 stable without paying its wood.
func miningHammer(c *ag.Card) {
	gainsOnPlay(c, one(ag.Food, 1))
	afterOwn(c, ag.OpRenovate, func(x *ctx) { extra(x, ag.OpStable, "") })
	c.PriceOps = ag.OpStable
	c.Reprice = func(cc *ag.CostCtx) {
		if ownPurchase(cc, ag.OpStable) && cc.Purchase.Via == "B016" {
			cc.Prices = []ag.Price{{}}
		}
	}
	c.Worth = func(s *state, owner seat) float64 {
		if s.Seats[owner].House == ag.Stone {
			return 0
		}
		return 0.6
	}
}

// anyPrices adds the alternatives f derives from each price, in order: f
// appends them to out and returns it (no list of its own per price: the
// move listing prices fences by the dozen).
func anyPrices(cc *ag.CostCtx, f func(p ag.Price, out []ag.Price) []ag.Price) {
	n := len(cc.Prices)
	for i := 0; i < n; i++ {
		cc.Prices = f(cc.Prices[i], cc.Prices)
	}
}
