package sealedtest_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"tabula/engine"
	"tabula/engine/enginetest"
	"tabula/engine/sealedtest"
)

type randR = rand.Rand

func race(t *testing.T, players int, seed uint64) *sealedtest.Table {
	t.Helper()
	tb, err := sealedtest.New(enginetest.Game{}, engine.Setup{Game: enginetest.ID, Players: players}, seed)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// Whole sealed Races: every device plays its seat on what it may know and
// agrees with the referee at every step.
func TestRaceSealedWholeGames(t *testing.T) {
	hidden, shown := 0, 0
	for players := 2; players <= 4; players++ {
		for seed := uint64(1); seed <= 20; seed++ {
			tb := race(t, players, seed)
			if err := tb.Play(2000, nil); err != nil {
				t.Fatalf("%dp seed %d: %v", players, seed, err)
			}
			if !tb.Referee.State.Status().Over {
				t.Fatalf("%dp seed %d: not over", players, seed)
			}
			hidden += tb.Hidden
			shown += tb.Shown
			unknown := 0
			for s := range tb.Devices {
				unknown += tb.Unknowns(s)
			}
			if unknown != tb.Hidden {
				t.Fatalf("%dp seed %d: devices log %d unknown outcomes, the table hid %d", players, seed, unknown, tb.Hidden)
			}
		}
	}
	if hidden == 0 || shown == 0 {
		t.Fatalf("hidden %d, shown %d: the games hid or showed nothing", hidden, shown)
	}
}

// A device's own hand is known to it, the others' are not, and a played
// card becomes known to all once shown.
func TestRaceSealedKnowledge(t *testing.T) {
	tb := race(t, 2, 3)
	// Seat 0 draws.
	if err := tb.Move(0, enginetest.Action{Type: "draw"}); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Step(sealedtest.Random); err != nil { // the draw's outcome
		t.Fatal(err)
	}
	own := tb.Devices[0].State.(*enginetest.State).Hands[0]
	other := tb.Devices[1].State.(*enginetest.State).Hands[0]
	if len(own) != 1 || own[0] < 1 || len(other) != 1 || other[0] != 0 {
		t.Fatalf("after seat 0's draw: its device holds %v, seat 1's device %v", own, other)
	}
	// Seat 1 rolls, then (whatever happened) seat 0 plays its card when it can.
	for tb.Referee.State.Status().Decides(1) || tb.Referee.State.Status().Chance != nil {
		if _, err := tb.Step(func(_ *randR, legal []engine.Action) engine.Action { return legal[0] }); err != nil {
			t.Fatal(err)
		}
	}
	st := tb.Referee.State.Status()
	if st.Over || !st.Decides(0) {
		t.Skip("seed no longer gives seat 0 a turn with its card")
	}
	card := own[0]
	if err := tb.Move(0, enginetest.Action{Type: "play", Card: card}); err != nil {
		t.Fatal(err)
	}
	if tb.Shown != 1 {
		t.Fatalf("shown %d cards, want 1", tb.Shown)
	}
	last := tb.Devices[1].Entries[len(tb.Devices[1].Entries)-2]
	if !last.IsShow() || last.Show.Values[0]%3+1 != card {
		t.Fatalf("seat 1's device logged %+v before the play", last)
	}
}

// A play whose card was not shown is refused by a device that does not know
// the card, and its state and log stay as they were; a wrong value shown is
// refused by the device that knows it.
func TestRaceSealedRefusals(t *testing.T) {
	tb := race(t, 2, 5)
	if err := tb.Move(0, enginetest.Action{Type: "draw"}); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Step(sealedtest.Random); err != nil {
		t.Fatal(err)
	}
	owner, other := tb.Devices[0], tb.Devices[1]
	card := owner.State.(*enginetest.State).Hands[0][0]
	// Seat 1 must act now; give seat 0 the turn back by rolling for seat 1
	// until seat 0 decides.
	for !tb.Referee.State.Status().Decides(0) {
		if tb.Referee.State.Status().Over {
			t.Skip("game ended early")
		}
		if _, err := tb.Step(func(_ *randR, legal []engine.Action) engine.Action { return legal[0] }); err != nil {
			t.Fatal(err)
		}
	}
	n, post := len(other.Entries), other.Entries[len(other.Entries)-1].Post
	err := other.Do(0, enginetest.Action{Type: "play", Card: card})
	if !errors.Is(err, engine.ErrIllegal) || len(other.Entries) != n || other.Entries[n-1].Post != post {
		t.Fatalf("unshown play on the other device: err %v, entries %d→%d", err, n, len(other.Entries))
	}
	err = other.Do(0, enginetest.Action{Type: "play", Card: 0})
	if !errors.Is(err, engine.ErrIllegal) {
		t.Fatalf("playing the unknown card 0: %v", err)
	}
	sh := owner.State.(engine.Shower).MustShow(0, enginetest.Action{Type: "play", Card: card})
	if len(sh) != 1 {
		t.Fatalf("MustShow gave %v", sh)
	}
	wrong := sh[0]
	wrong.Values = []int{(sh[0].Values[0] + 1) % enginetest.DeckSize}
	if err := owner.Show(0, wrong); !errors.Is(err, engine.ErrIllegal) {
		t.Fatalf("owner took a wrong value: %v", err)
	}
	if err := other.Show(0, engine.Shown{Deck: enginetest.DeckName, Cards: []int{29}, Values: []int{1}}); err == nil {
		t.Fatal("a position nobody holds was shown")
	}
}

// The table notices a device that folded a different outcome.
func TestCheckCatchesDivergence(t *testing.T) {
	tb := race(t, 2, 9)
	if err := tb.Move(0, enginetest.Action{Type: "roll"}); err != nil {
		t.Fatal(err)
	}
	if err := tb.Referee.Resolve(engine.Outcome{2}); err != nil {
		t.Fatal(err)
	}
	for s, m := range tb.Devices {
		v := 2
		if s == 1 {
			v = 3
		}
		if err := m.Resolve(engine.Outcome{v}); err != nil {
			t.Fatal(err)
		}
	}
	if err := tb.Check(); err == nil {
		t.Fatal("a device that rolled differently was not noticed")
	}
}

// A plain (unsealed) Race's chance requests open nothing hidden, and its
// hash is the plain state hash.
func TestPlainRaceUnchanged(t *testing.T) {
	setup := engine.Setup{Game: enginetest.ID, Players: 2}
	if (enginetest.Game{}).Decks(setup) != nil {
		t.Fatal("a plain Race declares sealed decks")
	}
	st, err := enginetest.Game{}.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	if engine.AgreedHash(setup, st) != engine.Hash(st) {
		t.Fatal("a plain game's agreed hash is not its state hash")
	}
}
