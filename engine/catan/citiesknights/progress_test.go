package citiesknights

import (
	"encoding/json"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
)

// Science.

func TestAlchemist(t *testing.T) {
	g := newGame(t)
	g.deal(0, Alchemist)
	g.refuse(0, catan.Action{Type: ActAlchemist, Dice: [2]int8{0, 3}})
	g.do(0, catan.Action{Type: ActAlchemist, Dice: [2]int8{2, 3}})
	st := g.s.Status()
	if st.Chance == nil || st.Chance.Kind != "event-die" || len(st.Chance.Ranges) != 1 {
		t.Fatalf("after the Alchemist only the event die is rolled: %+v", st.Chance)
	}
	before := g.s.Hand[0]
	g.resolve(shipFace)
	if g.x.Red != 2 || g.x.Yellow != 3 || g.x.Ship != 1 {
		t.Fatalf("red %d yellow %d ship %d", g.x.Red, g.x.Yellow, g.x.Ship)
	}
	if got := g.s.Hand[0].Minus(before); got != (catan.Resources{catan.Wool: 1, catan.Cloth: 1}) {
		t.Fatalf("5 on Pasture 5: got %v", got)
	}
	// Only before the roll.
	g.deal(0, Alchemist)
	g.refuse(0, catan.Action{Type: ActAlchemist, Dice: [2]int8{2, 3}})
}

func TestCrane(t *testing.T) {
	g := mainGame(t)
	g.deal(0, Crane)
	g.do(0, catan.Action{Type: ActCrane, Card: int(Trade)}) // level 1 free
	if g.x.Level[0][Trade] != 1 || g.x.Progress[0][Crane] != 0 {
		t.Fatal("trade level 1 for nothing")
	}
	g.deal(0, Crane)
	g.refuse(0, catan.Action{Type: ActCrane, Card: int(Trade)}) // level 2 costs 1 cloth with it
	g.give(0, catan.Of(catan.Cloth, 1))
	g.do(0, catan.Action{Type: ActCrane, Card: int(Trade)})
	if g.x.Level[0][Trade] != 2 || g.s.Hand[0][catan.Cloth] != 0 {
		t.Fatal("level 2 for 1 cloth")
	}
}

func TestEngineer(t *testing.T) {
	g := mainGame(t)
	g.deal(0, Engineer)
	g.refuse(0, catan.Action{Type: ActEngineer, Vertex: g.home})
	g.do(0, catan.Action{Type: ActEngineer, Vertex: g.castle})
	if g.x.Walls != bit(g.castle) {
		t.Fatal("a free wall")
	}
}

func TestInventor(t *testing.T) {
	g := newGame(t)
	g.roll(6, 1, shipFace)
	g.deal(0, Inventor)
	a, b := hex(1, 3), hex(4, 4)                                        // Forest 9, Pasture 5
	g.refuse(0, catan.Action{Type: ActInventor, Hex: a, To: hex(2, 2)}) // Hills 6
	g.refuse(0, catan.Action{Type: ActInventor, Hex: a, To: hex(3, 1)}) // 9 and 9
	g.do(0, catan.Action{Type: ActInventor, Hex: a, To: b})
	if g.s.Board.Number[a] != 5 || g.s.Board.Number[b] != 9 {
		t.Fatal("tokens swapped")
	}
	// Production follows the tokens: a 9 now yields at Pasture (castle).
	g.do(0, catan.EndTurn())
	before := g.s.Hand[0]
	g.roll(4, 5, shipFace)
	if got := g.s.Hand[0].Minus(before); got[catan.Cloth] != 1 {
		t.Fatalf("9 on Pasture: got %v", got)
	}
}

