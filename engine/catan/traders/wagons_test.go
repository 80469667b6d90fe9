package traders

import (
	"testing"

	"tabula/engine/catan"
)

// movingTable is the test table with seat 0's wagon at level on node at.
func movingTable(t *testing.T, at, level int) (*catan.State, *Caravans) {
	t.Helper()
	s := table(t)
	c := caravans(s)
	c.Wagon[0], c.Level[0] = int8(at), int8(level)
	return s, c
}

// buildRoad has seat p (the active player) build a road between a and b.
func buildRoad(t *testing.T, s *catan.State, p, a, b int) {
	t.Helper()
	give(s, p, catan.RoadCost)
	do(t, s, p, catan.BuildRoad(route(t, a, b)))
}

// Orig: own road 1 point, a path 2, another player's road 1 and a gold to
// its owner. A mixed way: 18→13 and 13→9 on seat 0's roads, 9→14 a path,
// 14→19 on seat 1's road.
func TestMovementCostsAndTolls(t *testing.T) {
	s, c := movingTable(t, 18, 2) // 5 points
	buildRoad(t, s, 0, 13, 18)
	for _, st := range []struct{ to, points, gold0, gold1 int }{
		{13, 4, 5, 5}, {9, 3, 5, 5}, {14, 1, 5, 5}, {19, 0, 4, 6},
	} {
		do(t, s, 0, step(st.to))
		if int(c.Wagon[0]) != st.to || int(c.Points) != st.points ||
			int(s.Hand[0][catan.Gold]) != st.gold0 || int(s.Hand[1][catan.Gold]) != st.gold1 {
			t.Fatalf("at %d: wagon %d points %d gold %d/%d; want %d points, gold %d/%d", st.to, c.Wagon[0],
				c.Points, s.Hand[0][catan.Gold], s.Hand[1][catan.Gold], st.points, st.gold0, st.gold1)
		}
		if s.Phase != PhaseMove {
			t.Fatalf("phase %v while moving", s.Phase)
		}
	}
	// No points left: nothing but ending the turn.
	refuse(t, s, 0, step(24))
	if acts := s.Legal(0); len(acts) != 1 || acts[0].(catan.Action) != catan.EndTurn() {
		t.Errorf("with no points and no grain: %v", acts)
	}
	do(t, s, 0, catan.EndTurn())
	if s.Active != 1 || s.Phase != catan.PhaseRoll || c.Moving || c.Points != 0 {
		t.Errorf("after the turn: active %d phase %v moving %v points %d", s.Active, s.Phase, c.Moving, c.Points)
	}
}

// A toll that cannot be paid closes the road (choices.go).
func TestTollWithoutGold(t *testing.T) {
	s, _ := movingTable(t, 14, 1)
	s.Bank[catan.Gold] += s.Hand[0][catan.Gold]
	s.Hand[0][catan.Gold] = 0
	refuse(t, s, 0, step(19))
	if legal(s, 0, step(19)) {
		t.Error("a road with an unpaid toll listed")
	}
	do(t, s, 0, step(9)) // a path is free
	// The owner crosses its own road without a toll.
	s2, c2 := movingTable(t, 41, 1)
	c2.Wagon[0] = 13
	do(t, s2, 0, step(9))
	if s2.Hand[0][catan.Gold] != 5 || c2.Points != 3 {
		t.Errorf("own road: gold %d points %d", s2.Hand[0][catan.Gold], c2.Points)
	}
}

