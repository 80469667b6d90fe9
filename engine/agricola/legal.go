package agricola

import (
	"tabula/engine"
	"tabula/engine/agricola/farmyard"
)

// MaxPastureCells bounds the canonical fence options Legal lists: every
// rectangle of up to this many cells that would be a new pasture (or split
// one off an existing pasture). Apply accepts any valid fence set.
const MaxPastureCells = 6

// Legal enumerates what seat may do now (see Options).
func (s *State) Legal(seat engine.Seat) []engine.Action {
	opts := s.listed(seat)
	if len(opts) == 0 {
		return nil
	}
	out := make([]engine.Action, len(opts))
	for i, a := range opts {
		out[i] = a
	}
	return out
}

// LegalCount is len(Legal(seat)) (engine.IndexedLegal). It keeps the list
// for LegalAt, so a bot that picks one action of many lists them once and
// boxes only the one picked.
func (s *State) LegalCount(seat engine.Seat) int { return len(s.listed(seat)) }

// LegalAt is Legal(seat)[i] (engine.IndexedLegal), nil when i is out of
// range: from the list LegalCount or Legal kept, unless the state changed
// through Apply or Resolve since (a change made to its fields by hand is
// not seen: ask LegalCount again).
func (s *State) LegalAt(seat engine.Seat, i int) engine.Action {
	opts := s.legal.list
	if !s.legal.ok || s.legal.seat != seat {
		opts = s.listed(seat)
	}
	if i < 0 || i >= len(opts) {
		return nil
	}
	return opts[i]
}

// legalList is the last list of actions Legal or LegalCount made, in
// memory kept for the next one; never part of the state (not encoded,
// not copied by Clone).
type legalList struct {
	seat engine.Seat
	ok   bool // list is seat's actions in the state as it is
	list []Action
}

// listRoom is the room a state's first list of actions is made with: as
// many as the placements of a full board.
const listRoom = 32

// listed lists seat's options into the state's list buffer.
func (s *State) listed(seat engine.Seat) []Action {
	if s.legal.list == nil {
		s.legal.list = make([]Action, 0, listRoom) // a fresh copy's first list
	}
	s.legal.list = s.options(s.legal.list[:0], seat)
	s.legal.seat, s.legal.ok = seat, true
	return s.legal.list
}

// Options is Legal with the concrete type, for the UI and bots. The list
// is complete except where enumeration explodes, where it is a documented
// canonical subset and Apply still accepts every valid choice:
//
//   - fences: the rectangles of up to MaxPastureCells cells (a new pasture
//     or one split off an existing one), plus, if none is possible, the
//     cheapest valid area of any shape (so the list is never empty when
//     fences can be built);
//   - keeping animals: the largest herds that fit (farmyard.Keeps);
//   - conversions: once each (Apply takes N times), and of conversions with
//     the same input only the best.
//
// The order: the decision's own options first (placements in board order;
// a menu's ops in Op order, then "done"), then conversions, then cards'
// any-time actions.
func (s *State) Options(seat engine.Seat) []Action {
	out := s.options(nil, seat)
	if len(out) == 0 {
		return nil
	}
	return out
}

