package agricola

import (
	"slices"
	"sync"

	"tabula/engine"
	"tabula/engine/agricola/farmyard"
)

// Apply performs seat's action or returns an error and leaves the state as
// it was: every action is validated completely before anything changes.
func (s *State) Apply(seat engine.Seat, act engine.Action) error {
	if a, ok := act.(Action); ok {
		return s.applyAction(seat, a)
	}
	s.legal.ok = false
	if err := engine.CheckTurn(s.Status(), seat); err != nil {
		return err
	}
	a, err := asAction(act)
	if err != nil {
		return err
	}
	return s.applyAction(seat, a)
}

// applyAction is Apply of an Action: Evaluate applies its options without
// putting each in an interface (a heap copy).
func (s *State) applyAction(seat engine.Seat, a Action) error {
	s.legal.ok = false
	if err := engine.CheckTurn(s.Status(), seat); err != nil {
		return err
	}
	if err := a.wellFormed(); err != nil {
		return err
	}
	if err := s.apply(seat, a); err != nil {
		return err
	}
	s.advance()
	return nil
}

func (s *State) apply(seat engine.Seat, a Action) error {
	f := s.top()
	if a.Name == ActConvert {
		if f != nil && f.Kind == FrameBreed {
			return engine.Illegal("no cooking during breeding")
		}
		return s.convert(seat, a.Card, max(a.N, 1))
	}
	if a.Name == ActCard && (f == nil || f.Kind != FrameCard || a.Card != f.Via) {
		return s.cardAction(seat, nil, a) // a card's any-time decision
	}
	if f == nil {
		if a.Name != ActPlace {
			return engine.Illegal("place a person first (not %s)", a.Name)
		}
		return s.place(seat, a.Space)
	}
	switch f.Kind {
	case FrameMenu:
		if a.Name == ActDone {
			if !s.mayEnd(seat, f) {
				return engine.Illegal("carry out at least one action first")
			}
			s.popMenu()
			return nil
		}
		op, ok := opActions[a.Name]
		if !ok {
			return engine.Illegal("%s is not one of the actions offered", a.Name)
		}
		if !s.offers(f, op) {
			return engine.Illegal("%s is not offered now", op)
		}
		return s.doOp(seat, len(s.Stack)-1, op, a)
	case FrameChoose:
		if a.Name != ActChoose {
			return engine.Illegal("choose one of the options")
		}
		if a.N >= len(f.Choices) {
			return engine.Illegal("no option %d", a.N)
		}
		g := f.Choices[a.N]
		if !s.canChoose(seat, g) {
			return engine.Illegal("you cannot pay for %v", g)
		}
		s.choose(seat, a.N)
		return nil
	case FrameAnimals:
		if a.Name != ActKeep {
			return engine.Illegal("choose which animals to keep")
		}
		return s.keep(seat, a.Herd())
	case FrameFeed:
		if a.Name != ActFeed {
			return engine.Illegal("feed your family")
		}
		s.pop()
		s.feed(seat)
		return nil
	case FrameBreed:
		if a.Name != ActBreed {
			return engine.Illegal("choose the newborn animals")
		}
		return s.breed(seat, a.Herd())
	case FrameCard:
		if a.Name != ActCard {
			return engine.Illegal("decide for %s", describeCard(f.Via))
		}
		return s.cardAction(seat, f, a)
	case FramePick:
		if a.Name != ActDraft {
			return engine.Illegal("keep a card of your packet")
		}
		if s.Sealed != nil {
			return s.sealedPick(seat, f, a)
		}
		if a.N != 0 {
			return engine.Illegal("a pick names its card, not a position")
		}
		return s.pick(seat, f, a.Card)
	}
	return engine.Illegal("nothing to decide")
}

