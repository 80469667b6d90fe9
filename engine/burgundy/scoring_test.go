package burgundy

import (
	"testing"

	"tabula/engine"
)

// endPosition puts a 2-player game into the last round of phase E with
// both players equal: VP, silverlings, workers, goods, estate.
func endPosition(t *testing.T, order ...engine.Seat) *State {
	t.Helper()
	s := newTestGame(t, 2)
	jumpTo(t, s, 4, 4)
	s.Order = order
	s.Turn = 0
	for i := range s.Seats {
		p := &s.Seats[i]
		p.VP = 50
		p.Silver = 1
		p.Workers = 0
		p.Goods = [7]int{}
	}
	balanceGoods(t, s)
	return s
}

// Fact sheet §13: final scoring adds unsold goods, silverlings, workers/2
// and the end-game knowledge tiles.
func TestEndScoring(t *testing.T) {
	s := endPosition(t, 0, 1)
	p := &s.Seats[0]
	p.VP = 40
	p.Goods = [7]int{0, 2, 0, 0, 1, 0, 0}
	p.Sold = [7]int{0, 0, 3, 1, 0, 0, 0}
	p.Silver = 5
	p.Workers = 3 // +4 from finishing the turn: 7 workers = 3 VP
	balanceGoods(t, s)
	learn(t, s, 0, 25) // 1 VP per sold tile: 4
	finishRound(t, s)
	want := EndScore{Goods: 3, Silver: 5, Workers: 3, Knowledge: 4, Total: 15}
	if p.End == nil || *p.End != want {
		t.Fatalf("end score %+v, want %+v", p.End, want)
	}
	if p.VP != 55 || s.Scores()[0] != 55 {
		t.Fatalf("final VP %d", p.VP)
	}
	if s.Winners[0] != 0 {
		t.Fatalf("winner %v", s.Winners)
	}
	v := s.view(1)
	if !v.Over || v.Estates[0].End == nil || v.Ranking[0] != 0 || v.Prompt == "" {
		t.Fatalf("final view %+v", v)
	}
}

// Orig tie-break: fewer empty estate spaces wins; then the player later in
// the final round's turn order.
func TestTieBreak(t *testing.T) {
	// Equal VP: seat 0 has covered one more space.
	s := endPosition(t, 0, 1)
	put(t, s, 0, 12, building(Bank))
	finishRound(t, s)
	if s.Seats[0].VP != s.Seats[1].VP {
		t.Fatalf("VP %v", s.Scores())
	}
	if s.Winners[0] != 0 {
		t.Fatalf("fewer empty spaces: winner %v", s.Winners)
	}
	// Equal VP and empty spaces: the later player in turn order wins.
	for _, order := range [][]engine.Seat{{0, 1}, {1, 0}} {
		s := endPosition(t, order...)
		finishRound(t, s)
		if s.Winners[0] != order[1] {
			t.Errorf("order %v: winner %v", order, s.Winners)
		}
		if s.Ranking()[1] != order[0] {
			t.Errorf("order %v: ranking %v", order, s.Ranking())
		}
	}
	// More VP beats everything.
	s = endPosition(t, 0, 1)
	s.Seats[0].VP = 51
	put(t, s, 1, 12, building(Bank))
	finishRound(t, s)
	if s.Winners[0] != 0 {
		t.Fatalf("most VP: winner %v", s.Winners)
	}
}