// options appends Options(seat) to out.
func (s *State) options(out []Action, seat engine.Seat) []Action {
	if s.Decider() != seat || seat < 0 {
		return out
	}
	emit := func(a Action) bool { out = append(out, a); return true }
	f := s.top()
	switch {
	case f == nil:
		for i := range s.Board {
			sp := &s.Board[i]
			if d := s.spaceDef(sp); d != nil && (len(sp.People) == 0 || s.mayJoin(seat, sp.ID)) && s.usable(seat, d, sp) {
				out = append(out, Action{Name: ActPlace, Space: sp.ID})
			}
		}
	case f.Kind == FrameMenu:
		s.menuOptions(seat, f, emit)
		if s.mayEnd(seat, f) {
			out = append(out, Action{Name: ActDone})
		}
	case f.Kind == FrameChoose:
		for i, g := range f.Choices {
			if s.canChoose(seat, g) {
				out = append(out, Action{Name: ActChoose, N: i})
			}
		}
	case f.Kind == FrameAnimals:
		hs, buf := s.holders(seat) // only read by Keeps
		for _, h := range farmyard.Keeps(hs, s.Seats[seat].Goods.Herd()) {
			out = append(out, withHerd(Action{Name: ActKeep}, h))
		}
		doneHolders(hs, buf)
	case f.Kind == FrameFeed:
		out = append(out, Action{Name: ActFeed})
	case f.Kind == FrameBreed:
		for _, h := range s.BreedOptions(seat) {
			out = append(out, withHerd(Action{Name: ActBreed}, h))
		}
		return out // no cooking during breeding
	case f.Kind == FrameCard:
		if c := cardOf(f.Via); c != nil && c.Actions != nil {
			out = append(out, c.Actions(s, seat, f)...)
		}
	case f.Kind == FramePick && s.Sealed != nil:
		for _, i := range s.sealedPicks(seat, f) {
			out = append(out, s.pickAction(seat, i))
		}
		return out
	case f.Kind == FramePick:
		for _, id := range s.picks(seat, f) {
			out = append(out, Action{Name: ActDraft, Card: id})
		}
		return out // the game has not begun: nothing to convert
	}
	var convs [8]Conversion
	for _, c := range s.usableConversionsInto(convs[:0], seat) {
		out = append(out, Action{Name: ActConvert, Card: c.ID})
	}
	for _, c := range s.cardsIndex().seats[seat].byID {
		if c != nil && c.Actions != nil {
			out = append(out, c.Actions(s, seat, nil)...)
		}
	}
	return out
}

// hasOption reports whether a menu offers seat at least one op it can
// carry out now.
func (s *State) hasOption(seat engine.Seat, f *Frame) bool {
	if s.offers(f, OpFences) { // told without listing and pricing the fence sets
		some, known := s.someFences(seat, f.Via)
		if some {
			return true
		}
		if known && s.offered(f) == OpFences {
			return false
		}
	}
	found := false
	s.menuOptions(seat, f, func(Action) bool { found = true; return false })
	return found
}

// menuOptions emits each op a menu offers that seat can carry out now, in
// Op order; emit returns false to stop early.
func (s *State) menuOptions(seat engine.Seat, f *Frame, emit func(Action) bool) {
	p := &s.Seats[seat]
	var buf [4]Price // prices read before the next purchase is priced
	// Every purchase is granted via f.Via: its shop is looked up once, when
	// the first is priced (the space when the first price reads it); c is
	// bought(pu).
	var sh shop
	viaLooked := false
	cost := func(pu Purchase, c *Card) []Price {
		if sh.ix == nil {
			sh.ix = s.cardsIndex()
		}
		if !viaLooked && pu.What&shopVia != 0 {
			sh.via, viaLooked = s.Def(f.Via), true
		}
		return s.costIn(sh, buf[:0], seat, pu, c)
	}
	priced := func(a Action, pu Purchase, c *Card) bool {
		for i, pr := range cost(pu, c) {
			if s.affordable(seat, pr) {
				a.Pay = i
				if !emit(a) {
					return false
				}
			}
		}
		return true
	}
	cells := func(set farmyard.Set, name string, pu Purchase) bool {
		if set == 0 {
			return true
		}
		prices := cost(pu, nil)
		for c := range set.Each() {
			for i, pr := range prices {
				if s.affordable(seat, pr) && !emit(Action{Name: name, Cell: c, Pay: i}) {
					return false
				}
			}
		}
		return true
	}
	if s.offers(f, OpRoom) && !cells(s.roomCells(seat), ActRoom, Purchase{What: OpRoom, Via: f.Via}) {
		return
	}
	if s.offers(f, OpStable) && !cells(s.stableCells(seat), ActStable, Purchase{What: OpStable, Via: f.Via}) {
		return
	}
	if s.offers(f, OpRenovate) && nextMaterial(p.House) >= 0 && !priced(Action{Name: ActRenovate}, Purchase{What: OpRenovate, Via: f.Via}, nil) {
		return
	}
	if s.offers(f, OpPlow) {
		for c := range s.plowCells(seat).Each() {
			if !emit(Action{Name: ActPlow, Cell: c}) {
				return
			}
		}
	}
	if s.offers(f, OpSow) {
		for _, crop := range []Good{Grain, Vegetable} {
			if p.Goods[crop] < 1 {
				continue
			}
			for c := range p.Yard.Fields.Each() {
				if p.Crops[c-1].N == 0 && !emit(Action{Name: ActSow, Cell: c, Crop: crop}) {
					return
				}
			}
			for _, cf := range p.CardFields {
				if cf.Crop.N == 0 && (cf.Only == 0 || cf.Only == crop) && !emit(Action{Name: ActSow, Card: cf.Card, Crop: crop}) {
					return
				}
			}
		}
	}
	if s.offers(f, OpBake) {
		n := p.Goods[Grain]
		if c := s.bakeCapacity(seat); c >= 0 {
			n = min(n, c)
		}
		for k := 1; k <= n; k++ {
			if !emit(Action{Name: ActBake, N: k}) {
				return
			}
		}
	}
	if s.offers(f, OpFences) && !s.fenceOptions(seat, f.Via, emit) {
		return
	}
	if s.offers(f, OpMajor) {
		owned := s.ownedMajors()
		for j, id := range Majors {
			if owned&(1<<j) == 0 && !priced(Action{Name: ActMajor, Card: id}, Purchase{What: OpMajor, Via: f.Via, Card: id}, cardOf(id)) {
				return
			}
		}
	}
	for _, k := range []struct {
		op   Op
		kind CardKind
		name string
	}{{OpMinor, MinorCard, ActMinor}, {OpOccupation, OccupationCard, ActOccupation}} {
		if !s.offers(f, k.op) {
			continue
		}
		unknownSeen := false
		for _, id := range p.Hand {
			if s.Sealed != nil && IsUnknownCard(id) {
				// Sealed: a card this device may not know may be
				// playable (one stand-in says so for all of its kind).
				if id == unknownCard(k.kind) && !unknownSeen && !emit(Action{Name: k.name, Card: id}) {
					return
				}
				unknownSeen = unknownSeen || id == unknownCard(k.kind)
				continue
			}
			c := cardOf(id)
			if c == nil || c.Kind != k.kind || (c.Prereq != nil && c.Prereq(s, seat) != nil) {
				continue
			}
			if !priced(Action{Name: k.name, Card: id}, Purchase{What: k.op, Via: f.Via, Card: id}, c) {
				return
			}
		}
	}
}