// place puts one of seat's people on an action space and starts its work
// (fact sheet §3): the space must be in play, free, and usable, that is at
// least one of its actions can be carried out.
func (s *State) place(seat engine.Seat, id string) error {
	sp := s.space(id)
	var d *SpaceDef
	if sp != nil {
		d = s.spaceDef(sp) // Def(id), found in the space
	}
	switch {
	case sp == nil || d == nil:
		return engine.Illegal("no action space %q in play", id)
	case len(sp.People) > 0 && !s.mayJoin(seat, id):
		return engine.Illegal("%s is occupied this round", d.Name)
	case s.Available(seat) <= 0:
		return engine.Illegal("no person left to place")
	case !s.usable(seat, d, sp):
		return engine.Illegal("none of the actions of %s can be carried out now", d.Name)
	}
	// A new list: copies share the old one (copyInto).
	sp.People = append(slices.Clip(sp.People), seat)
	s.Seats[seat].Placed++
	s.push(Frame{Kind: FrameTurnEnd, Seat: seat})
	s.push(Frame{Kind: FrameAfterSpace, Seat: seat, Via: id})
	s.fire(Ctx{Event: EvBeforeSpace, Actor: seat, Space: id})
	s.work(seat, d, sp)
	return nil
}

// mayJoin reports whether one of seat's cards lets it place a person on
// space although it is occupied (Card.Join).
func (s *State) mayJoin(seat engine.Seat, space string) bool {
	own := s.cardsIndex().seats[seat] // the listing asks this of every occupied space
	if !own.joins {
		return false
	}
	for _, c := range own.played {
		if c != nil && c.Join != nil && c.Join(s, seat, space) {
			return true
		}
	}
	return false
}

// work carries out a space: first its immediate effects (starting player,
// goods, family growth), then the choice, then its steps one after the
// other, each a menu frame (pushed last first so the first is on top).
func (s *State) work(seat engine.Seat, d *SpaceDef, sp *Space) {
	for i := len(d.Steps) - 1; i >= 0; i-- {
		st := d.Steps[i]
		s.push(Frame{Kind: FrameMenu, Seat: seat, Via: d.ID, Ops: st.Ops, Once: st.Once, One: st.One, Need: st.Need})
	}
	if len(d.Choose) > 0 {
		s.push(Frame{Kind: FrameChoose, Seat: seat, Via: d.ID, Choices: cloneSlice(d.Choose)})
	}
	if d.StartPlayer {
		s.Start = seat
	}
	if d.Grow != 0 {
		s.grow(seat, d.ID)
	}
	if g := d.Take.Plus(sp.Goods); !g.IsZero() {
		sp.Goods = Goods{}
		s.Gain(seat, g)
	}
}

// usable reports whether at least one of a space's actions can be carried
// out by seat now (fact sheet §3); the Meeting Place always can.
func (s *State) usable(seat engine.Seat, d *SpaceDef, sp *Space) bool {
	use := d.use
	if use == useUnknown {
		use = useOf(d) // a definition not from the tables
	}
	switch use {
	case useAlways:
		return true
	case useGrow:
		return s.canGrow(seat, d.Grow)
	case useAccumulate:
		return !sp.Goods.IsZero()
	case useSteps:
		st := d.Steps[0]
		f := Frame{Kind: FrameMenu, Seat: seat, Via: d.ID, Ops: st.Ops, Once: st.Once, One: st.One, Need: st.Need}
		return s.hasOption(seat, &f)
	}
	return false
}

// Beds is the room seat's house has for people: its rooms, plus what
// cards add (Card.Beds).
func (s *State) Beds(seat engine.Seat) int {
	n := s.Seats[seat].Yard.Rooms.Len()
	for _, c := range s.cardsIndex().seats[seat].played {
		if c != nil && c.Beds != nil {
			n += c.Beds(s, seat)
		}
	}
	return n
}

// canGrow reports whether seat may have a child: a person left in the
// supply, and (with room) more room than people.
func (s *State) canGrow(seat engine.Seat, how int) bool {
	p := &s.Seats[seat]
	if p.People >= 5 {
		return false
	}
	return how == GrowWithoutRoom || s.Beds(seat) > p.People
}

// grow adds a newborn: it stands with its parent this round and acts from
// the next (fact sheet §6).
func (s *State) grow(seat engine.Seat, via string) {
	p := &s.Seats[seat]
	p.People++
	p.Newborns++
	s.markDone(seat, via, OpGrow)
	s.fire(Ctx{Event: EvDid, Actor: seat, Space: via, Op: OpGrow})
}

// markDone records op on the after-space frame of via (what the
// after-space window reports).
func (s *State) markDone(seat engine.Seat, via string, op Op) {
	for i := len(s.Stack) - 1; i >= 0; i-- {
		if f := &s.Stack[i]; f.Kind == FrameAfterSpace && f.Seat == seat && f.Via == via {
			f.Done |= op
			return
		}
	}
}

