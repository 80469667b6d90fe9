package agricola

import (
	"slices"

	"tabula/engine"
)

// Purchase is something a player pays for.
type Purchase struct {
	What Op     // OpRoom, OpStable, OpRenovate, OpFences, OpMajor, OpMinor or OpOccupation
	Via  string // the action space or card that grants it
	Card string // OpMajor, OpMinor, OpOccupation: the card bought
	N    int    // OpFences: the number of fences
}

// Price is one way to pay: goods, or (majors such as the Cooking Hearth)
// returning an improvement one owns.
type Price struct {
	Goods  Goods  `json:"goods"`
	Return string `json:"return,omitempty"`
	// To is the material a renovation at this price makes the house (the
	// next one unless a card lets a step be skipped).
	To Good `json:"to,omitempty"`
}

// CostCtx is what a card's Modify hook sees: the purchase, who buys, the
// card's owner and the prices so far, which it may change (lower, replace,
// add alternatives). Prices are clamped at zero and duplicates dropped
// after every hook.
type CostCtx struct {
	S        *State
	Owner    engine.Seat // the owner of the card whose hook runs
	Buyer    engine.Seat
	Purchase Purchase
	Prices   []Price
}

// Cost is every way seat may pay for p: the one function every price in
// the game comes from (rooms, stables, renovation, fences, improvements,
// occupations), so that card modifiers hook in one place and the UI shows
// the number the engine charges. The base price comes from the rules and
// the card's facts; then every card in play may Reprice it (other prices
// in place of the printed one) and after that Modify it (discounts,
// substitutes), each in card id order. A price that costs at least as
// much as another in every good (and returns the same improvement, leads
// to the same material) is dropped. Without cards in play it is the
// printed price, exactly one way. It returns nil when p cannot be bought
// at all (unknown card, stone house to renovate).
func (s *State) Cost(seat engine.Seat, p Purchase) []Price {
	return s.costInto(nil, seat, p)
}

// costInto is Cost written into buf's memory when it fits: the listing
// of moves prices every purchase it offers, and a fresh slice for each was
// a large part of its work. The result may share buf's memory, or the
// memory the state keeps for the cards' hooks, so it is read before the
// next purchase is priced with a buf. Cards' hooks get a slice of their
// own: the state's (handed out while in use) when a buf is given, new
// memory for Cost, whose callers keep the prices.
func (s *State) costInto(buf []Price, seat engine.Seat, p Purchase) []Price {
	return s.costIn(s.shopOf(p), buf, seat, p, bought(p))
}

// shop is what pricing reads besides the purchase and the buyer: the card
// index and, for a stable or an occupation, the definition of the space
// granting it (nil when a card grants it). A menu prices all its
// purchases in one shop, looked up once.
type shop struct {
	ix  *cardIndex
	via *SpaceDef
}

// shopVia are the purchases whose price reads the space granting them.
const shopVia = OpStable | OpOccupation

// shopOf is the shop of p alone: the space looked up only when its price
// reads it.
func (s *State) shopOf(p Purchase) shop {
	sh := shop{ix: s.cardsIndex()}
	if p.What&shopVia != 0 {
		sh.via = s.Def(p.Via)
	}
	return sh
}

// bought is the card p buys (nil when it buys none, or an unknown one).
func bought(p Purchase) *Card {
	if p.What&(OpMajor|OpMinor|OpOccupation) == 0 {
		return nil
	}
	return cardOf(p.Card)
}

// costIn is costInto in the shop sh, where c is bought(p).
func (s *State) costIn(sh shop, buf []Price, seat engine.Seat, p Purchase, c *Card) []Price {
	base, ok := s.baseCost(sh, buf[:0], seat, p, c)
	if !ok {
		return nil
	}
	if sh.ix.printed(seat, p.What) {
		return base // printed prices are tidy already
	}
	if buf == nil {
		return s.hooked(sh.ix, seat, p, append(make([]Price, 0, len(base)+2), base...))
	}
	own := s.costBuf
	s.costBuf = nil
	prices := s.hooked(sh.ix, seat, p, append(own[:0], base...))
	if cap(prices) >= cap(own) {
		own = prices
	}
	s.costBuf = own[:0]
	return prices
}

// printed reports whether no card's price hook changes seat's purchases
// of op (Card.PriceOps): they cost the printed price.
func (s *State) printed(seat engine.Seat, op Op) bool { return s.cardsIndex().printed(seat, op) }

// printed is State.printed by the index x of the cards in play.
func (x *cardIndex) printed(seat engine.Seat, op Op) bool {
	return !x.costHooks || seat >= 0 && int(seat) < len(x.priced) && x.priced[seat]&op == 0
}

