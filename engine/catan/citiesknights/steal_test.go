package citiesknights

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
)

// Secret steals (steal.go) on a table of a referee and one device per
// seat: who learns each stolen card, and when a rule opens it.

// newSecretTable is newSealedTable with the Secrets option, and each of
// more set to "1".
func newSecretTable(t *testing.T, players int, more ...string) sealedTable {
	t.Helper()
	var tb sealedTable
	setup := engine.Setup{Players: players, Options: map[string]string{engine.Sealed: "1", engine.Secrets: "1"}}
	for _, opt := range more {
		setup.Options[opt] = "1"
	}
	for i := 0; i <= players; i++ {
		g := newGameOf(t, setup, nil)
		g.x.Attacks = 1 // the robber is free
		g.empty()
		tb = append(tb, g)
	}
	if !tb[0].s.SecretSteals() {
		t.Fatal("Cities & Knights does not steal in secret")
	}
	return tb
}

// chance resolves the pending request with value k on every state: the
// referee and the request's audience learn it, the other devices hold it
// unknown. It returns the request.
func (tb sealedTable) chance(t *testing.T, k int) engine.ChanceRequest {
	t.Helper()
	req := *tb[0].s.Status().Chance
	for i, g := range tb {
		o := engine.Outcome{k}
		if i > 0 {
			o = engine.Masked(req, o, []engine.Seat{engine.Seat(i - 1)})
		}
		g.resolve(o...)
	}
	tb.agree(t)
	return req
}

// soleHex is a hex next to victim's buildings and no other seat's but
// the thief's, the robber not on it.
func (tb sealedTable) soleHex(t *testing.T, thief, victim int) int {
	t.Helper()
	s := tb[0].s
	for h := 0; h < catan.NumHexes; h++ {
		c := HexCorners(h)
		ok := h != int(s.Robber) && buildings(s, victim)&c != 0
		for q := 0; q < s.Players; q++ {
			ok = ok && (q == thief || q == victim || buildings(s, q)&c == 0)
		}
		if ok {
			return h
		}
	}
	t.Fatalf("no hex for seat %d alone", victim)
	return -1
}

// rob makes thief move the robber onto victim's buildings and steal card
// k of its hand (a secret), then hands the turn back to seat 0's main
// phase. It returns the steal's request.
func (tb sealedTable) rob(t *testing.T, thief, victim, k int) engine.ChanceRequest {
	t.Helper()
	h := tb.soleHex(t, thief, victim)
	tb.each(func(g *game) {
		g.s.Active, g.s.Phase, g.s.Resume = int8(thief), catan.PhaseRobber, catan.PhaseMain
		g.do(thief, catan.MoveRobber(h))
	})
	req := tb.chance(t, k)
	if req.Secret == 0 || !slices.Equal(req.Audience, sortedSeats(thief, victim)) {
		t.Fatalf("the robber's steal %+v is not a secret of seats %d and %d", req, thief, victim)
	}
	tb.each(func(g *game) { g.s.Active, g.s.Phase = 0, catan.PhaseMain })
	return req
}

func sortedSeats(a, b int) []engine.Seat {
	s := []engine.Seat{engine.Seat(a), engine.Seat(b)}
	slices.Sort(s)
	return s
}

// dealShown gives seat p card c face up on every state (as a card drawn
// from under its deck: known to all), ready to play.
func (tb sealedTable) dealShown(p int, c Card) {
	tb.each(func(g *game) {
		g.deal(p, c)
		g.x.fromUnder(p, c.Deck(), c)
	})
}

// give gives seat p cards on every state.
func (tb sealedTable) give(p int, cards catan.Resources) { tb.each(func(g *game) { g.give(p, cards) }) }

// hands checks seat p's hand on the states listed (0 the referee, 1+q
// seat q's device).
func (tb sealedTable) hands(t *testing.T, p int, want catan.Resources, states ...int) {
	t.Helper()
	for _, i := range states {
		if got := tb[i].s.Hand[p]; got != want {
			t.Fatalf("state %d holds seat %d's hand as %v, want %v", i, p, got, want)
		}
	}
}

// unopened is the number of thefts state i holds unopened, and how many
// of them it does not know.
func (tb sealedTable) unopened(i int) (n, unknown int) {
	for _, th := range tb[i].s.Sealed.Thefts {
		n++
		if th.K == engine.Unknown {
			unknown++
		}
	}
	return n, unknown
}

var (
	ore   = catan.Of(catan.Ore, 1)
	brick = catan.Of(catan.Brick, 1)
	wool  = catan.Of(catan.Wool, 1)
	coin  = catan.Of(catan.Coin, 1)
	cloth = catan.Of(catan.Cloth, 1)
)

