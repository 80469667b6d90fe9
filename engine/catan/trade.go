package catan

import "tabula/engine"

// Trade (orig "2. Comércio de Matérias-Primas"; fact sheet §11).

// Rates is seat's maritime rate per resource: 4, 3 with a generic harbour,
// 2 for the resource of a specific harbour it has a building on (and what
// Rules.Maritime makes of them).
func (s *State) Rates(seat int) [NumResources]int {
	var r [NumResources]int
	for k := range r {
		r[k] = s.Rate(seat, Resource(k))
	}
	return r
}

// Rate is seat's maritime rate for giving cards of kind r: 0 when r cannot
// be given to the bank (not in play, or Rules.Maritime forbids it).
func (s *State) Rate(seat int, r Resource) int {
	if !r.Known() || s.rules.d.inPlay&(1<<uint(r)) == 0 {
		return 0
	}
	if seat < 0 || seat >= MaxPlayers {
		return 4
	}
	return s.rate(seat, r)
}

// rate is seat p's rate for kind r, which is in play.
func (s *State) rate(p int, r Resource) int {
	rate := int(s.rates[p][r])
	if m := s.rules.Maritime; m != nil {
		return m(s, p, r, rate)
	}
	return rate
}

// tradeClosed reports why p may not trade now (strict phases only).
func (s *State) tradeClosed() error {
	if s.StrictPhases && s.Built {
		return engine.Illegal("no more trading this turn once you have built (strict phases)")
	}
	return nil
}

// single returns the only resource in x and its count.
func single(x Resources) (Resource, int, bool) {
	if x.Kinds() != 1 {
		return 0, 0, false
	}
	for r, c := range x {
		if c > 0 {
			return Resource(r), int(c), true
		}
	}
	return 0, 0, false
}

// BankRate is the bank's own rate, 4:1, always possible (orig "A troca
// 4:1 é sempre possível"): also for a kind a harbour gives a better rate
// for, and whatever Rules.Maritime makes of the harbour rates (unless it
// forbids giving the kind at all).
const BankRate = 4

// maritime trades with the bank: the seat's rate (or the bank's 4:1) of
// identical cards for one card of another resource that the bank holds.
func (s *State) maritime(p int, give, get Resources) error {
	if err := s.tradeClosed(); err != nil {
		return err
	}
	in := s.rules.d.inPlay
	x, n, ok := single(give)
	if !ok || !give.valid() || !give.within(in) {
		return engine.Illegal("give cards of one resource to the bank")
	}
	y, m, ok := single(get)
	if !ok || m != 1 || !get.within(in) {
		return engine.Illegal("take exactly one card from the bank")
	}
	if x == y {
		return engine.Illegal("take a different resource from the one you give")
	}
	if rate := s.rate(p, x); rate == 0 {
		return engine.Illegal("%v cannot be given to the bank", x)
	} else if n != rate && n != BankRate {
		return engine.Illegal("your rate for %v is %d:1 (or the bank's %d:1)", x, rate, BankRate)
	}
	if !s.Hand[p].Covers(give) {
		return engine.Illegal("you do not hold %d %v", n, x)
	}
	if s.Bank[y] == 0 {
		return engine.Illegal("the bank has no %v left", y)
	}
	s.Hand[p] = s.Hand[p].Minus(give).Plus(get)
	s.Bank = s.Bank.Plus(give).Minus(get)
	return nil
}

// tradeTermsOK: something for something (no gifts), cards of the kinds in
// play only, no kind on both sides.
func (s *State) tradeTermsOK(give, get Resources) error {
	if !give.valid() || !get.valid() {
		return engine.Illegal("bad card counts")
	}
	if in := s.rules.d.inPlay; !give.within(in) || !get.within(in) {
		return engine.Illegal("those cards are not in this game")
	}
	if give.Total() == 0 || get.Total() == 0 {
		return engine.Illegal("a trade needs cards on both sides (no gifts)")
	}
	if give.overlaps(get) {
		return engine.Illegal("a resource cannot be on both sides of a trade")
	}
	return nil
}