func TestIrrigationAndMining(t *testing.T) {
	g := mainGame(t)
	g.deal(0, Irrigation)
	g.deal(0, Mining)
	g.do(0, catan.Action{Type: ActIrrigation}) // Fields 9 at home
	g.do(0, catan.Action{Type: ActMining})     // Mountains 8 at the castle
	if g.s.Hand[0] != (catan.Resources{catan.Grain: 2, catan.Ore: 2}) {
		t.Fatalf("hand %v", g.s.Hand[0])
	}
	// Seat 1 (Pasture 2, Forest 9, Pasture 4 and Mountains 10 corners) has
	// no fields: refused.
	g.toMain(1)
	g.deal(1, Irrigation)
	g.refuse(1, catan.Action{Type: ActIrrigation})
}

func TestMedicine(t *testing.T) {
	g := mainGame(t)
	g.deal(0, Medicine)
	g.give(0, catan.Resources{catan.Ore: 2})
	g.refuse(0, catan.Action{Type: ActMedicine, Vertex: g.home}) // no grain
	g.give(0, catan.Of(catan.Grain, 1))
	g.refuse(0, catan.Action{Type: ActMedicine, Vertex: g.castle}) // already a city
	g.do(0, catan.Action{Type: ActMedicine, Vertex: g.home})
	if !g.s.City[g.home] || g.s.Hand[0] != (catan.Resources{}) || g.points(0) != 4 {
		t.Fatal("a city for 2 ore and 1 grain")
	}
}

func TestRoadBuildingCard(t *testing.T) {
	g := mainGame(t)
	g.deal(0, RoadBuilding)
	g.do(0, catan.PlayRoadBuilding())
	if g.s.Phase != catan.PhaseRoadBuilding || g.s.FreeRoads != 2 {
		t.Fatalf("phase %v, %d free roads", g.s.Phase, g.s.FreeRoads)
	}
	for i := 0; i < 2; i++ {
		g.do(0, g.s.Legal(0)[0].(catan.Action))
	}
	if g.s.Phase != catan.PhaseMain || g.s.RoadsLeft[0] != catan.RoadPieces-4 {
		t.Fatalf("2 founding roads + 2 free: %d left", g.s.RoadsLeft[0])
	}
}

func TestSmith(t *testing.T) {
	g := knightGame(t)
	g.knight(0, kA, Basic, true)
	g.knight(0, kF, Strong, false)
	g.deal(0, Smith)
	g.refuse(0, catan.Action{Type: ActSmith, Vertex: kA, To: kF}) // mighty needs the Fortress
	g.do(0, catan.Action{Type: ActSmith, Vertex: kA, To: -1})
	if g.x.Rank[kA] != Strong || g.x.Active&bit(kA) == 0 {
		t.Fatal("promoted, still active, free")
	}
	g.nextTurn(0)
	g.x.Level[0][Politics] = 3
	g.deal(0, Smith)
	g.do(0, catan.Action{Type: ActSmith, Vertex: kA, To: kF})
	if g.x.Rank[kA] != Mighty || g.x.Rank[kF] != Mighty {
		t.Fatal("both mighty")
	}
}

func TestVictoryPointCards(t *testing.T) {
	g := newGame(t)
	g.x.Level[2][Politics] = 1
	g.do(0, catan.Roll())
	g.resolve(0, 5, politicsGate)
	g.resolve(2) // Bishop ×2, then the Constitution
	if g.x.Constitution != 2 || g.x.progressHeld(2) != 0 || g.points(2) != 4 {
		t.Fatal("the Constitution is shown and scores at once")
	}
	if v := ViewOf(g.s, 0); !v.Seats[2].Constitution {
		t.Fatal("everybody sees it")
	}
}

// Politics.

func TestBishop(t *testing.T) {
	g := mainGame(t)
	g.give(1, catan.Resources{catan.Wool: 1, catan.Brick: 1})
	g.give(2, catan.Resources{catan.Coin: 1})
	g.deal(0, Bishop)
	pasture2 := hex(1, 2)                                     // seats 1 and 2 build there
	g.refuse(0, catan.Action{Type: ActBishop, Hex: pasture2}) // before the first attack
	g.x.Attacks = 1
	g.do(0, catan.Action{Type: ActBishop, Hex: pasture2})
	if g.s.Robber != int8(pasture2) || g.s.Phase != PhaseBishop {
		t.Fatalf("phase %v", g.s.Phase)
	}
	if st := g.s.Status(); st.Chance == nil || st.Chance.Ranges[0] != 2 {
		t.Fatalf("first a card of seat 1's 2: %+v", st.Chance)
	}
	g.resolve(1) // brick
	g.resolve(0) // seat 2's coin
	if g.s.Hand[0] != (catan.Resources{catan.Brick: 1, catan.Coin: 1}) || g.s.Phase != catan.PhaseMain {
		t.Fatalf("hand %v", g.s.Hand[0])
	}
}

