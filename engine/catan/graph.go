package catan

import (
	"fmt"

	"tabula/engine/hexgrid"
)

// MaxVertices and MaxEdges bound the intersections and paths of any island
// of the family: intersection sets are one uint64, path sets an edgeSet.
const (
	MaxVertices = 64
	MaxEdges    = 96
)

// Graph is the shape of an island: its intersections and paths, how they
// join, where they lie, where the harbours are, and which intersections
// are closed to buildings and which paths to roads. Every graph has the
// base island's 19 hexes, its intersections 0 … 53 and paths 0 … 71 (the
// ids of Island); an expansion may add intersections and paths after
// those and close some (Traders & Barbarians: a plaza in each trade hex,
// four paths to it, no roads on its sea sides).
//
// Build one with IslandGraph and the Add and Close methods, once, before
// NewGame; the rules only read it.
type Graph struct {
	vertices, edges int
	point           [MaxVertices]hexgrid.Point // at hex size 1, island centred on 0
	vertexHexes     [MaxVertices][3]int8       // land hexes at each intersection, -1 padded
	vertexAdj       [MaxVertices][4]int8       // neighbouring intersections, -1 padded
	vertexEdges     [MaxVertices][4]int8       // path to vertexAdj at the same index
	edgeEnds        [MaxEdges][2]int8
	adjMask         [MaxVertices]uint64  // neighbouring intersections
	vertexEdgeSet   [MaxVertices]edgeSet // paths ending at the intersection
	edgeEndMask     [MaxEdges]uint64     // the two ends of a path
	coastal         edgeSet
	all             uint64  // every intersection
	closedV         uint64  // intersections where nothing may be built
	closedE         edgeSet // paths where no road may be built
	harborEdge      [NumHarbors]int8
	harborEnds      [NumHarbors][2]int8
	harborMask      [NumHarbors]uint64 // the two intersections of a harbour
	harborSlot      [NumHarbors]HarborSlot
}

// island is the base game's graph.
var island = IslandGraph()

// IslandGraph is a new copy of the base island's graph (Island), for an
// expansion to add to.
func IslandGraph() *Graph {
	_ = tablesFilled // the tables it copies
	g := &Graph{}
	layout := hexgrid.Layout{Size: 1}
	for v := 0; v < NumVertices; v++ {
		g.point[v] = layout.VertexPoint(Island.Vertices[v])
		g.vertexHexes[v] = vertexHexes[v]
		for k := range g.vertexAdj[v] {
			g.vertexAdj[v][k], g.vertexEdges[v][k] = -1, -1
		}
		copy(g.vertexAdj[v][:], vertexAdj[v][:])
		copy(g.vertexEdges[v][:], vertexEdges[v][:])
	}
	g.vertices = NumVertices
	for e := 0; e < NumEdges; e++ {
		g.edgeEnds[e] = edgeEnds[e]
	}
	g.edges = NumEdges
	for _, e := range Island.Coastal {
		g.coastal.add(e)
	}
	for i, s := range HarborSlots {
		g.SetHarbor(i, s)
	}
	g.index()
	return g
}

// index derives the bit tables from the adjacency tables.
func (g *Graph) index() {
	g.all = 1<<uint(g.vertices) - 1
	for v := 0; v < g.vertices; v++ {
		g.adjMask[v], g.vertexEdgeSet[v] = 0, edgeSet{}
		for k, w := range g.vertexAdj[v] {
			if w >= 0 {
				g.adjMask[v] |= 1 << uint(w)
				g.vertexEdgeSet[v].add(int(g.vertexEdges[v][k]))
			}
		}
	}
	for e := 0; e < g.edges; e++ {
		g.edgeEndMask[e] = 1<<uint(g.edgeEnds[e][0]) | 1<<uint(g.edgeEnds[e][1])
	}
	for i := range g.harborEnds {
		g.harborMask[i] = 1<<uint(g.harborEnds[i][0]) | 1<<uint(g.harborEnds[i][1])
	}
}

