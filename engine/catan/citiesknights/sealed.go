package citiesknights

import (
	"fmt"

	"tabula/engine"
	"tabula/engine/catan"
)

// Sealed play (engine/sealed.go; docs/cities-knights.md, "Sealed play"):
// the three progress decks are sealed decks named after their tracks.
// Deck t's cards are numbered in DeckCards(t) order, each kind as many times
// as it has copies (the order a plain draw counts fresh cards in). A draw
// opens the deck's next position to the drawer only; a card is shown when
// it is played, discarded or handed to a Spy, and a victory-point card
// (Printer, Constitution) with its owner's next action, when it scores.
// Cards drawn from under a deck went there face up: everyone knows them.
//
// On a device, Progress[p] counts the cards it knows in p's hand and
// Decks[t].Fresh the cards it does not know to have left the deck; the
// cards it holds unknown are slots without a card.

// Sealing is what a sealed game adds to the expansion's state.
type Sealing struct {
	Next  [NumTracks]int `json:"next"` // positions drawn from each deck
	Cards []CardSlot     `json:"cards,omitempty"`
	// Gone are the fresh cards that left the hands (played, discarded,
	// laid out), as deck*DeckSize + number.
	Gone []int `json:"gone,omitempty"`
	// Wait is a card's effect waiting for thefts to open (steal.go).
	Wait *Wait `json:"wait,omitempty"`
	// Looks: the Spy looks at its target's cards (look.go; the option
	// engine.Looks); Look are the cards still to look at, as picks.
	Looks bool  `json:"looks,omitempty"`
	Look  []int `json:"look,omitempty"`
	// SecretLooks: the Master Merchant looks at stolen cards in secret
	// (steal.go; the option engine.SecretLooks).
	SecretLooks bool `json:"secretLooks,omitempty"`
}

// CardSlot is one progress card in a hand.
type CardSlot struct {
	Deck  Track `json:"deck"`
	Pos   int   `json:"pos"`  // its deck position, -1 if it came from under the deck
	Seat  int   `json:"seat"` // who holds it
	Num   int   `json:"num"`  // its number in the deck, engine.Unknown if unknown here (or from under)
	Kind  int8  `json:"kind"` // its Card, -1 if unknown here
	Shown bool  `json:"shown"`
}

func (z *Sealing) clone() *Sealing {
	if z == nil {
		return nil
	}
	c := &Sealing{Next: z.Next, Cards: append([]CardSlot(nil), z.Cards...), Gone: append([]int(nil), z.Gone...),
		Looks: z.Looks, Look: append([]int(nil), z.Look...), SecretLooks: z.SecretLooks}
	if z.Wait != nil {
		w := *z.Wait
		c.Wait = &w
	}
	return c
}

// deckSize is the number of cards of deck t.
func deckSize(t Track) int {
	n := 0
	for _, c := range DeckCards(t) {
		n += Cards[c].Count
	}
	return n
}

// kindOf is the kind of card number n of deck t.
func kindOf(t Track, n int) (Card, bool) {
	if !t.Valid() || n < 0 {
		return 0, false
	}
	for _, c := range DeckCards(t) {
		if n < Cards[c].Count {
			return c, true
		}
		n -= Cards[c].Count
	}
	return 0, false
}

// Decks declares the three progress decks (catan.SealedExpansion).
func (expansion) Decks(setup engine.Setup) []engine.DeckSpec {
	out := make([]engine.DeckSpec, 0, NumTracks)
	for t := Track(0); t < NumTracks; t++ {
		out = append(out, engine.DeckSpec{Name: t.String(), Size: deckSize(t)})
	}
	return out
}

// freshLeft is the number of cards never drawn from deck t.
func (x *Ext) freshLeft(t Track) int {
	if x.Sealed == nil {
		return x.Decks[t].FreshLeft()
	}
	return deckSize(t) - x.Sealed.Next[t]
}

// deckLen is the number of cards in deck t.
func (x *Ext) deckLen(t Track) int { return x.freshLeft(t) + int(x.Decks[t].UnderN) }

// drawRequest is the sealed draw of the head draw: deck t's next position,
// for the drawer.
func (x *Ext) drawRequest() *engine.ChanceRequest {
	d := x.Draws[0]
	t := Track(d.Deck)
	return &engine.ChanceRequest{Kind: "progress", Ranges: []int{deckSize(t)}, Deck: t.String(),
		Cards: []int{x.Sealed.Next[t]}, Audience: []engine.Seat{engine.Seat(d.Seat)}}
}

