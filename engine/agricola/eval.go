package agricola

import (
	"math"

	"tabula/engine"
)

// Evaluate rates the position for seat, for the greedy bot (higher is
// better); a heuristic, not a rule. It is the score seat would have if the
// game ended now, plus what its farm promises for the rounds left: more
// people act more, spare rooms allow growth, building resources become
// rooms and improvements, a cooking improvement feeds the family, and food
// short of a harvest due this round will be begging markers.
//
// When seat itself has a decision pending that was opened by the action it
// just took (a space's menu not yet started, a choice, animals to keep),
// the rating is that of the best next step — what one placement is worth
// depends on what it then lets the player do, and the greedy bot looks
// only one decision ahead.
func (s *State) Evaluate(seat engine.Seat) float64 {
	if seat < 0 || int(seat) >= s.Players {
		return 0
	}
	if s.Over {
		return float64(s.Score(seat).Total)
	}
	if f := s.top(); f != nil && f.Seat == seat && lookahead(f) {
		best := math.Inf(-1)
		var buf [16]Action // the options of one decision, mostly on the stack
		for _, a := range s.options(buf[:0], seat) {
			if a.Name == ActConvert {
				continue
			}
			c := s.scratchCopy()
			if c.applyAction(seat, a) != nil {
				release(c)
				continue
			}
			v := c.static(seat)
			if nf := c.top(); nf != nil && nf.Seat == seat && nf.Kind == FrameChoose {
				v = c.Evaluate(seat) // a choice the step opened (a card's): its best answer
			}
			release(c)
			best = math.Max(best, v) // not max: best may be infinite (see TestMinMaxAsMath)
		}
		if !math.IsInf(best, -1) {
			return best
		}
	}
	return s.static(seat)
}

// lookahead reports whether Evaluate rates a pending decision by its best
// next step.
func lookahead(f *Frame) bool {
	switch f.Kind {
	case FrameMenu:
		return f.Done == 0
	case FrameChoose, FrameAnimals:
		return true
	}
	return false
}

// static is Evaluate without looking at the pending decision.
func (s *State) static(seat engine.Seat) float64 {
	p := &s.Seats[seat]
	x := s.cardsIndex() // once: nothing here changes the cards
	bonus := 0
	if len(x.points) > 0 {
		bonus = s.bonusWith(x, seat)
	}
	sc := s.scoreSheetWith(x, seat, bonus)
	v := float64(sc.Total)
	// Animals waiting for a decision are not all kept.
	if f := s.top(); f != nil && f.Kind == FrameAnimals && f.Seat == seat {
		v -= float64(p.Goods.Herd().Total())
	}
	left := s.roundsLeft()
	// People: one action per round each.
	v += 0.9 * left * float64(p.People)
	v += s.cardsWorth(x, seat) + s.scheduledWorth(seat)
	// Room to grow the family.
	if spare := min(s.Beds(seat)-p.People, 5-p.People); spare > 0 && left > 0 {
		v += float64(spare) * 0.4 * min(left, 8)
	}
	g := p.Goods
	if left > 0 {
		v += 0.25*float64(g[Wood]) + 0.3*float64(g[Clay]) + 0.4*float64(g[Reed]) + 0.35*float64(g[Stone])
		// Empty fields wait to be sown; crops on fields feed later.
		for c := range p.Yard.Fields.Each() {
			if p.Crops[c-1].N == 0 {
				v += 0.6
			}
		}
		// Sown crops: each one the harvests left will bring in (sowing
		// is otherwise worth nothing until the field phase, and the bot
		// never sowed).
		harvests := s.harvestsLeft()
		for _, c := range p.Crops {
			v += 1.5 * min(float64(c.N), harvests)
		}
	}
	// Food. While this round's harvest is still to be fed, its food
	// counts as spent already (so paying it changes nothing by itself) and
	// what food, crops and cookable animals cannot cover will be begging
	// markers. Food in hand is worth a little, up to a harvest's need.
	cook := s.cookRatesWith(x, seat)
	need := float64(s.FoodNeeded(seat))
	food := float64(g[Food])
	pending := s.feedPending(seat)
	have := food + float64(g[Grain]) + float64(cook[Vegetable])*float64(g[Vegetable])
	for _, a := range []Good{Sheep, Boar, Cattle} {
		have += 0.5 * float64(cook[a]) * float64(g[a])
	}
	if !s.Harvest {
		for _, c := range p.Crops { // the field phase brings 1 each
			if c.N > 0 {
				have++
			}
		}
	}
	if pending {
		if have < need {
			v -= 3 * (need - have)
		}
		food -= need
	}
	if pending || NextHarvest(s.Round+1) > 0 {
		v += 0.3 * min(max(food, 0), need)
	}
	if !pending {
		v -= s.owedAhead(seat, have)
	}
	if left > 0 {
		if cook[Sheep] > 0 {
			v += 0.3 * min(left, 9)
		}
		// Room for animals not yet used.
		capacity := 0
		hs, buf := s.holdersWith(x, seat)
		for _, h := range hs {
			capacity += h.Cap
		}
		doneHolders(hs, buf)
		spare := capacity - p.Goods.Herd().Total()
		v += 0.08 * float64(min(max(spare, 0), 8))
	}
	return v
}

