package citiesknights

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/sealedtest"
)

// sealedTable is a sealed game held as the referee (tb[0], knows every
// card) and one device per seat (tb[1+p] plays seat p), changed alike.
type sealedTable []*game

// dealSpyAndDeserter has seats 0 and 1 draw from the politics deck after
// a roll: seat 0 the Spy, seat 1 a Deserter (their card numbers).
func (tb sealedTable) dealSpyAndDeserter(t *testing.T) (spy, deserter int) {
	t.Helper()
	tb.each(func(g *game) {
		g.x.Level[0][Politics], g.x.Level[1][Politics] = 1, 1
		g.do(0, catan.Roll())
		g.resolve(0, 0, politicsGate) // red 1: seats 0 and 1 draw
	})
	spy, deserter = firstNum(Spy), firstNum(Deserter)
	tb.draw(t, spy)
	tb.draw(t, deserter)
	return spy, deserter
}

func newSealedTable(t *testing.T, players int) sealedTable {
	t.Helper()
	var tb sealedTable
	for i := 0; i <= players; i++ {
		tb = append(tb, newGameOf(t, engine.Setup{Players: players, Options: map[string]string{engine.Sealed: "1"}}, nil))
	}
	return tb
}

func (tb sealedTable) each(f func(g *game)) {
	for _, g := range tb {
		f(g)
	}
}

func (tb sealedTable) device(p int) *game { return tb[1+p] }

// draw resolves the pending progress draw with card number n: the drawer's
// device and the referee learn it, the others hold it unknown.
func (tb sealedTable) draw(t *testing.T, n int) {
	t.Helper()
	for i, g := range tb {
		req := g.s.Status().Chance
		if req == nil || !req.Hidden() || len(req.Audience) != 1 {
			t.Fatalf("state %d: the draw %+v is not sealed", i, req)
		}
		o := n
		if i > 0 && !req.Opens(engine.Seat(i-1)) {
			o = engine.Unknown
		}
		g.resolve(o)
	}
	tb.agree(t)
}

// move plays seat p's action on every state after the cards p's device
// says it must show, and returns them.
func (tb sealedTable) move(t *testing.T, p int, a catan.Action) []engine.Shown {
	t.Helper()
	shows := tb.device(p).s.MustShow(engine.Seat(p), a)
	for _, sh := range shows {
		for i, g := range tb {
			if err := g.s.Show(sh); err != nil {
				t.Fatalf("state %d: show %v: %v", i, sh, err)
			}
		}
	}
	tb.each(func(g *game) { g.do(p, a) })
	tb.agree(t)
	return shows
}

// agree checks what every device shares with the referee: the agreed hash
// and the status.
func (tb sealedTable) agree(t *testing.T) {
	t.Helper()
	setup := engine.Setup{Players: tb[0].s.Players, Options: map[string]string{engine.Sealed: "1"}}
	want := engine.AgreedHash(setup, tb[0].s)
	st, _ := json.Marshal(tb[0].s.Status())
	for i, g := range tb[1:] {
		got, _ := json.Marshal(g.s.Status())
		if engine.AgreedHash(setup, g.s) != want || string(got) != string(st) {
			t.Fatalf("device %d disagrees with the referee", i)
		}
	}
}

// firstNum is the number of the first card c in its deck.
func firstNum(c Card) int {
	n := 0
	for _, k := range DeckCards(c.Deck()) {
		if k == c {
			return n
		}
		n += Cards[k].Count
	}
	return -1
}

// A progress draw is known to the drawer only; a card is played or handed
// to a Spy only once shown; a wrong value is refused by those who know the
// card; the Spy's target hands over a card of its choice, which everyone
// sees.
func TestSealedProgressCardsShownWhenPlayed(t *testing.T) {
	tb := newSealedTable(t, 3)
	spy, deserter := tb.dealSpyAndDeserter(t)
	other := tb.device(2)
	v := ViewOf(other.s, 2)
	if v.Seats[0].Progress != 1 || v.Seats[1].Progress != 1 || v.Seats[0].Cards != nil || v.Decks[Politics] != DeckSize-2 {
		t.Fatalf("seat 2 sees %+v / %+v, decks %v", v.Seats[0], v.Seats[1], v.Decks)
	}
	if other.x.Progress[0] != ([NumCards]int8{}) || other.x.Progress[1] != ([NumCards]int8{}) {
		t.Fatal("seat 2's device knows the cards drawn")
	}
	if ViewOf(tb.device(0).s, 0).Seats[0].Cards["spy"] != 1 {
		t.Fatal("seat 0 does not see its Spy")
	}
	if tb[0].s.Phase != catan.PhaseMain {
		t.Fatalf("phase %v", tb[0].s.Phase)
	}
	play := catan.Action{Type: ActSpy, Seat: 1}
	for i, g := range tb {
		before := engine.HashHex(g.s)
		if err := g.s.Apply(0, play); !errors.Is(err, engine.ErrIllegal) || engine.HashHex(g.s) != before {
			t.Fatalf("state %d: an unshown Spy played: %v", i, err)
		}
	}
	shows := tb.device(0).s.MustShow(0, play)
	if len(shows) != 1 || shows[0].Deck != "politics" || shows[0].Cards[0] != 0 || shows[0].Values[0] != spy {
		t.Fatalf("MustShow gave %+v", shows)
	}
	for _, wrong := range []int{spy + 1, firstNum(Wedding)} {
		for _, g := range []*game{tb[0], tb.device(0)} {
			before := engine.HashHex(g.s)
			err := g.s.Show(engine.Shown{Deck: "politics", Cards: []int{0}, Values: []int{wrong}})
			if !errors.Is(err, engine.ErrIllegal) || engine.HashHex(g.s) != before {
				t.Fatalf("card %d shown for the Spy: %v", wrong, err)
			}
		}
	}
	tb.move(t, 0, play)
	for i, g := range tb { // the Spy played is never drawn fresh again
		c := g.s.Copy()
		cx := ext(c)
		cx.Draws[0], cx.DrawN, c.Phase = Draw{Seat: 2, Deck: int8(Politics)}, 1, PhaseDrawProgress
		if err := c.Resolve(engine.Outcome{spy}); !errors.Is(err, engine.ErrBadOutcome) {
			t.Fatalf("state %d: the Spy played was drawn again: %v", i, err)
		}
	}
	if st := tb[0].s.Status(); len(st.Deciders) != 1 || st.Deciders[0] != 1 {
		t.Fatalf("the Spy's target should decide: %v", st.Deciders)
	}
	if v := ViewOf(tb.device(0).s, 0); v.Peek != nil {
		t.Fatalf("the Spy's player peeks at unknown cards: %+v", v.Peek)
	}
	if p := ViewOf(tb.device(1).s, 1).Prompt; p.Code != "spy-give" || p.Seat != 0 {
		t.Fatalf("the target's prompt %+v", p)
	}
	give := catan.Action{Type: ActSpyTake, Card: int(Deserter)}
	if shows := tb.move(t, 1, give); len(shows) != 1 || shows[0].Values[0] != deserter {
		t.Fatalf("the card handed over was shown as %+v", shows)
	}
	for i, g := range tb {
		if g.x.Progress[0][Deserter] != 1 || g.x.progressHeld(1) != 0 || g.x.progressHeld(0) != 1 || g.s.Phase != catan.PhaseMain {
			t.Fatalf("state %d after the Spy: hands %v / %d", i, g.x.Progress[0], g.x.progressHeld(1))
		}
	}
}

