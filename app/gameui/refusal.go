package gameui

import (
	"errors"

	"tabula/app/store"
	"tabula/engine"
)

// RefusalText says in words why a game file was refused: what the engine
// found wrong, and the byte, entry, seat or value it is about. Errors
// that are no refused file get ErrorText's sentence.
func RefusalText(err error) string {
	p, ok := engine.ProblemOf(err)
	if !ok {
		return ErrorText(err)
	}
	switch p.Kind {
	case engine.ProblemEntry:
		return T("save.problem."+p.Kind, p.Entry, entryWhy(p))
	case engine.ProblemTooLarge:
		if p.Entry > 0 {
			return T("save.problem.action", p.Entry, p.N)
		}
		return T("save.problem."+p.Kind, p.N)
	case engine.ProblemTruncated, engine.ProblemJSON, engine.ProblemVersion, engine.ProblemSeats:
		return T("save.problem."+p.Kind, p.N)
	case engine.ProblemFormat, engine.ProblemGame, engine.ProblemRules, engine.ProblemSetup:
		return T("save.problem."+p.Kind, clipValue(p.Value))
	case engine.ProblemEmpty, engine.ProblemField, engine.ProblemFinal:
		return T("save.problem." + p.Kind)
	}
	return T("err.badsave")
}

// entryWhy is why the rules refused an entry of a file.
func entryWhy(p engine.SaveProblem) string {
	switch {
	case errors.Is(p.Err, engine.ErrNotYourTurn):
		return T("save.why.turn", int(p.Seat)+1)
	case errors.Is(p.Err, engine.ErrHashMismatch):
		return T("save.why.hash")
	case errors.Is(p.Err, engine.ErrAwaitChance), errors.Is(p.Err, engine.ErrBadOutcome):
		return T("save.why.chance")
	case errors.Is(p.Err, engine.ErrGameOver):
		return T("save.why.over")
	}
	return T("save.why.illegal")
}

// clipValue shortens a value from a file quoted in a message.
func clipValue(s string) string {
	r := []rune(s)
	if len(r) > 24 {
		return string(r[:24]) + "…"
	}
	return s
}

// SaveFailText says why a game could not be saved on this device.
func SaveFailText(err error) string {
	if errors.Is(err, store.ErrFull) {
		return T("store.full")
	}
	return T("table.saveerror")
}
