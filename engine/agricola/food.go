package agricola

import (
	"sort"

	"tabula/engine"
	"tabula/engine/agricola/farmyard"
)

// rawConversions: grain and vegetables from the supply are 1 food each at
// any time (fact sheet §8).
var rawConversions = []Conversion{
	{ID: "raw:grain", When: Anytime, In: One(Grain, 1), Out: One(Food, 1)},
	{ID: "raw:vegetable", When: Anytime, In: One(Vegetable, 1), Out: One(Food, 1)},
}

// Conversions lists every conversion seat may use: eating crops raw, then
// those of its cards in card id order (Card.Converts, Card.Conversions).
// The list is the caller's to read, not to change: when seat's cards have
// no Conversions hook it is kept with the cards in play (cardIndex).
func (s *State) Conversions(seat engine.Seat) []Conversion {
	own := s.cardsIndex().seats[seat]
	if !own.dynamic {
		return own.convs
	}
	return s.conversionsOf(seat, own.byID)
}

// conversionsOf is Conversions from seat's cards in card id order.
func (s *State) conversionsOf(seat engine.Seat, byID []*Card) []Conversion {
	n := len(rawConversions)
	for _, c := range byID {
		if c != nil {
			n += len(c.Converts)
		}
	}
	out := append(make([]Conversion, 0, n), rawConversions...) // the printed ones fit
	for _, c := range byID {
		if c == nil {
			continue
		}
		out = append(out, c.Converts...)
		if c.Conversions != nil {
			out = append(out, c.Conversions(s, seat)...)
		}
	}
	return out
}

// uses is how many times seat may still use conversion c now (0 = not
// now): any-time ones as often as the goods allow, harvest ones only
// during a harvest and at most Max (1) times per harvest; baking ones only
// inside a bake action.
func (s *State) uses(seat engine.Seat, c Conversion) int {
	p := &s.Seats[seat]
	if c.When != Anytime && (c.When != Harvest || !s.Harvest) {
		return 0 // told before the goods are counted: most are for baking
	}
	n := 1 << 20
	for g, in := range c.In {
		if in > 0 {
			n = min(n, p.Goods[g]/in)
		}
	}
	if c.When == Harvest {
		limit := max(c.Max, 1)
		for _, u := range p.Used {
			if u == c.ID {
				limit--
			}
		}
		n = min(n, limit)
	}
	return max(n, 0)
}

// convert uses conversion id n times.
func (s *State) convert(seat engine.Seat, id string, n int) error {
	for _, c := range s.Conversions(seat) {
		if c.ID != id {
			continue
		}
		if s.uses(seat, c) < n {
			return engine.Illegal("cannot use %s %d times now", id, n)
		}
		p := &s.Seats[seat]
		for i := 0; i < n; i++ {
			p.Goods = p.Goods.Minus(c.In).Plus(c.Out)
			if c.When == Harvest {
				p.Used = append(p.Used, c.ID)
			}
		}
		if c.Out.HasAnimals() {
			s.settle(seat)
		}
		return nil
	}
	return engine.Illegal("you have no conversion %q", id)
}

// usableConversions lists the conversions Legal offers seat now: of those
// with the same input only the best (more of every output, ties to the
// first), each once.
func (s *State) usableConversions(seat engine.Seat) []Conversion {
	return s.usableConversionsInto(nil, seat)
}

// usableConversionsInto is usableConversions appended to out (the listing
// of moves passes memory of its own).
func (s *State) usableConversionsInto(out []Conversion, seat engine.Seat) []Conversion {
	all := s.Conversions(seat)
	// Whether each can be used, worked out once (the pairs below asked it
	// of every other), and the conversions read in place, not copied.
	var known [32]int8 // 0: not yet, 1: usable, -1: not
	usable := func(i int) bool {
		if i >= len(known) {
			return s.uses(seat, all[i]) > 0
		}
		if known[i] == 0 {
			known[i] = -1
			if s.uses(seat, all[i]) > 0 {
				known[i] = 1
			}
		}
		return known[i] > 0
	}
	for i := range all {
		c := &all[i]
		if !usable(i) {
			continue
		}
		beaten := false
		for j := range all {
			d := &all[j]
			if j == i || !usable(j) || d.When != c.When || d.In != c.In {
				continue
			}
			if d.Out.Covers(c.Out) && (d.Out != c.Out || j < i) {
				beaten = true
				break
			}
		}
		if !beaten {
			out = append(out, *c)
		}
	}
	return out
}

