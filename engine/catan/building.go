package catan

import "tabula/engine"

// Building (orig "3. Construção"; fact sheet §9).

// distanceOK: no building on any neighbouring intersection.
func (s *State) distanceOK(v int) bool { return s.g.adjMask[v]&s.occ == 0 }

// roadSpotOK: the path is free (and open to roads) and joins p's network,
// which cannot continue through an intersection holding an opponent's
// building.
func (s *State) roadSpotOK(p, e int) bool {
	return !s.anyRoad.has(e) && s.reach(p)&s.g.edgeEndMask[e] != 0
}

// settlementSpotOK: free, distance rule, and touching one of p's roads.
func (s *State) settlementSpotOK(p, v int) bool {
	return s.settlementSpots(p)&(1<<uint(v)) != 0
}

// anyRoadSpot reports whether p could place a road somewhere now.
func (s *State) anyRoadSpot(p int) bool { return !s.roadSpots(p).empty() }

func (s *State) pay(p int, cost Resources) {
	s.Hand[p] = s.Hand[p].Minus(cost)
	s.Bank = s.Bank.Plus(cost)
}

func (s *State) placeRoad(p, e int) {
	s.Road[e] = int8(p)
	s.markRoad(p, e)
	s.RoadsLeft[p]--
	s.RoadLength[p] = int8(s.longestRoad(p))
	s.awardLongestRoad()
}

func (s *State) placeSettlement(p, v int) {
	s.Owner[v] = int8(p)
	s.markSettlement(p, v)
	s.SettlementsLeft[p]--
	// A settlement can cut an opponent's road in two.
	changed := false
	for _, e := range s.g.vertexEdges[v] {
		if e >= 0 {
			if o := int(s.Road[e]); o != none && o != p {
				s.RoadLength[o] = int8(s.longestRoad(o))
				changed = true
			}
		}
	}
	if changed {
		s.awardLongestRoad()
	}
}

func (s *State) buildRoad(p, e int) error {
	if e < 0 || e >= s.g.edges {
		return engine.Illegal("no path %d", e)
	}
	if s.RoadsLeft[p] == 0 {
		return engine.Illegal("no road pieces left")
	}
	if !s.Hand[p].Covers(RoadCost) {
		return engine.Illegal("a road needs 1 brick and 1 lumber")
	}
	if !s.roadSpotOK(p, e) {
		return engine.Illegal("path %d is taken or not connected to your roads", e)
	}
	s.pay(p, RoadCost)
	s.placeRoad(p, e)
	s.Built = true
	return nil
}

func (s *State) buildSettlement(p, v int) error {
	if v < 0 || v >= s.g.vertices {
		return engine.Illegal("no intersection %d", v)
	}
	if s.SettlementsLeft[p] == 0 {
		return engine.Illegal("no settlement pieces left")
	}
	if !s.Hand[p].Covers(SettlementCost) {
		return engine.Illegal("a settlement needs 1 brick, 1 lumber, 1 wool and 1 grain")
	}
	if s.Owner[v] != none {
		return engine.Illegal("intersection %d is taken", v)
	}
	if !s.distanceOK(v) {
		return engine.Illegal("intersection %d is next to a building (distance rule)", v)
	}
	if !s.settlementSpotOK(p, v) {
		if (s.g.closedV|s.allPieces)&(1<<uint(v)) != 0 {
			return engine.Illegal("nothing may be built on intersection %d now", v)
		}
		return engine.Illegal("intersection %d does not touch your roads", v)
	}
	s.pay(p, SettlementCost)
	s.placeSettlement(p, v)
	s.Built = true
	return nil
}

func (s *State) buildCity(p, v int) error {
	if v < 0 || v >= s.g.vertices {
		return engine.Illegal("no intersection %d", v)
	}
	if int(s.Owner[v]) != p || s.City[v] {
		return engine.Illegal("a city replaces one of your settlements")
	}
	if s.CitiesLeft[p] == 0 {
		return engine.Illegal("no city pieces left")
	}
	if !s.Hand[p].Covers(CityCost) {
		return engine.Illegal("a city needs 3 ore and 2 grain")
	}
	s.pay(p, CityCost)
	s.upgrade(p, v)
	s.Built = true
	return nil
}

// upgrade turns p's settlement on v into a city; the settlement piece
// goes back to p's supply.
func (s *State) upgrade(p, v int) {
	s.City[v] = true
	s.CitiesLeft[p]--
	s.SettlementsLeft[p]++
}

func (s *State) buyDevelopment(p int) error {
	if s.deckLeft() == 0 {
		if s.rules.d.deck == (DevCards{}) {
			return engine.Illegal("there are no development cards in this game")
		}
		return engine.Illegal("the development deck is empty")
	}
	if !s.Hand[p].Covers(DevelopmentCost) {
		return engine.Illegal("a development card needs 1 ore, 1 wool and 1 grain")
	}
	s.pay(p, DevelopmentCost)
	s.Built = true
	s.Phase = PhaseDraw
	return nil
}

// draw gives the active player card number k of the deck (cards ordered by
// kind): drawn at buy time, so nobody could know it before.
func (s *State) draw(k int) {
	for d := range s.Deck {
		if k < int(s.Deck[d]) {
			s.Deck[d]--
			s.Dev[s.Active][d]++
			s.Bought[d]++
			break
		}
		k -= int(s.Deck[d])
	}
	s.Phase = PhaseMain
}
