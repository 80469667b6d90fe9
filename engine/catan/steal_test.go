package catan

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"tabula/engine"
	"tabula/engine/hexgrid"
)

// secretStates is sealedStates with secret steals.
func secretStates(t *testing.T, n int) table {
	t.Helper()
	tb := sealedStates(t, n)
	tb.each(func(s *State) { s.Sealed.Secrets = true })
	return tb
}

// robbed is the hex the tests rob on, where victim has a settlement.
func (tb table) robbed(victim int) int {
	h := HexAt(1, 1)
	tb.each(func(s *State) { settle(s, victim, vx(1, 1, hexgrid.CornerN)) })
	return h
}

// robAt makes thief move the robber onto hex h, where victim gets a
// settlement (the steal's request follows).
func (tb table) robAt(t *testing.T, h, thief, victim int) {
	t.Helper()
	tb.each(func(s *State) {
		settle(s, victim, int(hexCorners[h][hexgrid.CornerN]))
		s.Active, s.Phase, s.Resume = int8(thief), PhaseRobber, PhaseMain
		do(t, s, thief, MoveRobber(h))
	})
}

// steal makes thief move the robber onto victim's settlement and steal
// card k of its hand: the referee and the two audience devices learn k,
// the others resolve it unknown. It returns the request.
func (tb table) steal(t *testing.T, thief, victim, k int) engine.ChanceRequest {
	t.Helper()
	h := tb.robbed(victim)
	tb.each(func(s *State) {
		s.Active, s.Phase, s.Resume = int8(thief), PhaseRobber, PhaseMain
		do(t, s, thief, MoveRobber(h))
	})
	req := *tb[0].Status().Chance
	for i, s := range tb {
		o := engine.Masked(req, engine.Outcome{k}, []engine.Seat{engine.Seat(i - 1)})
		if i == 0 {
			o = engine.Outcome{k}
		}
		resolve(t, s, o...)
		checkInvariants(t, s)
	}
	tb.agree(t)
	return req
}

// The stolen card is the thief's and the victim's: their devices (and the
// referee) move it, the third device keeps it in the victim's hand as a
// theft it does not know, and every device shows the table the same hand
// sizes.
func TestSealedStealIsThiefsAndVictims(t *testing.T) {
	tb := secretStates(t, 3)
	tb.each(func(s *State) { give(t, s, 1, res(Brick, 1, Ore, 2)) })
	req := tb.steal(t, 0, 1, 0) // card 0 of {brick, ore, ore}: the brick
	if !req.Hidden() || req.Secret != 1 || req.Deck != "" || !slices.Equal(req.Audience, []engine.Seat{0, 1}) || req.Ranges[0] != 3 {
		t.Fatalf("the steal request %+v is not a secret for seats 0 and 1", req)
	}
	for _, i := range []int{0, 1, 2} { // referee, seat 0's and seat 1's devices
		s := tb[i]
		if s.Hand[0] != res(Brick, 1) || s.Hand[1] != res(Ore, 2) || s.Sealed.Thefts[0].K != 0 {
			t.Fatalf("state %d: hands %v %v, theft %+v", i, s.Hand[0], s.Hand[1], s.Sealed.Thefts)
		}
	}
	third := tb.device(2)
	if third.Hand[0] != (Resources{}) || third.Hand[1] != res(Brick, 1, Ore, 2) || third.Sealed.Thefts[0].K != engine.Unknown {
		t.Fatalf("seat 2's device knows the stolen card: hands %v %v, theft %+v", third.Hand[0], third.Hand[1], third.Sealed.Thefts)
	}
	if v := third.ViewOf(2); v.Seats[0].Cards != 1 || v.Seats[1].Cards != 2 || v.Seats[0].Hand != nil {
		t.Fatalf("seat 2 sees hands of %d and %d cards", v.Seats[0].Cards, v.Seats[1].Cards)
	}
	if own := tb.device(0).ViewOf(0).Seats[0]; *own.Hand != res(Brick, 1) {
		t.Fatalf("the thief sees its hand as %v", *own.Hand)
	}
}