// ResolveHidden applies a sealed progress draw, a secret steal of the
// Bishop's or the opening of a theft (catan.SealedExpansion).
func (expansion) ResolveHidden(s *catan.State, o []int) error {
	x := ext(s)
	if s.Phase == PhaseBishop || s.Phase == PhaseOpen {
		return x.resolveSecret(s, o)
	}
	if s.Phase == PhaseSpyLook {
		return x.resolveLook(s, o)
	}
	if s.Phase != PhaseDrawProgress || x.Sealed == nil || len(o) != 1 {
		return fmt.Errorf("%w: no sealed draw awaited", engine.ErrBadOutcome)
	}
	d := x.Draws[0]
	t, n := Track(d.Deck), o[0]
	slot := CardSlot{Deck: t, Pos: x.Sealed.Next[t], Seat: int(d.Seat), Num: n, Kind: -1}
	if n != engine.Unknown {
		c, ok := kindOf(t, n)
		if !ok || x.Decks[t].Fresh[c] == 0 || x.Sealed.holds(t, n) {
			return fmt.Errorf("%w: card %d of the %v deck cannot be drawn now", engine.ErrBadOutcome, n, t)
		}
		x.Decks[t].Fresh[c]--
		x.Progress[d.Seat][c]++
		slot.Kind = int8(c)
	}
	x.Sealed.Cards = append(x.Sealed.Cards, slot)
	x.Sealed.Next[t]++
	x.popDraw()
	x.continueRoll(s)
	return nil
}

// holds reports whether card n of deck t is in a hand here or has left
// the hands.
func (z *Sealing) holds(t Track, n int) bool {
	for _, c := range z.Cards {
		if c.Deck == t && c.Num == n && c.Pos >= 0 {
			return true
		}
	}
	for _, g := range z.Gone {
		if g == int(t)*DeckSize+n {
			return true
		}
	}
	return false
}

// slot is the index of the card from position pos of deck t, or -1.
func (z *Sealing) slot(t Track, pos int) int {
	for i, c := range z.Cards {
		if c.Deck == t && c.Pos == pos && pos >= 0 {
			return i
		}
	}
	return -1
}

// shownOf is the index of a card c that p holds shown, or -1.
func (z *Sealing) shownOf(p int, c Card) int {
	for i, sl := range z.Cards {
		if sl.Seat == p && sl.Kind == int8(c) && sl.Shown {
			return i
		}
	}
	return -1
}

// unknownHeld is the number of cards in p's hand unknown here.
func (z *Sealing) unknownHeld(p int) int {
	n := 0
	for _, sl := range z.Cards {
		if sl.Seat == p && sl.Kind < 0 {
			n++
		}
	}
	return n
}

// fromUnder puts a card drawn from under a deck (known to all) in p's hand.
func (x *Ext) fromUnder(p int, t Track, c Card) {
	x.Sealed.Cards = append(x.Sealed.Cards, CardSlot{Deck: t, Pos: -1, Seat: p, Num: engine.Unknown, Kind: int8(c), Shown: true})
}

// mayGive is why p may not play, discard or hand over card c: in a sealed
// game, the card must have been shown.
func (x *Ext) mayGive(p int, c Card) error {
	if !c.Valid() || x.Progress[p][c] == 0 {
		return engine.Illegal("you hold no such progress card")
	}
	if x.Sealed != nil && x.Sealed.shownOf(p, c) < 0 {
		return engine.Illegal("show the %v card first", Cards[c].Title)
	}
	return nil
}

// moveShown moves p's shown card c to seat to (-1: out of the hands).
func (x *Ext) moveShown(p int, c Card, to int) {
	if x.Sealed == nil {
		return
	}
	i := x.Sealed.shownOf(p, c)
	if i < 0 {
		return
	}
	if to >= 0 {
		x.Sealed.Cards[i].Seat = to
		return
	}
	if sl := x.Sealed.Cards[i]; sl.Pos >= 0 {
		x.Sealed.Gone = append(x.Sealed.Gone, int(sl.Deck)*DeckSize+sl.Num)
	}
	x.Sealed.Cards = append(x.Sealed.Cards[:i:i], x.Sealed.Cards[i+1:]...)
}

// Show learns progress cards shown to every seat (catan.SealedExpansion).
func (expansion) Show(s *catan.State, sh engine.Shown) error {
	x := ext(s)
	t, ok := ParseTrack(sh.Deck)
	if x.Sealed == nil || !ok {
		return fmt.Errorf("%w: no sealed deck %q here", engine.ErrBadAction, sh.Deck)
	}
	if len(sh.Cards) != len(sh.Values) {
		return fmt.Errorf("%w: %d cards shown with %d values", engine.ErrBadAction, len(sh.Cards), len(sh.Values))
	}
	left := x.Decks[t].Fresh
	for k, pos := range sh.Cards {
		n := sh.Values[k]
		c, ok := kindOf(t, n)
		if !ok {
			return fmt.Errorf("%w: card %d is not in the %v deck", engine.ErrBadAction, n, t)
		}
		i := x.Sealed.slot(t, pos)
		if i < 0 {
			return engine.Illegal("no card from position %d of the %v deck is in a hand", pos, t)
		}
		for j, q := range sh.Cards[:k] {
			if q == pos || sh.Values[j] == n {
				return engine.Illegal("card %d or position %d shown twice", n, pos)
			}
		}
		switch sl := x.Sealed.Cards[i]; {
		case sl.Kind < 0:
			if left[c] == 0 || x.Sealed.holds(t, n) {
				return engine.Illegal("card %d cannot be at position %d of the %v deck", n, pos, t)
			}
			left[c]--
		case sl.Num != n:
			return engine.Illegal("the card at position %d of the %v deck is not card %d", pos, t, n)
		}
	}
	for k, pos := range sh.Cards {
		i := x.Sealed.slot(t, pos)
		sl := &x.Sealed.Cards[i]
		if sl.Kind < 0 {
			c, _ := kindOf(t, sh.Values[k])
			x.Decks[t].Fresh[c]--
			x.Progress[sl.Seat][c]++
			sl.Kind, sl.Num = int8(c), sh.Values[k]
		}
		sl.Shown = true
	}
	return nil
}

