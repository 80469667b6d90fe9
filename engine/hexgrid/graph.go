package hexgrid

import (
	"fmt"
	"sort"
)

// Graph is the board graph of a set of hexes (the land of an island): its
// hexes, the intersections at their corners and the paths along their sides,
// each numbered densely from 0 in reading order (top to bottom, then left to
// right, by position on the drawing), so ids are the same whatever order the
// hexes were given in. Games keep ids in their state and copy the adjacency
// into fixed arrays of their own.
//
// Adjacency lists hold ids only of things in the graph: VertexHexes of a
// coastal intersection has one or two hexes, not three.
type Graph struct {
	Hexes    []Hex
	Vertices []Vertex
	Edges    []Edge

	// HexVertices are the corners of each hex, indexed by Corner
	// (clockwise from CornerN).
	HexVertices [][6]int
	// HexEdges are the sides of each hex, indexed by the Direction each
	// faces (East, SouthEast, … NorthEast).
	HexEdges [][6]int
	// VertexHexes are the hexes that meet at each intersection (1 to 3),
	// in increasing id order.
	VertexHexes [][]int
	// VertexVertices are the intersections one path away (2 or 3), and
	// VertexEdges the paths leading to them, index for index.
	VertexVertices [][]int
	VertexEdges    [][]int
	// EdgeVertices are the two ends of each path, lower id first.
	EdgeVertices [][2]int
	// EdgeHexes are the hexes on either side of each path (1 or 2), in
	// increasing id order.
	EdgeHexes [][]int
	// Coastal lists, in increasing order, the paths with a hex of the graph
	// on one side only.
	Coastal []int

	hexID    map[Hex]int
	vertexID map[Vertex]int
	edgeID   map[Edge]int
}

// Vertex and edge positions in exact integer units, for ordering: y in
// halves of Size, x in halves of the hex width.
func hexKey(h Hex) [2]int { return [2]int{3 * h.R, 2*h.Q + h.R} }

func vertexKey(v Vertex) [2]int {
	k := hexKey(v.Hex)
	if v.Corner == CornerN {
		k[0] -= 2
	} else {
		k[0] += 2
	}
	return k
}

// edgeKey is twice the midpoint of the edge.
func edgeKey(e Edge) [2]int {
	v := e.Vertices()
	a, b := vertexKey(v[0]), vertexKey(v[1])
	return [2]int{a[0] + b[0], a[1] + b[1]}
}

func keyLess(a, b [2]int) bool {
	if a[0] != b[0] {
		return a[0] < b[0]
	}
	return a[1] < b[1]
}

