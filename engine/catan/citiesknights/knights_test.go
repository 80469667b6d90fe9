package citiesknights

import (
	"testing"

	"tabula/engine/catan"
)

// The knights' ground: seat 0's roads castle (31) – 36 – 41 – 46, seat 1's
// city on 49 (Fields 6 / Pasture 11) and its roads 49 – 45 – 41 and 45 – 40.
const (
	kA, kB, kC, kD, kE, kF = 36, 41, 45, 49, 40, 46
)

func knightGame(t *testing.T) *game {
	g := newGameWith(t, 4, map[int]int{1: kD})
	if g.castle != 31 {
		t.Fatalf("castle is %d", g.castle)
	}
	g.roads(0, g.castle, kA, kB, kF)
	g.roads(1, kD, kC, kB)
	g.roll(6, 1, shipFace)
	g.empty()
	return g
}

func TestHireKnight(t *testing.T) {
	g := knightGame(t)
	g.give(0, catan.Resources{catan.Wool: 3, catan.Ore: 3})
	g.refuse(0, HireKnight(g.castle)) // a building
	g.refuse(0, HireKnight(kD))       // not at one of seat 0's road ends
	g.do(0, HireKnight(kB))
	if g.x.Rank[kB] != Basic || g.x.Knights[0]&bit(kB) == 0 || g.x.Active&bit(kB) != 0 {
		t.Fatal("a basic knight, inactive, on 41")
	}
	if g.s.Hand[0] != (catan.Resources{catan.Wool: 2, catan.Ore: 2}) {
		t.Fatalf("paid 1 wool + 1 ore: hand %v", g.s.Hand[0])
	}
	g.refuse(0, HireKnight(kB)) // occupied
	g.do(0, HireKnight(kA))
	g.refuse(0, HireKnight(kF)) // both basic knights are out
	g.s.Hand[0] = catan.Resources{}
	g.s.Bank = g.s.Bank.Plus(catan.Resources{catan.Wool: 1, catan.Ore: 1})
	g.x.lift(g.s, kA)
	g.refuse(0, HireKnight(kF)) // no wool and ore
}

func TestActivateAndAct(t *testing.T) {
	g := knightGame(t)
	g.give(0, catan.Resources{catan.Wool: 1, catan.Ore: 1, catan.Grain: 1})
	g.do(0, HireKnight(kA))
	g.refuse(0, MoveKnight(kA, kF)) // inactive
	g.do(0, ActivateKnight(kA))
	if g.s.Hand[0] != (catan.Resources{}) || g.x.Active&bit(kA) == 0 {
		t.Fatal("active for 1 grain")
	}
	g.refuse(0, ActivateKnight(kA)) // already active
	g.refuse(0, MoveKnight(kA, kF)) // not in the turn it was activated
	g.nextTurn(0)
	g.legalHas(0, MoveKnight(kA, kF))
	g.refuse(0, MoveKnight(kA, g.castle)) // a building
	g.do(0, MoveKnight(kA, kF))
	if g.x.Knights[0]&bit(kF) == 0 || g.x.Active&bit(kF) != 0 || g.x.Rank[kF] != Basic {
		t.Fatal("moved to 46, inactive")
	}
	// Re-activated the same turn, it cannot act again.
	g.give(0, catan.Of(catan.Grain, 1))
	g.do(0, ActivateKnight(kF))
	g.refuse(0, MoveKnight(kF, kA))
}

// A knight travels only along its owner's roads and never passes an
// opponent's piece.
func TestKnightPaths(t *testing.T) {
	g := knightGame(t)
	g.knight(0, kA, Basic, true)
	g.knight(1, kB, Basic, false)
	g.refuse(0, MoveKnight(kA, kF)) // seat 1's knight on 41 is in the way
	g.refuse(0, MoveKnight(kA, kC)) // 41–45 is seat 1's road
	g.x.lift(g.s, kB)
	g.do(0, MoveKnight(kA, kF))
}

