package catan

import "math/bits"

// Longest Road and Largest Army (fact sheet §13, §14; orig "Maior Estrada",
// "Maior Cavalaria").

// LongestRoadMin is the length that first earns the Longest Road card;
// LargestArmyMin the played Knights that first earn Largest Army.
const (
	LongestRoadMin = 5
	LargestArmyMin = 3
)

// longestRoad is the length of p's longest trail: a walk along p's roads
// that uses no road twice (so forks do not add, loops count once), which
// cannot pass through an intersection holding an opponent's building.
//
// A longest trail can always be taken to start at a dead end, a fork (an
// intersection with 1 or 3 of p's roads) or an opponent's building; only a
// plain loop has none of these, and its length is its number of roads. So
// the search starts from those intersections only, then adds any loop it
// did not reach.
func (s *State) longestRoad(p int) int {
	mine := s.roads[p]
	n := mine.count()
	if n == 0 {
		return 0
	}
	// Number p's roads 0 … n-1 (at most 15) so that sets of roads are
	// uint16 masks; inc[v] is the set of p's roads at intersection v.
	var w walker
	w.blockers = s.occ&^s.own[p] | s.allPieces&^s.pieces[p]
	l := 0
	g := s.g
	for k := 0; k < 2; k++ {
		for m := mine[k]; m != 0; m &= m - 1 {
			e := k<<6 | bits.TrailingZeros64(m)
			a, b := g.edgeEnds[e][0], g.edgeEnds[e][1]
			w.inc[a] |= 1 << uint(l)
			w.inc[b] |= 1 << uint(l)
			w.ends[l] = a ^ b
			l++
		}
	}
	all := uint16(1)<<uint(n) - 1
	best := 0
	for m := s.touch[p]; m != 0 && best < n; m &= m - 1 {
		v := bits.TrailingZeros64(m)
		if bits.OnesCount16(w.inc[v]) == 2 && w.blockers&(1<<uint(v)) == 0 {
			continue
		}
		if t := w.from(int8(v), 0); t > best {
			best = t
		}
	}
	// Loops with no dead end, fork or opponent's building.
	for rest := all &^ w.seen; rest != 0 && best < n; rest = all &^ w.seen {
		for m := s.touch[p]; m != 0; m &= m - 1 {
			v := bits.TrailingZeros64(m)
			if w.inc[v]&rest != 0 {
				if t := w.from(int8(v), 0); t > best {
					best = t
				}
				break
			}
		}
	}
	return best
}

type walker struct {
	inc      [MaxVertices]uint16 // p's roads at each intersection
	ends     [RoadPieces]int8    // road l joins a and b: ends[l] = a ^ b
	seen     uint16              // roads any search has walked
	blockers uint64              // intersections with an opponent's building
}

// from is the longest trail starting at v using none of the roads in used.
// A trail may start at a blocked intersection but not pass through one.
func (w *walker) from(v int8, used uint16) int {
	best := 0
	for avail := w.inc[v] &^ used; avail != 0; avail &= avail - 1 {
		l := bits.TrailingZeros16(avail)
		u := used | 1<<uint(l)
		w.seen |= u
		t := 1
		if next := w.ends[l] ^ v; w.blockers&(1<<uint(next)) == 0 {
			t += w.from(next, u)
		}
		if t > best {
			best = t
		}
	}
	return best
}

// awardLongestRoad moves the Longest Road card after road lengths changed:
// the holder keeps it while still (even jointly) longest with ≥5; otherwise
// a single longest player with ≥5 takes it, else it is set aside. A game
// without the card (Rules.NoLongestRoad) never gives it.
func (s *State) awardLongestRoad() {
	if s.rules.NoLongestRoad {
		return
	}
	max := int8(0)
	for p := 0; p < s.Players; p++ {
		if s.RoadLength[p] > max {
			max = s.RoadLength[p]
		}
	}
	if h := s.LongestRoad; h != none && s.RoadLength[h] == max && max >= LongestRoadMin {
		return
	}
	holder, n := int8(none), 0
	for p := 0; p < s.Players; p++ {
		if s.RoadLength[p] == max {
			holder = int8(p)
			n++
		}
	}
	if max >= LongestRoadMin && n == 1 {
		s.LongestRoad = holder
	} else {
		s.LongestRoad = none
	}
}

// awardLargestArmy gives the card to p on reaching 3 Knights, or on having
// strictly more than the holder.
func (s *State) awardLargestArmy(p int) {
	k := s.Knights[p]
	if k < LargestArmyMin {
		return
	}
	if h := s.LargestArmy; h == none || k > s.Knights[h] {
		s.LargestArmy = int8(p)
	}
}
