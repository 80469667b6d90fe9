package burgundy

import (
	"testing"

	"tabula/engine"
)

// learn puts knowledge tile n on a free knowledge space of seat's estate.
func learn(t *testing.T, s *State, seat engine.Seat, n int) {
	t.Helper()
	for _, sp := range []int{36, 35, 31, 4, 8} {
		if s.Seats[seat].Estate[sp] == 0 {
			put(t, s, seat, sp, knowledge(n))
			return
		}
	}
	t.Fatal("no knowledge space left")
}

// Fact sheet §11, one concrete position per knowledge tile (1 is in
// TestBuildingOncePerCity, 2 in TestMineIncome, 15–26 in
// TestKnowledgeEndScoring).
func TestKnowledgeTiles(t *testing.T) {
	t.Run("3 sale pays 2 silverlings", func(t *testing.T) {
		s := newTestGame(t, 2)
		learn(t, s, 0, 3)
		p := myTurn(t, s, 0, 2, 2)
		p.Goods = [7]int{0, 0, 1, 0, 0, 0, 0}
		balanceGoods(t, s)
		mustApply(t, s, 0, Sell(2, 0, 2))
		if p.Silver != 3 {
			t.Fatalf("silver %d", p.Silver)
		}
	})
	t.Run("4 sale gives a worker", func(t *testing.T) {
		s := newTestGame(t, 2)
		learn(t, s, 0, 4)
		p := myTurn(t, s, 0, 2, 2)
		p.Goods = [7]int{0, 0, 1, 0, 0, 0, 0}
		balanceGoods(t, s)
		mustApply(t, s, 0, Sell(2, 0, 2))
		if p.Workers != 2 || p.Silver != 2 {
			t.Fatalf("workers %d silver %d", p.Workers, p.Silver)
		}
	})
	t.Run("5 ship takes two neighbouring depots", func(t *testing.T) {
		s := newTestGame(t, 2)
		learn(t, s, 0, 5)
		p := myTurn(t, s, 0, 2, 2)
		p.Goods = [7]int{}
		for d := 1; d <= 6; d++ {
			s.Depots[d].Goods = [7]int{}
		}
		s.Depots[6].Goods[2] = 1
		s.Depots[1].Goods[3] = 2
		s.Depots[3].Goods[4] = 1
		balanceGoods(t, s)
		ship := give(t, s, 0, colour(Ship))
		mustApply(t, s, 0, Place(2, 0, ship, 18))
		mustApply(t, s, 0, ShipGoods(1))
		if p.Goods[3] != 2 || len(s.Pending) != 1 || s.Pending[0].Kind != FrameShipAdjacent {
			t.Fatalf("goods %v pending %v", p.Goods, s.Pending)
		}
		// Depot 6 is next to 1 (the ring wraps); depot 3 is not.
		if !hasOption(s, 0, ShipGoods(6)) || hasOption(s, 0, ShipGoods(3)) || !hasOption(s, 0, Pass()) {
			t.Fatalf("options %v", s.Options(0))
		}
		mustRefuse(t, s, 0, ShipGoods(3))
		mustApply(t, s, 0, ShipGoods(6))
		if p.Goods[2] != 1 || len(s.Pending) != 0 {
			t.Fatalf("goods %v", p.Goods)
		}
		// Without knowledge 5 there is no second depot.
		s2 := newTestGame(t, 2)
		myTurn(t, s2, 0, 2, 2)
		s2.Depots[2].Goods[5]++
		balanceGoods(t, s2)
		ship = give(t, s2, 0, colour(Ship))
		mustApply(t, s2, 0, Place(2, 0, ship, 18))
		mustApply(t, s2, 0, ShipGoods(2))
		if len(s2.Pending) != 0 {
			t.Fatalf("pending %v", s2.Pending)
		}
	})
	t.Run("6 buys from a numbered depot", func(t *testing.T) {
		s := newTestGame(t, 2)
		learn(t, s, 0, 6)
		p := myTurn(t, s, 0, 2, 2)
		p.Silver = 4
		tile := s.Depots[5].Spaces[0].Tile
		if !hasOption(s, 0, Buy(5, tile)) || !hasOption(s, 0, Buy(0, s.Black[0])) {
			t.Fatalf("options %v", s.Options(0))
		}
		mustApply(t, s, 0, Buy(5, tile))
		if p.Silver != 2 || p.Storage[0] != tile || s.Depots[5].Spaces[0].Tile != 0 {
			t.Fatal("purchase")
		}
		// Still once per turn.
		mustRefuse(t, s, 0, Buy(0, s.Black[0]))
	})
	t.Run("7 animals score 1 more per tile", func(t *testing.T) {
		s := newTestGame(t, 2)
		learn(t, s, 0, 7)
		put(t, s, 0, 13, colour(Knowledge))
		put(t, s, 0, 7, colour(Castle))
		put(t, s, 0, 6, animal(Pigs, 3))
		pigs := give(t, s, 0, animal(Pigs, 4))
		myTurn(t, s, 0, 4, 4)
		mustApply(t, s, 0, Place(4, 0, pigs, 11))
		if got := s.Seats[0].VP; got != 4+3+2 {
			t.Fatalf("VP %d, want 9", got)
		}
	})
	t.Run("8 workers move a die by 2", func(t *testing.T) {
		s := newTestGame(t, 2)
		p := myTurn(t, s, 0, 1, 1)
		p.Workers = 1
		tile := s.Depots[3].Spaces[0].Tile
		mustRefuse(t, s, 0, Take(1, 1, 3, tile))
		learn(t, s, 0, 8)
		mustApply(t, s, 0, Take(1, 1, 3, tile))
		// 1 → 4 (three steps, over the wrap: 1→6→5→4) takes 2 workers.
		p.Workers = 2
		tile = s.Depots[4].Spaces[0].Tile
		if !hasOption(s, 0, Take(1, 2, 4, tile)) {
			t.Fatalf("options %v", s.Options(0))
		}
	})
	free := []struct {
		n    int
		pred func(TileInfo) bool
		sp   int // target space, next to the start castle
	}{
		{9, building(Bank), 12},     // building, shows 3
		{10, colour(Ship), 20},      // ship, shows 5
		{11, colour(Mine), 25},      // mine, shows 4
		{11, colour(Knowledge), 13}, // knowledge, shows 1
	}
	for _, tc := range free {
		s := newTestGame(t, 2)
		tile := give(t, s, 0, tc.pred)
		num := estate[tc.sp].Number
		face := num%6 + 1 // one above the space's number
		p := myTurn(t, s, 0, face, face)
		p.Workers = 0
		mustRefuse(t, s, 0, Place(face, 0, tile, tc.sp))
		learn(t, s, 0, tc.n)
		if !hasOption(s, 0, Place(face, 0, tile, tc.sp)) {
			t.Errorf("knowledge %d: free ±1 missing for %s", tc.n, catalogue[tile].Name())
		}
		// Two steps away costs one worker.
		p.Dice = [2]int{face%6 + 1, face%6 + 1}
		p.Workers = 1
		if !hasOption(s, 0, Place(face%6+1, 1, tile, tc.sp)) {
			t.Errorf("knowledge %d: free ±1 plus a worker missing", tc.n)
		}
		// Other tile kinds get nothing from it.
		other := give(t, s, 0, animal(Sheep, 2))
		put(t, s, 0, 18, colour(Ship))
		off := estate[11].Number%6 + 1 // one above space 11's number
		p.Dice = [2]int{off, off}
		p.Workers = 0
		if got := hasOption(s, 0, Place(off, 0, other, 11)); got != (tc.n == 10) {
			t.Errorf("knowledge %d: free ±1 for animals = %v", tc.n, got)
		}
	}
	t.Run("12 take with a free ±1", func(t *testing.T) {
		s := newTestGame(t, 2)
		p := myTurn(t, s, 0, 3, 3)
		p.Workers = 0
		tile := s.Depots[4].Spaces[0].Tile
		mustRefuse(t, s, 0, Take(3, 0, 4, tile))
		learn(t, s, 0, 12)
		mustApply(t, s, 0, Take(3, 0, 4, tile))
	})
	t.Run("13 workers also give a silverling", func(t *testing.T) {
		s := newTestGame(t, 2)
		learn(t, s, 0, 13)
		p := myTurn(t, s, 0, 3, 3)
		mustApply(t, s, 0, TakeWorkers(3))
		if p.Silver != 2 || p.Workers != 3 {
			t.Fatalf("silver %d workers %d", p.Silver, p.Workers)
		}
	})
	t.Run("14 four workers", func(t *testing.T) {
		s := newTestGame(t, 2)
		learn(t, s, 0, 14)
		p := myTurn(t, s, 0, 3, 3)
		mustApply(t, s, 0, TakeWorkers(3))
		if p.Workers != 5 || p.Silver != 1 {
			t.Fatalf("workers %d", p.Workers)
		}
	})
}