// Spending the stolen card beyond what the others know shows it first;
// spending what they know does not, and the victim never needs to.
func TestSealedStolenCardShownWhenSpent(t *testing.T) {
	tb := secretStates(t, 3)
	tb.each(func(s *State) { give(t, s, 1, res(Brick, 1, Ore, 2)) })
	tb.steal(t, 0, 1, 0)
	tb.each(func(s *State) { give(t, s, 0, res(Brick, 3)) })
	trade := MaritimeTrade(Brick, 4, Wool)
	fails(t, tb.device(2), 0, trade, engine.ErrIllegal) // unshown, the fourth brick is not there
	wrong := engine.Shown{Deck: engine.SecretDeck, Cards: []int{1}, Values: []int{1}}
	for _, s := range []*State{tb[0], tb.device(0), tb.device(1)} {
		if err := s.Show(wrong); !errors.Is(err, engine.ErrIllegal) || s.Sealed.Thefts == nil {
			t.Fatalf("a device that knows the card took a wrong one: %v", err)
		}
	}
	for _, bad := range []engine.Shown{
		{Deck: engine.SecretDeck, Cards: []int{1}, Values: []int{3}},       // card 3 of a hand of 3
		{Deck: engine.SecretDeck, Cards: []int{1}},                         // no value
		{Deck: engine.SecretDeck, Cards: []int{1, 1}, Values: []int{0, 0}}, // twice
		{Deck: engine.SecretDeck, Cards: []int{2}, Values: []int{0}},       // never stolen
	} {
		before := engine.Hash(tb.device(2))
		if err := tb.device(2).Show(bad); !errors.Is(err, engine.ErrIllegal) || engine.Hash(tb.device(2)) != before {
			t.Fatalf("%+v shown: %v", bad, err)
		}
	}
	shows := tb.move(t, 0, trade)
	if len(shows) != 1 || shows[0].Deck != engine.SecretDeck || shows[0].Cards[0] != 1 || shows[0].Values[0] != 0 {
		t.Fatalf("shown %+v before spending the stolen brick", shows)
	}
	for i, s := range tb {
		if len(s.Sealed.Thefts) != 0 || s.Hand[0] != res(Wool, 1) || s.Hand[1] != res(Ore, 2) {
			t.Fatalf("state %d after the trade: hands %v %v, thefts %+v", i, s.Hand[0], s.Hand[1], s.Sealed.Thefts)
		}
	}

	// The victim spends in the hand the others know: nothing is shown;
	// the thief spends only what the others know it held: neither.
	tb2 := secretStates(t, 3)
	tb2.each(func(s *State) {
		give(t, s, 1, res(Brick, 1, Ore, 5))
		give(t, s, 0, res(Ore, 1, Wool, 1, Grain, 1))
	})
	tb2.steal(t, 0, 1, 1) // an ore
	if shows := tb2.device(0).MustShow(0, BuyDevelopment()); len(shows) != 0 {
		t.Fatalf("the thief shows %v to buy with the cards it held before", shows)
	}
	tb2.each(func(s *State) { s.Active = 1 })
	if shows := tb2.move(t, 1, MaritimeTrade(Ore, 4, Wool)); shows != nil {
		t.Fatalf("the victim showed %v", shows)
	}
	if len(tb2.device(2).Sealed.Thefts) != 1 {
		t.Fatal("the theft was opened")
	}
}

