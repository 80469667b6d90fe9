package citiesknights

import (
	"math/bits"

	"tabula/engine"
	"tabula/engine/catan"
)

// Building: city walls, city improvements and metropolises, rebuilding a
// toppled city (docs/cities-knights.md "Building", "City improvements",
// "Metropolises").

// Costs of the expansion's builds.
var (
	WallCost     = catan.Resources{catan.Brick: 2}
	KnightCost   = catan.Resources{catan.Wool: 1, catan.Ore: 1} // hire or promote
	ActivateCost = catan.Resources{catan.Grain: 1}
	MedicineCost = catan.Resources{catan.Grain: 1, catan.Ore: 2}
)

// vertexOK reports whether v is an intersection of the island.
func vertexOK(v int) bool { return v >= 0 && v < catan.NumVertices }

func bit(v int) uint64 { return 1 << uint(v) }

// wallSpots is where p may put a wall: its standing cities without one,
// while it has fewer than WallsPerPlayer.
func (x *Ext) wallSpots(s *catan.State, p int) uint64 {
	if bits.OnesCount64(x.Walls&buildings(s, p)) >= WallsPerPlayer {
		return 0
	}
	return x.cities(s, p) &^ x.Walls
}

// buildWall puts a wall under p's city v, paid or (Engineer) free.
func (x *Ext) buildWall(s *catan.State, p, v int, free bool) error {
	if !vertexOK(v) || x.cities(s, p)&bit(v) == 0 {
		return engine.Illegal("a wall goes under one of your cities")
	}
	if x.Walls&bit(v) != 0 {
		return engine.Illegal("that city already has a wall")
	}
	if x.wallSpots(s, p) == 0 {
		return engine.Illegal("you have built all %d walls", WallsPerPlayer)
	}
	if !free {
		if !s.Hand[p].Covers(WallCost) {
			return engine.Illegal("a wall costs 2 brick")
		}
		s.Pay(p, WallCost)
	}
	x.Walls |= bit(v)
	return nil
}

// improveCost is what p's next level in t costs, with a Crane or not.
func (x *Ext) improveCost(p int, t Track, crane bool) catan.Resources {
	next := int(x.Level[p][t]) + 1
	n := ImprovementCost(next)
	if crane {
		n = CraneCost(next)
	}
	return catan.Of(t.Commodity(), n)
}

// improveRule is why p may not buy its next level in t (costs aside).
func (x *Ext) improveRule(s *catan.State, p int, t Track) error {
	c := x.cities(s, p)
	free := bits.OnesCount64(c &^ x.metropolises())
	return ImproveRule(int(x.Level[p][t]), bits.OnesCount64(c), free, x.holdsMetropolis(s, p, t))
}

// mayImprove reports whether p may buy its next level in t now.
func (x *Ext) mayImprove(s *catan.State, p int, t Track, crane bool) bool {
	return x.improveRule(s, p, t) == nil && s.Hand[p].Covers(x.improveCost(p, t, crane))
}

// improve buys p's next level in track t (with a Crane: 1 commodity less)
// and moves the metropolis when the new level takes it.
func (x *Ext) improve(s *catan.State, p int, t Track, crane bool) error {
	if !t.Valid() {
		return engine.Illegal("no track %d", int(t))
	}
	if err := x.improveRule(s, p, t); err != nil {
		return err
	}
	cost := x.improveCost(p, t, crane)
	if !s.Hand[p].Covers(cost) {
		return engine.Illegal("level %d of %v costs %d %v", x.Level[p][t]+1, t, cost[t.Commodity()], t.Commodity())
	}
	s.Pay(p, cost)
	x.Level[p][t]++
	holder, holderLevel := -1, 0
	if v := x.Metropolis[t]; v >= 0 {
		holder = int(s.Owner[v])
		holderLevel = int(x.Level[holder][t])
	}
	if MetropolisHolder(holder, holderLevel, p, int(x.Level[p][t])) == p && holder != p {
		x.Metropolis[t] = -1
		x.takeMetropolis(s, p, t)
	}
	return nil
}

// metropolisSpots is where p may set a metropolis: its standing cities
// without one.
func (x *Ext) metropolisSpots(s *catan.State, p int) uint64 {
	return x.cities(s, p) &^ x.metropolises()
}

// takeMetropolis gives track t's metropolis to p: on its only free city at
// once, else p chooses (PhaseMetropolis).
func (x *Ext) takeMetropolis(s *catan.State, p int, t Track) {
	m := x.metropolisSpots(s, p)
	if bits.OnesCount64(m) <= 1 {
		if m != 0 {
			x.Metropolis[t] = int8(bits.TrailingZeros64(m))
		}
		return
	}
	x.Target = int8(t)
	x.Resume = s.Phase
	s.Phase = PhaseMetropolis
}

// placeMetropolis sets the pending metropolis (track x.Target) on p's city v.
func (x *Ext) placeMetropolis(s *catan.State, p, v int) error {
	if !vertexOK(v) || x.metropolisSpots(s, p)&bit(v) == 0 {
		return engine.Illegal("the metropolis goes on one of your cities without one")
	}
	x.Metropolis[x.Target] = int8(v)
	x.Target = -1
	s.Phase = x.Resume
	return nil
}

// repairCity rebuilds p's toppled city v at the city's cost (or, Medicine,
// at the card's).
func (x *Ext) repairCity(s *catan.State, p, v int, cost catan.Resources) error {
	if !vertexOK(v) || x.Toppled&buildings(s, p)&bit(v) == 0 {
		return engine.Illegal("intersection %d holds none of your toppled cities", v)
	}
	if !s.Hand[p].Covers(cost) {
		return engine.Illegal("rebuilding a city needs %v", cost)
	}
	s.Pay(p, cost)
	x.Toppled &^= bit(v)
	return nil
}
