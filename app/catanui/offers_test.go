package catanui

import (
	"math/rand/v2"
	"testing"

	"tabula/app/table"
	"tabula/engine"
	"tabula/engine/catan"
)

// offerPlay is a Catan game of one person (seat 0, who answers every offer
// by letting it lapse and otherwise plays at random, never offering) and
// three bots of kind, to the end or maxTurns turns: the bots' offers to
// the person counted per turn, and the offers that lapsed.
type offerPlay struct {
	perTurn map[int]int
	offers  int
	lapsed  int
	turns   int
}

func playOffers(t *testing.T, kind string, seed uint64, off bool, maxTurns int) offerPlay {
	t.Helper()
	seats := []engine.SeatInfo{{Name: "Ana", Kind: table.Human}, {Name: "B", Kind: kind}, {Name: "C", Kind: kind}, {Name: "D", Kind: kind}}
	tbl, err := table.New(table.Config{Game: "catan", Seats: seats, Seed: seed, BotOffersOff: off}, nil)
	if err != nil {
		t.Fatal(err)
	}
	pick := rand.New(rand.NewPCG(seed, 3))
	out := offerPlay{perTurn: map[int]int{}}
	for step := 0; step < 20000; step++ {
		s := tbl.State().(*catan.State)
		if s.Status().Over || s.Turn > maxTurns {
			break
		}
		out.turns = s.Turn
		if _, ok := tbl.BotToMove(); ok {
			n := len(tbl.Match.Entries)
			if _, err := tbl.StepBot(); err != nil {
				t.Fatal(err)
			}
			for _, e := range tbl.Match.Entries[n:] {
				if a, err := tbl.Game().DecodeAction(e.Action); err == nil && e.Action != nil && offering.Offer(a) {
					out.perTurn[s.Turn]++
					out.offers++
				}
			}
			continue
		}
		h, ok := tbl.HumanToMove()
		if !ok {
			t.Fatalf("nobody to move: %+v", s.Status())
		}
		if seat, a, ok := tbl.Lapse(); ok {
			if seat != h {
				t.Fatalf("the lapse answers for seat %d, not the person %d", seat, h)
			}
			if err := tbl.Do(seat, a); err != nil {
				t.Fatal(err)
			}
			out.lapsed++
			continue
		}
		var moves []engine.Action
		for _, a := range tbl.Legal() {
			if !offering.Offer(a) {
				moves = append(moves, a)
			}
		}
		if err := tbl.Do(h, moves[pick.IntN(len(moves))]); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// At a table with a person, a bot makes at most one offer in a turn, and
// the person's silence lets each lapse; with "bots may offer me trades"
// off it makes none. The bots still trade as before among bots only.
func TestBotsOfferPeopleLittle(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games")
	}
	on := playOffers(t, table.BotGreedy, 5, false, 60)
	for turn, n := range on.perTurn {
		if n > 1 {
			t.Fatalf("turn %d: %d offers to the person", turn, n)
		}
	}
	if on.offers == 0 || on.lapsed != on.offers {
		t.Fatalf("%d offers, %d lapsed: the bots never offered, or an offer did not lapse", on.offers, on.lapsed)
	}
	if off := playOffers(t, table.BotGreedy, 5, true, 60); off.offers != 0 || off.turns < 30 {
		t.Fatalf("offers turned off: %d offers in %d turns", off.offers, off.turns)
	}
	// The search bot decides on the same position with the unwelcome
	// offers hidden (its copies, recycled or determinised, hide them too).
	searched := playOffers(t, table.BotEasy, 6, false, 16)
	for turn, n := range searched.perTurn {
		if n > 1 {
			t.Fatalf("search bots: turn %d: %d offers to the person", turn, n)
		}
	}
	if searched.turns < 16 || searched.lapsed != searched.offers {
		t.Fatalf("search bots: %d turns, %d offers, %d lapsed", searched.turns, searched.offers, searched.lapsed)
	}
	// Without the courtesy (the game's offering unknown to the table) the
	// same bots offered more: the figure the courtesy is measured by.
	table.RegisterOffering("catan", table.Offering{})
	before := playOffers(t, table.BotGreedy, 5, false, 60)
	table.RegisterOffering("catan", offering)
	t.Logf("greedy bots' offers to a person per round (4 players): %.2f before, %.2f after (%d and %d turns)",
		4*float64(before.offers)/float64(max(before.turns, 1)), 4*float64(on.offers)/float64(max(on.turns, 1)), before.turns, on.turns)
}