// Acted lays out p's victory-point cards shown with the action p just
// took (catan.SealedExpansion): they leave the hand then, not when shown,
// so the show does not change who had to act.
func (expansion) Acted(s *catan.State, p int) {
	x := ext(s)
	if x.Sealed == nil {
		return
	}
	for _, c := range [2]Card{Printer, Constitution} {
		if x.Sealed.shownOf(p, c) >= 0 {
			x.layOut(p, c)
		}
	}
	if s.Phase == PhaseProgressLimit && x.overLimit(s) == 0 {
		x.continueRoll(s)
	}
}

// layOut moves p's shown victory-point card c from the hand to the table.
func (x *Ext) layOut(p int, c Card) {
	x.moveShown(p, c, -1)
	x.Progress[p][c]--
	x.receive(p, c)
}

// shownPoints is the victory-point cards p holds shown, not yet laid out.
func (x *Ext) shownPoints(p int) int {
	if x.Sealed == nil {
		return 0
	}
	n := 0
	for _, sl := range x.Sealed.Cards {
		if sl.Seat == p && sl.Shown && sl.Kind >= 0 && Cards[sl.Kind].Timing == AtOnce {
			n++
		}
	}
	return n
}

// MustShow lists the progress cards seat shows before action a
// (catan.SealedExpansion): its victory-point cards not shown yet, with any
// action; and the card a plays, discards or hands to a Spy, unless one is
// shown already.
func (expansion) MustShow(s *catan.State, p int, a catan.Action) []engine.Shown {
	x := ext(s)
	if x.Sealed == nil {
		return nil
	}
	var out []engine.Shown
	show := func(c Card) {
		for _, sl := range x.Sealed.Cards {
			if sl.Seat == p && sl.Kind == int8(c) && !sl.Shown && sl.Pos >= 0 {
				out = append(out, engine.Shown{Deck: sl.Deck.String(), Cards: []int{sl.Pos}, Values: []int{sl.Num}})
				return
			}
		}
	}
	for _, c := range [2]Card{Printer, Constitution} { // one copy of each
		show(c)
	}
	c, ok := cardOf(a.Type)
	switch {
	case a.Type == ActDiscardCard, a.Type == ActSpyTake && s.Phase == PhaseSpy && !x.Sealed.Looks:
		c, ok = Card(a.Card), true
	}
	if ok && c.Valid() && Cards[c].Timing != AtOnce && x.Sealed.shownOf(p, c) < 0 {
		show(c)
	}
	if a.Type == ActTakeCards && s.Phase == PhaseMasterMerchant && x.Sealed.SecretLooks {
		out = append(out, s.ShowsToTake(int(x.Target), a.Get)...)
	}
	return out
}

// checkSealed is the sealed part of the invariants: the cards this device
// knows in hands are its Progress, and no deck gave more than it holds.
func (x *Ext) checkSealed(s *catan.State) error {
	if (s.Phase == PhaseOpen) != (x.Sealed != nil && x.Sealed.Wait != nil) {
		return fmt.Errorf("sealed: phase %v with a card waiting for thefts: %v", s.Phase, x.Sealed != nil && x.Sealed.Wait != nil)
	}
	if x.Sealed == nil {
		return nil
	}
	var known [catan.MaxPlayers][NumCards]int8
	for _, sl := range x.Sealed.Cards {
		if sl.Seat < 0 || sl.Seat >= s.Players || !sl.Deck.Valid() || sl.Pos >= x.Sealed.Next[sl.Deck] {
			return fmt.Errorf("sealed: card %+v", sl)
		}
		if sl.Kind >= 0 {
			known[sl.Seat][sl.Kind]++
		} else if sl.Shown {
			return fmt.Errorf("sealed: card %+v shown unknown", sl)
		}
	}
	for t := Track(0); t < NumTracks; t++ {
		if x.Sealed.Next[t] < 0 || x.Sealed.Next[t] > deckSize(t) {
			return fmt.Errorf("sealed: %d cards drawn from the %v deck", x.Sealed.Next[t], t)
		}
	}
	for p := 0; p < s.Players; p++ {
		if known[p] != x.Progress[p] {
			return fmt.Errorf("sealed: seat %d holds %v known, Progress says %v", p, known[p], x.Progress[p])
		}
	}
	return nil
}
