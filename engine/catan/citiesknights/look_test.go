package citiesknights

import (
	"errors"
	"runtime"
	"slices"
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/catan/catantest"
)

// newLookTable is newSealedTable with the Looks option.
func newLookTable(t *testing.T, players int) sealedTable {
	t.Helper()
	var tb sealedTable
	setup := engine.Setup{Players: players, Options: map[string]string{engine.Sealed: "1", engine.Looks: "1"}}
	for i := 0; i <= players; i++ {
		tb = append(tb, newGameOf(t, setup, nil))
	}
	if !tb[0].x.looks() {
		t.Fatal("the sealed game with looks does not look")
	}
	return tb
}

// The Spy with looks: its player sees the target's cards, which open to
// its device alone (the third device holds them unknown), and takes one
// by where it was drawn; nothing is shown to every seat, and the card
// moves to the Spy's hand unknown to the third device.
func TestSealedSpyLooksAndTakes(t *testing.T) {
	tb := newLookTable(t, 3)
	_, deserter := tb.dealSpyAndDeserter(t)
	play := catan.Action{Type: ActSpy, Seat: 1}
	tb.move(t, 0, play)
	req := tb[0].s.Status().Chance
	if tb[0].s.Phase != PhaseSpyLook || req == nil || req.Deck != "politics" || !slices.Equal(req.Cards, []int{1}) ||
		!slices.Equal(req.Audience, []engine.Seat{1, 0}) {
		t.Fatalf("phase %v, request %+v", tb[0].s.Phase, req)
	}
	for i, g := range tb {
		o := engine.Outcome{deserter}
		if i > 0 {
			o = engine.Masked(*req, o, []engine.Seat{engine.Seat(i - 1)})
		}
		g.resolve(o...)
	}
	tb.agree(t)
	if tb.device(2).x.Progress[1] != ([NumCards]int8{}) {
		t.Fatal("the third device learned the target's card")
	}
	v := ViewOf(tb.device(0).s, 0)
	if v.Peek == nil || v.Peek.Cards["deserter"] != 1 || len(v.Peek.Slots) != 1 || v.Peek.Slots[0].Card != "deserter" {
		t.Fatalf("the Spy's player sees %+v", v.Peek)
	}
	if p := ViewOf(tb.device(0).s, 0).Prompt; p.Code != "spy-take" || p.Seat != 1 {
		t.Fatalf("the Spy's prompt %+v", p)
	}
	pick := catan.Action{Type: ActSpyPick, Card: v.Peek.Slots[0].Pick}
	if legal := tb.device(0).s.Legal(0); !slices.ContainsFunc(legal, func(a engine.Action) bool { return a.(catan.Action) == pick }) {
		t.Fatalf("the pick is not legal: %v", legal)
	}
	for i, g := range tb { // the Spy names no card that is not there
		before := engine.HashHex(g.s)
		if err := g.s.Apply(0, catan.Action{Type: ActSpyPick, Card: pickID(Politics, 0)}); !errors.Is(err, engine.ErrIllegal) || engine.HashHex(g.s) != before {
			t.Fatalf("state %d: the Spy took its own card back: %v", i, err)
		}
	}
	if shows := tb.move(t, 0, pick); len(shows) != 0 {
		t.Fatalf("the card taken was shown to all: %+v", shows)
	}
	for i, g := range tb {
		if g.s.Phase != catan.PhaseMain || g.x.progressHeld(1) != 0 || g.x.progressHeld(0) != 1 {
			t.Fatalf("state %d after the Spy: phase %v, hands %d / %d", i, g.s.Phase, g.x.progressHeld(0), g.x.progressHeld(1))
		}
	}
	if tb.device(0).x.Progress[0][Deserter] != 1 || tb.device(1).x.Progress[0][Deserter] != 1 || tb.device(2).x.Progress[0] != ([NumCards]int8{}) {
		t.Fatal("the card taken is known to the wrong devices")
	}
	// The Spy's player shows it later (to play it), as any card it drew.
	shows := tb.device(0).s.MustShow(0, catan.Action{Type: ActDeserter, Seat: 1})
	if len(shows) != 1 || shows[0].Cards[0] != 1 || shows[0].Values[0] != deserter {
		t.Fatalf("MustShow gave %+v", shows)
	}
	for i, g := range tb {
		if err := g.s.Show(shows[0]); err != nil {
			t.Fatalf("state %d: %v", i, err)
		}
	}
	if tb.device(2).x.Progress[0][Deserter] != 1 {
		t.Fatal("the third device does not know the card shown")
	}
}

// Whole sealed games with secrets and looks: every device agrees with
// the referee at every step, the Spy's looks opened to the Spy's device
// and the target's only.
func TestSealedWholeGamesWithLooks(t *testing.T) {
	looks := 0
	games := []struct {
		players int
		seed    uint64
	}{{3, 5}, {4, 3}}
	if testing.Short() || runtime.GOOS == "js" { // each step checks every device
		games = games[:1]
	}
	for _, g := range games {
		tb := catantest.PlaySealed(t, Game, engine.Setup{Players: g.players, Options: map[string]string{engine.Secrets: "1", engine.Looks: "1"}}, g.seed)
		ref, err := engine.NewState(tb.Referee.Game, tb.Referee.Setup)
		if err != nil {
			t.Fatal(err)
		}
		for i, e := range tb.Referee.Entries {
			if req := ref.Status().Chance; req != nil && req.Kind == "spy-look" {
				looks++
				for s, d := range tb.Devices {
					if got := d.Entries[i].Chance[0] != engine.Unknown; got != req.Opens(engine.Seat(s)) {
						t.Fatalf("entry %d, a look for %v: device %d holds %v", i, req.Audience, s, d.Entries[i].Chance)
					}
				}
			}
			if err := engine.ApplyEntry(tb.Referee.Game, ref, e); err != nil {
				t.Fatal(err)
			}
		}
	}
	if looks == 0 {
		t.Fatal("no Spy looked in these games")
	}
	t.Logf("%d looks", looks)
}