// NewGraph builds the graph of hexes. Duplicate hexes are ignored.
func NewGraph(hexes []Hex) *Graph {
	g := &Graph{hexID: map[Hex]int{}, vertexID: map[Vertex]int{}, edgeID: map[Edge]int{}}
	for _, h := range hexes {
		if _, dup := g.hexID[h]; !dup {
			g.hexID[h] = -1
			g.Hexes = append(g.Hexes, h)
		}
	}
	sort.Slice(g.Hexes, func(i, j int) bool { return keyLess(hexKey(g.Hexes[i]), hexKey(g.Hexes[j])) })
	for i, h := range g.Hexes {
		g.hexID[h] = i
	}

	for _, h := range g.Hexes {
		for _, v := range h.Vertices() {
			if _, ok := g.vertexID[v]; !ok {
				g.vertexID[v] = -1
				g.Vertices = append(g.Vertices, v)
			}
		}
		for _, e := range h.Edges() {
			if _, ok := g.edgeID[e]; !ok {
				g.edgeID[e] = -1
				g.Edges = append(g.Edges, e)
			}
		}
	}
	sort.Slice(g.Vertices, func(i, j int) bool { return keyLess(vertexKey(g.Vertices[i]), vertexKey(g.Vertices[j])) })
	sort.Slice(g.Edges, func(i, j int) bool { return keyLess(edgeKey(g.Edges[i]), edgeKey(g.Edges[j])) })
	for i, v := range g.Vertices {
		g.vertexID[v] = i
	}
	for i, e := range g.Edges {
		g.edgeID[e] = i
	}

	g.HexVertices = make([][6]int, len(g.Hexes))
	g.HexEdges = make([][6]int, len(g.Hexes))
	for i, h := range g.Hexes {
		for c, v := range h.Vertices() {
			g.HexVertices[i][c] = g.vertexID[v]
		}
		for d, e := range h.Edges() {
			g.HexEdges[i][d] = g.edgeID[e]
		}
	}

	g.VertexHexes = make([][]int, len(g.Vertices))
	g.VertexVertices = make([][]int, len(g.Vertices))
	g.VertexEdges = make([][]int, len(g.Vertices))
	for i, v := range g.Vertices {
		for _, h := range v.Hexes() {
			if id, ok := g.hexID[h]; ok {
				g.VertexHexes[i] = append(g.VertexHexes[i], id)
			}
		}
		sort.Ints(g.VertexHexes[i])
		adj, edges := v.Adjacent(), v.Edges()
		for k := range edges {
			// A path belongs to the graph when a hex of the graph
			// touches it; its far end then does too.
			if id, ok := g.edgeID[edges[k]]; ok {
				g.VertexEdges[i] = append(g.VertexEdges[i], id)
				g.VertexVertices[i] = append(g.VertexVertices[i], g.vertexID[adj[k]])
			}
		}
	}

	g.EdgeVertices = make([][2]int, len(g.Edges))
	g.EdgeHexes = make([][]int, len(g.Edges))
	for i, e := range g.Edges {
		ends := e.Vertices()
		a, b := g.vertexID[ends[0]], g.vertexID[ends[1]]
		if a > b {
			a, b = b, a
		}
		g.EdgeVertices[i] = [2]int{a, b}
		for _, h := range e.Hexes() {
			if id, ok := g.hexID[h]; ok {
				g.EdgeHexes[i] = append(g.EdgeHexes[i], id)
			}
		}
		sort.Ints(g.EdgeHexes[i])
		if len(g.EdgeHexes[i]) == 1 {
			g.Coastal = append(g.Coastal, i)
		}
	}
	return g
}

// HexID is the id of h, if h is in the graph.
func (g *Graph) HexID(h Hex) (int, bool) {
	id, ok := g.hexID[h]
	return id, ok
}

// VertexID is the id of v (in any form, canonical or not: pass
// h.Vertex(c)), if it is in the graph.
func (g *Graph) VertexID(v Vertex) (int, bool) {
	if !v.Canonical() {
		v = v.Hex.Vertex(v.Corner)
	}
	id, ok := g.vertexID[v]
	return id, ok
}

// EdgeID is the id of e (canonical or not), if it is in the graph.
func (g *Graph) EdgeID(e Edge) (int, bool) {
	if !e.Canonical() {
		e = e.Hex.Edge(e.Side)
	}
	id, ok := g.edgeID[e]
	return id, ok
}

// EdgeBetween is the path joining two intersections, if they are adjacent.
func (g *Graph) EdgeBetween(a, b int) (int, bool) {
	if a < 0 || a >= len(g.Vertices) {
		return 0, false
	}
	for k, w := range g.VertexVertices[a] {
		if w == b {
			return g.VertexEdges[a][k], true
		}
	}
	return 0, false
}

// Validate checks the graph's internal consistency (used by tests and as a
// guard by games that build fixed tables from it).
func (g *Graph) Validate() error {
	for i, v := range g.Vertices {
		if id, ok := g.VertexID(v); !ok || id != i {
			return fmt.Errorf("vertex %d (%v) does not map back", i, v)
		}
		for k, e := range g.VertexEdges[i] {
			ends := g.EdgeVertices[e]
			w := g.VertexVertices[i][k]
			if !(ends == [2]int{i, w} || ends == [2]int{w, i}) {
				return fmt.Errorf("vertex %d: edge %d does not join it to %d", i, e, w)
			}
		}
	}
	for i, e := range g.Edges {
		if id, ok := g.EdgeID(e); !ok || id != i {
			return fmt.Errorf("edge %d (%v) does not map back", i, e)
		}
	}
	return nil
}
