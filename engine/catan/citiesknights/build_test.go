package citiesknights

import (
	"testing"

	"tabula/engine/catan"
)

// Levels are bought in order, level n for n of the track's commodity;
// any level needs a city.
func TestImprove(t *testing.T) {
	g := mainGame(t)
	g.give(0, catan.Resources{catan.Paper: 3, catan.Cloth: 1, catan.Coin: 1})
	g.do(0, Improve(Science))
	g.do(0, Improve(Science))
	if g.x.Level[0][Science] != 2 || g.s.Hand[0][catan.Paper] != 0 {
		t.Fatalf("science %d, paper left %d: levels 1 and 2 cost 1 + 2", g.x.Level[0][Science], g.s.Hand[0][catan.Paper])
	}
	g.refuse(0, Improve(Science)) // level 3 needs 3 paper
	g.do(0, Improve(Trade))       // 1 cloth
	g.do(0, Improve(Politics))    // 1 coin
	if g.x.Level[0] != [NumTracks]int8{2, 1, 1} {
		t.Fatalf("levels %v", g.x.Level[0])
	}
	// Without a city, no improvement.
	g.toMain(1)
	g.empty()
	g.give(1, catan.Of(catan.Paper, 1))
	for v := 0; v < catan.NumVertices; v++ {
		if g.s.Owner[v] == 1 && g.s.City[v] {
			g.x.Toppled |= bit(v) // a toppled city is no city
		}
	}
	g.refuse(1, Improve(Science))
}

// The first to level 4 takes the metropolis (on its only free city at
// once); another at 4 gets nothing; the first to 5 takes it from a holder
// still at 4; a holder at 5 keeps it.
func TestMetropolis(t *testing.T) {
	g := mainGame(t)
	g.x.Level[0][Science] = 3
	g.give(0, catan.Of(catan.Paper, 4))
	g.do(0, Improve(Science))
	if g.x.Metropolis[Science] != int8(g.castle) || g.points(0) != 5 {
		t.Fatalf("metropolis %d, points %d: the castle becomes a metropolis (4 VP)", g.x.Metropolis[Science], g.points(0))
	}
	// Trade level 4 with the only city a metropolis: refused.
	g.x.Level[0][Trade] = 3
	g.give(0, catan.Of(catan.Cloth, 4))
	g.refuse(0, Improve(Trade))

	g.toMain(1)
	g.empty()
	g.x.Level[1][Science] = 3
	g.give(1, catan.Of(catan.Paper, 9))
	g.do(1, Improve(Science)) // 4: nothing
	if g.x.Metropolis[Science] != int8(g.castle) {
		t.Fatal("a second player at level 4 takes nothing")
	}
	g.do(1, Improve(Science)) // 5 before the holder: takes it
	v := g.x.Metropolis[Science]
	if v < 0 || g.s.Owner[v] != 1 || g.points(0) != 3 || g.points(1) != 5 {
		t.Fatalf("metropolis on %d (owner %d), points %d and %d", v, g.s.Owner[v], g.points(0), g.points(1))
	}
	// Seat 0 reaching 5 cannot take it back.
	g.toMain(0)
	g.empty()
	g.give(0, catan.Of(catan.Paper, 5))
	g.do(0, Improve(Science))
	if g.s.Owner[g.x.Metropolis[Science]] != 1 {
		t.Fatal("the holder at level 5 keeps the metropolis")
	}
}

// With two free cities, the player chooses where the metropolis goes.
func TestMetropolisPlacementChoice(t *testing.T) {
	g := mainGame(t)
	g.give(0, catan.CityCost)
	g.do(0, catan.BuildCity(g.home))
	g.x.Level[0][Politics] = 3
	g.give(0, catan.Of(catan.Coin, 4))
	g.do(0, Improve(Politics))
	if g.s.Phase != PhaseMetropolis {
		t.Fatalf("phase %v: the player chooses the city", g.s.Phase)
	}
	g.legalHas(0, catan.Action{Type: ActPlaceMetropolis, Vertex: g.home})
	g.refuse(0, catan.Action{Type: ActPlaceMetropolis, Vertex: 0})
	g.do(0, catan.Action{Type: ActPlaceMetropolis, Vertex: g.home})
	if g.x.Metropolis[Politics] != int8(g.home) || g.s.Phase != catan.PhaseMain {
		t.Fatal("metropolis on home")
	}
}

// Walls: 2 brick, under an own city without one, at most 3 per player.
func TestWalls(t *testing.T) {
	g := mainGame(t)
	g.give(0, catan.Of(catan.Brick, 6))
	g.refuse(0, BuildWall(g.home)) // a settlement
	g.do(0, BuildWall(g.castle))
	if g.x.Walls&bit(g.castle) == 0 || g.s.Hand[0][catan.Brick] != 4 {
		t.Fatal("wall under the castle for 2 brick")
	}
	g.refuse(0, BuildWall(g.castle)) // one per city
	// With three walls, a fourth city gets none.
	g.x.Walls |= bit(g.home)
	g.s.City[g.home] = true // (position only: counts are not checked here)
	g.s.CitiesLeft[0]--
	g.s.SettlementsLeft[0]++
	extra := g.buildSettlementSomewhere(0)
	g.give(0, catan.CityCost)
	g.do(0, catan.BuildCity(extra))
	g.x.Walls |= bit(extra)
	extra2 := g.buildSettlementSomewhere(0)
	g.give(0, catan.CityCost)
	g.do(0, catan.BuildCity(extra2))
	g.refuse(0, BuildWall(extra2))
}
