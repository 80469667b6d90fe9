package engine

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
)

// Sealed play is how a network game keeps hidden cards hidden: a game set up
// with the option Sealed ("1") draws its face-down cards from sealed decks,
// which the network layer deals by cryptography (package engine/deck), so a
// device learns a card only when its seat may see it. Hot-seat and bot-only
// games never set the option and keep the plain path.
//
// The contract, for every game that hides cards:
//
//   - The game (a SealedGame) declares its decks for the setup: a name and a
//     size; cards are numbered 0..Size-1 in an order the game fixes, and the
//     number says what the card is (its kind is public, its place in the
//     shuffled deck is not).
//   - A hidden draw is a ChanceRequest with Deck set: Cards are the positions
//     it opens (drawn from the top: the game counts positions itself), one per
//     Ranges entry, each range the deck's size; Audience the seats that learn
//     the values. A device outside the audience resolves it with every value
//     Unknown, and its state holds an opaque card in that place.
//   - A card shown later to every seat (a card played, a victory point
//     revealed) comes first as a Shown entry; the acting device makes it
//     (Shower.MustShow), every device applies it (Shower.Show), then the
//     action follows and is checked as usual.
//   - A look (only with the Looks option) opens cards a seat holds to one
//     more seat: a hidden request like a draw, whose Cards were drawn
//     before and whose Audience is their holder and the looker. The
//     others resolve it Unknown, as a draw.
//   - A secret (only with the Secrets option, which the network layer sets
//     when it can produce them) is a hidden value with no deck: a
//     ChanceRequest with Secret set (numbered 1, 2, … by the game) and one
//     range, a uniform value only Audience learns (Catan's stolen card: an
//     index into the victim's hand). A device outside the audience resolves
//     it Unknown. The secret is opened to every seat when a public
//     consequence depends on it: by the acting device before its action
//     when it knows the value (a Shown of deck SecretDeck, Cards the secret
//     numbers, Values their values; MustShow lists it), or by a public
//     request with OpensSecret set when no deciding device may know it (the
//     network layer opens it from what it holds; the audience's devices
//     check the value).
//   - A secret look (only with the SecretLooks option) opens a secret to
//     one more seat: a request with OpensSecret set and an Audience (the
//     secret's two seats and the one that looks). The devices outside it
//     resolve it Unknown; one of them then learns the value only from a
//     Shown by the looker's device (the Master Merchant takes a stolen
//     card).
//   - Devices agree on the public game's state hash (the log folded with
//     only the cards opened to all, hidden ones Unknown), never their own
//     states', since each device knows different cards. Their own states
//     agree on AgreedHash: the public view and the status.
//   - The rules never depend on a value a deciding device cannot know: Status,
//     Legal for the seats it plays and View(Spectator) come out the same on
//     every device (engine/sealedtest checks it on whole games).

// Sealed is the Setup option that turns sealed play on ("1").
const Sealed = "sealed"

// IsSealed reports whether the setup plays with sealed decks.
func (s Setup) IsSealed() bool { return s.Option(Sealed, "") == "1" }

// Secrets is the Setup option ("1") by which the network layer says it can
// produce secrets; without it a game asks for every deckless value in public.
// Only a game that asks for secrets need accept it (the Catan family does).
const Secrets = "secrets"

// HasSecrets reports whether a sealed setup plays with secrets.
func (s Setup) HasSecrets() bool { return s.IsSealed() && s.Option(Secrets, "") == "1" }

// Looks is the Setup option ("1") by which the network layer says it can
// open a seat's hidden cards to one more seat (a look): a hidden request
// whose Deck positions were drawn before, Audience their holder and the
// seat that looks, opens them to that seat too and to nobody else (the
// holder's device seals its part of each card to the looker). Without it
// a game asks for no look. Only a game that looks at hands need accept it
// (Cities & Knights: the Spy).
const Looks = "looks"

// HasLooks reports whether a sealed setup plays with looks.
func (s Setup) HasLooks() bool { return s.IsSealed() && s.Option(Looks, "") == "1" }

// SecretLooks is the Setup option ("1") by which the network layer says it
// can open a secret to one more seat (a secret look: OpensSecret with an
// Audience). Only a game that looks at a hand holding stolen cards need
// accept it (Cities & Knights: the Master Merchant).
const SecretLooks = "secretlooks"

