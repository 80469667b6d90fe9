package citiesknights

import (
	"testing"

	"tabula/engine/catan"
)

// In newGame each seat has one city (seat 0 on 31, seat 1 on 9, seat 2 on
// 8, seat 3 on 7): the barbarians' strength is 4. Knights are set on free
// intersections directly.

// attackNow brings the ship to its last step and rolls red, yellow and a
// ship for the active player.
func (g *game) attackNow(red, yellow int) {
	g.t.Helper()
	g.x.Ship = ShipSteps - 1
	g.roll(red, yellow, shipFace)
}

// spare are free intersections for knights, away from every building.
var spare = []int{40, 45, 46, 50, 20}

func TestAttackCatanWinsOneDefender(t *testing.T) {
	g := newGame(t)
	g.knight(0, spare[0], Mighty, true)
	g.knight(1, spare[1], Basic, true)
	g.knight(2, spare[2], Basic, false) // inactive: no help
	g.attackNow(6, 1)
	r := g.x.LastAttack
	if !r.CatanWins || r.Barbarians != 4 || r.Defence != 4 || r.Defender != 0 {
		t.Fatalf("attack %+v", r)
	}
	if g.x.Defender[0] != 1 || g.points(0) != 4 {
		t.Fatalf("Defender of Catan: %d cards, %d points", g.x.Defender[0], g.points(0))
	}
	if g.x.Active != 0 || g.x.Ship != 0 || g.x.Attacks != 1 {
		t.Fatalf("after: active %b, ship %d, attacks %d", g.x.Active, g.x.Ship, g.x.Attacks)
	}
	// The robber is free now: the 7 of this roll already moves it.
	if g.s.Phase != catan.PhaseRobber {
		t.Fatalf("phase %v: the first attack frees the robber at once", g.s.Phase)
	}
}

// A tie for the best defence: no Defender card; each tied player draws a
// progress card from a deck of its choice, the active player first.
func TestAttackTieForBest(t *testing.T) {
	g := newGame(t)
	g.knight(0, spare[0], Strong, true)
	g.knight(2, spare[1], Strong, true)
	g.attackNow(1, 2)
	if g.s.Phase != PhaseChooseDeck || g.s.Status().Deciders[0] != 0 {
		t.Fatalf("phase %v: seat 0 chooses first", g.s.Phase)
	}
	g.refuse(2, ChooseDeck(Trade))
	g.do(0, ChooseDeck(Trade))
	g.resolve(0) // Commercial Harbor
	if g.s.Status().Deciders[0] != 2 {
		t.Fatal("then seat 2")
	}
	g.do(2, ChooseDeck(Politics))
	g.resolve(0) // Bishop
	if g.x.Progress[0][CommercialHarbor] != 1 || g.x.Progress[2][Bishop] != 1 {
		t.Fatal("each drew from its deck")
	}
	if g.x.Defender != [MaxPlayers]int8{} {
		t.Fatal("no Defender card on a tie")
	}
	if g.s.Phase != catan.PhaseMain {
		t.Fatalf("then production and the main phase: %v", g.s.Phase)
	}
}

// Barbarians win: the weakest among the players with a city that is not a
// metropolis lose one each; the city becomes a settlement, its wall goes;
// the attack comes before production.
func TestAttackBarbariansWin(t *testing.T) {
	g := newGame(t)
	g.knight(0, spare[0], Strong, true)
	g.knight(3, spare[1], Basic, true)
	g.x.Walls |= bit(8) // seat 2's city
	before := g.s.Hand[1]
	g.attackNow(4, 5) // 9: Forest 9 next to seat 1's city (9)
	r := g.x.LastAttack
	if r.CatanWins || r.Defence != 3 || r.Pillaged != 1<<1|1<<2 {
		t.Fatalf("attack %+v: seats 1 and 2 (strength 0) lose", r)
	}
	if g.s.City[9] || g.s.City[8] || !g.s.City[7] || !g.s.City[g.castle] {
		t.Fatal("seats 1 and 2 lost their cities")
	}
	if g.x.Walls != 0 {
		t.Fatal("the pillaged city's wall is gone")
	}
	if got := g.s.Hand[1].Minus(before); got != catan.Of(catan.Lumber, 1) {
		t.Fatalf("seat 1 produced %v as a settlement (pillaged before production)", got)
	}
	if g.points(1) != 2 || g.points(2) != 2 {
		t.Fatal("two settlements: 2 points each")
	}
}