// Orig: a barbarian makes a path cost 4 and a road 3; without the points
// to pass it the wagon stops before it or goes another way.
func TestBarbarianSurchargeAndOutOfPoints(t *testing.T) {
	s, c := movingTable(t, 14, 1) // 4 points; the castle's barbarian on spoke 14–54
	spoke := route(t, 14, 54)
	if int(c.Barbarian[Castle]) != spoke {
		t.Fatalf("castle barbarian on %d, want %d", c.Barbarian[Castle], spoke)
	}
	if cost, toll := stepCost(s, c, 0, spoke); cost != 4 || toll != -1 {
		t.Errorf("path with a barbarian: %d points, toll %d", cost, toll)
	}
	c.Barbarian[Quarry] = int8(route(t, 13, 9)) // onto seat 0's own road
	if cost, _ := stepCost(s, c, 0, route(t, 13, 9)); cost != 3 {
		t.Errorf("own road with a barbarian: %d points", cost)
	}
	c.Barbarian[Glassworks] = int8(route(t, 19, 14)) // onto seat 1's road
	if cost, toll := stepCost(s, c, 0, route(t, 19, 14)); cost != 3 || toll != 1 {
		t.Errorf("seat 1's road with a barbarian: %d points, toll to %d", cost, toll)
	}
	// 14→10 a path (2 left), then 10 is next to the plaza by spoke 10–54
	// (a path, 2): fine; but from 14 with 2 left the barbarian's spoke
	// (4) is out of reach.
	do(t, s, 0, step(10))
	do(t, s, 0, step(14))
	if c.Points != 0 {
		t.Fatalf("points %d", c.Points)
	}
	s, c = movingTable(t, 9, 1)
	do(t, s, 0, step(14)) // path: 2 left
	refuse(t, s, 0, step(Plaza(Castle)))
	if legal(s, 0, step(Plaza(Castle))) || !legal(s, 0, step(10)) {
		t.Error("with 2 points: the barbarian's spoke listed, or the path to 10 not")
	}
	// The reachable set agrees: the castle is out of reach, corner 10 in.
	m := ViewOf(s).Movement
	if _, ok := reach(m.Reachable, Plaza(Castle)); ok {
		t.Error("castle reachable in the view")
	}
	if d, ok := reach(m.Reachable, 10); !ok || d.Cost != 2 {
		t.Errorf("corner 10 in the view: %+v", d)
	}
}

// Orig: one grain for 2 more points, once per turn, at any moment.
func TestGrainBoost(t *testing.T) {
	s, c := movingTable(t, 9, 1)
	give(s, 0, catan.Resources{catan.Grain: 2})
	do(t, s, 0, step(14)) // 2 left
	do(t, s, 0, boost)
	if c.Points != 4 || s.Hand[0][catan.Grain] != 1 || !c.Boosted {
		t.Fatalf("after the boost: points %d grain %d", c.Points, s.Hand[0][catan.Grain])
	}
	refuse(t, s, 0, boost)
	do(t, s, 0, step(Plaza(Castle))) // the barbarian's spoke: 4
	if s.Phase != PhaseCargo {
		t.Fatalf("at the castle: phase %v", s.Phase)
	}
	resolve(t, s, 0)
	if c.Points != 0 || !c.Stopped {
		t.Errorf("at the castle: points %d stopped %v", c.Points, c.Stopped)
	}
	// The boost before any step begins the movement: no more building.
	s, c = movingTable(t, 9, 1)
	give(s, 0, catan.Resources{catan.Grain: 1})
	do(t, s, 0, boost)
	if c.Points != 6 || s.Phase != PhaseMove {
		t.Errorf("boost first: points %d phase %v", c.Points, s.Phase)
	}
	give(s, 0, catan.RoadCost)
	refuse(t, s, 0, catan.BuildRoad(route(t, 9, 5)))
}

// Orig: from level 2 a wagon at an end of a barbarian's path may roll to
// drive it off: in the card's range the player puts it on another path
// (no theft) and moves on; otherwise not, and that barbarian is not tried
// again this turn.
func TestDriveOff(t *testing.T) {
	spoke := func(t *testing.T) int { return route(t, 14, 54) }
	// Level 1 cannot try.
	s, _ := movingTable(t, 14, 1)
	refuse(t, s, 0, driveOffAct(spoke(t)))
	// Level 2, a 6: success.
	s, c := movingTable(t, 14, 2)
	give(s, 1, catan.Resources{catan.Ore: 1})
	refuse(t, s, 0, driveOffAct(route(t, 14, 10))) // no barbarian there
	if !legal(s, 0, driveOffAct(spoke(t))) {
		t.Fatal("drive-off not listed")
	}
	do(t, s, 0, driveOffAct(spoke(t)))
	if k, r := chance(s); k != "drive-off" || len(r) != 1 || r[0] != 6 {
		t.Fatalf("drive-off chance %q %v", k, r)
	}
	resolve(t, s, 5) // a 6
	if s.Phase != PhasePlaceBarbarian || c.Points != 5 {
		t.Fatalf("after a 6: phase %v points %d", s.Phase, c.Points)
	}
	refuse(t, s, 0, placeBarb(int(c.Barbarian[Quarry]))) // taken
	refuse(t, s, 0, placeBarb(Board.SeaSides[Castle][1]))
	refuse(t, s, 0, step(Plaza(Castle)))
	do(t, s, 0, placeBarb(route(t, 19, 14))) // onto seat 1's road: no theft
	if s.Phase != PhaseMove || s.Hand[1][catan.Ore] != 1 || int(c.Barbarian[Castle]) != route(t, 19, 14) {
		t.Fatalf("after placing: phase %v, seat 1 %v, barbarian %d", s.Phase, s.Hand[1], c.Barbarian[Castle])
	}
	refuse(t, s, 0, driveOffAct(route(t, 19, 14))) // tried this turn
	do(t, s, 0, step(Plaza(Castle)))               // the spoke is a plain path now
	if c.Points != 0 || s.Phase != PhaseCargo {
		t.Errorf("at the castle: points %d phase %v", c.Points, s.Phase)
	}
	// Level 2, a 5: failure; the same barbarian not again this turn.
	s, c = movingTable(t, 14, 2)
	do(t, s, 0, driveOffAct(spoke(t)))
	resolve(t, s, 4)
	if s.Phase != PhaseMove || int(c.Barbarian[Castle]) != spoke(t) || c.Die != 5 {
		t.Fatalf("after a 5: phase %v barbarian %d die %d", s.Phase, c.Barbarian[Castle], c.Die)
	}
	refuse(t, s, 0, driveOffAct(spoke(t)))
	do(t, s, 0, step(Plaza(Castle))) // 5 points pass it (4)
	// Level 5 drives off on a 3.
	s, c = movingTable(t, 14, 5)
	do(t, s, 0, driveOffAct(spoke(t)))
	resolve(t, s, 2)
	if s.Phase != PhasePlaceBarbarian {
		t.Errorf("level 5, a 3: phase %v", s.Phase)
	}
}

