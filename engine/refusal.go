package engine

import (
	"bytes"
	"errors"
	"fmt"
)

// Why a game file is refused, for messages in the player's language:
// SaveProblem's Kind.
const (
	ProblemEmpty     = "empty"     // nothing in the file
	ProblemTooLarge  = "toolarge"  // N bytes (of the file, or of Entry's action)
	ProblemTruncated = "truncated" // the file ends early, after N bytes
	ProblemJSON      = "json"      // broken JSON at byte N
	ProblemField     = "field"     // a field of the wrong kind, or unknown
	ProblemFormat    = "format"    // not a Tabula game file (Value: its format)
	ProblemVersion   = "version"   // save version N, newer than this build
	ProblemGame      = "game"      // a game this build does not have (Value)
	ProblemRules     = "rules"     // rules version Value this build does not read
	ProblemSetup     = "setup"     // the setup does not fit the game
	ProblemSeats     = "seats"     // N seats listed for another number of players
	ProblemEntry     = "entry"     // entry Entry refused by the rules (Err says why)
	ProblemFinal     = "final"     // the final state differs from the file's
)

// SaveProblem is what is wrong with a refused game file.
type SaveProblem struct {
	Kind  string
	N     int    // the byte, size, version or seat count it is about
	Entry int    // the entry it is about (from 1), 0 for none
	Seat  Seat   // the seat that entry is by (Spectator for chance)
	Value string // the value found
	Err   error  // the rules' refusal of the entry
}

// refusal is the error of a refused file: ErrBadSave with its problem.
type refusal struct {
	p   SaveProblem
	msg string
	err error
}

func (r *refusal) Error() string { return ErrBadSave.Error() + ": " + r.msg }

// Unwrap gives ErrBadSave and what the message wraps (ErrTooLarge); not
// the entry's refusal, which is about the file's game, not the player's.
func (r *refusal) Unwrap() []error {
	if r.err == nil {
		return []error{ErrBadSave}
	}
	return []error{ErrBadSave, r.err}
}

func refuse(p SaveProblem, format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	return &refusal{p: p, msg: err.Error(), err: errors.Unwrap(err)}
}

// ProblemOf is the problem of a refused game file's error.
func ProblemOf(err error) (SaveProblem, bool) {
	var r *refusal
	if errors.As(err, &r) {
		return r.p, true
	}
	return SaveProblem{}, false
}

// ReplayError: entry Entry (from 1) of a log, by Seat, was refused.
type ReplayError struct {
	Entry int
	Seat  Seat
	Err   error
}

func (e *ReplayError) Error() string { return fmt.Sprintf("entry %d: %v", e.Entry, e.Err) }
func (e *ReplayError) Unwrap() error { return e.Err }

// TrimBOM drops a UTF-8 byte-order mark, which some editors put at the
// start of a file they save.
func TrimBOM(b []byte) []byte { return bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")) }

// clipValue shortens a value from a file quoted in a message: a file may
// hold a name of any length.
func clipValue(s string) string {
	const most = 40
	r := []rune(s)
	if len(r) <= most {
		return s
	}
	return string(r[:most]) + "…"
}
