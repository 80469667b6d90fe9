package citiesknights

import (
	"slices"
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
)

// The Master Merchant with secret looks (engine.SecretLooks, steal.go),
// on a referee and one device per seat.

// merchantTable: seat 3 stole seat 1's brick and seat 1 stole seat 2's
// ore (secrets), seat 1 holds 3 cards and more points than seat 0, who
// holds a Master Merchant. Seat 1's hand is {ore, wool, ore}; seat 2's
// device holds it as {ore, wool, ore, brick}, seat 3's as {ore, wool}.
func merchantTable(t *testing.T) sealedTable {
	t.Helper()
	tb := newSecretTable(t, 4, engine.SecretLooks)
	if !tb[0].x.Sealed.SecretLooks {
		t.Fatal("the option does not reach the expansion")
	}
	tb.give(1, ore.Plus(brick).Plus(wool))
	tb.give(2, wool.Plus(coin).Plus(cloth).Plus(ore))
	tb.rob(t, 3, 1, 1)                             // card 1 of {wool, brick, ore}: brick
	tb.rob(t, 1, 2, 1)                             // card 1 of {wool, ore, cloth, coin}: ore
	tb.each(func(g *game) { g.x.Defender[1] = 3 }) // seat 1 has more points
	tb.dealShown(0, MasterMerchant)
	return tb
}

// Seat 0 looks at seat 1's two thefts, each opened to it alone (audience
// thief, victim and seat 0); the device outside each look keeps that
// theft unknown, nothing is opened to all, and seat 0's device sees seat
// 1's true hand.
func lookAtSeat1(t *testing.T, tb sealedTable) {
	t.Helper()
	tb.move(t, 0, catan.Action{Type: ActMasterMerchant, Seat: 1})
	for k, want := range [][]engine.Seat{{0, 1, 3}, {0, 1, 2}} {
		req := tb.chance(t, 1) // each was card 1 of its hand
		if req.OpensSecret != k+1 || !req.Hidden() || !slices.Equal(req.Audience, want) {
			t.Fatalf("look %d is %+v", k, req)
		}
	}
	if tb[0].s.Phase != PhaseMasterMerchant {
		t.Fatalf("phase %v after the looks", tb[0].s.Phase)
	}
	want := ore.Plus(ore).Plus(wool)
	tb.hands(t, 1, want, 0, 1)
	tb.hands(t, 1, want.Plus(brick), 3) // seat 2's device: the brick theft unknown
	tb.hands(t, 1, ore.Plus(wool), 4)   // seat 3's device: the ore theft unknown
	for i, unknown := range []int{0, 0, 0, 1, 1} {
		if n, u := tb.unopened(i); n != 2 || u != unknown {
			t.Fatalf("state %d holds %d thefts, %d unknown; want 2, %d", i, n, u, unknown)
		}
	}
	peek := ViewOf(tb.device(0).s, 0).Peek
	if peek == nil || peek.Hand == nil || *peek.Hand != want {
		t.Fatalf("seat 0 sees %+v of seat 1's hand %v", peek, want)
	}
	tb.device(0).legalHas(0, catan.Action{Type: ActTakeCards, Get: ore.Plus(ore)})
}

// The Merchant takes the stolen ore: only that theft is shown to all
// first (every device then sees seat 1 hold two ore); the brick theft
// stays unopened and unknown to the devices outside it.
func TestSealedMerchantTakesAStolenCard(t *testing.T) {
	tb := merchantTable(t)
	lookAtSeat1(t, tb)
	shows := tb.move(t, 0, catan.Action{Type: ActTakeCards, Get: ore.Plus(ore)})
	if len(shows) != 1 || shows[0].Deck != engine.SecretDeck || !slices.Equal(shows[0].Cards, []int{2}) {
		t.Fatalf("shows %+v, want stolen card 2", shows)
	}
	tb.hands(t, 0, ore.Plus(ore), 0, 1, 2, 3, 4)
	tb.hands(t, 1, wool, 0, 1, 2, 4)
	tb.hands(t, 1, wool.Plus(brick), 3)
	for i, unknown := range []int{0, 0, 0, 1, 0} {
		if n, u := tb.unopened(i); n != 1 || u != unknown {
			t.Fatalf("state %d holds %d thefts, %d unknown", i, n, u)
		}
	}
}

// The Merchant takes cards the table can check without a stolen card:
// nothing is shown, both thefts stay unopened, and every device moves the
// cards alike.
func TestSealedMerchantTakesNoStolenCard(t *testing.T) {
	tb := merchantTable(t)
	lookAtSeat1(t, tb)
	if shows := tb.move(t, 0, catan.Action{Type: ActTakeCards, Get: ore.Plus(wool)}); len(shows) != 0 {
		t.Fatalf("shows %+v", shows)
	}
	tb.hands(t, 0, ore.Plus(wool), 0, 1, 2, 3, 4)
	for i := range tb {
		if n, _ := tb.unopened(i); n != 2 {
			t.Fatalf("state %d holds %d thefts", i, n)
		}
	}
}

// A Merchant that stole from the target itself knows that theft: it looks
// only at the other; a target holding 2 cards or fewer gives its whole
// hand, so its thefts open to all as without the option.
func TestSealedMerchantLooksOnlyWhereItMust(t *testing.T) {
	tb := newSecretTable(t, 4, engine.SecretLooks)
	tb.give(1, ore.Plus(brick).Plus(wool).Plus(wool))
	tb.give(2, coin)
	tb.rob(t, 0, 1, 0) // seat 0 takes a wool of seat 1's
	tb.rob(t, 1, 2, 0) // seat 1 takes seat 2's coin
	tb.each(func(g *game) { g.x.Defender[1] = 3 })
	tb.dealShown(0, MasterMerchant)
	tb.move(t, 0, catan.Action{Type: ActMasterMerchant, Seat: 1})
	if req := tb.chance(t, 0); req.OpensSecret != 2 || !slices.Equal(req.Audience, []engine.Seat{0, 1, 2}) {
		t.Fatalf("look %+v", req)
	}
	if tb[0].s.Phase != PhaseMasterMerchant {
		t.Fatalf("phase %v: a look at a theft seat 0 took part in", tb[0].s.Phase)
	}

	tb = newSecretTable(t, 3, engine.SecretLooks)
	tb.give(1, ore.Plus(brick).Plus(wool))
	tb.rob(t, 2, 1, 0)
	tb.each(func(g *game) { g.x.Defender[1] = 3 })
	tb.dealShown(0, MasterMerchant)
	tb.move(t, 0, catan.Action{Type: ActMasterMerchant, Seat: 1})
	if req := tb.chance(t, 0); req.OpensSecret != 1 || req.Hidden() {
		t.Fatalf("the whole hand goes, yet %+v", req)
	}
	tb.hands(t, 0, ore.Plus(brick), 0, 1, 2, 3)
}