// The robber's steal is a secret of thief and victim: their devices and
// the referee move the card, the third device keeps it in the victim's
// hand as an unknown theft, and every device shows the same hand sizes.
func TestSealedRobberStealIsThiefsAndVictims(t *testing.T) {
	tb := newSecretTable(t, 3)
	tb.give(1, brick.Plus(ore).Plus(ore))
	req := tb.rob(t, 0, 1, 0) // card 0 of {brick, ore, ore}: the brick
	if !req.Hidden() || req.Secret != 1 || req.Ranges[0] != 3 {
		t.Fatalf("the steal %+v", req)
	}
	tb.hands(t, 0, brick, 0, 1, 2)
	tb.hands(t, 1, ore.Plus(ore), 0, 1, 2)
	tb.hands(t, 0, catan.Resources{}, 3)
	tb.hands(t, 1, brick.Plus(ore).Plus(ore), 3)
	if n, u := tb.unopened(3); n != 1 || u != 1 {
		t.Fatalf("seat 2's device holds %d thefts, %d unknown", n, u)
	}
	for i, g := range tb[1:] {
		v := g.s.ViewOf(2)
		if v.Seats[0].Cards != 1 || v.Seats[1].Cards != 2 {
			t.Fatalf("device %d shows seat 2 hands of %d and %d cards", i, v.Seats[0].Cards, v.Seats[1].Cards)
		}
	}
}

// The Bishop robs each victim in secret, one secret per victim, each
// known to the Bishop's player and that victim only; a victim's earlier
// theft opens first, so both audience devices count the same hand.
func TestSealedBishopStealsFromTwoVictims(t *testing.T) {
	tb := newSecretTable(t, 4)
	pasture := hex(1, 2) // seats 1 and 2 build there
	tb.give(1, wool.Plus(brick))
	tb.give(2, coin.Plus(cloth).Plus(cloth))
	tb.rob(t, 3, 1, 0) // seat 3 takes seat 1's wool: seats 0 and 2 do not know
	tb.dealShown(0, Bishop)
	tb.move(t, 0, catan.Action{Type: ActBishop, Hex: pasture})
	open := tb.chance(t, 0)
	if open.OpensSecret != 1 || open.Hidden() {
		t.Fatalf("first the theft from seat 1 opens in public: %+v", open)
	}
	tb.hands(t, 3, wool, 0, 1, 2, 3, 4)
	first := tb.chance(t, 0)  // seat 1's brick
	second := tb.chance(t, 2) // card 2 of {cloth, cloth, coin}: the coin
	if first.Secret != 2 || !slices.Equal(first.Audience, []engine.Seat{0, 1}) || first.Ranges[0] != 1 ||
		second.Secret != 3 || !slices.Equal(second.Audience, []engine.Seat{0, 2}) || second.Ranges[0] != 3 {
		t.Fatalf("the Bishop's steals: %+v, %+v", first, second)
	}
	tb.hands(t, 0, brick.Plus(coin), 0, 1)
	tb.hands(t, 0, brick, 2)
	tb.hands(t, 0, coin, 3)
	tb.hands(t, 0, catan.Resources{}, 4)
	tb.hands(t, 2, cloth.Plus(cloth), 0, 1, 3)
	tb.hands(t, 2, coin.Plus(cloth).Plus(cloth), 2, 4)
	for i, want := range []int{0, 0, 1, 1, 2} {
		if n, u := tb.unopened(i); n != 2 || u != want {
			t.Fatalf("state %d holds %d thefts, %d unknown, want 2, %d", i, n, u, want)
		}
	}
	if tb[0].s.Phase != catan.PhaseMain {
		t.Fatalf("phase %v after the Bishop", tb[0].s.Phase)
	}
}

// A 7 after a secret steal: every device counts the hands as the table
// sees them, so thief and victim owe the same discards everywhere; the
// thief's discard of the stolen card shows it first.
func TestSealedDiscardAfterSecretSteal(t *testing.T) {
	tb := newSecretTable(t, 3)
	tb.give(0, catan.Of(catan.Wool, 7))
	tb.give(1, ore.Plus(catan.Of(catan.Brick, 8)))
	tb.rob(t, 0, 1, 8) // card 8 of {brick ×8, ore}: the ore
	tb.each(func(g *game) {
		g.s.Phase = catan.PhaseRoll
		g.roll(6, 1, shipFace)
	})
	tb.agree(t)
	for i, g := range tb {
		if g.s.Phase != catan.PhaseDiscard || g.s.Discard[0] != 4 || g.s.Discard[1] != 4 || g.s.Discard[2] != 0 {
			t.Fatalf("state %d: phase %v, discards %v", i, g.s.Phase, g.s.Discard)
		}
	}
	if shows := tb.move(t, 1, catan.Discard(catan.Of(catan.Brick, 4))); len(shows) != 0 {
		t.Fatalf("the victim showed %v", shows)
	}
	give := ore.Plus(catan.Of(catan.Wool, 3))
	if err := tb.device(2).s.Copy().Do(0, catan.Discard(give)); err == nil {
		t.Fatal("seat 2's device took an ore it does not know seat 0 holds")
	}
	shows := tb.move(t, 0, catan.Discard(give))
	if len(shows) != 1 || shows[0].Deck != engine.SecretDeck || shows[0].Cards[0] != 1 || shows[0].Values[0] != 8 {
		t.Fatalf("shown before discarding the stolen ore: %+v", shows)
	}
	tb.hands(t, 0, catan.Of(catan.Wool, 4), 0, 1, 2, 3)
	tb.hands(t, 1, catan.Of(catan.Brick, 4), 0, 1, 2, 3)
	if n, _ := tb.unopened(3); n != 0 {
		t.Fatal("the theft is still unopened")
	}
}

