package deck

import (
	"errors"
	"fmt"
)

// CheatError names a party that cheated and carries the proof: encoded
// messages (Encode) that any holder of the deck's public messages can
// check again on its own.
type CheatError struct {
	Party    int
	What     string
	Evidence [][]byte
}

func (e *CheatError) Error() string {
	return fmt.Sprintf("deck: party %d cheated: %s", e.Party, e.What)
}

func cheat(party int, what string, evidence ...Msg) *CheatError {
	e := &CheatError{Party: party, What: what}
	for _, m := range evidence {
		if m != nil {
			e.Evidence = append(e.Evidence, Encode(m))
		}
	}
	return e
}

var (
	// ErrNotNow refuses a well-formed message that the deck cannot take in
	// its present phase (a shuffle out of turn, a share for a card nobody
	// asked to open). It names nobody: the log orders messages.
	ErrNotNow = errors.New("deck: message not expected now")
	// ErrNoEscrow: a two-party deck deals no escrow (its only share would
	// be the whole key), so a departed party's cards wait for it.
	ErrNoEscrow = errors.New("deck: no escrow with two parties")
	// ErrTooFew: fewer parties remain than the escrow's threshold (the last
	// of three, or of four after two left), so the departed party's key
	// cannot be rebuilt and its cards wait for it.
	ErrTooFew = errors.New("deck: too few parties remain to rebuild a departed key")
)
