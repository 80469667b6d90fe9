package burgundy

import (
	"errors"
	"testing"

	"tabula/engine"
)

// Fact sheet §7: a worker changes a die by ±1, 6 and 1 wrap around.
func TestWorkersWrapSixOne(t *testing.T) {
	s := newTestGame(t, 2)
	p := myTurn(t, s, 0, 6, 1)
	p.Workers = 1
	p.Goods = [7]int{}
	p.Goods[1] = 2
	p.Goods[6] = 1
	// Die 6 + 1 worker → 1: sells the goods of kind 1.
	if !hasOption(s, 0, Sell(6, 1, 1)) || !hasOption(s, 0, Sell(1, 1, 6)) {
		t.Fatalf("wrapped sales missing: %v", s.Options(0))
	}
	// Two workers for a one-step change is refused (exact count).
	mustRefuse(t, s, 0, Sell(6, 2, 1))
	// From 6 to 3 needs 3 workers; only 1 held.
	mustRefuse(t, s, 0, Take(6, 3, 3, s.Depots[3].Spaces[0].Tile))
	for _, o := range s.Options(0) {
		if o.Workers > 1 {
			t.Fatalf("option %v spends more workers than held", o)
		}
	}
	mustApply(t, s, 0, Sell(6, 1, 1))
	if p.Workers != 0 || p.Goods[1] != 0 || p.Sold[1] != 2 || !p.Used[0] {
		t.Fatalf("after sale: %+v", *p)
	}
	// Die 1 − 1 worker → 6, but no workers are left now.
	mustRefuse(t, s, 0, Sell(1, 1, 6))
	p.Workers = 1
	// Take from depot 6 with die 1 (+1 worker, wrapping down).
	tile := s.Depots[6].Spaces[0].Tile
	mustApply(t, s, 0, Take(1, 1, 6, tile))
	if p.Storage[len(p.Storage)-1] != tile || p.Workers != 0 {
		t.Fatalf("take across the wrap failed: %+v", *p)
	}
}

