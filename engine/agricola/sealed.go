package agricola

import (
	"fmt"
	"slices"

	"tabula/engine"
)

// Sealed play (engine/sealed.go; docs/agricola.md, "Sealed play"): in a
// network game the hands are dealt from two sealed decks, the occupations
// and the minor improvements dealt at this player count, each card
// numbered by its place in Deck (id order). Seat k's 7 occupations are
// positions 7k…7k+6 of the occupation deck, opened to seat k alone, then
// its 7 minors likewise; a device holds the cards it may not know as
// UnknownOccupation or UnknownMinor. A card is shown to every seat before
// the action that names it is applied. A traveling minor passed on was
// played face up, so every seat knows it in its new hand.

// Sealed deck names.
const (
	DeckNameOccupations = "occupations"
	DeckNameMinors      = "minors"
)

// UnknownOccupation and UnknownMinor stand in a hand for a card this
// device may not know (its kind is public: the two decks are apart). The
// moves of a menu count one as a card that may be playable, so a device
// accepts a placement it cannot check; the card is shown before it is
// played and then checked in full.
const (
	UnknownOccupation = "?occupation"
	UnknownMinor      = "?minor"
)

// unknownCard is the stand-in for an unknown card of kind.
func unknownCard(kind CardKind) string {
	if kind == OccupationCard {
		return UnknownOccupation
	}
	return UnknownMinor
}

// IsUnknownCard reports whether id stands for a card this device may not know.
func IsUnknownCard(id string) bool { return id == UnknownOccupation || id == UnknownMinor }

// Sealed is what a sealed game adds to the state: where each card in hand
// came from. It is nil in every plain game (hot-seat, bots, saves).
type Sealed struct {
	Held    [][]Held `json:"held"`              // per seat, beside Player.Hand (same order); never changed in place
	Packets [][]Held `json:"packets,omitempty"` // the draft: per seat, beside Player.Packet; never changed in place
}

// Held is a card in hand: its deck and position, or Pos -1 for a card
// every seat knows (a traveling minor improvement passed on).
type Held struct {
	Deck string `json:"deck"`
	Pos  int    `json:"pos"`
}

// Decks declares the sealed decks (engine.SealedGame): none for a plain
// setup or the family game.
func (Game) Decks(setup engine.Setup) []engine.DeckSpec {
	if !setup.IsSealed() || setup.Option(OptionCards, CardsAB) != CardsAB || setup.Players < 1 || setup.Players > 4 {
		return nil
	}
	return []engine.DeckSpec{
		{Name: DeckNameOccupations, Size: len(Deck(OccupationCard, setup.Players))},
		{Name: DeckNameMinors, Size: len(Deck(MinorCard, setup.Players))},
	}
}

func deckKind(name string) (CardKind, bool) {
	switch name {
	case DeckNameOccupations:
		return OccupationCard, true
	case DeckNameMinors:
		return MinorCard, true
	}
	return 0, false
}

func (d *Sealed) clone() *Sealed {
	if d == nil {
		return nil
	}
	return &Sealed{Held: slices.Clone(d.Held), Packets: slices.Clone(d.Packets)} // the per-seat lists are never changed in place
}

// sealedDealRequest is draw n of the sealed deal (f.N counts them): seat
// n/2's occupations (n even) or minors (n odd), opened to that seat.
func (s *State) sealedDealRequest(n int) *engine.ChanceRequest {
	seat, deck := n/2, DeckNameOccupations
	kind := OccupationCard
	if n%2 == 1 {
		deck, kind = DeckNameMinors, MinorCard
	}
	size := len(Deck(kind, s.Players))
	req := &engine.ChanceRequest{Kind: "deal", Deck: deck, Audience: []engine.Seat{engine.Seat(seat)}}
	for i := 0; i < HandSize; i++ {
		req.Cards = append(req.Cards, seat*HandSize+i)
		req.Ranges = append(req.Ranges, size)
	}
	return req
}

// sealedDeal puts draw n of the sealed deal in its seat's hand (the
// request already checked the outcome's shape); the deal frame stays until
// every seat holds both kinds.
func (s *State) sealedDeal(n int, o engine.Outcome) error {
	req := s.sealedDealRequest(n)
	kind, _ := deckKind(req.Deck)
	deck := Deck(kind, s.Players)
	ids := make([]string, len(o))
	for i, v := range o {
		ids[i] = unknownCard(kind)
		if v == engine.Unknown {
			continue
		}
		ids[i] = deck[v]
		if slices.Contains(ids[:i], ids[i]) || s.knownSomewhere(ids[i]) {
			return fmt.Errorf("%w: %s is dealt twice", engine.ErrBadOutcome, describeCard(ids[i]))
		}
	}
	seat := req.Audience[0]
	p := &s.Seats[seat]
	cards, record := &p.Hand, &s.Sealed.Held
	if s.Draft {
		cards, record = &p.Packet, &s.Sealed.Packets
	}
	held := slices.Clone((*record)[seat])
	for i := range ids {
		held = append(held, Held{Deck: req.Deck, Pos: req.Cards[i]})
	}
	*cards = append(slices.Clip(*cards), ids...) // copies may share the list
	*record = slices.Clone(*record)
	(*record)[seat] = held
	switch {
	case n+1 < 2*s.Players:
		s.push(Frame{Kind: FrameDeal, Seat: -1, N: n + 1})
	case s.Draft:
		s.push(Frame{Kind: FrameDraft, Seat: -1})
	}
	return nil
}

