package gameui

import (
	"errors"

	"tabula/app/store"
	"tabula/app/table"
	"tabula/engine"
)

// Refusals a player can meet, each mapped to a message that says what to
// do. Engine error texts are for developers and logs; the screen shows
// only ErrorText's sentence.
var explained = []struct {
	err error
	id  string
}{
	{store.ErrFull, "store.fullshort"},
	{engine.ErrNotYourTurn, "err.notyourturn"},
	{engine.ErrIllegal, "err.illegal"},
	{engine.ErrBadAction, "err.illegal"},
	{engine.ErrAwaitChance, "err.chance"},
	{engine.ErrNoChance, "err.illegal"},
	{engine.ErrBadOutcome, "err.chance"},
	{engine.ErrGameOver, "err.over"},
	{engine.ErrBadSave, "err.badsave"},
	{engine.ErrHashMismatch, "err.badsave"},
	{table.ErrNoUndo, "table.undo.none"},
	{store.ErrNotFound, "err.notfound"},
}

// Explain adds a refusal to those ErrorText knows (message id id says
// what to do); packages with errors of their own (network play) add
// theirs from an init function.
func Explain(err error, id string) {
	explained = append(explained, struct {
		err error
		id  string
	}{err, id})
}

// ErrorText is the translated sentence for err: the first known refusal
// it wraps, or a general one that says nothing was changed.
func ErrorText(err error) string {
	for _, x := range explained {
		if errors.Is(err, x.err) {
			return T(x.id)
		}
	}
	return T("err.other")
}
