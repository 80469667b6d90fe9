package catan

import "tabula/engine"

// startRoll resolves the starting-player roll (orig "O Decorrer do Jogo":
// highest roll of both dice begins; ties among the highest roll again, HR).
// o holds two dice per contender in seat order.
func (s *State) startRoll(o []int) {
	best := int8(0)
	k := 0
	for p := 0; p < s.Players; p++ {
		if !s.Contending[p] {
			s.StartRoll[p] = 0
			continue
		}
		s.StartRoll[p] = int8(o[k] + o[k+1] + 2)
		k += 2
		if s.StartRoll[p] > best {
			best = s.StartRoll[p]
		}
	}
	n, winner := 0, 0
	for p := 0; p < s.Players; p++ {
		s.Contending[p] = s.Contending[p] && s.StartRoll[p] == best
		if s.Contending[p] {
			n++
			winner = p
		}
	}
	if n > 1 {
		return // the tied roll again
	}
	s.Contending[winner] = false
	s.First = int8(winner)
	s.Active = s.First
	s.FoundingStep = 0
	s.Phase = PhaseFoundSettlement
}

// founder is the seat placing at founding step k: First, First+1, … then
// the same seats in reverse (fact sheet §6).
func (s *State) founder(k int) int {
	n := s.Players
	if k < n {
		return (int(s.First) + k) % n
	}
	return (int(s.First) + 2*n - 1 - k) % n
}

// foundsCity reports whether the building placed now is a city: the
// second one, where Rules.FoundCity says so.
func (s *State) foundsCity() bool {
	return s.rules.FoundCity && int(s.FoundingStep) >= s.Players
}

// foundSettlement places a founding settlement (or city, Rules.FoundCity):
// any free intersection that keeps the distance rule; no road needed. The
// second one yields one card per adjacent producing hex.
func (s *State) foundSettlement(p int, a *Action) error {
	if city := s.foundsCity(); a.Type != ActBuildSettlement && !city {
		return engine.Illegal("place a settlement first")
	} else if city && a.Type != ActBuildCity {
		return engine.Illegal("place a city first")
	}
	v := a.Vertex
	if v < 0 || v >= s.g.vertices {
		return engine.Illegal("no intersection %d", v)
	}
	if s.Owner[v] != none {
		return engine.Illegal("intersection %d is taken", v)
	}
	if !s.distanceOK(v) {
		return engine.Illegal("intersection %d is next to a building (distance rule)", v)
	}
	if s.g.closedV&(1<<uint(v)) != 0 {
		return engine.Illegal("nothing may be built on intersection %d", v)
	}
	s.placeSettlement(p, v)
	if s.foundsCity() {
		s.upgrade(p, v)
	}
	s.LastSettlement = int8(v)
	if int(s.FoundingStep) >= s.Players {
		for _, h := range s.g.vertexHexes[v] {
			if h < 0 {
				break
			}
			if r, ok := s.Board.Terrain[h].Produces(); ok && s.Bank[r] > 0 {
				s.Bank[r]--
				s.Hand[p][r]++
			}
		}
	}
	s.Phase = PhaseFoundRoad
	return nil
}

// foundRoad places the road that must touch the settlement just placed.
func (s *State) foundRoad(p int, a *Action) error {
	if a.Type != ActBuildRoad {
		return engine.Illegal("place a road next to your new settlement")
	}
	e := a.Edge
	if e < 0 || e >= s.g.edges {
		return engine.Illegal("no path %d", e)
	}
	if s.anyRoad.has(e) {
		return engine.Illegal("path %d is taken", e)
	}
	if ends := s.g.edgeEnds[e]; ends[0] != s.LastSettlement && ends[1] != s.LastSettlement {
		return engine.Illegal("the road must touch the settlement just placed")
	}
	s.placeRoad(p, e)
	s.LastSettlement = none
	s.FoundingStep++
	if int(s.FoundingStep) == 2*s.Players {
		s.Active = s.First
		s.Turn = 1
		s.Phase = PhaseRoll
		return nil
	}
	s.Active = int8(s.founder(int(s.FoundingStep)))
	s.Phase = PhaseFoundSettlement
	return nil
}
