package agricolatest

import (
	"testing"

	"tabula/engine"
	ag "tabula/engine/agricola"
	"tabula/engine/sealedtest"
)

// Sealed sets up a sealed card game of players (engine/sealedtest) with
// the given options, and plays its set-up chance (the deal) so that the
// first decision waits. The cards must be registered (engine/agricola/cards).
func Sealed(t testing.TB, players int, seed uint64, opts map[string]string) *sealedtest.Table {
	t.Helper()
	tb, err := sealedtest.New(ag.Game{}, engine.Setup{Game: ag.ID, Players: players, Options: opts}, seed)
	if err != nil {
		t.Fatal(err)
	}
	for tb.Referee.State.Status().Chance != nil {
		if _, err := tb.Step(sealedtest.Random); err != nil {
			t.Fatal(err)
		}
	}
	return tb
}
