package catan

import (
	"errors"
	"testing"

	"tabula/engine"
	"tabula/engine/hexgrid"
)

// table is a sealed game held as the referee (states[0], knows every card)
// and one device per seat (states[1+p] plays seat p), changed alike.
type table []*State

func sealedStates(t *testing.T, n int) table {
	t.Helper()
	var tb table
	for i := 0; i <= n; i++ {
		s, err := Game{}.NewState(engine.Setup{Players: n, Options: map[string]string{engine.Sealed: "1"}})
		if err != nil {
			t.Fatal(err)
		}
		s.First, s.Active, s.Turn, s.Phase = 0, 0, 1, PhaseMain
		for p := range s.Contending {
			s.Contending[p] = false
		}
		tb = append(tb, s)
	}
	return tb
}

func (tb table) each(f func(s *State)) {
	for _, s := range tb {
		f(s)
	}
}

func (tb table) device(p int) *State { return tb[1+p] }

// buy makes seat p buy card number num: the referee and p's device learn
// it, the others hold it unknown.
func (tb table) buy(t *testing.T, p, num int) {
	t.Helper()
	for i, s := range tb {
		give(t, s, p, DevelopmentCost)
		do(t, s, p, BuyDevelopment())
		req := *s.Status().Chance
		if req.Deck != DevDeckName || len(req.Audience) != 1 || int(req.Audience[0]) != p {
			t.Fatalf("the draw request %+v is not sealed for seat %d", req, p)
		}
		o := engine.Masked(req, engine.Outcome{num}, []engine.Seat{engine.Seat(i - 1)})
		if i == 0 {
			o = engine.Outcome{num}
		}
		resolve(t, s, o...)
	}
}

// later passes to seat 0's next turn, main phase, on every state.
func (tb table) later() {
	tb.each(func(s *State) {
		s.Turn += s.Players
		s.Bought, s.DevPlayed, s.Phase, s.Active = DevCards{}, false, PhaseMain, 0
	})
}

// move plays seat p's action on every state, after the cards p's device
// says it must show.
func (tb table) move(t *testing.T, p int, a Action) []engine.Shown {
	t.Helper()
	shows := tb.device(p).MustShow(engine.Seat(p), a)
	for _, sh := range shows {
		for _, s := range tb {
			if err := s.Show(sh); err != nil {
				t.Fatalf("show %v: %v", sh, err)
			}
		}
	}
	tb.each(func(s *State) { do(t, s, p, a) })
	tb.agree(t)
	return shows
}

// agree checks what every device must share with the referee.
func (tb table) agree(t *testing.T) {
	t.Helper()
	setup := engine.Setup{Players: tb[0].Players, Options: map[string]string{engine.Sealed: "1"}}
	want := engine.AgreedHash(setup, tb[0])
	for i, s := range tb[1:] {
		if engine.AgreedHash(setup, s) != want {
			t.Fatalf("device %d disagrees with the referee", i)
		}
	}
}

// A card bought is known to its buyer only; the others see one more card
// in the buyer's hand and one fewer in the deck.
func TestSealedDrawIsTheBuyers(t *testing.T) {
	tb := sealedStates(t, 3)
	tb.buy(t, 0, 3) // card 3: a Knight
	tb.agree(t)
	own := tb.device(0).ViewOf(0).Seats[0]
	if own.DevCards != 1 || own.Dev == nil || own.Dev[Knight] != 1 {
		t.Fatalf("the buyer's own view: %+v", own)
	}
	for p := 1; p < 3; p++ {
		v := tb.device(p).ViewOf(engine.Seat(p))
		if v.Seats[0].DevCards != 1 || v.Seats[0].Dev != nil || v.DevDeck != 24 {
			t.Fatalf("seat %d sees seat 0 with %d cards (%v), deck %d", p, v.Seats[0].DevCards, v.Seats[0].Dev, v.DevDeck)
		}
		if tb.device(p).Dev[0] != (DevCards{}) || tb.device(p).Sealed.Cards[0].Num != engine.Unknown {
			t.Fatalf("seat %d's device knows seat 0's card", p)
		}
	}
}

