package table

import (
	"slices"
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
)

// On a 7 that makes a person and a bot discard, the bot answers first:
// until it has, only the bot is awaited and the person may not act; then
// the person is awaited and may discard.
func TestAwaitedBotsBeforePeople(t *testing.T) {
	tb := catanDiscard(t)
	st := tb.Status()
	var bots []engine.Seat
	for _, d := range st.Deciders {
		if d != 0 {
			bots = append(bots, d)
		}
	}
	if got := tb.Awaited(); !slices.Equal(got, bots) {
		t.Fatalf("deciders %v: awaited %v, want the bots %v", st.Deciders, got, bots)
	}
	if tb.Legal() != nil {
		t.Fatal("the person may discard while a bot is awaited")
	}
	for range bots {
		if moved, err := tb.StepBot(); err != nil || !moved {
			t.Fatalf("bot step: moved %v, %v", moved, err)
		}
	}
	if got := tb.Awaited(); !slices.Equal(got, []engine.Seat{0}) {
		t.Fatalf("after the bots' discards awaited %v, want [0]", got)
	}
	if len(tb.Legal()) == 0 {
		t.Fatal("the person is awaited but may not discard")
	}
}

// catanDiscard is a Catan table, seat 0 a person and two random bots, on
// a 7 that makes seat 0 and a bot discard at once.
func catanDiscard(t *testing.T) *Table {
	t.Helper()
	seats := []engine.SeatInfo{{Name: "Ana", Kind: BotRandom}, {Name: "Bo", Kind: BotRandom}, {Name: "Cy", Kind: BotRandom}}
	for seed := uint64(1); seed < 40; seed++ {
		tb, err := New(Config{Game: catan.ID, Seats: seats, Seed: seed}, clock())
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 3000 && !tb.Status().Over; i++ {
			st := tb.Status()
			if tb.State().(*catan.State).Phase == catan.PhaseDiscard && st.Decides(0) && len(st.Deciders) > 1 {
				tb.Seats[0].Kind = Human
				tb.init()
				return tb
			}
			if _, err := tb.StepBot(); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no 7 that makes seat 0 and another seat discard at once")
	return nil
}