// A victory-point card drawn stays hidden, unscored on every device,
// until its owner's next action shows it; then it scores everywhere.
func TestSealedPrinterShownWithTheNextAction(t *testing.T) {
	tb := newSealedTable(t, 3)
	tb.each(func(g *game) {
		g.x.Level[1][Science] = 1
		g.do(0, catan.Roll())
		g.resolve(0, 0, scienceGate)
	})
	tb.draw(t, firstNum(Printer))
	points := tb[0].points(1)
	for i, g := range tb {
		if g.x.Printer != -1 || g.points(1) != points || g.x.progressHeld(1) != 1 {
			t.Fatalf("state %d: the Printer scored before it was shown", i)
		}
	}
	tb.move(t, 0, catan.EndTurn())
	shows := tb.move(t, 1, catan.Roll())
	if len(shows) != 1 || shows[0].Deck != "science" || shows[0].Values[0] != firstNum(Printer) {
		t.Fatalf("shown with seat 1's roll: %+v", shows)
	}
	for i, g := range tb {
		if g.x.Printer != 1 || g.points(1) != points+1 || g.x.progressHeld(1) != 0 {
			t.Fatalf("state %d: printer %d, points %d, hand %d", i, g.x.Printer, g.points(1), g.x.progressHeld(1))
		}
	}
}

// A sealed device's bot determinizes a plain copy: every hand holds as
// many progress cards and hand cards as the device's view says (thefts it
// does not know included), every deck as many, and the copy keeps the
// invariants.
func TestSealedDeviceDeterminizes(t *testing.T) {
	tb, err := sealedtest.New(Game, engine.Setup{Game: ID, Players: 3, Options: map[string]string{engine.Secrets: "1"}}, 4)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	unknown, thefts := 0, 0
	for k := 0; k < 12; k++ {
		if err := tb.Play(150, nil); err != nil {
			t.Fatal(err)
		}
		s := tb.Devices[1].State.(*catan.State)
		x := ext(s)
		unknown += x.Sealed.unknownHeld(0) + x.Sealed.unknownHeld(2)
		d := s.Determinize(1, r).(*catan.State)
		dx := ext(d)
		if d.Sealed != nil || dx.Sealed != nil {
			t.Fatal("the copy is not plain")
		}
		if err := d.CheckInvariants(); err != nil {
			t.Fatalf("step %d: %v", k, err)
		}
		for _, th := range s.Sealed.Thefts {
			if th.K == engine.Unknown {
				thefts++
			}
		}
		for p := 0; p < s.Players; p++ {
			if d.Hand[p].InHand() != s.HandCount(p) {
				t.Fatalf("step %d: seat %d holds %d hand cards in the copy, %d as the table sees it", k, p, d.Hand[p].InHand(), s.HandCount(p))
			}
			if dx.progressHeld(p) != x.progressHeld(p)-x.shownPoints(p)-int(x.Progress[p][Printer]+x.Progress[p][Constitution]) {
				t.Fatalf("step %d: seat %d holds %d cards in the copy, %d on the device", k, p, dx.progressHeld(p), x.progressHeld(p))
			}
		}
		for tr := Track(0); tr < NumTracks; tr++ {
			if dx.deckLen(tr) != x.deckLen(tr) {
				t.Fatalf("step %d: the %v deck holds %d in the copy, %d on the device", k, tr, dx.deckLen(tr), x.deckLen(tr))
			}
		}
	}
	if unknown == 0 || thefts == 0 {
		t.Fatalf("the device held %d unknown cards and %d unknown thefts", unknown, thefts)
	}
}