// bakers are seat's baking conversions, best food per grain first.
func (s *State) bakers(seat engine.Seat) []Conversion {
	var out []Conversion
	for _, c := range s.Conversions(seat) {
		if c.When == Baking && c.In == One(Grain, 1) {
			out = append(out, c)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Out[Food] > out[j].Out[Food] })
	return out
}

// bakeCapacity is the most grain seat can bake in one bake action (-1 for
// no limit, 0 without a baking improvement).
func (s *State) bakeCapacity(seat engine.Seat) int {
	n := 0
	for _, c := range s.Conversions(seat) { // bakers, in any order: no list
		if c.When == Baking && c.In == One(Grain, 1) {
			if c.Max == 0 {
				return -1
			}
			n += c.Max
		}
	}
	return n
}

// BakeFood is the food n grain make in one bake action: each baking
// improvement is used once per action, the best rates first (a Clay Oven
// and a Cooking Hearth: 5 for the first grain, 3 for each further one).
func (s *State) BakeFood(seat engine.Seat, n int) int {
	food := 0
	for _, c := range s.bakers(seat) {
		k := n
		if c.Max > 0 {
			k = min(n, c.Max)
		}
		food += k * c.Out[Food]
		if n -= k; n == 0 {
			break
		}
	}
	return food
}

// FoodNeeded is what seat's family eats at a harvest (fact sheet §8): 2
// food per person (3 in the solo game), 1 per person born this round.
func (s *State) FoodNeeded(seat engine.Seat) int {
	p := &s.Seats[seat]
	return (p.People-p.Newborns)*s.adultFood() + p.Newborns
}

// adultFood is what one adult eats at a harvest (3 in the solo game).
func (s *State) adultFood() int {
	if s.Players == 1 {
		return 3
	}
	return 2
}

// feed pays the harvest's food; each missing food is a begging marker.
// Only food is paid: converting other goods first is the player's choice
// (choices.go).
func (s *State) feed(seat engine.Seat) {
	p := &s.Seats[seat]
	need := s.FoodNeeded(seat)
	paid := min(p.Goods[Food], need)
	p.Goods[Food] -= paid
	p.Begging += need - paid
}

// breedable is the newborns seat's animals may have: one of each kind of
// which it has at least 2 (fact sheet §8).
func (s *State) breedable(seat engine.Seat) farmyard.Herd {
	var b farmyard.Herd
	h := s.Seats[seat].Goods.Herd()
	for k := range h {
		if h[k] >= 2 {
			b[k] = 1
		}
	}
	return b
}

// BreedOptions lists the largest sets of newborns seat's farm can house
// (each kind 0 or 1), most first: every newborn needs room with all the
// animals already there; parents need not share a pasture.
func (s *State) BreedOptions(seat engine.Seat) []farmyard.Herd {
	b := s.breedable(seat)
	h := s.Seats[seat].Goods.Herd()
	hs, buf := s.holders(seat) // only read here
	defer doneHolders(hs, buf)
	var fits []farmyard.Herd
	for mask := 7; mask >= 0; mask-- {
		var n farmyard.Herd
		ok := true
		for k := 0; k < farmyard.Kinds; k++ {
			if mask&(1<<k) != 0 {
				ok = ok && b[k] == 1
				n[k] = 1
			}
		}
		if !ok {
			continue
		}
		all := h
		for k := range all {
			all[k] += n[k]
		}
		if farmyard.Fits(hs, all) {
			fits = append(fits, n)
		}
	}
	var out []farmyard.Herd
	for _, n := range fits {
		covered := false
		for _, m := range fits {
			covered = covered || (m != n && m.Covers(n))
		}
		if !covered {
			out = append(out, n)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Total() > out[j].Total() })
	return out
}

// breed adds the newborns n (breed frame on top).
func (s *State) breed(seat engine.Seat, n farmyard.Herd) error {
	b := s.breedable(seat)
	for k := range n {
		if n[k] < 0 || n[k] > b[k] {
			return engine.Illegal("at most 1 newborn of each kind with at least 2 animals")
		}
	}
	h := s.Seats[seat].Goods.Herd()
	for k := range h {
		h[k] += n[k]
	}
	if !s.Houses(seat, h) {
		return engine.Illegal("no room for those newborns")
	}
	s.pop()
	p := &s.Seats[seat]
	p.Goods = p.Goods.withHerd(h)
	return nil
}
