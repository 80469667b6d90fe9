package deck

import (
	"errors"
	"slices"
	"testing"
)

// An observer (no party: a spectator, a game file's verifier) fed the
// log and the game's opening calls checks every message, knows the cards
// opened to all and no other before the audit, and after it audits the
// whole deck to the same report as the parties.
func TestObserverChecksAndAudits(t *testing.T) {
	tb := newTable(t, 21, 3, devCards)
	for pos := range 9 {
		tb.open(pos, pos%3)
	}
	tb.open(9, All)
	tb.open(0, All) // a card shown by its holder
	obs, err := New(Config{ID: tb.decks[0].id, Cards: devCards, Parties: 3, Me: Observer})
	if err != nil {
		t.Fatal(err)
	}
	replayInto(t, tb, obs)
	for pos := range 10 {
		c, err := obs.Card(pos)
		switch {
		case pos == 0 || pos == 9:
			if err != nil || c != tb.cardAt(1, pos) {
				t.Fatalf("card %d opened to all: observer has %d, %v", pos, c, err)
			}
		case !errors.Is(err, ErrHidden):
			t.Fatalf("card %d opened to party %d: the observer knows %d (%v)", pos, pos%3, c, err)
		}
	}
	if _, err := obs.Start(); err == nil {
		t.Fatal("an observer made a key")
	}
	n := len(tb.steps)
	reps := tb.audit()
	for _, s := range tb.steps[n:] {
		if s.only == -1 {
			if _, err := s.f(obs); err != nil {
				t.Fatal(err)
			}
		}
	}
	rep, err := obs.Audit()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rep.Cards, reps[1].Cards) || len(rep.Cheats) != 0 {
		t.Fatalf("observer's audit %v (cheats %v), party 1's %v", rep.Cards, rep.Cheats, reps[1].Cards)
	}
}

// replayInto feeds obs the table's log and, once each, the opening calls
// every party made (party 0's copy of them).
func replayInto(t *testing.T, tb *table, obs *Deck) {
	t.Helper()
	for _, s := range tb.steps {
		switch s.only {
		case -1:
			if _, err := s.f(obs); err != nil {
				t.Fatal(err)
			}
		case 0:
			_, _ = s.f(obs) // Start and Reveal refuse an observer; Open takes it
		}
	}
}
