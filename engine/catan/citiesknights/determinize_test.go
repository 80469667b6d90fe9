package citiesknights

import (
	"math/rand/v2"
	"testing"

	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/catan"
)

// progressPositions plays a greedy game and keeps every 20th decision
// where some seat holds progress cards.
func progressPositions(t *testing.T, players int, seed uint64) []*catan.State {
	t.Helper()
	s, err := Game.NewState(engine.Setup{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	g := bot.NewGreedy(seed)
	bots := make([]bot.Bot, players)
	for i := range bots {
		bots[i] = g
	}
	var out []*catan.State
	n := 0
	err = bot.Walk(s, bots, seed, 20000, func(st engine.State, _ engine.Seat) bool {
		c := st.(*catan.State)
		x := ext(c)
		held := 0
		for p := 0; p < c.Players; p++ {
			held += x.progressHeld(p)
		}
		if held > 0 && n%20 == 0 {
			out = append(out, c.Clone().(*catan.State))
		}
		n++
		return len(out) < 12
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 6 {
		t.Fatalf("seed %d: only %d positions with progress cards held", seed, len(out))
	}
	return out
}

// checkProgressDeal checks the progress cards of d, a determinisation of
// s for seat: seat's own cards, the shown victory-point cards, the cards
// under each deck, each seat's count of each deck and each deck's count
// are as in s,
// and the state is sound. It reports whether a hidden card was redrawn.
func checkProgressDeal(t *testing.T, s, d *catan.State, seat engine.Seat) bool {
	t.Helper()
	x, y := ext(s), ext(d)
	if err := d.CheckInvariants(); err != nil {
		t.Fatalf("seat %d: invariant: %v", seat, err)
	}
	if y.Printer != x.Printer || y.Constitution != x.Constitution {
		t.Fatalf("shown victory-point cards moved")
	}
	changed := false
	for p := 0; p < s.Players; p++ {
		if p == int(seat) && y.Progress[p] != x.Progress[p] {
			t.Fatalf("seat %d's own progress cards changed", p)
		}
		var a, b [NumTracks]int
		for c := Card(0); c < NumCards; c++ {
			a[c.Deck()] += int(x.Progress[p][c])
			b[c.Deck()] += int(y.Progress[p][c])
		}
		if a != b {
			t.Fatalf("seat %d holds %v progress cards of each deck, not %v", p, b, a)
		}
		changed = changed || y.Progress[p] != x.Progress[p]
	}
	for tr := range x.Decks {
		a, b := &x.Decks[tr], &y.Decks[tr]
		if a.Len() != b.Len() || a.Under != b.Under || a.UnderN != b.UnderN {
			t.Fatalf("deck %v: %d cards, %v under; was %d, %v", Track(tr), b.Len(), b.Under[:b.UnderN], a.Len(), a.Under[:a.UnderN])
		}
		changed = changed || a.Fresh != b.Fresh
	}
	return changed
}

// Every determinisation of positions along greedy games shows each seat
// (and a spectator) what the position shows it, depends only on that view,
// keeps every count and what is shown, and does draw the hidden progress
// cards afresh.
func TestDeterminizeProgressCards(t *testing.T) {
	changed, positions := 0, 0
	for _, players := range []int{3, 4} {
		for _, s := range progressPositions(t, players, uint64(players)) {
			positions++
			for seat := engine.Spectator; int(seat) < s.Players; seat++ {
				other := s.Determinize(seat, rand.New(rand.NewPCG(99, 1)))
				if err := bot.CheckDeterminizer(s, seat, other, 1, 2); err != nil {
					t.Fatalf("phase %v seat %d: %v", s.Phase, seat, err)
				}
				d := s.Determinize(seat, rand.New(rand.NewPCG(7, uint64(seat)+1))).(*catan.State)
				if checkProgressDeal(t, s, d, seat) {
					changed++
				}
			}
		}
	}
	if changed < positions {
		t.Fatalf("only %d of %d×seats determinisations redrew a progress card", changed, positions)
	}
}

// Seat 0 spies on seat 1: while it chooses, it sees seat 1's cards, which
// its determinisations keep; seat 2 sees only their number.
func TestDeterminizeKeepsSpiedCards(t *testing.T) {
	g := newGame(t)
	g.roll(6, 1, shipFace)
	g.deal(1, Bishop)
	g.deal(1, Merchant)
	g.deal(2, Crane)
	g.deal(0, Spy)
	g.do(0, catan.Action{Type: ActSpy, Seat: 1})
	moved := 0
	for seed := range uint64(40) {
		d := g.s.Determinize(0, rand.New(rand.NewPCG(seed, 0))).(*catan.State)
		if ext(d).Progress[1] != g.x.Progress[1] {
			t.Fatalf("seed %d: the spied hand changed: %v", seed, ext(d).Progress[1])
		}
		if ext(d).Progress[2] != g.x.Progress[2] {
			moved++
		}
		checkProgressDeal(t, g.s, d, 0)
		if e := g.s.Determinize(2, rand.New(rand.NewPCG(seed, 0))).(*catan.State); ext(e).Progress[1] != g.x.Progress[1] {
			moved++
		}
	}
	if moved < 40 {
		t.Fatalf("hidden hands redrawn only %d times of 80", moved)
	}
	for seat := engine.Spectator; seat < 4; seat++ {
		if err := bot.CheckDeterminizer(g.s, seat, nil, 1, 2, 3); err != nil {
			t.Fatal(err)
		}
	}
}

// Seat 0's Master Merchant shows it seat 2's hand while it takes 2 cards:
// its determinisations keep that hand, and redeal the others'.
func TestDeterminizeKeepsMasterMerchantHand(t *testing.T) {
	g := mainGame(t)
	g.x.Defender[2] = 1
	g.give(1, catan.Resources{catan.Ore: 2, catan.Wool: 1})
	g.give(2, catan.Resources{catan.Grain: 2, catan.Coin: 2})
	g.give(3, catan.Resources{catan.Brick: 2, catan.Paper: 1})
	g.deal(0, MasterMerchant)
	g.do(0, catan.Action{Type: ActMasterMerchant, Seat: 2})
	moved := 0
	for seed := range uint64(40) {
		d := g.s.Determinize(0, rand.New(rand.NewPCG(seed, 0))).(*catan.State)
		if d.Hand[2] != g.s.Hand[2] {
			t.Fatalf("seed %d: the hand seat 0 looks at changed: %v", seed, d.Hand[2])
		}
		if d.Hand[1] != g.s.Hand[1] {
			moved++
		}
		if err := d.CheckInvariants(); err != nil {
			t.Fatal(err)
		}
	}
	if moved == 0 {
		t.Fatal("the other hands are never redealt")
	}
	for seat := engine.Spectator; seat < 4; seat++ {
		if err := bot.CheckDeterminizer(g.s, seat, nil, 1, 2, 3); err != nil {
			t.Fatal(err)
		}
	}
}
