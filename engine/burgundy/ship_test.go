package burgundy

import (
	"reflect"
	"testing"

	"tabula/engine"
)

// Fact sheet §9: a ship takes all goods of one depot (any depot, not tied to
// the die) and moves the marker one space forward on the turn-order track,
// on top of markers already there; the new order applies next round.
func TestShipGoodsAndTurnOrderStacking(t *testing.T) {
	s := newTestGame(t, 3, 1, 1, 1, 1, 1, 1, 4)
	// Start: all markers stacked on space 0, first player on top.
	if !reflect.DeepEqual(s.Track, []TrackMarker{{0, 2}, {0, 1}, {0, 0}}) || !reflect.DeepEqual(s.Order, []engine.Seat{0, 1, 2}) {
		t.Fatalf("track %v order %v", s.Track, s.Order)
	}
	// The white die (4) moved round 1's goods to depot 4.
	if depotGoods(&s.Depots[4]) != 1 {
		t.Fatalf("depot 4 goods %v", s.Depots[4].Goods)
	}
	finishTurn(t, s) // seat 0
	finishTurn(t, s) // seat 1
	// Seat 2 (last) places a ship and takes depot 4's goods.
	p := myTurn(t, s, 2, 2, 2)
	p.Goods = [7]int{}
	balanceGoods(t, s)
	kind := 0
	for k := 1; k <= 6; k++ {
		if s.Depots[4].Goods[k] > 0 {
			kind = k
		}
	}
	ship := give(t, s, 2, colour(Ship))
	mustApply(t, s, 2, Place(2, 0, ship, 18))
	if s.Track[2] != (TrackMarker{1, 0}) {
		t.Fatalf("track after ship %v", s.Track)
	}
	if !hasOption(s, 2, ShipGoods(4)) || hasOption(s, 2, ShipGoods(3)) {
		t.Fatalf("ship options %v", s.Options(2))
	}
	mustApply(t, s, 2, ShipGoods(4))
	if p.Goods[kind] != 1 || depotGoods(&s.Depots[4]) != 0 {
		t.Fatalf("goods %v", p.Goods)
	}
	// This round's order is unchanged.
	if !reflect.DeepEqual(s.Order, []engine.Seat{0, 1, 2}) {
		t.Fatalf("order changed within the round: %v", s.Order)
	}
	finishTurn(t, s)
	roll(t, s, 1, 1, 1, 1, 1, 1, 5)
	if !reflect.DeepEqual(s.Order, []engine.Seat{2, 0, 1}) || s.Current() != 2 {
		t.Fatalf("next round order %v", s.Order)
	}
	// Seat 1 ships too: it lands on top of seat 2 and goes first next round.
	finishTurn(t, s) // seat 2
	finishTurn(t, s) // seat 0
	myTurn(t, s, 1, 2, 2)
	ship = give(t, s, 1, colour(Ship))
	mustApply(t, s, 1, Place(2, 0, ship, 18))
	if len(s.Pending) > 0 {
		mustApply(t, s, 1, s.Options(1)[0])
	}
	if s.Track[1] != (TrackMarker{1, 1}) {
		t.Fatalf("stacked marker %v", s.Track[1])
	}
	finishTurn(t, s)
	roll(t, s, 1, 1, 1, 1, 1, 1, 5)
	if !reflect.DeepEqual(s.Order, []engine.Seat{1, 2, 0}) {
		t.Fatalf("order after stacking %v", s.Order)
	}
	v := s.view(engine.Spectator)
	if v.TurnOrder[0] != 1 || v.TurnTrack[1].Height != 1 || v.Current != 1 {
		t.Fatalf("view track %+v order %v", v.TurnTrack, v.TurnOrder)
	}
}

// A ship with every depot empty has nothing to take; the decision lapses.
func TestShipNoGoods(t *testing.T) {
	s := newTestGame(t, 2)
	for d := 1; d <= 6; d++ {
		s.Depots[d].Goods = [7]int{}
	}
	balanceGoods(t, s)
	myTurn(t, s, 0, 5, 5)
	ship := give(t, s, 0, colour(Ship))
	mustApply(t, s, 0, Place(5, 0, ship, 20))
	if len(s.Pending) != 0 || s.Track[0].Space != 1 {
		t.Fatalf("pending %v track %v", s.Pending, s.Track)
	}
}