// offers reports whether a menu still offers op.
func (s *State) offers(f *Frame, op Op) bool {
	switch {
	case f.Ops&op == 0:
		return false
	case f.One && f.Done != 0:
		return false
	case f.Once&op != 0 && f.Done&op != 0:
		return false
	}
	return true
}

// complete reports whether a menu offers nothing more at all.
func (s *State) complete(f *Frame) bool {
	for op := Op(1); op <= OpOccupation; op <<= 1 {
		if s.offers(f, op) {
			return false
		}
	}
	return true
}

// mayEnd reports whether seat may end a menu: once an op is done, when
// none is required, or when nothing offered can be done (a menu never
// traps a player).
func (s *State) mayEnd(seat engine.Seat, f *Frame) bool {
	if s.Sealed != nil && f.Need && f.Done == 0 {
		return !s.hasKnownOption(seat, f)
	}
	return !f.Need || f.Done != 0 || !s.hasOption(seat, f)
}

// popMenu closes the top menu.
func (s *State) popMenu() { s.pop() }

// doOp carries out one op of the menu at stack index i.
func (s *State) doOp(seat engine.Seat, i int, op Op, a Action) error {
	via := s.Stack[i].Via
	var err error
	switch op {
	case OpRoom:
		err = s.buildRoom(seat, a.Cell, a.Pay, via)
	case OpStable:
		err = s.buildStable(seat, a.Cell, a.Pay, via)
	case OpRenovate:
		err = s.renovate(seat, a.Pay, via)
	case OpPlow:
		err = s.plow(seat, a.Cell)
	case OpSow:
		err = s.sow(seat, a.Cell, a.Card, a.Crop)
	case OpBake:
		err = s.checkBake(seat, a.N)
	case OpFences:
		err = s.checkFences(seat, a.Fences, a.Pay, via)
	case OpMajor, OpMinor, OpOccupation:
		err = s.checkCard(seat, op, a.Card, a.Pay, via)
	}
	if err != nil {
		return err
	}
	// Valid: from here on nothing fails. Mark the op done before its
	// effects open frames above this menu.
	s.Stack[i].Done |= op
	s.markDone(seat, via, op)
	x := Ctx{Event: EvDid, Actor: seat, Space: via, Op: op, Cell: a.Cell, Item: a.Card}
	switch op {
	case OpBake:
		s.bake(seat, a.N)
		x.N = a.N
	case OpFences:
		pr, _ := s.priceAt(seat, Purchase{What: OpFences, Via: via, N: a.Fences.Len()}, a.Pay)
		s.pay(seat, pr)
		s.Seats[seat].Yard.Fences |= a.Fences
		x.N, x.Fences = a.Fences.Len(), a.Fences
	case OpMajor, OpMinor, OpOccupation:
		s.playCard(seat, op, a.Card, a.Pay, via)
	}
	// Fences can take room away (unfenced stables, which hold any kind,
	// become part of a one-kind pasture): animals that no longer fit ask
	// their owner what to keep.
	s.settle(seat)
	s.fire(x)
	return nil
}

// Gain gives goods to seat. Animals that do not fit on the farm open a
// decision of what to keep (release or cook the rest), unless one is
// already waiting on top.
func (s *State) Gain(seat engine.Seat, g Goods) {
	p := &s.Seats[seat]
	p.Goods = p.Goods.Plus(g)
	if g.HasAnimals() {
		s.settle(seat)
	}
	if !s.gaining && !g.IsZero() {
		s.gaining = true
		s.fire(Ctx{Event: EvGain, Actor: seat, Goods: g})
		s.gaining = false
	}
}

// settle opens an animals frame for seat when its animals do not fit.
func (s *State) settle(seat engine.Seat) {
	if f := s.top(); f != nil && f.Kind == FrameAnimals && f.Seat == seat {
		return
	}
	if !s.Houses(seat, s.Seats[seat].Goods.Herd()) {
		s.push(Frame{Kind: FrameAnimals, Seat: seat})
	}
}

// Holders is where seat's animals can live: the farmyard's pastures,
// unfenced stables and house (farmyard.Yard.Holders), changed by the
// Holders hooks of seat's cards in card id order.
func (s *State) Holders(seat engine.Seat) []farmyard.Holder {
	return s.holderHooks(s.cardsIndex(), seat, s.Seats[seat].Yard.Holders())
}

