package burgundy

import (
	"testing"
)

// Fact sheet §8 / orig: three storage spaces; a fourth tile makes the player
// discard one of the older tiles, which leaves the game.
func TestStorageOverflow(t *testing.T) {
	s := newTestGame(t, 2)
	p := myTurn(t, s, 0, 1, 1)
	old := []int{give(t, s, 0, colour(Ship)), give(t, s, 0, colour(Mine)), give(t, s, 0, colour(Castle))}
	tile := s.Depots[1].Spaces[0].Tile
	removed := len(s.Removed)
	mustApply(t, s, 0, Take(1, 0, 1, tile))
	if len(s.Pending) != 1 || s.Pending[0].Kind != FrameDiscard || s.Status().Deciders[0] != 0 {
		t.Fatalf("pending %v", s.Pending)
	}
	opts := s.Options(0)
	if len(opts) != 3 {
		t.Fatalf("discard options %v", opts)
	}
	for _, o := range opts {
		if o.Name != ActDiscard || o.Tile == tile {
			t.Fatalf("bad discard option %v", o)
		}
	}
	// The new tile cannot be the one discarded; no pass; no die action now.
	mustRefuse(t, s, 0, Discard(tile))
	mustRefuse(t, s, 0, Pass())
	mustRefuse(t, s, 0, TakeWorkers(1))
	mustApply(t, s, 0, Discard(old[1]))
	if len(p.Storage) != 3 || inStorage(p, old[1]) >= 0 || inStorage(p, tile) < 0 {
		t.Fatalf("storage %v", p.Storage)
	}
	if len(s.Removed) != removed+1 || s.Removed[len(s.Removed)-1] != old[1] {
		t.Fatal("discarded tile not out of the game")
	}
	if err := checkInvariants(s); err != nil {
		t.Fatal(err)
	}
}

// Fact sheet §8: goods storage holds at most three kinds; a ship leaves the
// kinds that do not fit on the depot, and the player chooses which fit.
func TestGoodsStorageThreeKinds(t *testing.T) {
	s := newTestGame(t, 2)
	p := myTurn(t, s, 0, 2, 2)
	p.Goods = [7]int{0, 1, 1, 0, 0, 0, 0} // kinds 1 and 2: one space left
	for d := 1; d <= 6; d++ {
		s.Depots[d].Goods = [7]int{}
	}
	s.Depots[4].Goods = [7]int{0, 1, 0, 1, 0, 2, 0}
	balanceGoods(t, s)
	ship := give(t, s, 0, colour(Ship))
	mustApply(t, s, 0, Place(2, 0, ship, 18))
	mustApply(t, s, 0, ShipGoods(4))
	// Kind 1 (held) came along; kinds 3 and 5 compete for the last space.
	if p.Goods[1] != 2 || len(s.Pending) != 1 || s.Pending[0].Kind != FrameShipGoods {
		t.Fatalf("goods %v pending %v", p.Goods, s.Pending)
	}
	if opts := s.Options(0); len(opts) != 2 || opts[0] != TakeGoodsKind(3) || opts[1] != TakeGoodsKind(5) {
		t.Fatalf("options %v", opts)
	}
	mustRefuse(t, s, 0, Pass())
	mustApply(t, s, 0, TakeGoodsKind(5))
	if p.Goods[5] != 2 || s.Depots[4].Goods[3] != 1 || len(s.Pending) != 0 || p.goodsKinds() != 3 {
		t.Fatalf("goods %v depot %v pending %v", p.Goods, s.Depots[4].Goods, s.Pending)
	}
	if err := checkInvariants(s); err != nil {
		t.Fatal(err)
	}
}