// A Monopoly must know every opponent's count of its kind: the thefts
// open first, in public, then the cards move alike everywhere. While one
// is unopened the player may name any kind (its device cannot know who
// holds what), and the card may then take nothing.
func TestSealedMonopolyAfterSecretSteal(t *testing.T) {
	tb := newSecretTable(t, 3)
	tb.give(2, wool.Plus(wool))
	tb.rob(t, 1, 2, 0) // seat 1 takes a wool from seat 2; seat 0 does not know
	tb.dealShown(0, ResourceMonopoly)
	tb.dealShown(0, TradeMonopoly)
	lumber := catan.Action{Type: ActResourceMonopoly, Resource: catan.Lumber}
	tb.device(0).legalHas(0, lumber) // nobody holds lumber, but seat 0 cannot know
	play := catan.Action{Type: ActResourceMonopoly, Resource: catan.Wool}
	tb.move(t, 0, play)
	for i, g := range tb {
		if g.s.Phase != PhaseOpen || len(g.s.Status().Deciders) != 0 {
			t.Fatalf("state %d: phase %v", i, g.s.Phase)
		}
	}
	// A bot's plain copy has nothing to open: the card takes effect on the
	// hands it deals.
	d := tb.device(0).s.Determinize(0, rand.New(rand.NewPCG(1, 2))).(*catan.State)
	if err := d.CheckInvariants(); err != nil || d.Phase != catan.PhaseMain || d.Hand[0][catan.Wool] != 2 {
		t.Fatalf("the determinized copy: %v, phase %v, hand %v", err, d.Phase, d.Hand[0])
	}
	if req := tb.chance(t, 0); req.OpensSecret != 1 || req.Hidden() {
		t.Fatalf("the opening %+v", req)
	}
	tb.hands(t, 0, wool.Plus(wool), 0, 1, 2, 3)
	tb.hands(t, 1, catan.Resources{}, 0, 1, 2, 3)
	tb.hands(t, 2, catan.Resources{}, 0, 1, 2, 3)
	if tb[0].s.Phase != catan.PhaseMain || tb[0].x.Progress[0][ResourceMonopoly] != 0 {
		t.Fatalf("phase %v after the Monopoly", tb[0].s.Phase)
	}

	// Seat 0 steals seat 1's only cloth. While that theft is unopened the
	// rule cannot tell who holds cloth: seat 0 may name it, the theft
	// opens, and the Trade Monopoly takes nothing.
	tb.give(1, cloth)
	tb.rob(t, 0, 1, 0)
	tradeCloth := catan.Action{Type: ActTradeMonopoly, Resource: catan.Cloth}
	tb.device(0).legalHas(0, tradeCloth)
	tb.move(t, 0, tradeCloth)
	tb.chance(t, 0)
	tb.hands(t, 0, wool.Plus(wool).Plus(cloth), 0, 1, 2, 3)
	tb.hands(t, 1, catan.Resources{}, 0, 1, 2, 3)
	if tb[0].s.Phase != catan.PhaseMain || tb[0].x.Progress[0][TradeMonopoly] != 0 {
		t.Fatalf("phase %v: the card is spent for nothing", tb[0].s.Phase)
	}
	// Without unopened thefts the plain rule holds: no useless Monopoly.
	tb.dealShown(0, ResourceMonopoly)
	tb.give(1, ore)
	tb.device(0).legalHas(0, catan.Action{Type: ActResourceMonopoly, Resource: catan.Ore})
	tb.device(0).legalExcludes(0, lumber)
}