// holderHooks is hs changed by the Holders hooks of seat's cards.
func (s *State) holderHooks(x *cardIndex, seat engine.Seat, hs []farmyard.Holder) []farmyard.Holder {
	for _, c := range x.seats[seat].byID {
		if c != nil && c.Holders != nil {
			hs = c.Holders(s, seat, hs)
		}
	}
	return hs
}

// holders is Holders to read only until doneHolders is called: without a
// card that changes them, the farm's own, remembered and shared
// (farmyard.SharedHolders); with one, worked out in borrowed memory
// (buf, nil when none was borrowed) instead of a new list per call.
func (s *State) holders(seat engine.Seat) (hs []farmyard.Holder, buf *[]farmyard.Holder) {
	return s.holdersWith(s.cardsIndex(), seat)
}

// holdersWith is holders with s's card index x.
func (s *State) holdersWith(x *cardIndex, seat engine.Seat) (hs []farmyard.Holder, buf *[]farmyard.Holder) {
	own := s.Seats[seat].Yard.SharedHolders()
	if !x.seats[seat].holders {
		return own, nil
	}
	buf = holderBufs.Get().(*[]farmyard.Holder)
	return s.holderHooks(x, seat, append((*buf)[:0], own...)), buf
}

// holderBufs lends holders the memory of its lists.
var holderBufs = sync.Pool{New: func() any { return new([]farmyard.Holder) }}

// doneHolders hands back the memory holders lent (hs is what it returned).
func doneHolders(hs []farmyard.Holder, buf *[]farmyard.Holder) {
	if buf != nil {
		*buf = hs[:0]
		holderBufs.Put(buf)
	}
}

// Houses reports whether seat's farm can house herd h at once.
func (s *State) Houses(seat engine.Seat, h farmyard.Herd) bool {
	if h.Total() == 0 {
		return true // no animals fit anywhere (farmyard.Fits): no holders to list
	}
	hs, buf := s.holders(seat)
	defer doneHolders(hs, buf)
	return farmyard.Fits(hs, h)
}

// keep settles an animals frame: seat keeps h (no more of any kind than it
// has, and it must fit) and releases the rest.
func (s *State) keep(seat engine.Seat, h farmyard.Herd) error {
	p := &s.Seats[seat]
	if !p.Goods.Herd().Covers(h) {
		return engine.Illegal("you do not have %d sheep, %d boar, %d cattle", h[0], h[1], h[2])
	}
	if !s.Houses(seat, h) {
		return engine.Illegal("%d sheep, %d boar and %d cattle do not fit on your farm", h[0], h[1], h[2])
	}
	p.Goods = p.Goods.withHerd(h)
	s.pop()
	return nil
}

// choose takes option i of the choice on top: its goods, then the Chosen
// hook of the card that opened it.
func (s *State) choose(seat engine.Seat, i int) {
	f := s.pop()
	g := f.Choices[i]
	s.Gain(seat, g)
	if c := cardOf(f.Via); c != nil && c.Chosen != nil {
		s.runHook(Ctx{S: s, Event: EvChosen, Card: f.Via, Owner: seat, Actor: seat, Space: f.Item, N: i, Goods: g}, c.Chosen)
	}
}

// canChoose reports whether seat can take option g of a choice: its
// negative amounts are paid from the supply.
func (s *State) canChoose(seat engine.Seat, g Goods) bool {
	return s.Seats[seat].Goods.Plus(g).Covers(Goods{})
}

// cardAction carries out a card's own decision (in its frame f, or at any
// time when f is nil).
func (s *State) cardAction(seat engine.Seat, f *Frame, a Action) error {
	id := a.Card
	if f != nil {
		id = f.Via
	}
	c := cardOf(id)
	if c == nil || c.Resolve == nil || a.Card != id {
		return engine.Illegal("no decision of card %q now", a.Card)
	}
	if f == nil && !s.Has(seat, id) {
		return engine.Illegal("%s is not yours", describeCard(id))
	}
	offered := false
	if c.Actions != nil {
		for _, o := range c.Actions(s, seat, f) {
			offered = offered || o == a
		}
	}
	if !offered {
		return engine.Illegal("%s does not offer that now", describeCard(id))
	}
	return c.Resolve(s, seat, f, a)
}

// sortedCards is ids in card id order (ids are few: insertion sort).
func sortedCards(ids []string) []string {
	out := append([]string(nil), ids...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}