func TestDeserter(t *testing.T) {
	g := knightGame(t)
	g.knight(1, kC, Strong, true)
	g.knight(1, kE, Basic, false)
	g.deal(0, Deserter)
	g.refuse(0, catan.Action{Type: ActDeserter, Seat: 2}) // no knights
	g.do(0, catan.Action{Type: ActDeserter, Seat: 1})
	if g.s.Phase != PhaseDesert || g.s.Status().Deciders[0] != 1 {
		t.Fatal("seat 1 chooses the knight")
	}
	g.do(1, catan.Action{Type: ActRemoveKnight, Vertex: kC})
	if g.s.Phase != PhaseDeserterPlace || g.x.Knights[1] != bit(kE) {
		t.Fatal("removed; seat 0 may place")
	}
	g.do(0, catan.Action{Type: ActPlaceDeserter, Vertex: kF})
	if g.x.Rank[kF] != Strong || g.x.Active&bit(kF) == 0 || g.x.Knights[0] != bit(kF) {
		t.Fatal("a strong knight, active like the removed one")
	}
	g.refuse(0, MoveKnight(kF, kB)) // placed active this turn (reading 8)
	// With one knight the victim has no choice; the player may pass.
	g.deal(0, Deserter)
	g.do(0, catan.Action{Type: ActDeserter, Seat: 1})
	if g.x.Knights[1] != 0 || g.s.Phase != PhaseDeserterPlace {
		t.Fatal("seat 1's only knight went at once")
	}
	g.do(0, catan.Action{Type: ActDeserterPass})
	if g.x.Knights[0] != bit(kF) || g.s.Phase != catan.PhaseMain {
		t.Fatal("passed")
	}
}

func TestDiplomat(t *testing.T) {
	g := knightGame(t)
	g.deal(0, Diplomat)
	closed := pathBetween(t, g.castle, kA)
	g.refuse(0, catan.Action{Type: ActDiplomat, Edge: closed})
	theirs := pathBetween(t, kC, kB) // seat 1's, open at 41
	g.do(0, catan.Action{Type: ActDiplomat, Edge: theirs})
	if g.s.Road[theirs] != -1 || g.s.RoadsLeft[1] != catan.RoadPieces-3 || g.s.Phase != catan.PhaseMain {
		t.Fatal("seat 1's road removed")
	}
	// One's own open road may be placed again.
	g.deal(0, Diplomat)
	mine := pathBetween(t, kB, kF)
	g.do(0, catan.Action{Type: ActDiplomat, Edge: mine})
	if g.s.Phase != PhaseDiplomatRoad {
		t.Fatalf("phase %v", g.s.Phase)
	}
	again := pathBetween(t, kB, kC)
	g.do(0, catan.Action{Type: ActReplaceRoad, Edge: again})
	if g.s.Road[again] != 0 || g.s.Road[mine] != -1 || g.s.Phase != catan.PhaseMain {
		t.Fatal("moved to 41–45")
	}
}

func TestIntrigue(t *testing.T) {
	g := knightGame(t)
	g.knight(1, kB, Mighty, true) // at the end of seat 0's road
	g.knight(1, kE, Basic, false)
	g.deal(0, Intrigue)
	g.refuse(0, catan.Action{Type: ActIntrigue, Vertex: kE}) // not at seat 0's road
	g.do(0, catan.Action{Type: ActIntrigue, Vertex: kB})
	// Seat 1's ways back from 41 along its roads: 45, or past its city on
	// 49 to 52.
	if g.x.Knights[1]&bit(kB) != 0 || g.s.Phase != PhaseRetreat {
		t.Fatalf("displaced: phase %v", g.s.Phase)
	}
	g.do(1, catan.Action{Type: ActRetreat, Vertex: 52})
	if g.x.Knights[1] != bit(kE)|bit(52) || g.x.Rank[52] != Mighty || g.x.Active&bit(52) == 0 {
		t.Fatal("seat 1 keeps both knights, the mighty one still active")
	}
}