// propose opens a domestic offer from the active player to all others.
// Players without a single card cannot accept or counter, so they are
// recorded as rejecting at once (HR).
func (s *State) propose(p int, give, get Resources) error {
	if err := s.tradeClosed(); err != nil {
		return err
	}
	if s.Proposals >= MaxProposalsPerTurn {
		return engine.Illegal("at most %d trade offers per turn", MaxProposalsPerTurn)
	}
	if err := s.tradeTermsOK(give, get); err != nil {
		return err
	}
	if !s.Hand[p].Covers(give) {
		return engine.Illegal("you do not hold the cards you offer")
	}
	s.Proposals++
	s.Offer = Offer{Open: true, TradeSide: TradeSide{Give: give, Get: get}}
	for q := 0; q < s.Players; q++ {
		if q == p || s.Hand[q].Total()+s.stolenNet(q) == 0 {
			s.Offer.Answer[q] = Rejected
		}
	}
	s.Phase = PhaseTradeOffer
	s.afterAnswer()
	return nil
}

// answerTrade: accept, reject or counter the pending offer.
func (s *State) answerTrade(q int, a *Action) error {
	switch a.Type {
	case ActAcceptTrade:
		if !s.Hand[q].Covers(s.Offer.Get) {
			return engine.Illegal("you do not hold the cards asked for")
		}
		s.Offer.Answer[q] = Accepted
	case ActRejectTrade:
		s.Offer.Answer[q] = Rejected
	case ActCounterTrade:
		if err := s.tradeTermsOK(a.Give, a.Get); err != nil {
			return err
		}
		if !s.Hand[q].Covers(a.Give) {
			return engine.Illegal("you do not hold the cards you offer")
		}
		s.Offer.Answer[q] = Countered
		s.Offer.Counter[q] = TradeSide{Give: a.Give, Get: a.Get}
	case ActProposeTrade:
		return engine.Illegal("only the player whose turn it is trades with the others; answer or counter the offer")
	default:
		return engine.Illegal("answer the trade offer first")
	}
	s.afterAnswer()
	return nil
}

// afterAnswer moves on once everyone has answered: to the active player's
// choice if anyone accepted or countered, else the offer lapses.
func (s *State) afterAnswer() {
	open := false
	for q := 0; q < s.Players; q++ {
		switch s.Offer.Answer[q] {
		case Pending:
			return
		case Accepted, Countered:
			open = true
		}
	}
	if open {
		s.Phase = PhaseTradeConfirm
	} else {
		s.closeOffer()
	}
}

func (s *State) closeOffer() {
	s.Offer = Offer{}
	s.Phase = PhaseMain
}

// closeTrade: the active player trades with one answerer or cancels.
func (s *State) closeTrade(p int, a *Action) error {
	switch a.Type {
	case ActCancelTrade:
		s.closeOffer()
		return nil
	case ActConfirmTrade:
	default:
		return engine.Illegal("confirm the trade with a player or cancel it")
	}
	q := int(a.Seat)
	if q < 0 || q >= s.Players || q == p {
		return engine.Illegal("seat %d is not a trade partner", a.Seat)
	}
	var fromP, fromQ Resources
	switch s.Offer.Answer[q] {
	case Accepted:
		fromP, fromQ = s.Offer.Give, s.Offer.Get
	case Countered:
		fromP, fromQ = s.Offer.Counter[q].Get, s.Offer.Counter[q].Give
	default:
		return engine.Illegal("seat %d neither accepted nor countered", q)
	}
	if !s.Hand[p].Covers(fromP) || !s.Hand[q].Covers(fromQ) {
		return engine.Illegal("the cards for this trade are not there")
	}
	s.Hand[p] = s.Hand[p].Minus(fromP).Plus(fromQ)
	s.Hand[q] = s.Hand[q].Minus(fromQ).Plus(fromP)
	s.closeOffer()
	return nil
}

// Offers to the other players, as the bots' courtesy at a table with
// people sees them (engine/bot.Offerer).

// IsOffer reports whether a is a domestic trade offer, which every other
// player must answer.
func (s *State) IsOffer(a engine.Action) bool {
	c, ok := a.(Action)
	return ok && c.Type == ActProposeTrade
}

// OfferGood reports whether offer a would leave seat better off if it
// were taken, by Evaluate.
func (s *State) OfferGood(seat engine.Seat, a engine.Action) bool {
	o, ok := a.(Action)
	if !ok || o.Type != ActProposeTrade || int(seat) < 0 || int(seat) >= s.Players {
		return false
	}
	after := s.Clone().(*State)
	after.Pay(int(seat), o.Give)
	after.Receive(int(seat), o.Get)
	return after.Evaluate(seat) > s.Evaluate(seat)
}

// OffersThisTurn is how many domestic offers the player whose turn it is
// has made in this turn.
func (s *State) OffersThisTurn() int { return int(s.Proposals) }