// A weakest player with two cities chooses which it loses; a player whose
// only city is a metropolis is immune (and not counted as weakest); a
// player with no city is skipped.
func TestAttackPillageChoiceAndImmunity(t *testing.T) {
	g := newGame(t)
	g.roll(6, 1, shipFace)
	// Seat 0: a second city (home).
	g.give(0, catan.CityCost)
	g.do(0, catan.BuildCity(g.home))
	// Seat 1: its only city a metropolis (immune).
	g.x.Level[1][Trade] = 4
	g.x.Metropolis[Trade] = 9
	// Seat 2: no city at all.
	g.s.City[8] = false
	g.s.CitiesLeft[2]++
	g.s.SettlementsLeft[2]--
	// Seat 3 is stronger than seat 0: seat 0 (0) is the weakest eligible.
	g.knight(3, spare[0], Basic, true)
	g.do(0, catan.EndTurn())
	g.toMain(0)
	g.do(0, catan.EndTurn())
	g.x.Ship = ShipSteps - 1
	g.do(1, catan.Roll())
	g.resolve(5, 0, shipFace)
	if g.x.LastAttack.Pillaged != 1 || g.s.Phase != PhasePillage {
		t.Fatalf("attack %+v phase %v: only seat 0 is pillaged, and chooses", g.x.LastAttack, g.s.Phase)
	}
	g.refuse(0, catan.Action{Type: ActPillage, Vertex: 9}) // not its city
	g.refuse(1, catan.Action{Type: ActPillage, Vertex: 9}) // seat 1 is immune
	g.legalHas(0, catan.Action{Type: ActPillage, Vertex: g.castle})
	g.do(0, catan.Action{Type: ActPillage, Vertex: g.home})
	if g.s.City[g.home] || !g.s.City[g.castle] || !g.s.City[9] {
		t.Fatal("home pillaged; the castle and seat 1's metropolis stand")
	}
	if g.s.Phase != catan.PhaseRobber {
		t.Fatalf("then the 7: phase %v", g.s.Phase)
	}
}

// With no settlement piece left, a pillaged city topples: it counts as a
// settlement (1 point, 1 card) and must be rebuilt before a new settlement.
func TestToppledCity(t *testing.T) {
	g := newGame(t)
	g.roll(6, 1, shipFace)
	for i := 0; i < 4; i++ {
		g.buildSettlementSomewhere(0)
	}
	if g.s.SettlementsLeft[0] != 0 {
		t.Fatalf("%d settlements left", g.s.SettlementsLeft[0])
	}
	g.empty()
	g.knight(1, spare[1], Basic, true)
	g.knight(2, spare[2], Basic, true)
	g.knight(3, spare[3], Basic, true)
	g.do(0, catan.EndTurn())
	g.x.Ship = ShipSteps - 1
	g.roll(1, 2, shipFace) // 3: Forest 3 at the castle
	if g.x.Toppled != bit(g.castle) || !g.s.City[g.castle] {
		t.Fatalf("toppled %b", g.x.Toppled)
	}
	if got := g.s.Hand[0]; got[catan.Paper] != 0 || got[catan.Lumber] == 0 {
		t.Fatalf("a toppled city yields as a settlement (lumber, no paper): %v", got)
	}
	road := 0
	if g.s.LongestRoad == 0 {
		road = 2
	}
	if g.points(0) != 6+road {
		t.Fatalf("6 settlements' worth: %d points", g.points(0))
	}
	g.toMain(0)
	g.give(0, catan.CityCost)
	g.do(0, catan.Action{Type: ActRepairCity, Vertex: g.castle})
	if g.x.Toppled != 0 || g.points(0) != 7+road {
		t.Fatal("rebuilt for the city's cost")
	}
}