func TestSaboteur(t *testing.T) {
	g := mainGame(t)
	g.give(1, catan.Resources{catan.Grain: 5})
	g.give(2, catan.Resources{catan.Ore: 1})
	g.give(3, catan.Resources{catan.Wool: 2, catan.Cloth: 2})
	g.x.Defender[0] = 1 // seat 0: 4 points, seat 3 too after this
	g.x.Defender[3] = 1
	g.deal(0, Saboteur)
	g.do(0, catan.Action{Type: ActSaboteur})
	// Seats 1 and 2 have fewer points: only seat 3 discards 2.
	if g.s.Phase != PhaseSabotage || g.x.Owe != [MaxPlayers]int8{0, 0, 0, 2} {
		t.Fatalf("phase %v owe %v", g.s.Phase, g.x.Owe)
	}
	g.refuse(3, catan.Discard(catan.Of(catan.Wool, 1)))
	g.do(3, catan.Discard(catan.Resources{catan.Wool: 1, catan.Cloth: 1}))
	if g.s.Hand[3] != (catan.Resources{catan.Wool: 1, catan.Cloth: 1}) || g.s.Phase != catan.PhaseMain {
		t.Fatal("half discarded")
	}
}

func TestSpy(t *testing.T) {
	g := newGame(t)
	g.roll(6, 1, shipFace)
	g.deal(1, Bishop)
	g.deal(1, Merchant)
	g.deal(0, Spy)
	g.refuse(0, catan.Action{Type: ActSpy, Seat: 2}) // no cards
	g.do(0, catan.Action{Type: ActSpy, Seat: 1})
	v := ViewOf(g.s, 0)
	if v.Peek == nil || v.Peek.Seat != 1 || v.Peek.Cards["merchant"] != 1 || v.Prompt.Code != "spy-take" {
		t.Fatalf("seat 0 sees seat 1's cards: %+v", v.Peek)
	}
	if ViewOf(g.s, 2).Peek != nil {
		t.Fatal("nobody else does")
	}
	g.do(0, catan.Action{Type: ActSpyTake, Card: int(Merchant)})
	if g.x.Progress[0][Merchant] != 1 || g.x.Progress[1][Merchant] != 0 {
		t.Fatal("taken")
	}
}

func TestWedding(t *testing.T) {
	g := mainGame(t)
	g.x.Defender[1], g.x.Defender[2] = 1, 1 // richer than seat 0
	g.give(1, catan.Resources{catan.Grain: 2, catan.Paper: 1})
	g.give(2, catan.Resources{catan.Ore: 1})
	g.give(3, catan.Resources{catan.Wool: 3}) // as rich as seat 0: gives nothing
	g.deal(0, Wedding)
	g.do(0, catan.Action{Type: ActWedding})
	if g.s.Hand[0] != catan.Of(catan.Ore, 1) || g.s.Phase != PhaseWedding {
		t.Fatalf("seat 2 gave its only card at once: %v", g.s.Hand[0])
	}
	g.refuse(1, catan.Action{Type: ActGiveCards, Give: catan.Of(catan.Grain, 1)})
	g.do(1, catan.Action{Type: ActGiveCards, Give: catan.Resources{catan.Grain: 1, catan.Paper: 1}})
	if g.s.Hand[0] != (catan.Resources{catan.Ore: 1, catan.Grain: 1, catan.Paper: 1}) || g.s.Phase != catan.PhaseMain {
		t.Fatalf("hand %v", g.s.Hand[0])
	}
}

// Trade.

