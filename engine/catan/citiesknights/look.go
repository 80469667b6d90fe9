package citiesknights

import (
	"fmt"

	"tabula/engine"
	"tabula/engine/catan"
)

// The Spy in sealed play with looks (engine.Looks; docs/cities-knights.md,
// "Sealed play"): its player looks at the target's progress cards and
// takes one of its choice, as the printed rules say. The cards the target
// drew from the decks and has not shown are opened to the Spy's seat by a
// look, one hidden request per deck (PhaseSpyLook): its Cards the
// positions they were drawn from, its Audience the target and the Spy.
// Every other device holds them unknown still. The Spy then names the card
// it takes by where it was drawn (ActSpyPick), so the other devices move
// it from hand to hand without learning it; a card known to all (shown,
// or drawn from under a deck) it takes by kind (ActSpyTake).

// looks reports whether the Spy looks at cards here.
func (x *Ext) looks() bool { return x.Sealed != nil && x.Sealed.Looks }

// pickID names the card drawn from position pos of deck t.
func pickID(t Track, pos int) int { return int(t)*DeckSize + pos }

// lookDeck is the deck of the next cards to look at, -1 when none is left.
func (x *Ext) lookDeck() Track {
	if len(x.Sealed.Look) == 0 {
		return -1
	}
	return Track(x.Sealed.Look[0] / DeckSize)
}

// lookPositions are the positions of deck t still to look at, in the order
// the hand took them (the same on every device).
func (x *Ext) lookPositions(t Track) []int {
	var out []int
	for _, id := range x.Sealed.Look {
		if Track(id/DeckSize) == t {
			out = append(out, id%DeckSize)
		}
	}
	return out
}

// beginLook starts the Spy's look at its target's cards: the cards it
// drew and has not shown, fixed now (a takeover may show them to all
// while the look waits, and the request stays the same), deck by deck in
// PhaseSpyLook; with none, straight to the choice.
func (x *Ext) beginLook(s *catan.State) {
	q := int(x.Target)
	x.Sealed.Look = nil
	for t := Track(0); t < NumTracks; t++ {
		for _, sl := range x.Sealed.Cards {
			if sl.Seat == q && sl.Deck == t && sl.Pos >= 0 && !sl.Shown {
				x.Sealed.Look = append(x.Sealed.Look, pickID(t, sl.Pos))
			}
		}
	}
	s.Phase = PhaseSpy
	if len(x.Sealed.Look) > 0 {
		s.Phase = PhaseSpyLook
	}
}

// lookRequest opens the target's cards of the next deck to the Spy.
func (x *Ext) lookRequest(s *catan.State) *engine.ChanceRequest {
	t := x.lookDeck()
	if t < 0 {
		return nil
	}
	pos := x.lookPositions(t)
	ranges := make([]int, len(pos))
	for i := range ranges {
		ranges[i] = deckSize(t)
	}
	return &engine.ChanceRequest{Kind: "spy-look", Ranges: ranges, Deck: t.String(), Cards: pos,
		Audience: []engine.Seat{engine.Seat(x.Target), engine.Seat(s.Active)}}
}

// resolveLook learns the looked-at cards (a device outside the look holds
// them unknown still) and moves on to the next deck or to the choice.
func (x *Ext) resolveLook(s *catan.State, o []int) error {
	t := x.lookDeck()
	if t < 0 {
		return fmt.Errorf("%w: no look awaited", engine.ErrBadOutcome)
	}
	pos := x.lookPositions(t)
	if len(o) != len(pos) {
		return fmt.Errorf("%w: a look at %d cards answered with %d", engine.ErrBadOutcome, len(pos), len(o))
	}
	left := x.Decks[t].Fresh
	for k, n := range o {
		if x.Sealed.slot(t, pos[k]) < 0 {
			return fmt.Errorf("%w: no card from position %d of the %v deck is in a hand", engine.ErrBadOutcome, pos[k], t)
		}
		if n == engine.Unknown {
			continue
		}
		c, ok := kindOf(t, n)
		sl := x.Sealed.Cards[x.Sealed.slot(t, pos[k])]
		switch {
		case !ok:
			return fmt.Errorf("%w: card %d is not in the %v deck", engine.ErrBadOutcome, n, t)
		case sl.Kind >= 0 && sl.Num != n:
			return fmt.Errorf("%w: the card at position %d of the %v deck is not card %d", engine.ErrBadOutcome, pos[k], t, n)
		case sl.Kind < 0 && (left[c] == 0 || x.Sealed.holds(t, n) || dupAt(o[:k], n)):
			return fmt.Errorf("%w: card %d cannot be at position %d of the %v deck", engine.ErrBadOutcome, n, pos[k], t)
		case sl.Kind < 0:
			left[c]--
		}
	}
	for k, n := range o {
		sl := &x.Sealed.Cards[x.Sealed.slot(t, pos[k])]
		if n == engine.Unknown || sl.Kind >= 0 {
			continue
		}
		c, _ := kindOf(t, n)
		x.Decks[t].Fresh[c]--
		x.Progress[sl.Seat][c]++
		sl.Kind, sl.Num = int8(c), n
	}
	x.Sealed.Look = x.Sealed.Look[len(pos):]
	if x.lookDeck() < 0 {
		x.Sealed.Look = nil
		s.Phase = PhaseSpy
	}
	return nil
}

