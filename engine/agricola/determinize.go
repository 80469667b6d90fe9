package agricola

import (
	"math/rand/v2"

	"tabula/engine"
)

// Determinize returns a copy of the game that seat's view shows exactly as
// it shows s, with the cards that view hides drawn afresh from r (it
// implements bot.Determinizer, so the search bot plays on what its seat may
// see). Hidden from seat are the other seats' hands and, while drafting,
// their packets: the view shows how many cards each holds, and the backs of
// the cards show their kind (occupation or minor improvement). The cards
// seat has not seen are those of the dealt decks (for this number of
// players) that are not in its own hand or packet and not in front of any
// player: the others' cards and those never dealt. They are shuffled kind
// by kind and dealt back to every other hand and packet, as many of each
// kind as it held. (What seat saw of a packet it passed on, or of a
// traveling minor improvement passed to a neighbour's hand, is not in its
// view and is not kept.) In sealed play the other hands hold stand-ins
// (UnknownOccupation, UnknownMinor), which are dealt cards the same way.
func (s *State) Determinize(seat engine.Seat, r *rand.Rand) engine.State {
	c := s.clone()
	c.Sealed = nil // every card drawn: the copy plays as a plain game
	if s.Family || s.Over {
		return c
	}
	own := int(seat)
	var seen cardSet
	for i := range s.Seats {
		p := &s.Seats[i]
		for _, id := range p.Cards {
			seen.add(id)
		}
		if i == own {
			for _, id := range p.Hand {
				seen.add(id)
			}
			for _, id := range p.Packet {
				seen.add(id)
			}
		}
	}
	for _, kind := range []CardKind{OccupationCard, MinorCard} {
		// The unseen cards of this kind in deck order (so the draw
		// depends only on what seat sees), shuffled.
		deck := Deck(kind, s.Players)
		pile := make([]string, 0, len(deck))
		for _, id := range deck {
			if !seen.has(id) {
				pile = append(pile, id)
			}
		}
		r.Shuffle(len(pile), func(i, j int) { pile[i], pile[j] = pile[j], pile[i] })
		for i := range c.Seats {
			if i == own {
				continue
			}
			p := &c.Seats[i]
			for _, held := range []*[]string{&p.Hand, &p.Packet} {
				for k, id := range *held {
					if cd := cardOf(id); (cd != nil && cd.Kind == kind) || id == unknownCard(kind) {
						(*held)[k] = pile[0]
						pile = pile[1:]
					}
				}
			}
		}
	}
	return c
}

// cardSet is a set of card ids: a bit per id of the card table's form
// (cardKey), a map for any other (the search determinizes every
// iteration, and a map of the seen cards was most of its allocation).
type cardSet struct {
	bits  [26 * 512 / 64]uint64
	other map[string]bool
}

// bit is id's place in bits (ok false for an id of another form).
func (c *cardSet) bit(id string) (int, bool) {
	k, ok := cardKey(id)
	if !ok || k >= 512 {
		return 0, false
	}
	return int(id[0]-'A')*512 + k, true
}

func (c *cardSet) add(id string) {
	if b, ok := c.bit(id); ok {
		c.bits[b/64] |= 1 << (b % 64)
		return
	}
	if c.other == nil {
		c.other = map[string]bool{}
	}
	c.other[id] = true
}

func (c *cardSet) has(id string) bool {
	if b, ok := c.bit(id); ok {
		return c.bits[b/64]&(1<<(b%64)) != 0
	}
	return c.other[id]
}

// SearchHorizon is how far the search bot's playouts look, in actions per
// seat (bot.Horizoner): 4, about one placement of every seat with what it
// opens. Every action is rated with a look at the decision it opens
// (Evaluate), so the bot's default of 10 cost three times as much per
// decision.
func (s *State) SearchHorizon() int { return 4 }