// fenceBudget is the most fences seat could pay for now in one action via
// via (and may still build).
func (s *State) fenceBudget(seat engine.Seat, via string) int {
	return s.fenceBudgetOf(seat, via, 1)
}

// fenceBudgetOf is fenceBudget when that is at least least, else 0: the
// numbers of fences below least go unpriced.
func (s *State) fenceBudgetOf(seat engine.Seat, via string, least int) int {
	left := farmyard.MaxFences - s.Seats[seat].Yard.Fences.Len()
	if s.printed(seat, OpFences) {
		if n := min(left, s.Seats[seat].Goods[Wood]); n >= max(least, 1) { // a wood a fence
			return n
		}
		return 0
	}
	for n := left; n >= max(least, 1); n-- {
		if s.canBuy(seat, Purchase{What: OpFences, Via: via, N: n}) {
			return n
		}
	}
	return 0
}

// someFences reports whether fenceOptions emits an action, when it can
// tell cheaply (known): whether some number of fences that a pasture
// option of the farm takes (smallest first) is affordable. Such a number
// is at most the budget (the most fences affordable), so the listing
// offers a set of that many at a price affordable; when no number at all
// is affordable, the budget is 0 and it offers none. Otherwise only the
// listing can tell (its budget may fall to the cheapest set of any shape).
func (s *State) someFences(seat engine.Seat, via string) (some, known bool) {
	y := s.Seats[seat].Yard
	most := farmyard.MaxFences - y.Fences.Len()
	if s.printed(seat, OpFences) {
		most = min(most, s.Seats[seat].Goods[Wood]) // a wood a fence, as fenceBudgetOf
	}
	var counts uint32
	affordable := false
	for n := y.LeastFences(); n <= most; n++ {
		if !s.canBuy(seat, Purchase{What: OpFences, Via: via, N: n}) {
			continue
		}
		if !affordable { // the farm's sets looked up only when some are affordable
			counts, affordable = y.FenceCounts(MaxPastureCells), true
		}
		if counts&(1<<n) != 0 {
			return true, true
		}
	}
	return false, !affordable
}