// Promotion: 1 wool + 1 ore, one rank, once per turn, mighty only with
// the Fortress (politics 3), keeping the active state; 2 pieces per rank.
func TestPromote(t *testing.T) {
	g := knightGame(t)
	g.knight(0, kA, Basic, true)
	g.give(0, catan.Resources{catan.Wool: 3, catan.Ore: 3})
	g.do(0, PromoteKnight(kA))
	if g.x.Rank[kA] != Strong || g.x.Active&bit(kA) == 0 {
		t.Fatal("strong and still active")
	}
	g.refuse(0, PromoteKnight(kA)) // once per turn
	g.nextTurn(0)
	g.give(0, catan.Resources{catan.Wool: 1, catan.Ore: 1})
	g.refuse(0, PromoteKnight(kA)) // no Fortress
	g.x.Level[0][Politics] = 3
	g.do(0, PromoteKnight(kA))
	if g.x.Rank[kA] != Mighty {
		t.Fatal("mighty with the Fortress")
	}
	g.refuse(0, PromoteKnight(kA)) // mighty is the top
	// Pieces: with both strong knights out, a basic one stays basic.
	g.nextTurn(0)
	g.knight(0, kB, Strong, false)
	g.knight(0, kF, Strong, false)
	g.x.lift(g.s, kA)
	g.knight(0, kA, Basic, false)
	g.refuse(0, PromoteKnight(kA))
}

// Displacing: an active knight moves onto a strictly weaker opponent's
// knight, which retreats along its owner's roads (the owner chooses), or
// goes back to the supply.
func TestDisplace(t *testing.T) {
	g := knightGame(t)
	g.knight(0, kA, Strong, true)
	g.knight(1, kB, Strong, false)
	g.refuse(0, DisplaceKnight(kA, kB)) // equal strength
	g.x.Rank[kB] = Basic
	g.x.Active |= bit(kB)
	// Seat 1's founding road runs from its city (49) to 52; with seat 2's
	// knight on 52, 45 is its only way back: it goes there at once.
	const kG = 52
	g.knight(2, kG, Basic, false)
	g.do(0, DisplaceKnight(kA, kB))
	if g.x.Knights[0] != bit(kB) || g.x.Active&bit(kB) != 0 || g.x.Knights[1] != bit(kC) || g.x.Active&bit(kC) == 0 {
		t.Fatalf("seat 0's knight on 41 (inactive), seat 1's on 45 still active: %b %b", g.x.Knights[0], g.x.Knights[1])
	}
	// With several ways back, seat 1 chooses.
	g.nextTurn(0)
	g.roads(1, kC, kE)
	g.x.lift(g.s, kC)
	g.x.lift(g.s, kB)
	g.x.lift(g.s, kG)
	g.knight(0, kA, Mighty, true)
	g.knight(1, kB, Strong, false)
	g.do(0, DisplaceKnight(kA, kB))
	if g.s.Phase != PhaseRetreat || g.s.Status().Deciders[0] != 1 {
		t.Fatalf("phase %v: seat 1 retreats", g.s.Phase)
	}
	for _, v := range []int{kC, kE, kG} {
		g.legalHas(1, catan.Action{Type: ActRetreat, Vertex: v})
	}
	g.refuse(1, catan.Action{Type: ActRetreat, Vertex: kF}) // not along seat 1's roads
	g.do(1, catan.Action{Type: ActRetreat, Vertex: kE})
	if g.x.Knights[1] != bit(kE) || g.x.Rank[kE] != Strong || g.s.Phase != catan.PhaseMain {
		t.Fatal("seat 1's strong knight retreated to 40")
	}
	// Nowhere to go: back to the supply.
	g.nextTurn(0)
	g.x.lift(g.s, kB)
	g.x.lift(g.s, kE)
	g.knight(0, kA, Mighty, true)
	g.knight(1, kF, Basic, true) // 46: seat 1 has no road there
	g.do(0, DisplaceKnight(kA, kF))
	if g.x.Knights[1] != 0 || g.x.free(1, Basic) != 2 {
		t.Fatal("the displaced knight went back to the supply")
	}
	// A basic knight never displaces.
	g.nextTurn(0)
	g.x.lift(g.s, kF)
	g.knight(0, kA, Basic, true)
	g.knight(1, kB, Basic, false)
	g.refuse(0, DisplaceKnight(kA, kB))
}

