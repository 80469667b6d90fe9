package catan

import (
	"math/rand/v2"

	"tabula/engine"
)

// Determinize returns a copy of the game that seat's view shows exactly
// as it shows s, with what that view hides drawn afresh from r (it
// implements bot.Determinizer, so the search bot plays on what its seat
// may see). Hidden from seat are the other seats' hand cards (resources
// and commodities: only their counts show) and development cards (only
// their counts show), and so the make-up of the development deck; an
// expansion that hides more redraws it through Determinizer.
//
// The draw keeps every count the view shows and what the table has seen:
//   - hand cards: the cards of each kind the others hold between them are
//     dealt to them by their counts, after each has been given the cards
//     an open trade shows it holds (the offer's cards for the player
//     offering, the asked cards for one who accepted, its own side for one
//     who countered); gold, coins on the table, stays;
//   - development cards: the deck's cards not in seat's hand and not
//     played (played cards are shown to all as they are played) are dealt
//     to the others by their counts, the rest forming the deck; the player
//     whose turn it is keeps as many bought this turn as it bought (a
//     purchase is public, the card not), and no one is dealt so many
//     Victory Point cards that they would have won already.
//
// The result depends only on seat's view, the cards played, the cards
// bought this turn, and r.
func (s *State) Determinize(seat engine.Seat, r *rand.Rand) engine.State {
	c := s.Copy()
	if s.Phase == PhaseOver || s.Phase == PhaseBoard {
		c.unseal()
		c.Sealed = nil
		return c
	}
	own := int(seat)
	if own < 0 || own >= s.Players {
		own = -1 // a spectator: every hand is hidden
	}
	x, _ := s.rules.Expansion.(Determinizer)
	var least [MaxPlayers]Resources
	var lacks [MaxPlayers]uint16
	if x != nil {
		least, lacks = x.Shown(s, own)
	}
	c.dealHands(own, &least, &lacks, r)
	c.unseal()
	c.dealDevelopment(own, r)
	if x != nil {
		x.Determinize(c, own, r)
	}
	// A Monopoly waiting for its thefts to open (steal.go) has no victim:
	// the plain copy, whose hands are dealt already, plays it at once.
	if c.Phase == PhaseSteal && c.Sealed != nil && c.Sealed.Monopoly != 0 {
		c.monopoly(int(c.Active), Resource(c.Sealed.Monopoly-1))
		c.Phase = c.Resume
	}
	c.Sealed = nil // the copy plays plain (sealed.go)
	return c
}

// Determinizer is an Expansion whose part of the state hides something
// from some seats (progress cards in hand, a face-down stack): Determinize
// redraws in s, a copy of the game, what the view of seat (-1: a
// spectator) does not show of it, from r, so that seat's view stays the
// same and the result depends only on that view (see State.Determinize,
// which has redealt the base game's hidden cards already). Without it the
// search bot would read the expansion's hidden parts.
//
// Shown is what the view of seat shows of the other seats' hand cards,
// besides their numbers and an open trade: least[p] are cards seat p is
// shown to hold (a whole hand, when a card lets seat look at it), lacks[p]
// the kinds it is shown to hold none of (bit r for kind r). The redeal of
// the hand cards keeps both.
type Determinizer interface {
	Shown(s *State, seat int) (least [MaxPlayers]Resources, lacks [MaxPlayers]uint16)
	Determinize(s *State, seat int, r *rand.Rand)
}

