package traders

import (
	"fmt"

	"tabula/engine"
	"tabula/engine/catan"
)

// Sealed play (engine/sealed.go; docs/traders-barbarians.md, "Sealed
// play"): the scenario's one face-down stack is the chronicle deck, which
// is the base game's development deck with the scenario's cards, so the
// base game hides its draws and shows its cards; the scenario only shows
// a Swift Journey before it is played. Cargo cards are turned over face up
// and the dice are public: nothing else is hidden.

// Decks declares no deck beyond the chronicle deck (catan.SealedExpansion).
func (expansion) Decks(engine.Setup) []engine.DeckSpec { return nil }

// Show refuses every deck but the chronicle deck, which the base game
// shows (catan.SealedExpansion).
func (expansion) Show(_ *catan.State, sh engine.Shown) error {
	return fmt.Errorf("%w: no sealed deck %q here", engine.ErrBadAction, sh.Deck)
}

// MustShow shows the Swift Journey card a play plays (catan.SealedExpansion).
func (expansion) MustShow(s *catan.State, p int, a catan.Action) []engine.Shown {
	if a.Type != ActPlaySwiftJourney {
		return nil
	}
	return s.ShowToPlay(p, catan.SwiftJourney)
}

// ResolveHidden: the scenario draws nothing hidden of its own
// (catan.SealedExpansion).
func (expansion) ResolveHidden(*catan.State, []int) error {
	return fmt.Errorf("%w: no hidden draw of the scenario", engine.ErrBadOutcome)
}

// Acted: nothing of the scenario's is shown late (catan.SealedExpansion).
func (expansion) Acted(*catan.State, int) {}

// StealsInSecret: the barbarian's theft is a secret for thief and victim in
// a sealed game with secrets (catan.SecretStealer); the scenario reads no
// other hand than the acting seat's.
func (expansion) StealsInSecret() bool { return true }