// fenceOptions emits the canonical fence actions (see Options); it reports
// false when emit stopped it.
func (s *State) fenceOptions(seat engine.Seat, via string, emit func(Action) bool) bool {
	// No set takes fewer than LeastFences (FenceSets is empty below it): a
	// budget that small is neither priced nor looked up.
	budget := s.fenceBudgetOf(seat, via, s.Seats[seat].Yard.LeastFences())
	if budget == 0 {
		return true
	}
	var buf [4]Price
	// Where a card changes fence prices, each number of fences is priced
	// once (many sets have as many fences; the hooks' prices are many).
	hooked := !s.printed(seat, OpFences)
	var byN [farmyard.MaxFences + 1][]Price
	var done [farmyard.MaxFences + 1]bool
	for _, fs := range s.Seats[seat].Yard.FenceSets(budget, MaxPastureCells) {
		n := fs.Len()
		var prices []Price
		switch {
		case !hooked:
			prices = s.costInto(buf[:0], seat, Purchase{What: OpFences, Via: via, N: n})
		case n < len(byN):
			if !done[n] {
				byN[n], done[n] = s.Cost(seat, Purchase{What: OpFences, Via: via, N: n}), true
			}
			prices = byN[n]
		default:
			prices = s.Cost(seat, Purchase{What: OpFences, Via: via, N: n})
		}
		for i, pr := range prices {
			if s.affordable(seat, pr) && !emit(Action{Name: ActFences, Fences: fs, Pay: i}) {
				return false
			}
		}
	}
	return true
}

// autoResolve settles the decision on top when there is nothing to
// decide, and reports whether it did:
//   - a menu offering nothing more (all its once-only ops done, or no op
//     possible now) closes;
//   - a renovation that is the only thing a menu still asks, with one
//     price, is carried out (the "and then" spaces start with it);
//   - an animals frame closes once the animals fit (after cooking);
//   - feeding with food enough and no harvest conversion left, or with
//     nothing to convert, is paid;
//   - breeding with a single largest choice takes it;
//   - a choice of one option takes it; a card frame with no action closes;
//   - a pick of the draft with no choice left (one card of each kind to
//     keep) keeps them.
func (s *State) autoResolve() bool {
	f := s.top()
	seat := f.Seat
	switch f.Kind {
	case FrameMenu:
		if s.complete(f) || (!s.hasOption(seat, f) && !s.holdsCardFor(seat, f)) {
			s.popMenu()
			return true
		}
		if f.Need && f.Done == 0 && s.offered(f) == OpRenovate {
			var opts []Action
			s.menuOptions(seat, f, func(a Action) bool { opts = append(opts, a); return true })
			if len(opts) == 1 {
				return s.doOp(seat, len(s.Stack)-1, OpRenovate, opts[0]) == nil
			}
		}
	case FrameAnimals:
		if s.Houses(seat, s.Seats[seat].Goods.Herd()) {
			s.pop()
			return true
		}
	case FrameFeed:
		food, need := s.Seats[seat].Goods[Food], s.FoodNeeded(seat)
		var buf [8]Conversion
		convs := s.usableConversionsInto(buf[:0], seat)
		harvestOnly := false
		for _, c := range convs {
			harvestOnly = harvestOnly || c.When == Harvest
		}
		if (food >= need && !harvestOnly) || len(convs) == 0 {
			s.pop()
			s.feed(seat)
			return true
		}
	case FrameBreed:
		if opts := s.BreedOptions(seat); len(opts) <= 1 {
			var n farmyard.Herd
			if len(opts) == 1 {
				n = opts[0]
			}
			return s.breed(seat, n) == nil
		}
	case FrameChoose:
		if len(f.Choices) == 1 && s.canChoose(seat, f.Choices[0]) {
			s.choose(seat, 0)
			return true
		}
	case FrameCard:
		if c := cardOf(f.Via); c == nil || c.Actions == nil || len(c.Actions(s, seat, f)) == 0 {
			s.pop()
			return true
		}
	case FramePick:
		if s.Sealed != nil {
			return s.autoPickSealed(seat, f)
		}
		ids := s.picks(seat, f)
		if len(ids) == 0 {
			s.pop()
			return true
		}
		if len(ids) == 1 || (len(ids) == 2 && cardOf(ids[0]).Kind != cardOf(ids[1]).Kind) {
			return s.pick(seat, f, ids[0]) == nil // no choice: one card of each kind left
		}
	}
	return false
}

// offered is the set of ops a menu still offers.
func (s *State) offered(f *Frame) Op {
	var o Op
	for op := Op(1); op <= OpOccupation; op <<= 1 {
		if s.offers(f, op) {
			o |= op
		}
	}
	return o
}