// hooked runs the cards' price hooks over prices (Cost's own slice).
func (s *State) hooked(ix *cardIndex, seat engine.Seat, p Purchase, prices []Price) []Price {
	return s.hookedTidy(ix, seat, p, prices, true)
}

// hookedTidy is hooked, leaving the last hook's prices untidied unless
// tidyLast: whether one of them is affordable once clamped is whether one
// of the tidy prices is (a price dropped costs at least what a kept one
// does), and a substitute card's prices (a dozen for a dozen fences) took
// longest to tidy.
func (s *State) hookedTidy(ix *cardIndex, seat engine.Seat, p Purchase, prices []Price, tidyLast bool) []Price {
	if ix.dup {
		return s.costHooked(seat, p, prices)
	}
	last := len(ix.reprice) + len(ix.modify) - 1 // the hooks' count, less one
	tidy := func(k int, ps []Price) []Price {
		if k == last && !tidyLast {
			return ps
		}
		return tidyPrices(ps)
	}
	// Only the cards with a hook, in inPlay order: the index lists them.
	// One context, set afresh for each hook (as if each had its own),
	// kept by the state between purchases (handed out while in use).
	x := s.costCtx
	if x == nil {
		x = new(CostCtx)
	}
	s.costCtx = nil
	defer func() { *x, s.costCtx = CostCtx{}, x }()
	for k, h := range ix.reprice {
		*x = CostCtx{S: s, Owner: h.seat, Buyer: seat, Purchase: p, Prices: prices}
		h.card.Reprice(x)
		prices = tidy(k, x.Prices)
	}
	for k, h := range ix.modify {
		*x = CostCtx{S: s, Owner: h.seat, Buyer: seat, Purchase: p, Prices: prices}
		h.card.Modify(x)
		prices = tidy(len(ix.reprice)+k, x.Prices)
	}
	return prices
}

// canBuy reports whether seat can pay one of p's prices now: costInto and
// affordable, without tidying the last hook's prices (hookedTidy).
func (s *State) canBuy(seat engine.Seat, p Purchase) bool {
	var buf [4]Price
	sh := s.shopOf(p)
	base, ok := s.baseCost(sh, buf[:0], seat, p, bought(p))
	if !ok {
		return false
	}
	if sh.ix.printed(seat, p.What) {
		return s.someAffordable(seat, base)
	}
	// base stays on the stack: only its prices are copied to the state's
	// memory for the hooks.
	own := s.costBuf
	s.costBuf = nil
	prices := s.hookedTidy(sh.ix, seat, p, append(own[:0], base...), false)
	ok = s.someAffordable(seat, prices)
	if cap(prices) >= cap(own) {
		own = prices
	}
	s.costBuf = own[:0]
	return ok
}

// someAffordable reports whether seat can pay one of prices, each with
// its amounts below zero counted as none.
func (s *State) someAffordable(seat engine.Seat, prices []Price) bool {
	for _, pr := range prices {
		for k := range pr.Goods {
			pr.Goods[k] = max(pr.Goods[k], 0)
		}
		if s.affordable(seat, pr) {
			return true
		}
	}
	return false
}

// costHooked runs every card's Reprice and then every Modify on prices in
// inPlay(seat) order (Cost when an id is in front of two seats).
func (s *State) costHooked(seat engine.Seat, p Purchase, prices []Price) []Price {
	for _, reprice := range []bool{true, false} {
		for _, c := range s.inPlay(seat) {
			card := cardOf(c.ID)
			if card == nil {
				continue
			}
			hook := card.Modify
			if reprice {
				hook = card.Reprice
			}
			if hook == nil {
				continue
			}
			x := CostCtx{S: s, Owner: c.Seat, Buyer: seat, Purchase: p, Prices: prices}
			hook(&x)
			prices = tidyPrices(x.Prices)
		}
	}
	return prices
}

