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
	seen := map[string]bool{}
	for i := range s.Seats {
		p := &s.Seats[i]
		for _, id := range p.Cards {
			seen[id] = true
		}
		if i == own {
			for _, id := range p.Hand {
				seen[id] = true
			}
			for _, id := range p.Packet {
				seen[id] = true
			}
		}
	}
	for _, kind := range []CardKind{OccupationCard, MinorCard} {
		// The unseen cards of this kind in deck order (so the draw
		// depends only on what seat sees), shuffled.
		deck := Deck(kind, s.Players)
		pile := make([]string, 0, len(deck))
		for _, id := range deck {
			if !seen[id] {
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

// SearchHorizon is how far the search bot's playouts look, in actions per
// seat (bot.Horizoner): 4, about one placement of every seat with what it
// opens. Every action is rated with a look at the decision it opens
// (Evaluate), so the bot's default of 10 cost three times as much per
// decision.
func (s *State) SearchHorizon() int { return 4 }
