package citiesknights

import (
	"fmt"

	"tabula/engine"
	"tabula/engine/catan"
)

// Secret steals (docs/cities-knights.md, "Sealed play"): with the Secrets
// option every random steal from a hand, the robber's and each of the
// Bishop's, is a secret only thief and victim learn (catan's steal.go);
// the other devices keep the card in the victim's hand and list the theft.
// Rules that count another seat's hand count it as the table sees it
// (catan.State.HandCount). A rule that must know which cards another seat
// holds opens the thefts concerned first, in public requests of its own
// phase (PhaseOpen), and then takes effect:
//
//   - Resource and Trade Monopoly, and the Commercial Harbor (every
//     opponent's cards of a kind, its commodities): every theft;
//   - the Master Merchant (its player looks at the target's hand): the
//     target's thefts; with the SecretLooks option (looks below) to its
//     player alone, unless the whole hand goes;
//   - the Wedding, for a richer player whose whole hand goes at once: that
//     player's thefts.
//
// With engine.SecretLooks the Master Merchant opens each of the target's
// thefts its player took no part in to that player alone, a secret look
// (catan.State.LookRequest), in the same phase; the other devices hold
// them unopened still. The cards it then takes its device shows first
// where the others could not check the take: a kind only a card the target
// stole supplies (catan.State.ShowsToTake, from MustShow).
//
// What the acting seat does with its own hand (a discard at 7, the
// Saboteur's, a Wedding gift, a build) its device shows first when another
// device could not check it (catan.State.MustShow). Progress cards are
// never stolen: the Spy plays on the sealed decks (sealed.go).

// StealsInSecret: Cities & Knights steals in secret in a sealed game with
// secrets (catan.SecretStealer).
func (expansion) StealsInSecret() bool { return true }

// Wait is a card's effect that waits for thefts to open (PhaseOpen): the
// card, its action's seat and kind, the seats whose thefts open (bit q),
// and the phase the effect comes back to. Look: they open by secret looks
// to the active player (Seat's thefts), not to all.
type Wait struct {
	Card     Card           `json:"card"`
	Seat     int8           `json:"seat"`
	Resource catan.Resource `json:"resource"`
	Seats    uint8          `json:"seats"`
	Resume   catan.Phase    `json:"resume"`
	Look     bool           `json:"look,omitempty"`
}

// opensFirst reports whether the effect of card c (on seat q, of kind r)
// must wait for the thefts of seats to open; it then sets the wait and
// moves to PhaseOpen.
func (x *Ext) opensFirst(s *catan.State, c Card, q int, r catan.Resource, seats uint8) bool {
	if x.Sealed == nil || !s.Unopened(seats) {
		return false
	}
	x.Sealed.Wait = &Wait{Card: c, Seat: int8(q), Resource: r, Seats: seats, Resume: s.Phase}
	s.Phase = PhaseOpen
	return true
}

// looksFirst is opensFirst for the Master Merchant with secret looks: its
// player looks at the target q's thefts it does not know, unless the whole
// hand goes (every device must know it then: opensFirst).
func (x *Ext) looksFirst(s *catan.State, p, q int) bool {
	if x.Sealed == nil || !x.Sealed.SecretLooks || s.HandCount(q) <= 2 || s.LookRequest(p, q) == nil {
		return false
	}
	x.Sealed.Wait = &Wait{Card: MasterMerchant, Seat: int8(q), Seats: 1 << uint(q), Resume: s.Phase, Look: true}
	s.Phase = PhaseOpen
	return true
}

// opened applies a PhaseOpen outcome: one theft opens (or is looked at);
// after the last, the card takes effect.
func (x *Ext) opened(s *catan.State, o []int) error {
	w := x.Sealed.Wait
	if w.Look {
		p, q := int(s.Active), int(w.Seat)
		if err := s.ResolveLook(p, q, o); err != nil {
			return err
		}
		if s.LookRequest(p, q) == nil {
			x.takeEffect(s)
		}
		return nil
	}
	if err := s.ResolveOpen(w.Seats, o); err != nil {
		return err
	}
	if !s.Unopened(w.Seats) {
		x.takeEffect(s)
	}
	return nil
}

// takeEffect applies the waiting card's effect (the hands concerned are
// known to every device now, to the Master Merchant's after its looks,
// or, in a bot's plain copy, dealt).
func (x *Ext) takeEffect(s *catan.State) {
	w := *x.Sealed.Wait
	x.Sealed.Wait = nil
	s.Phase = w.Resume
	p := int(s.Active)
	switch w.Card {
	case ResourceMonopoly:
		x.takeMonopoly(s, p, w.Resource, 2)
	case TradeMonopoly:
		x.takeMonopoly(s, p, w.Resource, 1)
	case CommercialHarbor:
		x.Resume = s.Phase
		x.nextHarbor(s, p)
	case MasterMerchant:
		x.merchantTakes(s, p, int(w.Seat))
	case Wedding:
		x.weddingGifts(s, p)
	}
}

// openRequest is PhaseOpen's request.
func (x *Ext) openRequest(s *catan.State) *engine.ChanceRequest {
	if x.Sealed == nil || x.Sealed.Wait == nil {
		return nil
	}
	if w := x.Sealed.Wait; w.Look {
		return s.LookRequest(int(s.Active), int(w.Seat))
	}
	return s.OpenRequest(x.Sealed.Wait.Seats)
}

// bishopRequest is PhaseBishop's request with secret steals: the next
// victim's thefts open first, then the steal is a secret.
func (x *Ext) bishopRequest(s *catan.State) *engine.ChanceRequest {
	return s.StealRequest(x.bishopVictim(s))
}

// bishopSecret applies a PhaseBishop outcome with secret steals.
func (x *Ext) bishopSecret(s *catan.State, o []int) error {
	q := x.bishopVictim(s)
	stole, err := s.ResolveSteal(q, o)
	if stole {
		x.robbed(s, q)
	}
	return err
}

// resolveSecret applies the outcome of the expansion's public request that
// opens a theft, or of a secret steal (ResolveHidden).
func (x *Ext) resolveSecret(s *catan.State, o []int) error {
	switch {
	case s.Phase == PhaseBishop && s.SecretSteals():
		return x.bishopSecret(s, o)
	case s.Phase == PhaseOpen && x.openRequest(s) != nil:
		return x.opened(s, o)
	}
	return fmt.Errorf("%w: no secret awaited", engine.ErrBadOutcome)
}
