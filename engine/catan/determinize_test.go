package catan

import (
	"math/rand/v2"
	"testing"

	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/hexgrid"
)

// hiddenPositions plays a greedy four-player game and keeps positions along it:
// every 25th decision, and the first few with a trade awaiting its close
// and with a card bought this turn.
func hiddenPositions(t *testing.T, seed uint64) []*State {
	t.Helper()
	st, err := Game{}.New(engine.Setup{Players: 4})
	if err != nil {
		t.Fatal(err)
	}
	g := bot.NewGreedy(seed)
	var out []*State
	trades, bought, n := 0, 0, 0
	err = bot.Walk(st, []bot.Bot{g, g, g, g}, seed, 20000, func(st engine.State, _ engine.Seat) bool {
		s := st.(*State)
		switch {
		case n%25 == 0:
			out = append(out, s.Copy())
		case s.Phase == PhaseTradeConfirm && trades < 4:
			trades++
			out = append(out, s.Copy())
		case s.Bought.Total() > 0 && bought < 4:
			bought++
			out = append(out, s.Copy())
		}
		n++
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if trades == 0 || bought == 0 {
		t.Fatalf("seed %d: no trade (%d) or purchase (%d) to check", seed, trades, bought)
	}
	return out
}

// Every determinisation shows the seat (and a spectator) what the position
// shows it, is a sound position, depends only on that view, and does draw
// the hidden cards afresh.
func TestDeterminize(t *testing.T) {
	changedHands, changedDev := 0, 0
	for _, s := range hiddenPositions(t, 3) {
		for seat := engine.Spectator; int(seat) < s.Players; seat++ {
			// Another position seat cannot tell from s: one of its own
			// determinisations.
			other := s.Determinize(seat, rand.New(rand.NewPCG(99, 1))).(*State)
			if err := bot.CheckDeterminizer(s, seat, other, 1, 2); err != nil {
				t.Fatalf("phase %v seat %d: %v", s.Phase, seat, err)
			}
			d := s.Determinize(seat, rand.New(rand.NewPCG(7, 7))).(*State)
			checkInvariants(t, d)
			for p := 0; p < s.Players; p++ {
				if p == int(seat) && (d.Hand[p] != s.Hand[p] || d.Dev[p] != s.Dev[p]) {
					t.Fatalf("seat %d's own cards changed", p)
				}
				if !d.Hand[p].Covers(d.shownHolding(p)) {
					t.Fatalf("seat %d was dealt %v, not the %v an open trade shows", p, d.Hand[p], d.shownHolding(p))
				}
				if p != int(d.Active) && d.Points(p) >= WinningPoints {
					t.Fatalf("seat %d dealt a win: %d points", p, d.Points(p))
				}
				if d.Hand[p] != s.Hand[p] {
					changedHands++
				}
				if d.Dev[p] != s.Dev[p] {
					changedDev++
				}
			}
			for c := Knight; c < NumDevCards; c++ {
				if d.Bought[c] > d.Dev[d.Active][c] {
					t.Fatalf("bought %v, active player holds %v", d.Bought, d.Dev[d.Active])
				}
			}
			if d.Bought.Total() != s.Bought.Total() {
				t.Fatalf("bought %v, was %v", d.Bought, s.Bought)
			}
		}
	}
	if changedHands == 0 || changedDev == 0 {
		t.Fatalf("determinisations changed %d hands and %d development hands", changedHands, changedDev)
	}
}

// Seat 1 shows 8 points and holds four cards: a determinisation for seat
// 0 never deals it two Victory Point cards, which would have won it the
// game already.
func TestDeterminizeDealsNoWonGame(t *testing.T) {
	s := mainState(t, 4)
	for _, v := range []int{vx(1, 1, hexgrid.CornerN), vx(1, 3, hexgrid.CornerN), vx(3, 1, hexgrid.CornerN), vx(5, 1, hexgrid.CornerS)} {
		city(s, 1, v)
	}
	for range 4 {
		devCard(t, s, 1, Knight)
	}
	if s.PublicPoints(1) != 8 {
		t.Fatalf("seat 1 shows %d points", s.PublicPoints(1))
	}
	most := 0
	for seed := range uint64(200) {
		d := s.Determinize(0, rand.New(rand.NewPCG(seed, 0))).(*State)
		most = max(most, int(d.Dev[1][VictoryPoint]))
		if d.Dev[1].Total() != 4 {
			t.Fatalf("seat 1 holds %v", d.Dev[1])
		}
	}
	if most != 1 {
		t.Fatalf("seat 1 was dealt up to %d Victory Point cards, want 1", most)
	}
}