// Orig: the first arrival at a plaza gives no gold and turns over the top
// card of its stack; the card's good names the destination.
func TestFirstVisitDrawsCargo(t *testing.T) {
	s, c := movingTable(t, 10, 1)
	do(t, s, 0, step(Plaza(Castle)))
	if k, r := chance(s); k != "cargo" || len(r) != 1 || r[0] != 12 {
		t.Fatalf("cargo chance %q %v", k, r)
	}
	if s.Hand[0][catan.Gold] != 5 {
		t.Errorf("gold %d on the first arrival", s.Hand[0][catan.Gold])
	}
	resolve(t, s, 7) // the castle's 6 tools, then 6 sand: sand
	want, _ := CargoOf(Castle, Sand)
	if c.Order[0] != want || c.Stacks.Left(Castle) != 11 || !c.Stopped || s.Phase != PhaseMove {
		t.Fatalf("order %v stack %d stopped %v", c.Order[0], c.Stacks.Left(Castle), c.Stopped)
	}
	if o := ViewOf(s).Wagons[0].Order; o == nil || o.Good != "sand" || o.To != "glassworks" || o.Plaza != Plaza(Glassworks) {
		t.Errorf("view order %+v", o)
	}
	refuse(t, s, 0, step(10))
	do(t, s, 0, catan.EndTurn())
}

// Orig: delivering turns the card into a point and pays gold by wagon
// level; then the next card of this hex's stack is turned over.
func TestDeliveryPaysGold(t *testing.T) {
	s, c := movingTable(t, 10, 3) // level 3: 3 gold
	marble, _ := CargoOf(Quarry, Marble)
	c.Order[0] = marble
	c.Stacks[marble]--
	points := s.PublicPoints(0)
	do(t, s, 0, step(Plaza(Castle)))
	if c.Delivered[0][marble] != 1 || c.Order[0] != NoCargo || s.Hand[0][catan.Gold] != 8 || s.PublicPoints(0) != points+1 {
		t.Fatalf("delivery: delivered %v order %v gold %d points %d (was %d)", c.Delivered[0], c.Order[0],
			s.Hand[0][catan.Gold], s.PublicPoints(0), points)
	}
	resolve(t, s, 0) // the castle's first card: tools
	tools, _ := CargoOf(Castle, Tools)
	if c.Order[0] != tools || c.Order[0].Destination() != Quarry {
		t.Errorf("new order %v", c.Order[0])
	}
	if v := ViewOf(s).Wagons[0]; len(v.Delivered) != 1 || v.Delivered[0].Good != "marble" {
		t.Errorf("view delivered %+v", v.Delivered)
	}
}

