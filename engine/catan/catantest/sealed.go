// Package catantest holds what the tests of the Catan family's packages
// share: whole sealed games on a table of devices (engine/sealedtest; see
// "Sealed play" in docs/catan.md).
package catantest

import (
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/sealedtest"
)

// PlaySealed plays a whole sealed game of g from setup with random moves
// on a table of one device per seat beside a referee, which checks every
// device at every step; then it checks the game ended and every state
// keeps its invariants and encodes. It logs the counts and returns the
// table.
func PlaySealed(t testing.TB, g catan.Game, setup engine.Setup, seed uint64) *sealedtest.Table {
	t.Helper()
	setup.Game = g.ID()
	tb, err := sealedtest.New(g, setup, seed)
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Play(60000, nil); err != nil {
		t.Fatalf("%dp seed %d: %v", setup.Players, seed, err)
	}
	if !tb.Referee.State.Status().Over {
		t.Fatalf("%dp seed %d: not over after %d entries", setup.Players, seed, len(tb.Referee.Entries))
	}
	for i, m := range append([]*engine.Match{tb.Referee}, tb.Devices...) {
		if err := m.State.(*catan.State).CheckInvariants(); err != nil {
			t.Fatalf("%dp seed %d, state %d at the end: %v", setup.Players, seed, i, err)
		}
		engine.Hash(m.State) // it encodes, unknown cards and all
	}
	t.Logf("%dp seed %d: %d entries, hidden %d, shown %d", setup.Players, seed, len(tb.Referee.Entries), tb.Hidden, tb.Shown)
	return tb
}

// Shows calls f with the deck and value of every card shown in the
// referee's log.
func Shows(tb *sealedtest.Table, f func(deck string, value int)) {
	for _, e := range tb.Referee.Entries {
		if e.IsShow() {
			for _, v := range e.Show.Values {
				f(e.Show.Deck, v)
			}
		}
	}
}

// SecretSteals counts the steals of a game's log that were secrets, held
// unknown exactly by the devices outside thief and victim, and the public
// requests that opened one.
func SecretSteals(t testing.TB, tb *sealedtest.Table) (steals, opened int) {
	t.Helper()
	m, err := engine.Replay(tb.Referee.Game, tb.Referee.Setup, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range tb.Referee.Entries {
		req := m.State.Status().Chance
		if e.IsChance() && req != nil && req.Secret != 0 {
			steals++
			for s := range tb.Devices {
				got := tb.Devices[s].Entries[i].Chance[0]
				if (got == engine.Unknown) == req.Opens(engine.Seat(s)) {
					t.Fatalf("entry %d: seat %d's device holds the steal for %v as %d", i, s, req.Audience, got)
				}
			}
		}
		if e.IsChance() && req != nil && req.OpensSecret != 0 {
			opened++
		}
		if err := m.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	return steals, opened
}