func TestCommercialHarbor(t *testing.T) {
	g := mainGame(t)
	g.give(0, catan.Resources{catan.Brick: 2})
	g.give(1, catan.Resources{catan.Paper: 1, catan.Coin: 1})
	g.give(3, catan.Resources{catan.Cloth: 1})
	g.deal(0, CommercialHarbor)
	g.do(0, catan.Action{Type: ActCommercialHarbor})
	if g.s.Phase != PhaseHarbor || g.x.Target != 1 {
		t.Fatal("first seat 1 (seat 2 holds no commodity)")
	}
	g.do(0, catan.Action{Type: ActHarborOffer, Resource: catan.Brick})
	if g.s.Phase != PhaseHarborReturn {
		t.Fatal("seat 1 chooses paper or coin")
	}
	g.do(1, catan.Action{Type: ActHarborReturn, Resource: catan.Coin})
	// Seat 3 holds only cloth: the exchange is made at once.
	g.do(0, catan.Action{Type: ActHarborOffer, Resource: catan.Brick})
	if g.s.Hand[0] != (catan.Resources{catan.Coin: 1, catan.Cloth: 1}) || g.s.Phase != catan.PhaseMain {
		t.Fatalf("hand %v phase %v", g.s.Hand[0], g.s.Phase)
	}
	if g.s.Hand[1] != (catan.Resources{catan.Brick: 1, catan.Paper: 1}) {
		t.Fatal("seat 1 got the brick")
	}
	// Each opponent once per turn.
	g.deal(0, CommercialHarbor)
	g.give(0, catan.Resources{catan.Brick: 1})
	g.refuse(0, catan.Action{Type: ActCommercialHarbor})
}

func TestMasterMerchant(t *testing.T) {
	g := mainGame(t)
	g.x.Defender[2] = 1
	g.give(2, catan.Resources{catan.Grain: 2, catan.Coin: 2})
	g.give(1, catan.Resources{catan.Ore: 3})
	g.deal(0, MasterMerchant)
	g.refuse(0, catan.Action{Type: ActMasterMerchant, Seat: 1}) // not richer
	g.do(0, catan.Action{Type: ActMasterMerchant, Seat: 2})
	v := ViewOf(g.s, 0)
	if v.Peek == nil || v.Peek.Hand == nil || *v.Peek.Hand != g.s.Hand[2] {
		t.Fatal("seat 0 sees seat 2's hand")
	}
	g.refuse(0, catan.Action{Type: ActTakeCards, Get: catan.Of(catan.Grain, 3)})
	g.do(0, catan.Action{Type: ActTakeCards, Get: catan.Resources{catan.Grain: 1, catan.Coin: 1}})
	if g.s.Hand[0] != (catan.Resources{catan.Grain: 1, catan.Coin: 1}) {
		t.Fatal("took 2")
	}
}

func TestMerchant(t *testing.T) {
	g := newGame(t)
	g.roll(6, 1, shipFace)
	g.deal(0, Merchant)
	g.refuse(0, catan.Action{Type: ActMerchant, Hex: hex(1, 1)}) // not next to seat 0
	g.do(0, catan.Action{Type: ActMerchant, Hex: hex(3, 5)})     // Mountains 8
	if g.points(0) != 4 || g.s.Rate(0, catan.Ore) != 2 || g.s.Rate(0, catan.Wool) != 4 {
		t.Fatalf("1 VP and ore 2:1: %d points, ore %d", g.points(0), g.s.Rate(0, catan.Ore))
	}
	// Another player's Merchant takes it, and the point.
	g.toMain(3)
	g.deal(3, Merchant)
	g.do(3, catan.Action{Type: ActMerchant, Hex: hex(2, 1)})
	if g.points(0) != 3 || g.points(3) != 4 || g.s.Rate(0, catan.Ore) != 4 {
		t.Fatal("moved to seat 3")
	}
}