// baseCost is the price printed in the rules (fact sheet §6, §9, §5),
// appended to buf, in the shop sh, where c is bought(p); ok is false when
// p cannot be bought at all.
func (s *State) baseCost(sh shop, buf []Price, seat engine.Seat, p Purchase, c *Card) (prices []Price, ok bool) {
	pl := &s.Seats[seat]
	one := func(g Goods) ([]Price, bool) { return append(buf, Price{Goods: g}), true }
	switch p.What {
	case OpRoom:
		return one(One(pl.House, 5).With(Reed, 2))
	case OpStable:
		if d := sh.via; d != nil && !d.StableCost.IsZero() {
			return one(d.StableCost)
		}
		return one(One(Wood, 2))
	case OpRenovate:
		next := nextMaterial(pl.House)
		if next < 0 {
			return nil, false
		}
		return append(buf, Price{Goods: One(next, pl.Yard.Rooms.Len()).With(Reed, 1), To: next}), true
	case OpFences:
		return one(One(Wood, p.N))
	case OpMajor, OpMinor:
		if c == nil {
			return nil, false
		}
		cost := c.Cost
		if c.CostFor != nil {
			cost = c.CostFor(s, seat)
		}
		out, _ := one(cost)
		for _, r := range c.ReturnFor {
			if s.Has(seat, r) {
				out = append(out, Price{Return: r})
			}
		}
		return out, true
	case OpOccupation:
		d := sh.via
		if d == nil || len(d.Occupation) == 0 {
			return one(Goods{})
		}
		played := sh.ix.seats[seat].occupations // Occupations(seat)
		food := d.Occupation[min(played, len(d.Occupation)-1)]
		price := One(Food, food)
		if c != nil {
			price = price.Plus(c.Cost)
		}
		return one(price)
	}
	return nil, false
}

// tidyPrices clamps negative amounts to zero and drops repeated prices,
// keeping the first of each, and prices that cost at least as much as
// another in every good (with the same Return and To): nobody pays more
// for the same thing.
func tidyPrices(ps []Price) []Price {
	if len(ps) == 0 {
		return ps[:0:0] // nil stays nil
	}
	if len(ps) > 64 {
		return tidyMany(ps)
	}
	// In place: the prices a hook leaves are Cost's own (a hook changes
	// them in place too). They are clamped, then compared where they lie
	// (a card's substitutes make a dozen or more, and a copy of each for
	// every pair was most of the work), and the kept ones moved down.
	for i := range ps {
		g := &ps[i].Goods
		for k := range g {
			g[k] = max(g[k], 0)
		}
	}
	var keep uint64
	for i := range ps {
		if !dominated(ps, i) {
			keep |= 1 << i
		}
	}
	out := ps[:0]
	for i := range ps {
		if keep&(1<<i) != 0 {
			out = append(out, ps[i]) // at or below i: read already
		}
	}
	return out
}

// dominated reports whether ps[i] costs at least as much as another
// price of ps in every good (with the same Return and To), or repeats an
// earlier one.
func dominated(ps []Price, i int) bool {
	p := &ps[i]
	for j := range ps {
		q := &ps[j]
		if j != i && q.Return == p.Return && q.To == p.To && p.Goods.covers(&q.Goods) && (j < i || *p != *q) {
			return true
		}
	}
	return false
}

// tidyMany is tidyPrices for more prices than a mask holds: clamped into
// a copy, the kept ones written back.
func tidyMany(ps []Price) []Price {
	clamped := slices.Clone(ps)
	for i := range clamped {
		g := &clamped[i].Goods
		for k := range g {
			g[k] = max(g[k], 0)
		}
	}
	out := ps[:0]
	for i := range clamped {
		if !dominated(clamped, i) {
			out = append(out, clamped[i])
		}
	}
	return out
}

// affordable reports whether seat can pay price now.
func (s *State) affordable(seat engine.Seat, pr Price) bool {
	if !s.Seats[seat].Goods.Covers(pr.Goods) {
		return false
	}
	return pr.Return == "" || s.Has(seat, pr.Return)
}

// priceAt is the pay-th price of p, if seat can pay it.
func (s *State) priceAt(seat engine.Seat, p Purchase, pay int) (Price, error) {
	var buf [4]Price
	prices := s.costInto(buf[:0], seat, p)
	if pay < 0 || pay >= len(prices) {
		return Price{}, engine.Illegal("no price %d for %s (%d ways to pay)", pay, p.What, len(prices))
	}
	pr := prices[pay]
	if !s.affordable(seat, pr) {
		if pr.Return != "" {
			return pr, engine.Illegal("%s is not yours to return", describeCard(pr.Return))
		}
		return pr, engine.Illegal("%s costs %v", p.What, pr.Goods)
	}
	return pr, nil
}

// pay takes a price from seat: its goods, or the improvement returned to
// the board.
func (s *State) pay(seat engine.Seat, pr Price) {
	p := &s.Seats[seat]
	p.Goods = p.Goods.Minus(pr.Goods)
	if pr.Return != "" {
		for i, c := range p.Cards {
			if c == pr.Return {
				p.Cards = append(p.Cards[:i:i], p.Cards[i+1:]...)
				break
			}
		}
	}
}

// nextMaterial is the house material after a renovation (-1 for stone).
func nextMaterial(house Good) Good {
	switch house {
	case Wood:
		return Clay
	case Clay:
		return Stone
	}
	return -1
}

// Occupations is the number of occupations seat has played.
func (s *State) Occupations(seat engine.Seat) int {
	return s.cardsIndex().seats[seat].occupations // counted once for the cards
}