// The Master Merchant looks at the target's hand: the target's thefts
// open first (the others stay secret), then its player chooses 2 cards
// from the hand every device now knows. The Spy plays on progress cards,
// which are never stolen: it opens nothing.
func TestSealedLookAndChooseAfterSecretSteals(t *testing.T) {
	tb := newSecretTable(t, 4)
	tb.give(1, ore.Plus(brick))
	tb.give(2, wool.Plus(coin).Plus(cloth).Plus(ore))
	tb.rob(t, 3, 1, 0)                             // seat 3 takes card 0 of seat 1's {brick, ore}
	tb.rob(t, 1, 2, 1)                             // seat 1 takes card 1 of seat 2's {wool, ore, cloth, coin}
	tb.each(func(g *game) { g.x.Defender[2] = 3 }) // seat 2 has more points
	tb.dealShown(1, Deserter)
	tb.dealShown(0, Spy)
	tb.move(t, 0, catan.Action{Type: ActSpy, Seat: 1})
	if st := tb[0].s.Status(); st.Chance != nil || !slices.Equal(st.Deciders, []engine.Seat{1}) {
		t.Fatalf("the Spy's target hands over a card: %+v", st)
	}
	tb.move(t, 1, catan.Action{Type: ActSpyTake, Card: int(Deserter)})
	if n, _ := tb.unopened(0); n != 2 {
		t.Fatalf("the Spy opened thefts: %d left", n)
	}

	tb.dealShown(0, MasterMerchant)
	tb.move(t, 0, catan.Action{Type: ActMasterMerchant, Seat: 2})
	req := tb.chance(t, 1)
	if req.OpensSecret != 2 || tb[0].s.Phase != PhaseMasterMerchant {
		t.Fatalf("the opening %+v, phase %v", req, tb[0].s.Phase)
	}
	want := tb[0].s.Hand[2]
	tb.hands(t, 2, want, 0, 1, 2, 3, 4)
	for i := range tb { // seat 3's theft from seat 1 stays secret
		if n, _ := tb.unopened(i); n != 1 || tb[i].s.Sealed.Thefts[0].Secret != 1 {
			t.Fatalf("state %d holds %d thefts", i, n)
		}
	}
	legal, _ := json.Marshal(tb.device(0).s.Legal(0))
	ref, _ := json.Marshal(tb[0].s.Legal(0))
	if string(legal) != string(ref) {
		t.Fatalf("seat 0's device lists %s, the referee %s", legal, ref)
	}
	peek := ViewOf(tb.device(0).s, 0).Peek
	if peek == nil || peek.Hand == nil || *peek.Hand != want {
		t.Fatalf("seat 0 sees %+v of seat 2's hand %v", peek, want)
	}
	tb.move(t, 0, catan.Action{Type: ActTakeCards, Get: coin.Plus(cloth)})
	tb.hands(t, 2, want.Minus(coin.Plus(cloth)), 0, 1, 2, 3, 4)
}

// The Commercial Harbor must know which opponents hold a commodity: the
// thefts open first; a Wedding that takes a richer player's whole hand
// opens that player's thefts first. Both then act on the hands every
// device knows.
func TestSealedHarborAndWeddingAfterSecretSteals(t *testing.T) {
	tb := newSecretTable(t, 3)
	tb.give(2, coin)
	tb.give(0, catan.Of(catan.Lumber, 1))
	tb.rob(t, 1, 2, 0) // seat 1 takes seat 2's only coin; seat 0 does not know
	tb.dealShown(0, CommercialHarbor)
	harbor := catan.Action{Type: ActCommercialHarbor}
	tb.device(0).legalHas(0, harbor)
	tb.move(t, 0, harbor)
	if req := tb.chance(t, 0); req.OpensSecret != 1 {
		t.Fatalf("the opening %+v", req)
	}
	for i, g := range tb {
		if g.s.Phase != PhaseHarbor || g.x.Target != 1 {
			t.Fatalf("state %d: phase %v, the harbor meets seat %d", i, g.s.Phase, g.x.Target)
		}
	}
	tb.move(t, 0, catan.Action{Type: ActHarborOffer, Resource: catan.Lumber})
	tb.hands(t, 0, coin, 0, 1, 2, 3)
	tb.hands(t, 1, catan.Of(catan.Lumber, 1), 0, 1, 2, 3)

	tb = newSecretTable(t, 3)
	tb.give(1, ore.Plus(brick))
	tb.rob(t, 2, 1, 0) // seat 2 takes seat 1's brick; seat 1 keeps the ore
	tb.each(func(g *game) { g.x.Defender[1] = 3 })
	tb.dealShown(0, Wedding)
	tb.move(t, 0, catan.Action{Type: ActWedding})
	if req := tb.chance(t, 0); req.OpensSecret != 1 {
		t.Fatalf("the opening %+v", req)
	}
	tb.hands(t, 0, ore, 0, 1, 2, 3)
	tb.hands(t, 1, catan.Resources{}, 0, 1, 2, 3)
	tb.hands(t, 2, brick, 0, 1, 2, 3)
	if tb[0].s.Phase != catan.PhaseMain {
		t.Fatalf("phase %v after the Wedding", tb[0].s.Phase)
	}
}