// dealHands redeals the hand cards of every seat but own, keeping the
// cards an open trade or least shows each holds, and no card of a kind
// lacks says it has none of.
func (s *State) dealHands(own int, least *[MaxPlayers]Resources, lacks *[MaxPlayers]uint16, r *rand.Rand) {
	var pool Resources // hand cards in the others' hands
	for p := 0; p < s.Players; p++ {
		if p != own {
			pool = pool.Plus(s.Hand[p].handCards())
		}
	}
	var hands [MaxPlayers]Resources
	for p := 0; p < s.Players; p++ {
		if p != own {
			hands[p] = s.shownHolding(p).atLeast(least[p]).handCards().clamp(pool)
			pool = pool.Minus(hands[p])
		}
	}
	deck := pool.cards()
	r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	// Seats that lack a kind choose first, so the cards they may not take
	// are left to the others.
	order := make([]int, 0, MaxPlayers)
	for _, first := range []bool{true, false} {
		for p := 0; p < s.Players; p++ {
			if p != own && (lacks[p] != 0) == first {
				order = append(order, p)
			}
		}
	}
	for _, p := range order {
		// inHand: the count the table sees, a theft this device does not know
		// moved (steal.go).
		for n := s.inHand(p) - hands[p].InHand(); n > 0; n-- {
			i := 0
			for i < len(deck) && lacks[p]&(1<<uint(deck[i])) != 0 {
				i++
			}
			if i == len(deck) {
				break
			}
			hands[p][deck[i]]++
			deck = append(deck[:i], deck[i+1:]...)
		}
	}
	for _, p := range order {
		hands[p][Gold] = s.Hand[p][Gold]
		s.Hand[p] = hands[p]
	}
}

// handCards is x without what is not a card in hand (gold).
func (x Resources) handCards() Resources {
	x[Gold] = 0
	return x
}

// shownHolding is what an open trade shows seat p holds.
func (s *State) shownHolding(p int) Resources {
	if !s.Offer.Open {
		return Resources{}
	}
	if p == int(s.Active) {
		return s.Offer.Give
	}
	switch s.Offer.Answer[p] {
	case Accepted:
		return s.Offer.Get
	case Countered:
		return s.Offer.Counter[p].Give
	}
	return Resources{}
}

// atLeast is x with each count at least that of y.
func (x Resources) atLeast(y Resources) Resources {
	for i := range x {
		x[i] = max(x[i], y[i])
	}
	return x
}

// clamp is x with each count at most that of limit.
func (x Resources) clamp(limit Resources) Resources {
	for i := range x {
		x[i] = min(x[i], limit[i])
	}
	return x
}

// cards lists the cards of x one by one, in resource order.
func (x Resources) cards() []Resource {
	out := make([]Resource, 0, x.Total())
	for i, n := range x {
		for ; n > 0; n-- {
			out = append(out, Resource(i))
		}
	}
	return out
}

// dealDevelopment redeals the development cards of every seat but own
// and the deck.
func (s *State) dealDevelopment(own int, r *rand.Rand) {
	pool := s.rules.d.deck // cards not played and not in own's hand
	for d := range pool {
		pool[d] -= s.Played[d]
		if own >= 0 {
			pool[d] -= s.Dev[own][d]
		}
	}
	var deck []DevCard
	for d, n := range pool {
		for ; n > 0; n-- {
			deck = append(deck, DevCard(d))
		}
	}
	r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	active := int(s.Active)
	bought := s.Bought.Total()
	for p := 0; p < s.Players; p++ {
		if p == own {
			continue
		}
		// Victory Point cards p may hold without having won already.
		vpRoom := max(0, s.rules.d.target-1-(s.Points(p)-int(s.Dev[p][VictoryPoint])))
		var hand DevCards
		for n := s.Dev[p].Total(); n > 0 && len(deck) > 0; n-- {
			i := 0
			for i < len(deck)-1 && deck[i] == VictoryPoint && int(hand[VictoryPoint]) >= vpRoom {
				i++
			}
			hand[deck[i]]++
			deck = append(deck[:i], deck[i+1:]...)
		}
		s.Dev[p] = hand
	}
	if active != own && bought > 0 && active >= 0 && active < s.Players {
		// The cards bought this turn: as many as were bought, drawn from
		// the active player's hand.
		var held []DevCard
		for d, n := range s.Dev[active] {
			for ; n > 0; n-- {
				held = append(held, DevCard(d))
			}
		}
		r.Shuffle(len(held), func(i, j int) { held[i], held[j] = held[j], held[i] })
		s.Bought = DevCards{}
		for _, d := range held[:min(bought, len(held))] {
			s.Bought[d]++
		}
	}
	s.Deck = DevCards{}
	for _, d := range deck {
		s.Deck[d]++
	}
}