// Reaching a plaza that does not need the card ends the movement, nothing
// else; an empty stack gives no card.
func TestWrongPlazaAndEmptyStack(t *testing.T) {
	s, c := movingTable(t, 10, 2)
	tools, _ := CargoOf(Glassworks, Tools) // to the quarry
	c.Order[0] = tools
	c.Stacks[tools]--
	do(t, s, 0, step(Plaza(Castle)))
	if !c.Stopped || c.Order[0] != tools || s.Hand[0][catan.Gold] != 5 || s.Phase != PhaseMove {
		t.Errorf("wrong plaza: stopped %v order %v gold %d", c.Stopped, c.Order[0], s.Hand[0][catan.Gold])
	}
	s, c = movingTable(t, 10, 2)
	c.Stacks[0], c.Stacks[1] = 0, 0
	c.Delivered[1][0], c.Delivered[1][1] = 6, 6 // where the castle's cards went
	do(t, s, 0, step(Plaza(Castle)))
	if !c.Stopped || c.Order[0] != NoCargo {
		t.Errorf("empty stack: stopped %v order %v", c.Stopped, c.Order[0])
	}
	// Next turn the wagon leaves the plaza and gets a card elsewhere.
	if k, _ := chance(s); k != "" {
		t.Errorf("chance %q at an empty stack", k)
	}
}

// A plaza is never a building site; no road goes on a sea side; a road may
// run over the spokes and through the plaza.
func TestTradeHexBuilding(t *testing.T) {
	s := table(t)
	give(s, 0, catan.RoadCost)
	refuse(t, s, 0, catan.BuildRoad(Board.SeaSides[Castle][2]))
	buildRoad(t, s, 0, 9, Plaza(Castle))
	buildRoad(t, s, 0, Plaza(Castle), 10)
	buildRoad(t, s, 0, 10, 15)
	give(s, 0, catan.SettlementCost)
	refuse(t, s, 0, catan.BuildSettlement(Plaza(Castle)))
	do(t, s, 0, catan.BuildSettlement(15)) // at the end of the road through the plaza
	// The wagon runs over own spokes for 1 each, but never through the
	// plaza.
	c := caravans(s)
	c.Wagon[0] = 9
	if d, ok := reach(Reachable(ground(s, c), 0, 9, 4, 5, false), 10); !ok || d.Cost != 4 {
		t.Errorf("9→10 round the hex: %+v %v", d, ok)
	}
}

// Orig: upgrades pay the next card's cost in trade and build; level 5 is
// a point.
func TestUpgradeToLevelFive(t *testing.T) {
	s := table(t)
	c := caravans(s)
	points := s.PublicPoints(0)
	refuse(t, s, 0, upgrade)
	for l := 2; l <= MaxLevel; l++ {
		cost := Wagon(l).Cost
		give(s, 0, cost)
		bank := s.Bank
		if !legal(s, 0, upgrade) {
			t.Fatalf("upgrade to %d not listed", l)
		}
		do(t, s, 0, upgrade)
		if int(c.Level[0]) != l || s.Hand[0].Minus(catan.Of(catan.Gold, 5)) != (catan.Resources{}) || s.Bank != bank.Plus(cost) {
			t.Fatalf("level %d: hand %v", c.Level[0], s.Hand[0])
		}
	}
	if s.PublicPoints(0) != points+1 {
		t.Errorf("level 5: %d points, want %d", s.PublicPoints(0), points+1)
	}
	give(s, 0, catan.Resources{catan.Lumber: 3, catan.Wool: 3, catan.Ore: 3})
	refuse(t, s, 0, upgrade)
	if v := ViewOf(s).Wagons[0]; v.Next != nil || v.Card.Points != 7 || v.Card.VP != 1 {
		t.Errorf("view of level 5: %+v", v)
	}
	// Not once the wagon moves.
	s, c = movingTable(t, 9, 1)
	do(t, s, 0, step(14))
	give(s, 0, Wagon(2).Cost)
	refuse(t, s, 0, upgrade)
}

