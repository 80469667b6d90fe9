package citiesknights

import "tabula/engine/catan"

// Where knights travel and which roads are open: questions about one
// player's road network on the island (catan.Island ids), asked with the
// board's road owners (one entry per path, -1 for none) and sets of
// intersections as bit sets (bit v for intersection v).

// Fixed adjacency, copied once from catan.Island.
var (
	adjVertex [catan.NumVertices][3]int8 // neighbours, -1 padded
	adjEdge   [catan.NumVertices][3]int8 // the path to each neighbour
	edgeEnd   [catan.NumEdges][2]int8
	hexCorner [catan.NumHexes][6]int8
	// hexCorners are hexCorner as bit sets (the bot's rating asks at
	// every production it weighs).
	hexCorners [catan.NumHexes]uint64
)

func init() {
	g := catan.Island
	for v := range adjVertex {
		adjVertex[v], adjEdge[v] = [3]int8{-1, -1, -1}, [3]int8{-1, -1, -1}
		for k, w := range g.VertexVertices[v] {
			adjVertex[v][k], adjEdge[v][k] = int8(w), int8(g.VertexEdges[v][k])
		}
	}
	for e := range edgeEnd {
		edgeEnd[e] = [2]int8{int8(g.EdgeVertices[e][0]), int8(g.EdgeVertices[e][1])}
	}
	for h := range hexCorner {
		for c, v := range g.HexVertices[h] {
			hexCorner[h][c] = int8(v)
			hexCorners[h] |= 1 << uint(v)
		}
	}
}

// KnightReach is the set of intersections a knight of owner standing at
// from can travel to: along owner's roads, never passing through an
// intersection in blocked (those holding another player's building or
// knight, reading 5). Blocked intersections are reached but not passed, so
// a displacement can end on one. from itself is not in the set.
func KnightReach(roads []int8, owner, from int, blocked uint64) uint64 {
	seen := uint64(1) << uint(from)
	stack := [catan.NumVertices]int8{int8(from)}
	n := 1
	for n > 0 {
		n--
		v := stack[n]
		if int(v) != from && blocked&(1<<uint(v)) != 0 && !KnightsPassOpponents {
			continue
		}
		for k, w := range adjVertex[v] {
			if w < 0 || int(roads[adjEdge[v][k]]) != owner || seen&(1<<uint(w)) != 0 {
				continue
			}
			seen |= 1 << uint(w)
			stack[n] = w
			n++
		}
	}
	return seen &^ (1 << uint(from))
}

// RoadEnds is the set of intersections at an end of one of owner's roads.
func RoadEnds(roads []int8, owner int) uint64 {
	var m uint64
	for e, o := range roads {
		if int(o) == owner {
			m |= 1<<uint(edgeEnd[e][0]) | 1<<uint(edgeEnd[e][1])
		}
	}
	return m
}

// OpenRoad reports whether road e is open (Diplomat, reading 11): at one of
// its ends its owner has no other road and no piece; pieces is the set of
// intersections holding the owner's buildings (and knights, when
// OpenRoadCountsKnights).
func OpenRoad(roads []int8, e int, pieces uint64) bool {
	o := roads[e]
	if o < 0 {
		return false
	}
	for _, v := range edgeEnd[e] {
		if pieces&(1<<uint(v)) != 0 {
			continue
		}
		other := false
		for k, f := range adjEdge[v] {
			if f >= 0 && int(f) != e && roads[f] == o && adjVertex[v][k] >= 0 {
				other = true
			}
		}
		if !other {
			return true
		}
	}
	return false
}

// HexCorners is the set of the six corners of hex h.
func HexCorners(h int) uint64 { return hexCorners[h] }
