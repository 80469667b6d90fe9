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
	w := walker{mine: s.roads[p], blockers: s.occ &^ s.own[p]}
	n := w.mine.count()
	if n == 0 {
		return 0
	}
	best := 0
	for m := s.touch[p]; m != 0 && best < n; m &= m - 1 {
		v := bits.TrailingZeros64(m)
		at := vertexEdgeSet[v]
		deg := bits.OnesCount64(at[0]&w.mine[0]) + bits.OnesCount64(at[1]&w.mine[1])
		if deg == 2 && w.blockers&(1<<uint(v)) == 0 {
			continue
		}
		if l := w.from(v, edgeSet{}, true); l > best {
			best = l
		}
	}
	for rest := w.mine.andNot(w.seen); !rest.empty() && best < n; rest = w.mine.andNot(w.seen) {
		e := bits.TrailingZeros64(rest[0])
		if rest[0] == 0 {
			e = 64 + bits.TrailingZeros64(rest[1])
		}
		if l := w.from(int(edgeEnds[e][0]), edgeSet{}, true); l > best {
			best = l
		}
	}
	return best
}

type walker struct {
	mine     edgeSet // the player's roads
	seen     edgeSet // roads any search has walked
	blockers uint64  // intersections with an opponent's building
}

// from is the longest trail starting at v using none of the roads in used.
// A trail may start at a blocked intersection but not pass through one.
func (w *walker) from(v int, used edgeSet, start bool) int {
	if !start && w.blockers&(1<<uint(v)) != 0 {
		return 0
	}
	best := 0
	for k := 0; k < 3; k++ {
		e := int(vertexEdges[v][k])
		if e < 0 {
			break
		}
		if !w.mine.has(e) || used.has(e) {
			continue
		}
		u := used
		u.add(e)
		w.seen.add(e)
		if t := 1 + w.from(int(vertexAdj[v][k]), u, false); t > best {
			best = t
		}
	}
	return best
}

// awardLongestRoad moves the Longest Road card after road lengths changed:
// the holder keeps it while still (even jointly) longest with ≥5; otherwise
// a single longest player with ≥5 takes it, else it is set aside.
func (s *State) awardLongestRoad() {
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