// knownSomewhere reports whether card id is already in a hand or in front
// of a player as this device knows them.
func (s *State) knownSomewhere(id string) bool {
	for i := range s.Seats {
		p := &s.Seats[i]
		if slices.Contains(p.Hand, id) || slices.Contains(p.Cards, id) || slices.Contains(p.Packet, id) {
			return true
		}
	}
	return false
}

// handOut removes card id from seat's hand (and its place in the sealed
// record).
func (s *State) handOut(seat engine.Seat, id string) {
	p := &s.Seats[seat]
	i := slices.Index(p.Hand, id)
	if i < 0 {
		return
	}
	p.Hand = append(p.Hand[:i:i], p.Hand[i+1:]...)
	if s.Sealed != nil {
		h := s.Sealed.Held[seat]
		s.Sealed.Held = slices.Clone(s.Sealed.Held)
		s.Sealed.Held[seat] = append(h[:i:i], h[i+1:]...)
	}
}

// handIn adds card id, known to every seat, to seat's hand.
func (s *State) handIn(seat engine.Seat, id string) {
	p := &s.Seats[seat]
	p.Hand = append(p.Hand, id)
	if s.Sealed != nil {
		s.Sealed.Held = slices.Clone(s.Sealed.Held)
		s.Sealed.Held[seat] = append(slices.Clip(s.Sealed.Held[seat]), Held{Pos: -1})
	}
}

// Show learns cards shown to every seat (engine.Shower): each must be in
// a hand at its deck position, and agree with what this device knows.
func (s *State) Show(sh engine.Shown) error {
	kind, ok := deckKind(sh.Deck)
	if s.Sealed == nil || !ok {
		return fmt.Errorf("%w: no sealed deck %q in this game", engine.ErrBadAction, sh.Deck)
	}
	if len(sh.Cards) != len(sh.Values) {
		return fmt.Errorf("%w: %d cards shown with %d values", engine.ErrBadAction, len(sh.Cards), len(sh.Values))
	}
	deck := Deck(kind, s.Players)
	type place struct {
		seat, i int
		id      string
	}
	at := make([]place, len(sh.Cards))
	for k, pos := range sh.Cards {
		v := sh.Values[k]
		if v < 0 || v >= len(deck) {
			return engine.Illegal("card %d is not in the %s deck", v, sh.Deck)
		}
		at[k] = place{seat: -1, id: deck[v]}
		for seat, held := range s.Sealed.Held {
			for i, h := range held {
				if h.Deck == sh.Deck && h.Pos == pos {
					at[k].seat, at[k].i = seat, i
				}
			}
		}
		if at[k].seat < 0 {
			return engine.Illegal("no card from position %d of the %s deck is in a hand", pos, sh.Deck)
		}
		for _, p := range at[:k] {
			if p.id == at[k].id || (p.seat == at[k].seat && p.i == at[k].i) {
				return engine.Illegal("%s is shown twice", describeCard(at[k].id))
			}
		}
		held := s.Seats[at[k].seat].Hand[at[k].i]
		if IsUnknownCard(held) && s.knownSomewhere(at[k].id) {
			return engine.Illegal("%s is already elsewhere", describeCard(at[k].id))
		}
		if !IsUnknownCard(held) && held != at[k].id {
			return engine.Illegal("the card at position %d of the %s deck is not %s", pos, sh.Deck, describeCard(at[k].id))
		}
	}
	for _, p := range at {
		hand := slices.Clone(s.Seats[p.seat].Hand) // hands are never changed in place
		hand[p.i] = p.id
		s.Seats[p.seat].Hand = hand
	}
	s.legal.ok = false
	return nil
}

// MustShow (engine.Shower): a card in seat's hand that the action names is
// shown first, unless every seat knows it already.
func (s *State) MustShow(seat engine.Seat, a engine.Action) []engine.Shown {
	act, ok := a.(Action)
	if s.Sealed == nil || !ok || act.Card == "" || seat < 0 || int(seat) >= len(s.Seats) {
		return nil
	}
	i := slices.Index(s.Seats[seat].Hand, act.Card)
	if i < 0 || IsUnknownCard(act.Card) {
		return nil
	}
	h := s.Sealed.Held[seat][i]
	if h.Pos < 0 {
		return nil
	}
	kind, _ := deckKind(h.Deck)
	v := slices.Index(Deck(kind, s.Players), act.Card)
	if v < 0 {
		return nil
	}
	return []engine.Shown{{Deck: h.Deck, Cards: []int{h.Pos}, Values: []int{v}}}
}

// holdsCardFor reports (sealed play) whether seat holds a card, known to
// this device or not, of a kind menu f offers to play. Such a menu waits
// for its seat even when none of the cards can be played, since whether
// one can is not for every device to know: the seat ends it with "done".
func (s *State) holdsCardFor(seat engine.Seat, f *Frame) bool {
	if s.Sealed == nil {
		return false
	}
	for _, id := range s.Seats[seat].Hand {
		kind := OccupationCard
		if c := cardOf(id); c != nil {
			kind = c.Kind
		} else if id == UnknownMinor {
			kind = MinorCard
		}
		if (kind == OccupationCard && s.offers(f, OpOccupation)) || (kind == MinorCard && s.offers(f, OpMinor)) {
			return true
		}
	}
	return false
}

// hasKnownOption is hasOption without the cards this device may not know:
// a device that does not know them lets the seat end a menu they might
// have been played in (its own device knows whether it may).
func (s *State) hasKnownOption(seat engine.Seat, f *Frame) bool {
	found := false
	s.menuOptions(seat, f, func(a Action) bool {
		if IsUnknownCard(a.Card) {
			return true
		}
		found = true
		return false
	})
	return found
}
