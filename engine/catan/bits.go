package catan

import "math/bits"

// Bit sets over intersections (one uint64: 54 bits) and paths (edgeSet: 72
// bits in two words) make the placement rules a few machine operations.
// The State keeps a few of them as unexported caches derived from its
// exported arrays (see state.go); they are updated only by placeRoad and
// placeSettlement, and copied by Clone.

type edgeSet [2]uint64

func (m *edgeSet) add(e int)           { m[e>>6] |= 1 << uint(e&63) }
func (m edgeSet) has(e int) bool       { return m[e>>6]&(1<<uint(e&63)) != 0 }
func (m edgeSet) or(o edgeSet) edgeSet { return edgeSet{m[0] | o[0], m[1] | o[1]} }
func (m edgeSet) andNot(o edgeSet) edgeSet {
	return edgeSet{m[0] &^ o[0], m[1] &^ o[1]}
}
func (m edgeSet) empty() bool { return m[0]|m[1] == 0 }
func (m edgeSet) count() int  { return bits.OnesCount64(m[0]) + bits.OnesCount64(m[1]) }

const allVertices = 1<<NumVertices - 1

var initialRates = [MaxPlayers][NumResources]int8{{4, 4, 4, 4, 4}, {4, 4, 4, 4, 4}, {4, 4, 4, 4, 4}, {4, 4, 4, 4, 4}}

var (
	adjMask       [NumVertices]uint64  // neighbouring intersections
	vertexEdgeSet [NumVertices]edgeSet // paths ending at the intersection
	edgeEndMask   [NumEdges]uint64     // the two ends of a path
	harborMask    [NumHarbors]uint64   // the two intersections of a harbour
)

// initBits fills the bit tables; called by board.go's init once the
// adjacency tables exist.
func initBits() {
	for v := 0; v < NumVertices; v++ {
		for k := 0; k < 3; k++ {
			if w := vertexAdj[v][k]; w >= 0 {
				adjMask[v] |= 1 << uint(w)
				vertexEdgeSet[v].add(int(vertexEdges[v][k]))
			}
		}
	}
	for e := 0; e < NumEdges; e++ {
		edgeEndMask[e] = 1<<uint(edgeEnds[e][0]) | 1<<uint(edgeEnds[e][1])
	}
	for i := range harborEnds {
		harborMask[i] = 1<<uint(harborEnds[i][0]) | 1<<uint(harborEnds[i][1])
	}
}

// rebuildCaches derives the bit sets from the exported arrays.
func (s *State) rebuildCaches() {
	s.indexNumbers()
	s.occ, s.blocked = 0, 0
	s.rates = initialRates
	s.own = [MaxPlayers]uint64{}
	s.touch = [MaxPlayers]uint64{}
	s.roads = [MaxPlayers]edgeSet{}
	s.anyRoad = edgeSet{}
	for v := 0; v < NumVertices; v++ {
		if o := s.Owner[v]; o != none {
			s.markSettlement(int(o), v)
		}
	}
	for e := 0; e < NumEdges; e++ {
		if o := s.Road[e]; o != none {
			s.markRoad(int(o), e)
		}
	}
}

func (s *State) markSettlement(p, v int) {
	b := uint64(1) << uint(v)
	s.occ |= b
	s.blocked |= b | adjMask[v]
	s.own[p] |= b
	for i := range harborMask {
		if harborMask[i]&b == 0 {
			continue
		}
		if r, ok := s.Board.Harbor[i].Resource(); ok {
			s.rates[p][r] = 2
		} else {
			for k := range s.rates[p] {
				s.rates[p][k] = min(s.rates[p][k], 3)
			}
		}
	}
}

func (s *State) markRoad(p, e int) {
	s.roads[p].add(e)
	s.anyRoad.add(e)
	s.touch[p] |= edgeEndMask[e]
}

// indexNumbers fills byNumber from the board.
func (s *State) indexNumbers() {
	for n := range s.byNumber {
		s.byNumber[n] = [2]int8{-1, -1}
	}
	for h, n := range s.Board.Number {
		if n < 2 || n > 12 {
			continue
		}
		if s.byNumber[n][0] < 0 {
			s.byNumber[n][0] = int8(h)
		} else {
			s.byNumber[n][1] = int8(h)
		}
	}
}

// reach is the set of intersections from which p may extend its network:
// its buildings, and the ends of its roads not held by an opponent.
func (s *State) reach(p int) uint64 {
	return s.own[p] | s.touch[p]&^s.occ
}

// roadSpots is the set of paths where p may place a road now.
func (s *State) roadSpots(p int) edgeSet {
	var c edgeSet
	for m := s.reach(p); m != 0; m &= m - 1 {
		v := bits.TrailingZeros64(m)
		c = c.or(vertexEdgeSet[v])
	}
	return c.andNot(s.anyRoad)
}

// settlementSpots is the set of intersections where p may build a
// settlement (by its roads, free, distance rule).
func (s *State) settlementSpots(p int) uint64 {
	return s.touch[p] &^ s.blocked
}

// foundingSpots is the set of free intersections keeping the distance rule.
func (s *State) foundingSpots() uint64 {
	return allVertices &^ s.blocked
}
