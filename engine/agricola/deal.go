package agricola

import (
	"fmt"
	"slices"
	"sort"
	"sync"

	"tabula/engine"
)

// The hands of the card game (fact sheet §2, §10): every player gets 7
// occupations (of those whose player-count mark allows the number of
// players) and 7 minor improvements, drawn by chance at set-up from the
// registered cards of decks A and B. The cards themselves are registered
// by package engine/agricola/cards (imported by engine/games).
//
// The draft variant (Setup option "draft" = "on", 2–4 players) deals the
// same 7 + 7 cards as packets instead: from each packet in front of them
// every player keeps one occupation and one minor improvement (starting
// player first, then clockwise), then the packets pass to the left, until
// every card is kept. (HR: the appendix's draft deals the hands this way;
// the engine drafts exactly the cards a plain deal gives out, so nobody
// keeps fewer than 7 + 7 and no card is set aside.)

// HandSize is the number of occupations, and of minor improvements, in
// each player's hand at the start.
const HandSize = 7

// Deck sizes of decks A and B together.
const (
	DeckOccupations = 48
	DeckMinors      = 48
)

// decks caches the cards dealt by player count and kind, in id order
// (built once, after every card package's init has registered its cards).
var (
	decksOnce sync.Once
	decks     [5][2][]string // [players][0 occupations, 1 minors]
	dealReqs  [5]engine.ChanceRequest
)

func buildDecks() {
	ids := make([]string, 0, len(cards))
	for id := range cards {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for p := 1; p <= 4; p++ {
		for _, id := range ids {
			c := cardOf(id)
			switch {
			case c.Deck == "":
			case c.Kind == OccupationCard && c.MinPlayers <= p:
				decks[p][0] = append(decks[p][0], id)
			case c.Kind == MinorCard:
				decks[p][1] = append(decks[p][1], id)
			}
		}
		n := HandSize * p
		req := engine.ChanceRequest{Kind: "deal"}
		for k := 0; k < 2; k++ {
			for i := 0; i < n && i < len(decks[p][k]); i++ {
				req.Ranges = append(req.Ranges, len(decks[p][k])-i)
			}
		}
		dealReqs[p] = req
	}
}

// Deck lists the cards dealt with players players: the occupations (of
// their player-count mark) or the minor improvements, in id order.
func Deck(kind CardKind, players int) []string {
	decksOnce.Do(buildDecks)
	if players < 1 || players > 4 {
		return nil
	}
	if kind == OccupationCard {
		return decks[players][0]
	}
	return decks[players][1]
}

// decksRegistered reports (as an error) when the 96 cards of decks A and
// B are not all registered: the card game cannot be dealt without them.
func decksRegistered() error {
	occ, minors := Deck(OccupationCard, 4), Deck(MinorCard, 4)
	if len(occ) != DeckOccupations || len(minors) != DeckMinors {
		return fmt.Errorf("agricola: the card game needs the %d occupations and %d minor improvements of decks A and B, "+
			"but %d and %d are registered (import tabula/engine/agricola/cards)", DeckOccupations, DeckMinors, len(occ), len(minors))
	}
	return nil
}

// dealRequest is the chance of the deal: HandSize × players draws without
// replacement from the occupations, then as many from the minors.
func (s *State) dealRequest() *engine.ChanceRequest {
	decksOnce.Do(buildDecks)
	return &dealReqs[s.Players]
}

// deal gives out the hands (or, drafting, the packets) from the outcome:
// value i picks among the cards not yet drawn, in id order; seat k gets
// draws k×7 … k×7+6 of each kind.
func (s *State) deal(o engine.Outcome) {
	n := HandSize * s.Players
	occ := draw(Deck(OccupationCard, s.Players), o[:n])
	minors := draw(Deck(MinorCard, s.Players), o[n:])
	for i := range s.Seats {
		hand := append(append([]string(nil), occ[i*HandSize:(i+1)*HandSize]...), minors[i*HandSize:(i+1)*HandSize]...)
		if s.Draft {
			s.Seats[i].Packet = hand
		} else {
			s.Seats[i].Hand = hand
		}
	}
	if s.Draft {
		s.push(Frame{Kind: FrameDraft, Seat: -1})
	}
}

// draw takes the picks from deck one after another (each an index among
// the cards still left). The cards left are one copy of deck, each
// drawn card cut out in place (a new list per draw was a tenth of a
// random game's allocations).
func draw(deck []string, picks engine.Outcome) []string {
	left := append([]string(nil), deck...)
	out := make([]string, 0, len(picks))
	for _, i := range picks {
		out = append(out, left[i])
		left = slices.Delete(left, i, i+1)
	}
	return out
}

// draftRound runs one pick of the draft: the packets pass to the left
// (after the first pick), and while cards are left every player keeps
// one of each kind, starting player first.
func (s *State) draftRound(n int) {
	if n > 0 {
		last := s.Seats[s.Players-1].Packet
		for i := s.Players - 1; i > 0; i-- {
			s.Seats[i].Packet = s.Seats[i-1].Packet
		}
		s.Seats[0].Packet = last
		if s.Sealed != nil {
			s.passSealed()
		}
	}
	empty := true
	for i := range s.Seats {
		empty = empty && len(s.Seats[i].Packet) == 0
	}
	if empty {
		return
	}
	s.push(Frame{Kind: FrameDraft, Seat: -1, N: n + 1})
	s.pushEach(FramePick)
	if s.Sealed != nil && n > 0 {
		s.pushOpens()
	}
}

// pickBit is the bit of Frame.N a kind sets once kept in this pick.
func pickBit(k CardKind) int {
	if k == OccupationCard {
		return 1
	}
	return 2
}

// picks are the cards seat may keep now from its packet: those of a kind
// it has not kept yet in this pick.
func (s *State) picks(seat engine.Seat, f *Frame) []string {
	var out []string
	for _, id := range s.Seats[seat].Packet {
		if c := cardOf(id); c != nil && f.N&pickBit(c.Kind) == 0 {
			out = append(out, id)
		}
	}
	return out
}

// pick keeps card id from seat's packet (pick frame f on top); the frame
// closes once nothing more is to be kept.
func (s *State) pick(seat engine.Seat, f *Frame, id string) error {
	if !inHand(s.picks(seat, f), id) {
		return engine.Illegal("%s is not in your packet to keep now", describeCard(id))
	}
	p := &s.Seats[seat]
	p.Packet = removeCard(p.Packet, id)
	p.Hand = append(p.Hand, id)
	f.N |= pickBit(cardOf(id).Kind)
	if len(s.picks(seat, f)) == 0 {
		s.pop()
	}
	return nil
}