// A card is played only once shown: a device that does not know it
// refuses the play, and so do the owner's and the referee's, with the state
// unchanged; a wrong value is refused by those who know the card.
func TestSealedPlayNeedsTheCardShown(t *testing.T) {
	tb := sealedStates(t, 3)
	tb.buy(t, 0, 3)
	tb.later()
	for i, s := range tb {
		before := engine.Hash(s)
		if err := s.Do(0, PlayKnight()); !errors.Is(err, engine.ErrIllegal) || engine.Hash(s) != before {
			t.Fatalf("state %d: an unshown Knight played: %v", i, err)
		}
	}
	shows := tb.device(0).MustShow(0, PlayKnight())
	if len(shows) != 1 || shows[0].Cards[0] != 0 || shows[0].Values[0] != 3 {
		t.Fatalf("MustShow gave %+v", shows)
	}
	wrong := engine.Shown{Deck: DevDeckName, Cards: []int{0}, Values: []int{4}}
	for _, s := range []*State{tb[0], tb.device(0)} {
		before := engine.Hash(s)
		if err := s.Show(wrong); !errors.Is(err, engine.ErrIllegal) || engine.Hash(s) != before {
			t.Fatalf("a wrong value shown: %v", err)
		}
	}
	if err := tb.device(1).Show(engine.Shown{Deck: DevDeckName, Cards: []int{1}, Values: []int{3}}); err == nil {
		t.Fatal("a position nobody holds was shown")
	}
	if err := tb.device(1).Show(engine.Shown{Deck: DevDeckName, Cards: []int{0}, Values: []int{25}}); err == nil {
		t.Fatal("a card beyond the deck was shown")
	}
	tb.move(t, 0, PlayKnight())
	// Card 3 is played: no device takes it as drawn again.
	for i, s := range tb {
		c := s.Copy()
		c.Phase = PhaseDraw
		if err := c.Resolve(engine.Outcome{3}); !errors.Is(err, engine.ErrBadOutcome) {
			t.Fatalf("state %d: the played card 3 drawn again: %v", i, err)
		}
		if err := c.Resolve(engine.Outcome{4}); err != nil {
			t.Fatalf("state %d: card 4 refused: %v", i, err)
		}
	}
	for i, s := range tb {
		if s.Phase != PhaseRobber || s.Knights[0] != 1 || s.Played[Knight] != 1 || s.devHeld(0) != 0 {
			t.Fatalf("state %d after the Knight: phase %v knights %d", i, s.Phase, s.Knights[0])
		}
		checkInvariants(t, s)
	}
}

// A card shown but bought this turn is still not played.
func TestSealedCardBoughtThisTurnIsNotPlayed(t *testing.T) {
	tb := sealedStates(t, 3)
	tb.buy(t, 0, 24) // a Monopoly
	if shows := tb.device(0).MustShow(0, PlayMonopoly(Ore)); len(shows) != 0 {
		t.Fatalf("MustShow shows a card bought this turn: %v", shows)
	}
	sh := engine.Shown{Deck: DevDeckName, Cards: []int{0}, Values: []int{24}}
	tb.each(func(s *State) {
		if err := s.Show(sh); err != nil {
			t.Fatal(err)
		}
		fails(t, s, 0, PlayMonopoly(Ore), engine.ErrIllegal)
	})
	tb.agree(t)
}

