package cards

import (
	"fmt"

	"tabula/engine"
	ag "tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// Cards that change the farm itself or its rules: where animals and
// people live, fields on cards, fences, crops, and the cards' own
// decisions (Actions and Resolve).

// A012 Drinking Trough: each pasture of the owner holds 2 more animals,
// with or without a stable.
func drinkingTrough(c *ag.Card) {
	c.Holders = func(_ *state, _ seat, hs []farmyard.Holder) []farmyard.Holder {
		for i := range hs {
			if hs[i].Where == farmyard.InPasture {
				hs[i].Cap += 2
			}
		}
		return hs
	}
	c.Worth = func(s *state, owner seat) float64 {
		return 0.15 * float64(len(s.Seats[owner].Yard.Pastures())+1) * float64(min(roundsLeft(s), 8)) / 4
	}
}

// houseHoldsPerRoom is Animal Tamer's house: 1 animal per room.
func houseHoldsPerRoom(s *state, owner seat, hs []farmyard.Holder) []farmyard.Holder {
	for i := range hs {
		if hs[i].Where == farmyard.InHouse {
			hs[i].Cap = max(hs[i].Cap, rooms(s, owner))
		}
	}
	return hs
}

// B010 Caravan: room for 1 person; it is no room (room scoring,
// renovation and room counts ignore it).
func caravan(c *ag.Card) {
	c.Beds = func(*state, seat) int { return 1 }
	c.Worth = worth(0) // Evaluate counts the room to grow
}

// B068 Beanfield: the card is a field that takes vegetables only (it
// counts for the vegetable row, not for the field row).
func beanfield(c *ag.Card) {
	c.OnPlay = func(x *ctx) {
		p := &x.S.Seats[x.Owner]
		p.CardFields = append(p.CardFields, ag.CardField{Card: "B068", Only: ag.Vegetable})
	}
	c.Worth = func(s *state, _ seat) float64 { return 0.15 * float64(harvestsLeft(s)) }
}

// A026 Sleeping Corner: the owner may place a person on a Wish for
// Children space that exactly one other player's person occupies.
func sleepingCorner(c *ag.Card) {
	c.Join = func(s *state, owner seat, space string) bool {
		d, sp := s.Def(space), s.SpaceByID(space)
		return d != nil && d.Grow != 0 && sp != nil && len(sp.People) == 1 && sp.People[0] != owner
	}
	c.Worth = func(s *state, owner seat) float64 {
		if s.Seats[owner].People >= 5 || s.Beds(owner) <= s.Seats[owner].People {
			return 0.1 * float64(min(roundsLeft(s), 9))
		}
		return 0.25 * float64(min(roundsLeft(s), 9))
	}
}

// A083 Shepherd's Crook: each new pasture of at least 4 farmyard spaces
// the owner fences gets 2 sheep at once. (HR: "new" = none of its spaces
// was fenced before the action; subdividing makes no new pasture; two such
// pastures in one action give 4 sheep.)
func shepherdsCrook(c *ag.Card) {
	on(c, ag.EvDid, func(x *ctx) {
		if !x.Mine() || x.Op != ag.OpFences {
			return
		}
		y := x.S.Seats[x.Owner].Yard
		before := y
		before.Fences &^= x.Fences
		old := before.Fenced()
		n := 0
		for _, p := range y.Pastures() {
			if p.Cells.Len() >= 4 && p.Cells&old == 0 {
				n++
			}
		}
		if n > 0 {
			gain(x, one(ag.Sheep, 2*n))
		}
	})
	c.Worth = func(s *state, owner seat) float64 {
		if farmyard.MaxFences-s.Seats[owner].Yard.Fences.Len() < 8 {
			return 0
		}
		return 0.8
	}
}

// B002 Mini Pasture: when played, one farmyard space becomes a pasture
// without paying for its fences; next to a pasture if the owner has one.
// It is no fence-building action. The card asks which space (the engine's
// fence rules decide which are possible).
func miniPasture(c *ag.Card) {
	c.OnPlay = func(x *ctx) { x.Push(ag.Frame{Kind: ag.FrameCard, Seat: x.Owner}) }
	fencesFor := func(s *state, owner seat, cell farmyard.Cell) (farmyard.Fences, bool) {
		y := s.Seats[owner].Yard
		if !cell.Valid() || y.Fenced().Has(cell) {
			return 0, false
		}
		add := y.Enclose(farmyard.Of(cell))
		return add, add != 0 && y.CheckFences(add) == nil
	}
	c.Actions = func(s *state, owner seat, f *ag.Frame) []ag.Action {
		if f == nil || f.N != 0 {
			return nil
		}
		var out []ag.Action
		for cell := farmyard.Cell(1); cell <= farmyard.Cells; cell++ {
			if _, ok := fencesFor(s, owner, cell); ok {
				out = append(out, ag.Action{Name: ag.ActCard, Card: "B002", Cell: cell})
			}
		}
		return out
	}
	c.Resolve = func(s *state, who seat, f *ag.Frame, a ag.Action) error {
		add, ok := fencesFor(s, who, a.Cell)
		if !ok {
			return engine.Illegal("cell %d cannot become a pasture", a.Cell)
		}
		f.N = 1
		s.Seats[who].Yard.Fences |= add
		return nil
	}
	c.Worth = worth(0.8)
}

// A071 Clearing Spade: at any time, move 1 crop from a field holding at
// least 2 to an empty field (of the farmyard; HR: fields on cards are
// left out). Action: Cell = from, N = to.
func clearingSpade(c *ag.Card) {
	c.Actions = func(s *state, owner seat, f *ag.Frame) []ag.Action {
		if f != nil {
			return nil
		}
		p := &s.Seats[owner]
		var out []ag.Action
		for _, from := range p.Yard.Fields.Cells() {
			if p.Crops[from-1].N < 2 {
				continue
			}
			for _, to := range p.Yard.Fields.Cells() {
				if p.Crops[to-1].N == 0 {
					out = append(out, ag.Action{Name: ag.ActCard, Card: "A071", Cell: from, N: int(to)})
				}
			}
		}
		return out
	}
	c.Resolve = func(s *state, who seat, _ *ag.Frame, a ag.Action) error {
		p := &s.Seats[who]
		from, to := a.Cell, farmyard.Cell(a.N)
		if !p.Yard.Fields.Has(from) || !p.Yard.Fields.Has(to) || p.Crops[from-1].N < 2 || p.Crops[to-1].N != 0 {
			return engine.Illegal("no crop to move from cell %d to cell %d", from, to)
		}
		p.Crops[from-1].N--
		p.Crops[to-1] = ag.Crop{Kind: p.Crops[from-1].Kind, N: 1}
		return nil
	}
	// Worth: a sown field yields every harvest; spreading crops is what
	// the spade is for (Evaluate values an empty field 0.6).
	c.Worth = func(s *state, owner seat) float64 {
		if harvestsLeft(s) == 0 {
			return 0
		}
		return 0.7 * float64(fieldsWith(s, owner, ag.Grain)+fieldsWith(s, owner, ag.Vegetable))
	}
}

// A092 Adoptive Parents: during the work phase of a newborn's round the
// owner may pay 1 food so that it acts this round; it then counts as a
// grown-up (2 food at a harvest).
func adoptiveParents(c *ag.Card) {
	c.Actions = func(s *state, owner seat, f *ag.Frame) []ag.Action {
		p := &s.Seats[owner]
		if f != nil || !s.WorkPhase() || p.Newborns == 0 || p.Goods[ag.Food] < 1 {
			return nil
		}
		return []ag.Action{{Name: ag.ActCard, Card: "A092", N: 1}}
	}
	c.Resolve = func(s *state, who seat, _ *ag.Frame, _ ag.Action) error {
		p := &s.Seats[who]
		p.Goods[ag.Food]--
		p.Newborns--
		return nil
	}
	c.Worth = func(s *state, owner seat) float64 {
		if s.Seats[owner].People >= 5 {
			return 0
		}
		return 0.2 * float64(min(roundsLeft(s), 10))
	}
}

// grocerGoods is Grocer's stack, sold from the first (HR: BGA's order;
// the card does not say which end is the top).
var grocerGoods = []ag.Good{ag.Wood, ag.Grain, ag.Reed, ag.Stone, ag.Vegetable, ag.Clay, ag.Reed, ag.Vegetable}

// A102 Grocer: a stack of 8 goods; at any time the owner may buy the top
// one for 1 food. Ext counts those sold.
func grocer(c *ag.Card) {
	c.Actions = func(s *state, owner seat, f *ag.Frame) []ag.Action {
		if f != nil || ext(s, owner, "A102") >= len(grocerGoods) || s.Seats[owner].Goods[ag.Food] < 1 {
			return nil
		}
		return []ag.Action{{Name: ag.ActCard, Card: "A102", N: 1}}
	}
	c.Resolve = func(s *state, who seat, _ *ag.Frame, _ ag.Action) error {
		sold := ext(s, who, "A102")
		setExt(s, who, "A102", sold+1)
		s.Seats[who].Goods[ag.Food]--
		s.Gain(who, one(grocerGoods[sold], 1))
		return nil
	}
	c.Worth = func(s *state, owner seat) float64 {
		return 0.15 * float64(len(grocerGoods)-ext(s, owner, "A102"))
	}
}

// GrocerTop is the good Grocer sells next to owner (-1 when sold out),
// for the UI.
func GrocerTop(s *ag.State, owner engine.Seat) ag.Good {
	if n := ext(s, owner, "A102"); n < len(grocerGoods) {
		return grocerGoods[n]
	}
	return -1
}

// B104 Sheep Walker: at any time, 1 sheep (from the farmyard: every
// animal is) for 1 wild boar, 1 vegetable or 1 stone.
func sheepWalker(c *ag.Card) {
	for _, g := range []ag.Good{ag.Boar, ag.Vegetable, ag.Stone} {
		c.Converts = append(c.Converts, ag.Conversion{ID: "B104:" + g.String(), When: ag.Anytime, In: one(ag.Sheep, 1), Out: one(g, 1)})
	}
	c.Worth = func(s *state, owner seat) float64 {
		return 0.1*float64(roundsLeft(s)) + 0.3*float64(min(s.Seats[owner].Goods[ag.Sheep], 4))
	}
}

// B080 Hard Porcelain: at any time, 2 clay for 1 stone, 3 for 2 or 4 for
// 3.
func hardPorcelain(c *ag.Card) {
	for k := 2; k <= 4; k++ {
		c.Converts = append(c.Converts, ag.Conversion{ID: fmt.Sprintf("B080:%d", k), When: ag.Anytime,
			In: one(ag.Clay, k), Out: one(ag.Stone, k-1)})
	}
	c.Worth = func(s *state, _ seat) float64 { return 0.5 + 0.1*float64(roundsLeft(s)) }
}

// B024 Lasso: the owner may place 2 people one straight after the other
// when the first of them goes to a market (Sheep, Pig or Cattle Market);
// once a round. (HR: the market placement must be the first of the two.)
// After such a placement the card asks: place the next person now
// (N = 1) or not (N = 2).
func lasso(c *ag.Card) {
	whenUsed(c, func(_ *state, space string) bool { _, ok := animalMarkets[space]; return ok }, func(x *ctx) {
		setExt(x.S, x.Owner, "B024", x.S.Round)
	})
	on(c, ag.EvTurnEnd, func(x *ctx) {
		if !x.Mine() || ext(x.S, x.Owner, "B024") != x.S.Round || x.S.Available(x.Owner) == 0 {
			return
		}
		setExt(x.S, x.Owner, "B024", -x.S.Round) // used this round
		x.Push(ag.Frame{Kind: ag.FrameCard, Seat: x.Owner})
	})
	c.Actions = func(s *state, owner seat, f *ag.Frame) []ag.Action {
		if f == nil || f.N != 0 {
			return nil
		}
		return []ag.Action{{Name: ag.ActCard, Card: "B024", N: 1}, {Name: ag.ActCard, Card: "B024", N: 2}}
	}
	c.Resolve = func(s *state, who seat, f *ag.Frame, a ag.Action) error {
		f.N = a.N
		if a.N == 1 {
			s.Turn = who
		}
		return nil
	}
	c.Worth = worthPerRound(0.05)
}
