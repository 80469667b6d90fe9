package traders

import (
	"errors"
	"runtime"
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/catan/catantest"
	"tabula/engine/sealedtest"
)

// Whole sealed games of random moves: every device plays its seat on what
// it may know and agrees with the referee at every step, to the end; the
// chronicle deck hides its draws and shows its cards, Swift Journeys
// included; the barbarian steals in secret.
//
// In wasm (Node, ~20× slower) one shorter game, which shows and steals
// all that.
func TestSealedWholeGames(t *testing.T) {
	hidden, shown := 0, 0
	var kinds [catan.NumDevKinds]int // cards shown, by kind
	journeys := 0
	steals, opened := 0, 0 // the barbarian's secret steals, and those opened by request
	// Two games: each step checks every device, so a game takes seconds.
	type game struct {
		players int
		seed    uint64
	}
	games := []game{{3, 2}, {4, 1}}
	if runtime.GOOS == "js" {
		games = []game{{3, 4}} // 2514 entries (3p seed 2: 3847)
	}
	for _, g := range games {
		tb := catantest.PlaySealed(t, Game, engine.Setup{Players: g.players, Options: map[string]string{engine.Secrets: "1"}}, g.seed)
		if d := Game.Decks(tb.Referee.Setup); len(d) != 1 || d[0].Size != ChronicleDeck.Total() {
			t.Fatalf("decks %v", d)
		}
		journeys += checkJourneysShown(t, tb)
		catantest.Shows(tb, func(deck string, n int) {
			if deck != engine.SecretDeck {
				kinds[chronicleKind(n)]++
			}
		})
		st, op := catantest.SecretSteals(t, tb)
		steals, opened = steals+st, opened+op
		hidden += tb.Hidden
		shown += tb.Shown
	}
	t.Logf("shown by kind %v; %d secret steals, %d opened by request", kinds, steals, opened)
	if steals == 0 {
		t.Error("the barbarian stole nothing in secret")
	}
	for _, d := range []catan.DevCard{catan.Knight, catan.RoadBuilding, catan.SwiftJourney} {
		if kinds[d] == 0 {
			t.Errorf("no %v card was shown", d)
		}
	}
	if journeys == 0 {
		t.Error("no Swift Journey was played")
	}
	if hidden == 0 || shown == 0 {
		t.Fatalf("hidden %d, shown %d", hidden, shown)
	}
}

// chronicleKind is the kind of chronicle card n (numbered in kind order).
func chronicleKind(n int) catan.DevCard {
	for d, c := range ChronicleDeck {
		if n < int(c) {
			return catan.DevCard(d)
		}
		n -= int(c)
	}
	return -1
}

// checkJourneysShown checks every Swift Journey played in the table's game
// came right after its card was shown, and that a device that does not
// know the card refuses the play without the show and takes it with it.
// It returns the number played.
func checkJourneysShown(t *testing.T, tb *sealedtest.Table) int {
	t.Helper()
	n := 0
	for i, e := range tb.Referee.Entries {
		if e.IsShow() || e.IsChance() {
			continue
		}
		a, err := Game.DecodeAction(e.Action)
		if err != nil {
			t.Fatal(err)
		}
		if a.(catan.Action).Type != ActPlaySwiftJourney {
			continue
		}
		n++
		prev := tb.Referee.Entries[i-1]
		if !prev.IsShow() || prev.Seat != e.Seat || chronicleKind(prev.Show.Values[0]) != catan.SwiftJourney {
			t.Fatalf("entry %d: a Swift Journey played after %+v", i, prev)
		}
		other := tb.Devices[(int(e.Seat)+1)%len(tb.Devices)]
		m, err := engine.Replay(Game, other.Setup, other.Entries[:i-1])
		if err != nil {
			t.Fatal(err)
		}
		before := engine.AgreedHashHex(m.Setup, m.State)
		if err := m.State.Apply(e.Seat, a); !errors.Is(err, engine.ErrIllegal) || engine.AgreedHashHex(m.Setup, m.State) != before {
			t.Fatalf("entry %d: an unshown Swift Journey was taken: %v", i, err)
		}
		if err := m.Append(other.Entries[i-1]); err != nil {
			t.Fatal(err)
		}
		if err := m.State.Apply(e.Seat, a); err != nil {
			t.Fatalf("entry %d: the shown Swift Journey was refused: %v", i, err)
		}
	}
	return n
}