// A thief of two seats spends both stolen cards: each victim's device
// knows one of them and would take the trade, but the public game, which
// every device folds beside its own and agrees on, knows neither, so the
// thief shows both first (the public game refused the trade, and a network
// game stopped on the bot's refused move, before MustShow asked it).
func TestSealedThiefOfTwoShowsForThePublicGame(t *testing.T) {
	tb := secretStates(t, 3)
	tb = append(tb, secretStates(t, 3)[0]) // the public game: every steal masked
	pub := tb[len(tb)-1]
	tb.each(func(s *State) {
		give(t, s, 0, res(Grain, 3))
		give(t, s, 1, res(Grain, 1))
		give(t, s, 2, res(Grain, 1))
	})
	tb.steal(t, 0, 1, 0)
	tb.robAt(t, HexAt(3, 1), 0, 2)
	req := *tb[0].Status().Chance
	if !slices.Equal(req.Audience, []engine.Seat{0, 2}) || req.OpensSecret != 0 {
		t.Fatalf("the second steal is %+v", req)
	}
	for i, s := range tb {
		o := engine.Masked(req, engine.Outcome{0}, []engine.Seat{engine.Seat(i - 1)})
		if i == 0 {
			o = engine.Outcome{0}
		}
		resolve(t, s, o...)
	}
	tb.agree(t)
	if tb.device(0).Hand[0] != res(Grain, 5) || tb.device(1).Hand[0] != res(Grain, 4) || tb.device(2).Hand[0] != res(Grain, 4) || pub.Hand[0] != res(Grain, 3) {
		t.Fatalf("seat 0's grain as the thief, each victim and the public game see it: %v %v %v %v",
			tb.device(0).Hand[0], tb.device(1).Hand[0], tb.device(2).Hand[0], pub.Hand[0])
	}
	trade := MaritimeTrade(Grain, 4, Lumber)
	fails(t, pub.Copy(), 0, trade, engine.ErrIllegal)
	shows := tb.move(t, 0, trade) // every state takes it, the public game too
	if len(shows) != 1 || shows[0].Deck != engine.SecretDeck || !slices.Equal(shows[0].Cards, []int{1, 2}) {
		t.Fatalf("shown %+v before spending two stolen grain", shows)
	}
	for i, s := range tb {
		if len(s.Sealed.Thefts) != 0 || s.Hand[0] != res(Grain, 1, Lumber, 1) {
			t.Fatalf("state %d after the trade: seat 0 holds %v, thefts %+v", i, s.Hand[0], s.Sealed.Thefts)
		}
	}
}

// monopolyAfterTheft is a 3-seat table where seat 0 has stolen one of
// seat 1's two bricks (card 1 of its hand: brick, brick, ore) and seat 2
// has played a Monopoly on brick, which waits for the theft to open.
func monopolyAfterTheft(t *testing.T) table {
	t.Helper()
	tb := secretStates(t, 3)
	tb.each(func(s *State) { give(t, s, 1, res(Brick, 2, Ore, 1)) })
	tb.steal(t, 0, 1, 1) // a brick
	tb.each(func(s *State) { s.Active = 2 })
	tb.buy(t, 2, 23) // a Monopoly
	tb.later()
	tb.each(func(s *State) { s.Active = 2 })
	tb.move(t, 2, PlayMonopoly(Brick))
	return tb
}

// A Monopoly makes every hand's count of its kind public: the thefts open
// first, by public requests, then the cards move, alike on every device,
// even when the player of the Monopoly knows none of them.
func TestSealedMonopolyOpensTheThefts(t *testing.T) {
	tb := monopolyAfterTheft(t)
	req := *tb[0].Status().Chance
	if req.Hidden() || req.OpensSecret != 1 || req.Audience != nil || req.Ranges[0] != 3 {
		t.Fatalf("the Monopoly waits for %+v, not the public opening of the theft", req)
	}
	for i, s := range tb {
		if c := s.Status().Chance; c == nil || c.OpensSecret != 1 || s.Hand[2][Brick] != 0 {
			t.Fatalf("state %d: the Monopoly took place before the opening", i)
		}
	}
	if err := tb.device(0).Resolve(engine.Outcome{2}); !errors.Is(err, engine.ErrIllegal) {
		t.Fatalf("the thief's device took a wrong opening: %v", err)
	}
	for i, s := range tb {
		resolve(t, s, 1)
		if s.Phase != PhaseMain || s.Hand[2] != res(Brick, 2) || s.Hand[0] != (Resources{}) || s.Hand[1] != res(Ore, 1) || len(s.Sealed.Thefts) != 0 {
			t.Fatalf("state %d after the Monopoly: phase %v hands %v", i, s.Phase, s.Hand[:3])
		}
		checkInvariants(t, s)
	}
	tb.agree(t)
}