func dupAt(vs []int, n int) bool {
	for _, v := range vs {
		if v == n {
			return true
		}
	}
	return false
}

// spyPick is the Spy's take with looks: a card named by where it was
// drawn (ActSpyPick; Card -1: nothing to take, the target's cards being
// victory points), or a card known to all by kind (ActSpyTake).
func (x *Ext) spyPick(s *catan.State, p int, a catan.Action) error {
	q := int(x.Target)
	switch a.Type {
	case ActSpyTake:
		if c := Card(a.Card); c.Valid() && x.Sealed.shownOf(q, c) < 0 {
			return engine.Illegal("name a card seat %d has not shown by where it was drawn", q)
		}
		return x.spyTake(s, p, Card(a.Card))
	case ActSpyPick:
	default:
		return engine.Illegal("now: %v", ActSpyPick)
	}
	if a.Card == -1 {
		if x.takeable(q) {
			return engine.Illegal("seat %d holds a card you may take", q)
		}
		x.endSpy(s)
		return nil
	}
	i := -1
	if a.Card >= 0 {
		i = x.Sealed.slot(Track(a.Card/DeckSize), a.Card%DeckSize)
	}
	if i < 0 || x.Sealed.Cards[i].Seat != q || x.Sealed.Cards[i].Shown {
		return engine.Illegal("seat %d holds no card drawn there", q)
	}
	sl := &x.Sealed.Cards[i]
	if sl.Kind >= 0 {
		c := Card(sl.Kind)
		if Cards[c].Timing == AtOnce {
			return engine.Illegal("victory point cards are not taken")
		}
		x.Progress[q][c]--
		x.Progress[p][c]++
	}
	sl.Seat = p
	x.endSpy(s)
	return nil
}

func (x *Ext) endSpy(s *catan.State) {
	x.Target = -1
	s.Phase = x.Resume
}

// takeable reports whether q holds a card the Spy may take, as far as
// this device knows (a card unknown here may be one).
func (x *Ext) takeable(q int) bool {
	for _, sl := range x.Sealed.Cards {
		if sl.Seat == q && (sl.Kind < 0 || Cards[sl.Kind].Timing != AtOnce) {
			return true
		}
	}
	return false
}

// legalSpyPicks lists the Spy's takes with looks.
func (x *Ext) legalSpyPicks(k *catan.Lister) {
	q := int(x.Target)
	var byKind [NumCards]bool
	for _, sl := range x.Sealed.Cards {
		switch {
		case sl.Seat != q || sl.Kind >= 0 && Cards[sl.Kind].Timing == AtOnce:
		case sl.Shown && !byKind[sl.Kind]:
			byKind[sl.Kind] = true
			k.Add(catan.Action{Type: ActSpyTake, Card: int(sl.Kind)})
		case !sl.Shown && sl.Pos >= 0:
			k.Add(catan.Action{Type: ActSpyPick, Card: pickID(sl.Deck, sl.Pos)})
		}
	}
	if !x.takeable(q) {
		k.Add(catan.Action{Type: ActSpyPick, Card: -1})
	}
}

// peekSlots are the target's cards the Spy may name by where they were
// drawn, with what this device knows them to be.
func (x *Ext) peekSlots(q int) []PeekSlot {
	var out []PeekSlot
	for _, sl := range x.Sealed.Cards {
		if sl.Seat == q && !sl.Shown && sl.Pos >= 0 && sl.Kind >= 0 {
			out = append(out, PeekSlot{Pick: pickID(sl.Deck, sl.Pos), Card: Card(sl.Kind).String()})
		}
	}
	return out
}

// LooksAtHands: the Spy looks at a hand (catan.Looker, engine.Looks).
func (expansion) LooksAtHands() bool { return true }
