package table

import (
	"errors"
	"testing"

	"tabula/engine"
)

// A search bot's decision in two halves: it thinks on a copy (the table
// does not change meanwhile), and its answer is played only where it was
// asked; once the game has moved on the answer is refused with ErrMoved.
func TestBotJobThinksOnACopy(t *testing.T) {
	for _, k := range BotKinds() {
		if !IsBot(k) {
			t.Fatalf("%s is not a bot kind", k)
		}
	}
	if IsBot(Human) || IsBot("bot:clever") {
		t.Fatal("IsBot takes what is no bot")
	}
	tb := newWalk(t, BotEasy, BotGreedy)
	j, ok := tb.NextBot()
	if !ok || j.Seat != 0 || !j.Slow || j.Move != len(tb.Match.Entries) {
		t.Fatalf("job %+v, %v", j, ok)
	}
	h := tb.Hash()
	a := j.Run(nil)
	if tb.Hash() != h || a == nil || !j.Searched {
		t.Fatalf("run: action %v, searched %v, state changed %v", a, j.Searched, tb.Hash() != h)
	}
	if err := tb.Finish(j, a); err != nil {
		t.Fatal(err)
	}
	if len(tb.Match.Entries) <= j.Move {
		t.Fatal("the answer was not played")
	}
	if err := tb.Finish(j, a); !errors.Is(err, ErrMoved) || !errors.Is(err, engine.ErrNotYourTurn) {
		t.Fatalf("a stale answer: %v", err)
	}
	// The greedy bot needs no thinking of its own.
	if j, ok := newWalk(t, BotGreedy, BotEasy).NextBot(); !ok || j.Slow {
		t.Fatalf("greedy job %+v, %v", j, ok)
	}
}

// Searching bots at every level play a whole game through StepBot, and a
// game with them is saved and loaded with its seat kinds.
func TestSearchBotsPlayAndReload(t *testing.T) {
	tb := newWalk(t, BotEasy, BotNormal, BotHard)
	for i := 0; i < 400 && !tb.Status().Over; i++ {
		if _, err := tb.StepBot(); err != nil {
			t.Fatal(err)
		}
	}
	if !tb.Status().Over {
		t.Fatal("the game did not end")
	}
	back, err := Load(tb.Save(), clock())
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range back.Seats {
		if s.Kind != tb.Seats[i].Kind {
			t.Fatalf("seat %d reloaded as %q, was %q", i, s.Kind, tb.Seats[i].Kind)
		}
	}
}