// Fact sheet §7: the four die actions.
func TestDieActions(t *testing.T) {
	s := newTestGame(t, 3)
	p := myTurn(t, s, 0, 2, 4)
	// Take a tile from the depot of the die.
	tile := s.Depots[2].Spaces[1].Tile
	mustApply(t, s, 0, Take(2, 0, 2, tile))
	if s.Depots[2].Spaces[1].Tile != 0 || len(p.Storage) != 1 || p.Storage[0] != tile {
		t.Fatal("take")
	}
	// Take workers with any die.
	w := p.Workers
	mustApply(t, s, 0, TakeWorkers(4))
	if p.Workers != w+2 {
		t.Fatalf("workers %d", p.Workers)
	}
	// Both dice used: the turn passed on (1 silverling: no purchase possible).
	if s.Current() != 1 {
		t.Fatalf("current %d", s.Current())
	}
	// Sell: all goods of the kind, 1 silverling, 3 VP per tile at 3 players.
	q := myTurn(t, s, 1, 5, 5)
	q.Goods = [7]int{}
	q.Goods[5] = 3
	silver, vp := q.Silver, q.VP
	mustApply(t, s, 1, Sell(5, 0, 5))
	if q.Goods[5] != 0 || q.Sold[5] != 3 || q.Silver != silver+1 || q.VP != vp+9 {
		t.Fatalf("sale: %+v", *q)
	}
	// Two dice with the same face give one set of options.
	n := 0
	for _, o := range s.Options(1) {
		if o.Name == ActWorkers {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d take-workers options", n)
	}
	// A die that is used cannot be used again; an unknown face neither.
	mustRefuse(t, s, 1, TakeWorkers(3))
	// Out of turn.
	if err := mustRefuse(t, s, 0, TakeWorkers(5)); !errors.Is(err, engine.ErrNotYourTurn) {
		t.Fatalf("err %v", err)
	}
	// End-turn before both dice are used.
	mustRefuse(t, s, 1, EndTurn())
	mustApply(t, s, 1, TakeWorkers(5))
	// 2 silverlings now: the purchase is still possible, so the turn waits.
	if s.Current() != 1 {
		t.Fatal("turn ended while a purchase was possible")
	}
	mustApply(t, s, 1, EndTurn())
	if s.Current() != 2 {
		t.Fatalf("current %d", s.Current())
	}
}

// Fact sheet §7: once per turn, 2 silverlings buy a black-depot tile, before,
// between or after the die actions, never inside one.
func TestBlackDepotPurchaseLimit(t *testing.T) {
	s := newTestGame(t, 2)
	p := myTurn(t, s, 0, 3, 3)
	p.Silver = 5
	black := len(s.Black)
	if black != 4 {
		t.Fatalf("black depot holds %d at 2 players, want 4", black)
	}
	t1, t2 := s.Black[0], s.Black[1]
	mustApply(t, s, 0, Buy(0, t1))
	if p.Silver != 3 || len(s.Black) != black-1 || p.Storage[0] != t1 || !p.Bought {
		t.Fatalf("purchase: %+v", *p)
	}
	err := mustRefuse(t, s, 0, Buy(0, t2))
	if !errors.Is(err, engine.ErrIllegal) {
		t.Fatal(err)
	}
	for _, o := range s.Options(0) {
		if o.Name == ActBuy {
			t.Fatalf("second purchase offered: %v", o)
		}
	}
	// Not from a numbered depot without knowledge 6.
	mustRefuse(t, s, 0, Buy(1, s.Depots[1].Spaces[0].Tile))
	finishTurn(t, s)
	// Next turn (seat 1) with 1 silverling: not enough.
	q := myTurn(t, s, 1, 2, 2)
	q.Silver = 1
	mustRefuse(t, s, 1, Buy(0, t2))
	finishTurn(t, s)
	// Next round: seat 0 may buy again, also after both dice; the turn then
	// waits for buy or end-turn.
	roll(t, s, 1, 1, 1, 1, 1)
	p = myTurn(t, s, 0, 1, 1)
	mustApply(t, s, 0, TakeWorkers(1))
	mustApply(t, s, 0, TakeWorkers(1))
	if s.Current() != 0 || !hasOption(s, 0, EndTurn()) || !hasOption(s, 0, Buy(0, t2)) {
		t.Fatalf("after both dice with 3 silverlings: %v", s.Options(0))
	}
	mustApply(t, s, 0, Buy(0, t2))
	if s.Current() != 1 {
		t.Fatal("turn did not end after the last possible purchase")
	}
	// Inside a pending decision the purchase is refused.
	q = myTurn(t, s, 1, 6, 6)
	q.Silver = 4
	put(t, s, 1, 13, colour(Knowledge))
	castle := give(t, s, 1, colour(Castle))
	mustApply(t, s, 1, Place(6, 0, castle, 7))
	mustRefuse(t, s, 1, Buy(0, s.Black[0]))
}

// Illegal or malformed actions leave the hash unchanged and say why.
func TestIllegalActionsChangeNothing(t *testing.T) {
	s := newTestGame(t, 4)
	myTurn(t, s, 0, 2, 5)
	for _, a := range []Action{
		{Name: "fly"},
		{Name: ActTake, Die: 2, Value: 2, Tile: 999},
		{Name: ActTake, Die: 2, Value: 2},
		{Name: ActTake, Die: 3, Value: 3, Tile: s.Depots[3].Spaces[0].Tile},
		{Name: ActPlace, Die: 2, Tile: 5, Space: 18},
		{Name: ActSell, Die: 2, Value: 2, Tile: 3},
		{Name: ActWorkers, Die: 2, Value: 4},
		{Name: ActWorkers},
		{Name: ActDiscard, Tile: 10},
		{Name: ActShip, Value: 1},
		{Name: ActGoods, Value: 1},
		{Name: ActPass},
		{Name: ActEndTurn},
		{Name: ActTake, Die: -1},
		{Name: ActSell, Die: 2, Workers: 9, Value: 2},
	} {
		mustRefuse(t, s, 0, a)
	}
	mustRefuse(t, s, 1, TakeWorkers(2))
	if err := s.Apply(0, nil); !errors.Is(err, engine.ErrBadAction) {
		t.Errorf("nil action: %v", err)
	}
}

// DecodeAction refuses unknown and malformed actions with ErrBadAction.
func TestDecodeAction(t *testing.T) {
	g := Game{}
	a, err := g.DecodeAction([]byte(`{"kind":"take","die":4,"workers":1,"value":5,"tile":30}`))
	if err != nil || a.(Action) != Take(4, 1, 5, 30) || a.Kind() != ActTake {
		t.Fatalf("decode: %v %v", a, err)
	}
	for _, bad := range []string{
		``, `{`, `[]`, `{"kind":"fly"}`, `{"kind":"take","die":7}`, `{"kind":"take","tile":165}`,
		`{"kind":"place","space":38}`, `{"kind":"sell","value":-1}`, `{"kind":"take","extra":1}`,
		`{"kind":"take","die":"4"}`, `{"kind":"pass"} {"kind":"pass"}`, `{"kind":"workers","workers":4}`,
	} {
		if _, err := g.DecodeAction([]byte(bad)); !errors.Is(err, engine.ErrBadAction) {
			t.Errorf("%s: err %v", bad, err)
		}
	}
}