// A Victory Point card drawn to nine points wins only when shown: with the
// owner's next action, here the end of its turn; then every device agrees
// the game is over, and the scores count the cards shown.
func TestSealedVictoryPointWinIsShown(t *testing.T) {
	tb := sealedStates(t, 3)
	tb.each(func(s *State) { ninePoints(t, s, 0) })
	tb.buy(t, 0, 14) // a Victory Point card
	tb.agree(t)
	for i, s := range tb {
		if s.Phase == PhaseOver {
			t.Fatalf("state %d: over before the card was shown", i)
		}
	}
	if v := tb.device(1).ViewOf(1).Seats[0]; v.Points != 9 || v.VictoryCards != nil {
		t.Fatalf("seat 1 sees seat 0's hidden point: %+v", v)
	}
	shows := tb.move(t, 0, EndTurn())
	if len(shows) != 1 || shows[0].Values[0] != 14 {
		t.Fatalf("shown %+v with the winning end of turn", shows)
	}
	for i, s := range tb {
		if s.Phase != PhaseOver || s.Winner != 0 || s.Scores()[0] != 10 || s.Active != 0 {
			t.Fatalf("state %d: phase %v winner %d scores %v", i, s.Phase, s.Winner, s.Scores())
		}
		v := s.ViewOf(engine.Spectator).Seats[0]
		if *v.VictoryCards != 1 || *v.TotalPoints != 10 {
			t.Fatalf("state %d: the table sees %d cards, %d points", i, *v.VictoryCards, *v.TotalPoints)
		}
	}
}

// Victory Point cards held unshown are shown with the build that reaches
// the winning total with them, not with an action that does not, and the
// other cards stay hidden.
func TestSealedVictoryPointsShownWithTheWinningBuild(t *testing.T) {
	tb := sealedStates(t, 3)
	tb.each(func(s *State) {
		city(s, 0, vx(1, 1, hexgrid.CornerN), vx(1, 3, hexgrid.CornerN), vx(3, 1, hexgrid.CornerN))
		settle(s, 0, vx(3, 5, hexgrid.CornerN), vx(5, 1, hexgrid.CornerS))
	})
	tb.buy(t, 0, 15) // a Victory Point card: 8 + 1
	tb.buy(t, 0, 0)  // a Knight
	tb.later()
	if shows := tb.device(0).MustShow(0, EndTurn()); len(shows) != 0 {
		t.Fatalf("%v shown with an end of turn at nine points", shows)
	}
	tb.each(func(s *State) { give(t, s, 0, CityCost) })
	shows := tb.move(t, 0, BuildCity(vx(3, 5, hexgrid.CornerN)))
	if len(shows) != 1 || len(shows[0].Cards) != 1 || shows[0].Values[0] != 15 {
		t.Fatalf("shown %+v with the winning city", shows)
	}
	for i, s := range tb {
		if s.Phase != PhaseOver || s.Winner != 0 || s.Scores()[0] != 10 {
			t.Fatalf("state %d: phase %v winner %d scores %v", i, s.Phase, s.Winner, s.Scores())
		}
	}
	v := tb.device(2).ViewOf(2).Seats[0]
	if v.DevCards != 2 || *v.VictoryCards != 1 || *v.TotalPoints != 10 {
		t.Fatalf("seat 2 sees seat 0 with %d cards, %d Victory Points", v.DevCards, *v.VictoryCards)
	}
	if tb.device(2).Sealed.Cards[1].Num != engine.Unknown {
		t.Fatal("the Knight was shown with the win")
	}
}

// A plain game declares no deck and keeps its plain draw.
func TestSealedOnlyWhenAsked(t *testing.T) {
	if d := (Game{}).Decks(engine.Setup{Players: 3}); d != nil {
		t.Fatalf("a plain game declares %v", d)
	}
	d := (Game{}).Decks(engine.Setup{Players: 3, Options: map[string]string{engine.Sealed: "1"}})
	if len(d) != 1 || d[0] != (engine.DeckSpec{Name: DevDeckName, Size: 25}) {
		t.Fatalf("decks %v", d)
	}
	s := mainState(t, 3)
	give(t, s, 0, DevelopmentCost)
	do(t, s, 0, BuyDevelopment())
	if req := s.Status().Chance; req.Hidden() || req.Ranges[0] != 25 || s.Sealed != nil {
		t.Fatalf("a plain draw: %+v", req)
	}
}