// AddIntersection adds an intersection at point at (hexgrid.Layout of
// size 1, island centred on 0) inside or at the corner of the given land
// hexes, and returns its id.
func (g *Graph) AddIntersection(at hexgrid.Point, hexes ...int) int {
	v := g.vertices
	if v >= MaxVertices || len(hexes) > 3 {
		panic(fmt.Sprintf("catan: intersection %d beyond the %d a graph holds", v, MaxVertices))
	}
	g.point[v] = at
	g.vertexHexes[v] = [3]int8{-1, -1, -1}
	for k, h := range hexes {
		g.vertexHexes[v][k] = int8(h)
	}
	for k := range g.vertexAdj[v] {
		g.vertexAdj[v][k], g.vertexEdges[v][k] = -1, -1
	}
	g.vertices++
	g.index()
	return v
}

// AddPath adds a path between intersections a and b and returns its id.
func (g *Graph) AddPath(a, b int) int {
	e := g.edges
	if e >= MaxEdges || a == b || a < 0 || b < 0 || a >= g.vertices || b >= g.vertices {
		panic(fmt.Sprintf("catan: cannot add path %d between %d and %d", e, a, b))
	}
	join := func(v, w int) {
		for k, x := range g.vertexAdj[v] {
			if x < 0 {
				g.vertexAdj[v][k], g.vertexEdges[v][k] = int8(w), int8(e)
				return
			}
		}
		panic(fmt.Sprintf("catan: intersection %d has four paths already", v))
	}
	join(a, b)
	join(b, a)
	g.edgeEnds[e] = [2]int8{int8(a), int8(b)}
	g.edges++
	g.index()
	return e
}

// ClosePath forbids roads on path e (its wagons and such are the
// expansion's business).
func (g *Graph) ClosePath(e int) { g.closedE.add(e) }

// CloseIntersection forbids buildings on intersection v.
func (g *Graph) CloseIntersection(v int) { g.closedV |= 1 << uint(v) }

// SetHarbor puts harbour slot i on a coastal side of a land hex.
func (g *Graph) SetHarbor(i int, s HarborSlot) {
	e := Island.HexEdges[s.Hex][s.Side]
	if len(Island.EdgeHexes[e]) != 1 {
		panic("catan: harbour slot is not on the coast")
	}
	g.harborSlot[i] = s
	g.harborEdge[i] = int8(e)
	g.harborEnds[i] = edgeEnds[e]
	g.index()
}

// Vertices and Edges are the numbers of intersections and paths.
func (g *Graph) Vertices() int { return g.vertices }
func (g *Graph) Edges() int    { return g.edges }

// Point is where intersection v lies, at hex size 1.
func (g *Graph) Point(v int) hexgrid.Point { return g.point[v] }

// Ends are the intersections at the ends of path e.
func (g *Graph) Ends(e int) (a, b int) { return int(g.edgeEnds[e][0]), int(g.edgeEnds[e][1]) }

// Paths lists the paths at intersection v, and Neighbours the intersections
// at their other ends, index for index.
func (g *Graph) Paths(v int) []int      { return list(g.vertexEdges[v][:]) }
func (g *Graph) Neighbours(v int) []int { return list(g.vertexAdj[v][:]) }

// HexesAt lists the land hexes at (or around) intersection v.
func (g *Graph) HexesAt(v int) []int { return list(g.vertexHexes[v][:]) }

// Closed reports whether intersection v is closed to buildings, and
// PathClosed whether path e is closed to roads.
func (g *Graph) Closed(v int) bool     { return g.closedV&(1<<uint(v)) != 0 }
func (g *Graph) PathClosed(e int) bool { return g.closedE.has(e) }

// Coastal reports whether path e is on the island's coast.
func (g *Graph) Coastal(e int) bool { return g.coastal.has(e) }

// Harbor is where harbour slot i lies: its slot, its path and its two
// intersections.
func (g *Graph) Harbor(i int) (slot HarborSlot, edge int, ends [2]int) {
	return g.harborSlot[i], int(g.harborEdge[i]), [2]int{int(g.harborEnds[i][0]), int(g.harborEnds[i][1])}
}

func list(xs []int8) []int {
	var out []int
	for _, x := range xs {
		if x >= 0 {
			out = append(out, int(x))
		}
	}
	return out
}