// owedAhead is the food seat may lack at the next harvest, when that is
// not this round's: what the family will eat there beyond what the farm
// covers now and 1 food for each placement still to come before it (a
// point a food, as a begging marker costs 3 but most of the gap is still
// made up). Without it the bot grew its family and begged in the solo game.
func (s *State) owedAhead(seat engine.Seat, have float64) float64 {
	h := NextHarvest(s.Round + 1)
	if h == 0 {
		return 0
	}
	p := &s.Seats[seat]
	placements := p.People * (h - s.Round)
	if s.WorkPhase() {
		placements += p.People - p.Newborns - p.Placed
	}
	return max(float64(p.People*s.adultFood())-have-float64(placements), 0)
}

// roundsLeft is how many rounds of placements are still to come, the
// current one counted by the share of the table's people not yet placed
// (0 once the last of round 14 is placed). Counting the current round by
// that share keeps the rating continuous across the end of a round: with
// whole rounds only, the placement that ends a round (always the last one
// in the solo game) looked a whole round worse than any action that does
// not place, so the bot ate its seed grain raw rather than end the round.
func (s *State) roundsLeft() float64 {
	if s.Round == 0 {
		return 13 // as at the start of round 1
	}
	share := 0.0
	if s.WorkPhase() {
		unplaced, all := 0, 0
		for i := range s.Seats {
			q := &s.Seats[i]
			unplaced += q.People - q.Newborns - q.Placed
			all += q.People - q.Newborns
		}
		if all > 0 {
			share = float64(unplaced) / float64(all)
		}
	}
	return max(0, float64(13-s.Round)+share)
}

// harvestsLeft is how many harvests will still bring in crops.
func (s *State) harvestsLeft() float64 {
	n := 0.0
	for _, r := range HarvestRounds {
		if r > s.Round || (r == s.Round && !s.Harvest) {
			n++
		}
	}
	return n
}

// cookRates is the best food per good seat's any-time conversions give
// (1 for raw crops, 0 for animals without a cooking improvement).
func (s *State) cookRates(seat engine.Seat) Goods { return s.cookRatesWith(s.cardsIndex(), seat) }

// cookRatesWith is cookRates with s's card index x.
func (s *State) cookRatesWith(x *cardIndex, seat engine.Seat) Goods {
	if own := x.seats[seat]; !own.dynamic {
		return own.cook // the printed conversions: worked out with the index
	}
	return cookRatesOf(s.Conversions(seat))
}

// cookRatesOf is cookRates from a seat's conversions.
func cookRatesOf(convs []Conversion) Goods {
	var r Goods
	for _, c := range convs {
		if c.When != Anytime {
			continue
		}
		for g := Grain; g <= Cattle; g++ {
			if c.In == One(g, 1) && c.Out[Food] > r[g] && c.Out.Minus(One(Food, c.Out[Food])).IsZero() {
				r[g] = c.Out[Food]
			}
		}
	}
	return r
}

// feedPending reports whether seat still has to feed its family at this
// round's harvest.
func (s *State) feedPending(seat engine.Seat) bool {
	if !IsHarvest(s.Round) {
		return false
	}
	later := false // the round's end is queued: past the work phase
	for _, f := range s.Stack {
		switch {
		case f.Kind == FrameFeeding, f.Kind == FrameFeed && f.Seat == seat:
			return true
		case f.Kind == FrameRound, f.Kind == FrameEnd:
			later = true
		}
	}
	return !later
}

// handShare is how much of a card's worth (and printed points) a card in
// hand counts for: it may never be played, and playing it costs an action.
const handShare = 0.15

// cardsWorth is what seat's cards promise beyond the score: each card in
// front of it by its Worth, each card in hand by a share of its Worth and
// printed points.
func (s *State) cardsWorth(x *cardIndex, seat engine.Seat) float64 {
	p := &s.Seats[seat]
	v := 0.0
	for _, c := range x.seats[seat].played {
		if c != nil && c.Worth != nil {
			v += c.Worth(s, seat)
		}
	}
	for _, id := range p.Hand {
		if c := cardOf(id); c != nil {
			w := float64(c.VP)
			if c.Worth != nil {
				w += c.Worth(s, seat)
			}
			v += handShare * max(w, 0)
		}
	}
	return v
}

// scheduledWorth values the goods waiting for seat on future round spaces
// (the Well, cards) a little below goods in hand.
func (s *State) scheduledWorth(seat engine.Seat) float64 {
	var g Goods
	for r := s.Round + 1; r <= 14; r++ {
		for _, d := range s.Rounds[r].Goods {
			if d.Seat == seat {
				g = g.Plus(d.Goods)
			}
		}
	}
	if g.IsZero() {
		return 0
	}
	return 0.3*float64(g[Food]) + 0.25*float64(g[Wood]) + 0.3*float64(g[Clay]) + 0.4*float64(g[Reed]) +
		0.35*float64(g[Stone]) + 0.5*float64(g[Grain]) + 0.7*float64(g[Vegetable]) +
		0.8*float64(g[Sheep]+g[Boar]+g[Cattle])
}
