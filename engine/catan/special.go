package catan

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
func (s *State) longestRoad(p int) int {
	// Local numbering of p's roads (at most 15) for a bitmask of used
	// roads.
	var local [NumEdges]int8
	n := 0
	for e := 0; e < NumEdges; e++ {
		if int(s.Road[e]) == p {
			local[e] = int8(n)
			n++
		} else {
			local[e] = -1
		}
	}
	if n == 0 {
		return 0
	}
	w := walker{s: s, p: int8(p), local: &local}
	best := 0
	for e := 0; e < NumEdges && best < n; e++ {
		if local[e] < 0 {
			continue
		}
		for _, v := range edgeEnds[e] {
			if l := w.from(int(v), 0, true); l > best {
				best = l
			}
		}
	}
	return best
}

type walker struct {
	s     *State
	p     int8
	local *[NumEdges]int8
}

// from is the longest trail starting at v using none of the roads in used.
// A trail may start at a blocked intersection but not pass through one.
func (w *walker) from(v int, used uint16, start bool) int {
	if !start {
		if o := w.s.Owner[v]; o != none && o != w.p {
			return 0
		}
	}
	best := 0
	for k, e := range vertexEdges[v] {
		if e < 0 {
			break
		}
		l := w.local[e]
		if l < 0 || used&(1<<uint(l)) != 0 {
			continue
		}
		if t := 1 + w.from(int(vertexAdj[v][k]), used|1<<uint(l), false); t > best {
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