// Fact sheet §11/§13: the end-game knowledge tiles 15–26.
func TestKnowledgeEndScoring(t *testing.T) {
	build := func(t *testing.T, n int) (*State, *Player) {
		s := newTestGame(t, 2)
		p := &s.Seats[0]
		learn(t, s, 0, n)
		// Estate: 2 banks, 1 church, 1 warehouse; cattle and sheep (two
		// tiles) and pigs; sold goods of kinds 2 and 5 (4 tiles).
		put(t, s, 0, 26, building(Bank))
		put(t, s, 0, 12, building(Bank))
		put(t, s, 0, 27, building(Church))
		put(t, s, 0, 14, building(Warehouse))
		put(t, s, 0, 1, animal(Cattle, 2))
		put(t, s, 0, 5, animal(Sheep, 2))
		put(t, s, 0, 6, animal(Sheep, 3))
		put(t, s, 0, 28, animal(Pigs, 2))
		p.Goods = [7]int{}
		p.Sold = [7]int{0, 0, 3, 0, 0, 1, 0}
		balanceGoods(t, s)
		s.Bonus[Mine][0] = 0
		s.Bonus[Ship][1] = 0
		return s, p
	}
	want := map[int]int{
		15: 3 * 2, // two kinds sold
		16: 4 * 1, // warehouse
		17: 0,     // watchtower
		18: 0,     // carpenter's workshop
		19: 4 * 1, // church
		20: 0,     // market
		21: 0,     // boarding house
		22: 4 * 2, // bank ×2
		23: 0,     // city hall
		24: 4 * 3, // cattle, sheep, pigs
		25: 4,     // 4 tiles sold
		26: 2 * 2, // two bonus tiles
		1:  0,     // not an end-game tile
	}
	for n := 15; n <= 26; n++ {
		s, _ := build(t, n)
		if got := s.knowledgeEndPoints(0); got != want[n] {
			t.Errorf("knowledge %d: %d points, want %d", n, got, want[n])
		}
	}
	s, _ := build(t, 1)
	if got := s.knowledgeEndPoints(0); got != 0 {
		t.Errorf("knowledge 1 scored %d", got)
	}
}
