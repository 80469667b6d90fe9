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

var initialRates = func() (r [MaxPlayers][NumCards]int8) {
	for p := range r {
		for k := range r[p] {
			r[p][k] = 4
		}
	}
	return r
}()

// rebuildCaches derives the bit sets from the exported arrays (the pieces
// of SetPieces are the expansion's to keep: they stay).
func (s *State) rebuildCaches() {
	s.indexNumbers()
	s.occ, s.blocked = 0, s.g.closedV|s.allPieces
	s.rates = initialRates
	s.own = [MaxPlayers]uint64{}
	s.touch = [MaxPlayers]uint64{}
	s.roads = [MaxPlayers]edgeSet{}
	s.anyRoad = s.g.closedE
	for v := 0; v < s.g.vertices; v++ {
		if o := s.Owner[v]; o != none {
			s.markSettlement(int(o), v)
		}
	}
	for e := 0; e < s.g.edges; e++ {
		if o := s.Road[e]; o != none {
			s.markRoad(int(o), e)
		}
	}
}

func (s *State) markSettlement(p, v int) {
	g := s.g
	b := uint64(1) << uint(v)
	s.occ |= b
	s.blocked |= b | g.adjMask[v]
	s.own[p] |= b
	for i := range g.harborMask {
		if g.harborMask[i]&b == 0 {
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
	s.touch[p] |= s.g.edgeEndMask[e]
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
// its buildings, and the ends of its roads not held by an opponent's
// building or piece.
func (s *State) reach(p int) uint64 {
	return s.own[p] | s.touch[p]&^(s.occ|s.allPieces&^s.pieces[p])
}

// roadSpots is the set of paths where p may place a road now.
func (s *State) roadSpots(p int) edgeSet {
	var c edgeSet
	g := s.g
	for m := s.reach(p); m != 0; m &= m - 1 {
		v := bits.TrailingZeros64(m)
		c = c.or(g.vertexEdgeSet[v])
	}
	return c.andNot(s.anyRoad)
}

// settlementSpots is the set of intersections where p may build a
// settlement (by its roads, free, distance rule, open to buildings).
func (s *State) settlementSpots(p int) uint64 {
	return s.touch[p] &^ s.blocked
}

// foundingSpots is the set of free intersections keeping the distance rule.
func (s *State) foundingSpots() uint64 {
	return s.g.all &^ s.blocked
}

// SetPieces records the intersections where seat p has pieces that are
// not buildings but block other players' roads and break their Longest
// Road (Cities & Knights' knights), and where nobody may build. The
// expansion keeps the pieces in its own state and calls this whenever they
// change; road lengths and Longest Road follow.
func (s *State) SetPieces(p int, at uint64) {
	s.pieces[p] = at
	s.allPieces = 0
	for q := range s.pieces {
		s.allPieces |= s.pieces[q]
	}
	s.blocked = s.g.closedV | s.allPieces
	for v := range s.Owner {
		if s.Owner[v] != none {
			s.blocked |= 1<<uint(v) | s.g.adjMask[v]
		}
	}
	s.roadsChanged()
}