// Knights block opponents' roads and cut their Longest Road; nobody
// builds a settlement where a knight stands.
func TestKnightsBlockRoads(t *testing.T) {
	g := knightGame(t)
	g.knight(1, kF, Basic, false)
	g.give(0, catan.RoadCost)
	beyond := -1
	for _, w := range catan.Island.VertexVertices[kF] {
		if w != kB {
			beyond = w
		}
	}
	g.refuse(0, catan.BuildRoad(pathBetween(t, kF, beyond)))
	// Longest Road: seat 0's five roads castle–36–41–46–x–y are cut at 46.
	g.x.lift(g.s, kF)
	g.roads(0, kF, beyond)
	next := -1
	for _, w := range catan.Island.VertexVertices[beyond] {
		if w != kF && g.s.Owner[w] < 0 {
			next = w
		}
	}
	g.roads(0, beyond, next)
	if g.s.RoadLength[0] < 5 || g.s.LongestRoad != 0 {
		t.Fatalf("road of %d, Longest Road %d", g.s.RoadLength[0], g.s.LongestRoad)
	}
	g.knight(1, kF, Basic, false)
	if g.s.RoadLength[0] >= 5 || g.s.LongestRoad == 0 {
		t.Fatalf("seat 1's knight on 46 cuts the road: length %d, holder %d", g.s.RoadLength[0], g.s.LongestRoad)
	}
	// Settlement on a knight: refused, even one's own.
	g.x.lift(g.s, kF)
	g.knight(0, next, Basic, false)
	g.give(0, catan.SettlementCost)
	g.refuse(0, catan.BuildSettlement(next))
}

// Chasing the robber: not before the first attack; an active knight at a
// corner of the robber's hex moves it and robs.
func TestChaseRobber(t *testing.T) {
	g := knightGame(t)
	const desertCorner = 30 // Desert, Forest 3, Fields 4; next to 36
	g.road(0, kA, desertCorner)
	g.knight(0, desertCorner, Basic, true)
	g.refuse(0, ChaseRobber(desertCorner))
	g.x.Attacks = 1
	g.do(0, ChaseRobber(desertCorner))
	if g.s.Phase != catan.PhaseRobber || g.x.Active&bit(desertCorner) != 0 {
		t.Fatalf("phase %v: the knight (now inactive) chased the robber", g.s.Phase)
	}
	g.refuse(0, catan.MoveRobber(int(g.s.Robber)))
	g.do(0, catan.MoveRobber(hex(1, 1)))
	// Seats 1, 2 and 3 touch Mountains 10 but hold no card: no theft.
	if g.s.Phase != catan.PhaseMain {
		t.Fatalf("phase %v", g.s.Phase)
	}
	// A knight away from the robber cannot chase it.
	g.nextTurn(0)
	g.x.Active |= bit(desertCorner)
	g.refuse(0, ChaseRobber(desertCorner))
}

// Warlord: every knight of the player active, free; none may act that
// turn.
func TestWarlord(t *testing.T) {
	g := knightGame(t)
	g.knight(0, kA, Basic, false)
	g.knight(0, kF, Strong, false)
	g.deal(0, Warlord)
	g.do(0, catan.Action{Type: ActWarlord})
	if g.x.Active != bit(kA)|bit(kF) || g.x.strength(0) != 3 {
		t.Fatal("both knights active")
	}
	g.refuse(0, MoveKnight(kA, kB))
	g.deal(0, Warlord)
	g.refuse(0, catan.Action{Type: ActWarlord}) // nothing to activate
}