// HasSecretLooks reports whether a sealed setup with secrets plays with
// secret looks.
func (s Setup) HasSecretLooks() bool { return s.HasSecrets() && s.Option(SecretLooks, "") == "1" }

// SecretDeck is the deck name of a Shown that opens secrets: Cards are the
// secret numbers, Values their values.
const SecretDeck = "secret"

// Unknown stands in an Outcome for a value this device may not learn.
const Unknown = -1

// DeckSpec declares one sealed deck.
type DeckSpec struct {
	Name string `json:"name"`
	Size int    `json:"size"`
}

// SealedGame is a Game that can play sealed: its decks for a sealed setup.
type SealedGame interface {
	Decks(setup Setup) []DeckSpec
}

// Shown opens cards of a sealed deck to every seat: Cards are positions in
// Deck, Values what the cards are.
type Shown struct {
	Deck   string `json:"deck"`
	Cards  []int  `json:"cards"`
	Values []int  `json:"values"`
}

// Shower is implemented by states that play sealed.
type Shower interface {
	// Show learns the values of cards opened to every seat. It refuses a
	// card it holds no place for or a value that contradicts what this
	// device knows, and then changes nothing.
	Show(s Shown) error
	// MustShow lists, with their values, the cards seat must open to every
	// seat before a can be applied on devices that do not know them (nil
	// when none). Only a device that knows seat's cards can answer.
	MustShow(seat Seat, a Action) []Shown
}

// Hidden reports whether the request's values are not for every seat: a
// draw from a sealed deck, a secret, or a secret look.
func (r ChanceRequest) Hidden() bool {
	return r.Deck != "" || r.Secret != 0 || r.OpensSecret != 0 && r.Audience != nil
}

// Opens reports whether seat learns the request's values.
func (r ChanceRequest) Opens(seat Seat) bool {
	if !r.Hidden() || r.Audience == nil {
		return true
	}
	for _, s := range r.Audience {
		if s == seat {
			return true
		}
	}
	return false
}

// Masked is o as a device that plays none of the audience holds it: every
// value Unknown when the request is hidden from all of seats.
func Masked(r ChanceRequest, o Outcome, seats []Seat) Outcome {
	for _, s := range seats {
		if r.Opens(s) {
			return o
		}
	}
	out := make(Outcome, len(o))
	for i := range out {
		out[i] = Unknown
	}
	return out
}

func (r ChanceRequest) fitsHidden(o Outcome) error {
	secret := r.Secret != 0 || r.OpensSecret != 0
	if secret && (r.Deck != "" || len(r.Cards) != 0 || len(r.Ranges) != 1) {
		return fmt.Errorf("%w: secret %s is one value with no deck", ErrBadOutcome, r.Kind)
	}
	if !secret && len(r.Cards) != len(r.Ranges) {
		return fmt.Errorf("%w: %s opens %d cards with %d ranges", ErrBadOutcome, r.Kind, len(r.Cards), len(r.Ranges))
	}
	unknown := 0
	for _, v := range o {
		if v == Unknown {
			unknown++
		}
	}
	if unknown != 0 && unknown != len(o) {
		return fmt.Errorf("%w: %s is part known, part unknown", ErrBadOutcome, r.Kind)
	}
	return nil
}

// AgreedHash is what every device's own state of a game holds alike. For a
// plain game it is Hash; for a sealed one it covers what every device knows
// alike: the status (with the pending request, its audience and positions)
// and the public view (JSON, so it costs about ten times Hash). Network
// play compares the public game's Hash after every entry instead
// (engine/p2p, agreed.go); this is how tests and p2p.CheckSealed check that
// devices' own states agree.
func AgreedHash(setup Setup, s State) [32]byte {
	if !setup.IsSealed() {
		return Hash(s)
	}
	b, err := json.Marshal(struct {
		Status Status `json:"status"`
		View   any    `json:"view"`
	}{s.Status(), s.View(Spectator)})
	if err != nil {
		panic(fmt.Sprintf("engine: public view does not encode: %v", err))
	}
	return sha256.Sum256(b)
}

// AgreedHashHex is AgreedHash as lower-case hex.
func AgreedHashHex(setup Setup, s State) string {
	h := AgreedHash(setup, s)
	return fmt.Sprintf("%x", h[:])
}