// Orig: 2 gold buy a resource, at most twice a turn; resources sold at the
// maritime rate bring a gold (any harbour rate, the 2:1 included); gold is
// never given to the bank in a maritime trade.
func TestGold(t *testing.T) {
	s := table(t)
	do(t, s, 0, buyGold(catan.Ore))
	do(t, s, 0, buyGold(catan.Grain))
	if s.Hand[0] != (catan.Resources{catan.Ore: 1, catan.Grain: 1, catan.Gold: 1}) {
		t.Fatalf("after two buys: %v", s.Hand[0])
	}
	give(s, 0, catan.Resources{catan.Gold: 4})
	refuse(t, s, 0, buyGold(catan.Ore)) // a third
	refuse(t, s, 0, catan.MaritimeTrade(catan.Gold, 4, catan.Ore))
	give(s, 0, catan.Resources{catan.Lumber: 4})
	do(t, s, 0, catan.MaritimeTrade(catan.Lumber, 4, catan.Gold))
	if s.Hand[0][catan.Gold] != 6 || s.Hand[0][catan.Lumber] != 0 {
		t.Fatalf("after selling: %v", s.Hand[0])
	}
	do(t, s, 0, catan.EndTurn())
	// Seat 1 buys again in its own turn.
	roll(t, s, 1, 2)
	do(t, s, 1, buyGold(catan.Brick))
	do(t, s, 1, catan.EndTurn())
	// Seat 2 sells at its 3:1 harbour, seat 3 2 wool at its 2:1.
	roll(t, s, 1, 2)
	give(s, 2, catan.Resources{catan.Brick: 3})
	do(t, s, 2, catan.MaritimeTrade(catan.Brick, 3, catan.Gold))
	do(t, s, 2, catan.EndTurn())
	roll(t, s, 1, 2)
	give(s, 3, catan.Resources{catan.Wool: 2})
	do(t, s, 3, catan.MaritimeTrade(catan.Wool, 2, catan.Gold))
	if s.Hand[2][catan.Gold] != 6 || s.Hand[3][catan.Gold] != 6 {
		t.Errorf("gold after harbour sales: seat 2 %d, seat 3 %d", s.Hand[2][catan.Gold], s.Hand[3][catan.Gold])
	}
	// Gold trades between players.
	give(s, 0, catan.Resources{catan.Ore: 1})
	do(t, s, 3, catan.ProposeTrade(catan.Resources{catan.Gold: 2}, catan.Resources{catan.Ore: 1}))
	do(t, s, 0, catan.AcceptTrade())
	for _, p := range []int{1, 2} {
		if s.Phase == catan.PhaseTradeOffer && s.Offer.Answer[p] == catan.Pending {
			do(t, s, p, catan.RejectTrade())
		}
	}
	do(t, s, 3, catan.ConfirmTrade(0))
	if s.Hand[0][catan.Gold] != 8 || s.Hand[3][catan.Ore] != 1 {
		t.Errorf("gold trade: seat 0 %v seat 3 %v", s.Hand[0], s.Hand[3])
	}
}

// Swift Journey: a second movement with the card's full points.
func TestSwiftJourney(t *testing.T) {
	s, c := movingTable(t, 24, 1)
	s.Dev[0][catan.SwiftJourney] = 1
	s.Deck[catan.SwiftJourney]--
	do(t, s, 0, swift)
	if c.Journeys != 1 || s.Dev[0][catan.SwiftJourney] != 0 || !s.DevPlayed {
		t.Fatalf("after playing: journeys %d", c.Journeys)
	}
	do(t, s, 0, step(19))
	do(t, s, 0, step(14)) // seat 1's road: 1 and a toll; 1 point left
	do(t, s, 0, catan.EndTurn())
	if s.Active != 0 || c.Points != 4 || c.Journeys != 0 || s.Phase != PhaseMove {
		t.Fatalf("second movement: active %d points %d", s.Active, c.Points)
	}
	do(t, s, 0, step(Plaza(Castle))) // the barbarian's spoke: 4
	resolve(t, s, 0)
	do(t, s, 0, catan.EndTurn())
	if s.Active != 1 {
		t.Errorf("active %d", s.Active)
	}
	// Not once the wagon moves; not the turn it is bought.
	s, c = movingTable(t, 24, 1)
	s.Dev[0][catan.SwiftJourney], s.Bought[catan.SwiftJourney] = 1, 1
	s.Deck[catan.SwiftJourney]--
	refuse(t, s, 0, swift)
	s.Bought[catan.SwiftJourney] = 0
	do(t, s, 0, step(19))
	refuse(t, s, 0, swift)
}

// Orig: 13 points on one's own turn win.
func TestWinByDelivery(t *testing.T) {
	s, c := movingTable(t, 10, 5) // level 5: 1 point
	// 3 points of buildings, 1 of the wagon, 8 delivered cards: 12.
	for k := Cargo(2); k < 6; k++ {
		c.Stacks[k] -= 2
		c.Delivered[0][k] = 2
	}
	if s.Points(0) != 12 {
		t.Fatalf("seat 0 has %d points", s.Points(0))
	}
	glass, _ := CargoOf(Glassworks, Glass)
	c.Order[0] = glass
	c.Stacks[glass]--
	do(t, s, 0, step(Plaza(Castle)))
	if !s.Status().Over || s.Winner != 0 || s.Points(0) != 13 {
		t.Errorf("after the 13th point: over %v winner %d", s.Status().Over, s.Winner)
	}
}