func TestMerchantFleet(t *testing.T) {
	g := mainGame(t)
	g.deal(0, MerchantFleet)
	g.do(0, catan.Action{Type: ActMerchantFleet, Resource: catan.Cloth})
	g.give(0, catan.Of(catan.Cloth, 2))
	g.do(0, catan.MaritimeTrade(catan.Cloth, 2, catan.Brick))
	if g.s.Hand[0] != catan.Of(catan.Brick, 1) {
		t.Fatal("2 cloth for a brick")
	}
	g.nextTurn(0)
	if g.s.Rate(0, catan.Cloth) != 4 {
		t.Fatal("only for the turn it was played")
	}
}

func TestMonopolies(t *testing.T) {
	g := mainGame(t)
	g.give(1, catan.Resources{catan.Grain: 3, catan.Cloth: 2})
	g.give(2, catan.Resources{catan.Grain: 1})
	g.give(3, catan.Resources{catan.Cloth: 1})
	g.deal(0, ResourceMonopoly)
	g.deal(0, TradeMonopoly)
	g.refuse(0, catan.Action{Type: ActResourceMonopoly, Resource: catan.Cloth})
	g.do(0, catan.Action{Type: ActResourceMonopoly, Resource: catan.Grain})
	g.do(0, catan.Action{Type: ActTradeMonopoly, Resource: catan.Cloth})
	if g.s.Hand[0] != (catan.Resources{catan.Grain: 3, catan.Cloth: 2}) {
		t.Fatalf("2 grain from seat 1, 1 from seat 2; 1 cloth each: %v", g.s.Hand[0])
	}
}

// Trade level 3: commodities 2:1.
func TestMerchantGuild(t *testing.T) {
	g := newGame(t)
	if g.s.Rate(0, catan.Coin) != 4 {
		t.Fatal("4:1 before")
	}
	g.x.Level[0][Trade] = 3
	if g.s.Rate(0, catan.Coin) != 2 || g.s.Rate(0, catan.Ore) != 4 {
		t.Fatal("commodities 2:1, resources not")
	}
}

// The hand limit of 4: off-turn excess is discarded at once (after the
// roll's draws); on one's own turn, the turn cannot end above 4.
func TestProgressHandLimit(t *testing.T) {
	g := newGame(t)
	for _, c := range []Card{Bishop, Bishop, Spy, Spy} {
		g.deal(1, c)
	}
	g.x.Level[1][Politics] = 1
	g.do(0, catan.Roll())
	g.resolve(0, 5, politicsGate)
	g.resolve(5) // the third Spy: seat 1 holds 5
	if g.s.Phase != PhaseProgressLimit || g.s.Status().Deciders[0] != 1 {
		t.Fatalf("phase %v: seat 1 discards", g.s.Phase)
	}
	if v := ViewOf(g.s, 1); v.Prompt.Code != "discard-progress" || v.Prompt.Count != 1 {
		t.Fatalf("prompt %+v", v.Prompt)
	}
	g.do(1, DiscardProgress(Spy))
	if g.x.progressHeld(1) != 4 || g.x.Decks[Politics].UnderN != 1 || g.s.Phase != catan.PhaseMain {
		t.Fatal("discarded under the deck; the roll goes on")
	}
	// Seat 0, own turn: 5 cards are fine until the end of the turn.
	for _, c := range []Card{Crane, Crane, Inventor, Inventor, Smith} {
		g.deal(0, c)
	}
	g.refuse(0, catan.EndTurn())
	g.do(0, DiscardProgress(Smith))
	g.refuse(0, DiscardProgress(Crane)) // no need below the limit
	g.do(0, catan.EndTurn())
}

// Progress cards are hidden: only their number shows to others.
func TestProgressCardsHidden(t *testing.T) {
	g := newGame(t)
	g.deal(0, Spy)
	for seat := engine.Spectator; int(seat) < 4; seat++ {
		b, err := json.Marshal(g.s.View(seat))
		if err != nil {
			t.Fatal(err)
		}
		shows := strings.Contains(string(b), `"spy"`)
		if shows != (seat == 0) {
			t.Errorf("view of seat %d shows the Spy: %v", seat, shows)
		}
	}
	if v := ViewOf(g.s, 2); v.Seats[0].Progress != 1 {
		t.Error("the count is public")
	}
}
