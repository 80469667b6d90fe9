package p2p

import (
	"slices"

	"tabula/engine"
	"tabula/engine/deck"
)

// Looks in a sealed game (engine.Looks; deck/look.go): a hidden request
// whose cards were opened before, to their holder, opens them to one more
// seat (the Spy of Cities & Knights looks at its target's cards). It is a
// hidden draw like any other (sealSync, hidden.go): the holder seals its
// share of each card to the looker (a deck entry), the looker answers
// each (an acknowledgement, or an accusation that every device settles in
// public and that names the liar), and then the hidden entry answers the
// request: the holder's and the looker's devices with the cards, the
// others with engine.Unknown. A holder proved to have sealed a wrong share
// is waited on (its countdown, then the takeover) until its key is
// rebuilt, which opens the card to the looker.
//
// A member that leaves while the look waits: the request's audience then
// holds a seat played by every device (audience is nil), so the look is
// widened to every party (widenLook): the holder's share goes out in
// public (or comes from its rebuilt key), and every device learns the
// cards, as it learns every card of a seat the bot plays.

// widenLook opens the pending look k to every party once its audience
// holds a seat every device plays (a member left).
func (l *ledger) widenLook(req engine.ChanceRequest, k int) {
	s := l.sealed
	if !s.looks[k] || s.toAll[k] || l.audience(req) != nil {
		return
	}
	i := s.deck(req.Deck)
	if i < 0 || !s.log[i].ready() {
		return
	}
	d := s.decks[i]
	for _, pos := range req.Cards {
		out, err := d.Open(pos, deck.All)
		s.note(err)
		s.outbox[i] = append(s.outbox[i], out...)
		was := s.log[i].opens[pos].aud
		s.log[i].open(pos, nil)
		s.log[i].opens[pos].widened = was
	}
	s.toAll[k] = true
}

// lookAudience is the parties a look opens a card to: the request's
// (nil: every party) and every party it was opened to before (a card
// the Spy took is known to its old holder too, and a deck opens a card
// to more parties, never to fewer); nil when that is every party.
func lookAudience(prev *dealtOpen, aud []int) []int {
	if aud == nil {
		return nil
	}
	out := slices.Clone(aud)
	for p, in := range prev.aud {
		if in && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	if len(out) == len(prev.aud) {
		return nil
	}
	slices.Sort(out)
	return out
}

// lookOutcome masks a look's cards on a device whose seat is outside the
// request's audience though its deck can read them (it held the card
// before the Spy took it): the game says who learns them at the look.
func (l *ledger) lookOutcome(req *engine.ChanceRequest, o engine.Outcome) engine.Outcome {
	s := l.sealed
	k := l.match.ChanceCount()
	if !s.looks[k] || s.toAll[k] || s.me < 0 || s.me >= len(s.parties) || req.Opens(engine.Seat(s.parties[s.me])) {
		return o
	}
	for i := range o {
		o[i] = engine.Unknown
	}
	return o
}