// A steal from a seat with a theft unopened opens it first: the new
// audience must count the same hand.
func TestSealedStealFromAThiefOpensFirst(t *testing.T) {
	tb := secretStates(t, 3)
	tb.each(func(s *State) { give(t, s, 1, res(Wool, 1, Grain, 1)) })
	tb.steal(t, 0, 1, 1) // the grain
	tb.robAt(t, HexAt(3, 1), 2, 0)
	req := *tb[0].Status().Chance
	if req.OpensSecret != 1 || req.Hidden() {
		t.Fatalf("the steal from seat 0 begins with %+v", req)
	}
	tb.each(func(s *State) { resolve(t, s, 1) })
	tb.agree(t)
	req = *tb[0].Status().Chance
	if req.Secret != 2 || !slices.Equal(req.Audience, []engine.Seat{0, 2}) || req.Ranges[0] != 1 {
		t.Fatalf("then the steal is %+v", req)
	}
	for i, s := range tb {
		if s.Hand[0] != res(Grain, 1) {
			t.Fatalf("state %d: seat 0 holds %v after the opening", i, s.Hand[0])
		}
	}
}

// Without the Secrets option (a network layer that cannot draw secrets)
// the steal stays public.
func TestSealedStealPublicWithoutSecrets(t *testing.T) {
	tb := sealedStates(t, 3)
	tb.each(func(s *State) { give(t, s, 1, res(Brick, 1, Ore, 2)) })
	req := tb.steal(t, 0, 1, 2)
	if req.Hidden() || req.Audience != nil {
		t.Fatalf("a steal without secrets: %+v", req)
	}
	for i, s := range tb {
		if s.Hand[0] != res(Ore, 1) || s.Sealed.Thefts != nil {
			t.Fatalf("state %d: %v %+v", i, s.Hand[0], s.Sealed.Thefts)
		}
	}
	if s, err := (Game{}).NewState(engine.Setup{Players: 3, Options: map[string]string{engine.Sealed: "1", engine.Secrets: "1"}}); err != nil || !s.Sealed.Secrets {
		t.Fatalf("a sealed game with secrets: %v", err)
	}
}

// A bot's redeal on a device that does not know a stolen card deals the
// hand sizes the table sees.
func TestSealedStealDeterminizes(t *testing.T) {
	tb := secretStates(t, 3)
	tb.each(func(s *State) { give(t, s, 1, res(Brick, 1, Ore, 2)) })
	tb.steal(t, 0, 1, 0)
	c := tb.device(2).Determinize(2, rand.New(rand.NewPCG(1, 2))).(*State)
	if c.Hand[0].InHand() != 1 || c.Hand[1].InHand() != 2 || c.Sealed != nil {
		t.Fatalf("the redeal gives seats 0 and 1 %v and %v", c.Hand[0], c.Hand[1])
	}
}

// A bot deciding on a copy while a Monopoly waits for its thefts to open
// gets a plain game with the Monopoly played: the copy has no thefts left
// to open and no victim to steal from.
func TestSealedMonopolyWaitingDeterminizes(t *testing.T) {
	tb := monopolyAfterTheft(t)
	for seat := 0; seat < 3; seat++ {
		c := tb.device(seat).Determinize(engine.Seat(seat), rand.New(rand.NewPCG(1, 2))).(*State)
		if c.Phase != PhaseMain || c.Sealed != nil || c.Status().Chance != nil {
			t.Fatalf("seat %d's copy: phase %v, chance %+v", seat, c.Phase, c.Status().Chance)
		}
		if c.Hand[2][Brick] != 2 || c.Hand[0][Brick]+c.Hand[1][Brick] != 0 || c.Hand[0].InHand()+c.Hand[1].InHand() != 1 {
			t.Fatalf("seat %d's copy did not play the Monopoly: hands %v", seat, c.Hand[:3])
		}
		if len(c.Legal(2)) == 0 {
			t.Fatalf("seat %d's copy lists no move for the Monopoly's player", seat)
		}
	}
}
