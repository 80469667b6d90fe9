package agricola

import (
	"fmt"
	"slices"

	"tabula/engine"
)

// The draft played sealed (docs/agricola.md, "Sealed play"): the deal
// puts each seat's 7 + 7 cards in its packet, opened to it alone. When the
// packets pass, each packet is opened to its new holder (one hidden draw
// per kind, of the deck positions still in it). A pick names the kind and
// the deck position kept, never the card (Action{Name: ActDraft, Card:
// UnknownOccupation or UnknownMinor, N: position}), so the log does not
// say which card a seat keeps.

// FrameOpen waits for the chance that opens seat's packet to it after a
// pass: Item is the deck.
const FrameOpen = "open"

// passSealed passes the packets' records with the packets (sealed) and
// turns every packet face down on every device: what a device saw of a
// packet it passed on is not kept (a player remembers it; the state need
// not), so each device's view of its own packet is the same before it is
// opened, whoever held it.
func (s *State) passSealed() {
	ps := s.Sealed.Packets
	s.Sealed.Packets = append([][]Held{ps[len(ps)-1]}, ps[:len(ps)-1]...)
	for seat, held := range s.Sealed.Packets {
		packet := make([]string, len(held))
		for i, h := range held {
			kind, _ := deckKind(h.Deck)
			packet[i] = unknownCard(kind)
		}
		s.Seats[seat].Packet = packet
	}
}

// pushOpens opens every passed packet to its new holder (sealed): one
// frame per seat and kind it holds, seat order first on top.
func (s *State) pushOpens() {
	for seat := s.Players - 1; seat >= 0; seat-- {
		for _, deck := range []string{DeckNameMinors, DeckNameOccupations} {
			if slices.ContainsFunc(s.Sealed.Packets[seat], func(h Held) bool { return h.Deck == deck }) {
				s.push(Frame{Kind: FrameOpen, Seat: engine.Seat(seat), Item: deck})
			}
		}
	}
}

// openRequest is the hidden draw frame f waits for: the positions of f's
// deck in f.Seat's packet, in packet order, opened to that seat.
func (s *State) openRequest(f *Frame) *engine.ChanceRequest {
	kind, _ := deckKind(f.Item)
	size := len(Deck(kind, s.Players))
	req := &engine.ChanceRequest{Kind: "packet", Deck: f.Item, Audience: []engine.Seat{f.Seat}}
	for _, h := range s.Sealed.Packets[f.Seat] {
		if h.Deck == f.Item {
			req.Cards = append(req.Cards, h.Pos)
			req.Ranges = append(req.Ranges, size)
		}
	}
	return req
}

// opened learns the cards of f.Seat's packet from the outcome (unknown
// values leave the stand-ins). A card this device knows elsewhere is
// refused before any change.
func (s *State) opened(f *Frame, o engine.Outcome) error {
	kind, _ := deckKind(f.Item)
	deck := Deck(kind, s.Players)
	packet := slices.Clone(s.Seats[f.Seat].Packet)
	k := 0
	for i, h := range s.Sealed.Packets[f.Seat] {
		if h.Deck != f.Item {
			continue
		}
		v := o[k]
		k++
		if v == engine.Unknown {
			continue
		}
		id := deck[v]
		switch {
		case packet[i] == id:
		case !IsUnknownCard(packet[i]):
			return fmt.Errorf("%w: the card at position %d of the %s deck is not %s", engine.ErrBadOutcome, h.Pos, f.Item, describeCard(id))
		case s.knownSomewhere(id) || slices.Contains(packet, id):
			return fmt.Errorf("%w: %s is dealt twice", engine.ErrBadOutcome, describeCard(id))
		}
		packet[i] = id
	}
	s.Seats[f.Seat].Packet = packet
	return nil
}

// sealedPicks are the indexes in seat's packet it may keep now: those of a
// kind not kept yet in this pick (the kinds are public).
func (s *State) sealedPicks(seat engine.Seat, f *Frame) []int {
	var out []int
	for i, h := range s.Sealed.Packets[seat] {
		if kind, _ := deckKind(h.Deck); f.N&pickBit(kind) == 0 {
			out = append(out, i)
		}
	}
	return out
}

// pickAction is the sealed pick of packet index i of seat.
func (s *State) pickAction(seat engine.Seat, i int) Action {
	h := s.Sealed.Packets[seat][i]
	kind, _ := deckKind(h.Deck)
	return Action{Name: ActDraft, Card: unknownCard(kind), N: h.Pos}
}

// sealedPick keeps the packet card a names (kind and deck position).
func (s *State) sealedPick(seat engine.Seat, f *Frame, a Action) error {
	at := -1
	for _, i := range s.sealedPicks(seat, f) {
		if s.pickAction(seat, i) == a {
			at = i
		}
	}
	if at < 0 {
		return engine.Illegal("no %s at position %d is in your packet to keep now", a.Card, a.N)
	}
	p := &s.Seats[seat]
	id, h := p.Packet[at], s.Sealed.Packets[seat][at]
	p.Packet = append(p.Packet[:at:at], p.Packet[at+1:]...)
	p.Hand = append(slices.Clip(p.Hand), id)
	s.Sealed.Packets = slices.Clone(s.Sealed.Packets)
	s.Sealed.Packets[seat] = append(s.Sealed.Packets[seat][:at:at], s.Sealed.Packets[seat][at+1:]...)
	s.Sealed.Held = slices.Clone(s.Sealed.Held)
	s.Sealed.Held[seat] = append(slices.Clip(s.Sealed.Held[seat]), h)
	kind, _ := deckKind(h.Deck)
	f.N |= pickBit(kind)
	if len(s.sealedPicks(seat, f)) == 0 {
		s.pop()
	}
	return nil
}

// autoPickSealed keeps the card when there is no choice (autoResolve).
func (s *State) autoPickSealed(seat engine.Seat, f *Frame) bool {
	idx := s.sealedPicks(seat, f)
	if len(idx) == 0 {
		s.pop()
		return true
	}
	packets := s.Sealed.Packets[seat]
	if len(idx) == 1 || (len(idx) == 2 && packets[idx[0]].Deck != packets[idx[1]].Deck) {
		return s.sealedPick(seat, f, s.pickAction(seat, idx[0])) == nil
	}
	return false
}

// DraftCard is the card a draft action keeps, as seat's own device knows
// it: a sealed pick names only a deck position (for the UI).
func (s *State) DraftCard(seat engine.Seat, a Action) string {
	if s.Sealed == nil || a.Name != ActDraft || seat < 0 || int(seat) >= len(s.Seats) {
		return a.Card
	}
	for i := range s.Sealed.Packets[seat] {
		if s.pickAction(seat, i) == a {
			return s.Seats[seat].Packet[i]
		}
	}
	return a.Card
}
