package traders

import (
	"fmt"

	"tabula/engine/catan"
	"tabula/engine/hexgrid"
)

// The board's geometry (orig "Гексы назначения"): the base island with three
// of its outer corner hexes turned into trade hexes. Each trade hex has a
// central plaza, an intersection of its own with the building, joined to
// the hex's four inland corners by four spokes. The plazas and spokes are
// not part of catan.Island (whose ids the base engine keeps), so the
// scenario numbers them after it: the wagons' network has the island's
// intersections 0 … 53 and the plazas 54 … 56 as its nodes, the island's
// paths 0 … 71 and the spokes 72 … 83 as its routes.

// TradeHex is one of the three destination hexes.
type TradeHex int8

const (
	Castle TradeHex = iota
	Quarry
	Glassworks
	NumTradeHexes = 3
)

var tradeHexNames = [NumTradeHexes]string{"castle", "quarry", "glassworks"}

// String is "castle", "quarry" or "glassworks".
func (t TradeHex) String() string {
	if t < 0 || t >= NumTradeHexes {
		return fmt.Sprintf("TradeHex(%d)", int(t))
	}
	return tradeHexNames[t]
}

// Sizes of the wagons' network.
const (
	SpokesPerHex = 4
	NumSpokes    = NumTradeHexes * SpokesPerHex
	// NumNodes are the intersections a wagon can stand on: the island's
	// and the three plazas.
	NumNodes = catan.NumVertices + NumTradeHexes
	// NumRoutes are the island's paths and the spokes.
	NumRoutes = catan.NumEdges + NumSpokes
	// MaxDegree is the most routes meeting at a node (a plaza's four
	// spokes; an inland corner's three paths and one spoke).
	MaxDegree = 4
)

// Plaza is the node of trade hex t's plaza.
func Plaza(t TradeHex) int { return catan.NumVertices + int(t) }

// PlazaOf is the trade hex whose plaza node n is, if it is one.
func PlazaOf(n int) (TradeHex, bool) {
	if n >= catan.NumVertices && n < NumNodes {
		return TradeHex(n - catan.NumVertices), true
	}
	return 0, false
}

// Spoke is the route of spoke i (0 … 3) of trade hex t.
func Spoke(t TradeHex, i int) int { return catan.NumEdges + SpokesPerHex*int(t) + i }

// SpokeOf is the trade hex of a spoke route, if r is one.
func SpokeOf(r int) (TradeHex, bool) {
	if r >= catan.NumEdges && r < NumRoutes {
		return TradeHex((r - catan.NumEdges) / SpokesPerHex), true
	}
	return 0, false
}

// Geometry is the scenario's fixed board geometry: the island graph with
// the plazas and spokes added and the sea sides closed (Graph, which the
// base rules read), and what the wagons need of it. Derived once from
// catan.Island and TradeHexSlots. Read only.
type Geometry struct {
	// Graph is the island for the base rules: intersections 0 … 56 and
	// paths 0 … 83, roads closed on the sea sides, buildings on the sea
	// corners and plazas.
	Graph *catan.Graph
	// Hex is the island hex id of each trade hex.
	Hex [NumTradeHexes]int
	// Corners are the four inland corners of each trade hex (where its
	// spokes end), clockwise from the top; SeaCorners the two corners
	// touching only its sea sides, where nothing may be built.
	Corners    [NumTradeHexes][SpokesPerHex]int
	SeaCorners [NumTradeHexes][2]int
	// SeaSides are the three sea sides of each trade hex: island paths
	// where no road goes (orig) and, by choice, no wagon or barbarian.
	SeaSides [NumTradeHexes][3]int
	// Ends are the two nodes of each route, lower first (a spoke: its
	// corner, then the plaza).
	Ends [NumRoutes][2]int8
	// Adj and AdjRoute are each node's neighbours along routes a wagon
	// may use and the routes leading to them, index for index, padded
	// with -1.
	Adj      [NumNodes][MaxDegree]int8
	AdjRoute [NumNodes][MaxDegree]int8
	// IsPath marks the routes that are paths: everything but the sea
	// sides of trade hexes. Barbarians stand only on paths, wagons move
	// only along them.
	IsPath [NumRoutes]bool
	// BarbarianStart are the routes of the three barbarians at set-up.
	BarbarianStart [3]int
}

// Board is the scenario's geometry.
var Board = newGeometry()

func newGeometry() *Geometry {
	g := &Geometry{Graph: catan.IslandGraph()}
	isl := catan.Island
	for r := range g.IsPath {
		g.IsPath[r] = true
	}
	for t := TradeHex(0); t < NumTradeHexes; t++ {
		slot := TradeHexSlots[t]
		h := catan.HexAt(slot.Row, slot.Col)
		g.Hex[t] = h
		nc, ns, nside := 0, 0, 0
		for c := hexgrid.CornerN; c <= hexgrid.CornerNW; c++ {
			v := isl.HexVertices[h][c]
			if len(isl.VertexHexes[v]) == 1 {
				g.SeaCorners[t][ns] = v
				ns++
				continue
			}
			if nc == SpokesPerHex {
				panic("traders: a trade hex has more than four inland corners")
			}
			g.Corners[t][nc] = v
			nc++
		}
		for _, d := range hexgrid.Directions {
			if e := isl.HexEdges[h][d]; len(isl.EdgeHexes[e]) == 1 {
				if nside == 3 {
					panic("traders: a trade hex has more than three sea sides")
				}
				g.SeaSides[t][nside] = e
				nside++
			}
		}
		if nc != SpokesPerHex || ns != 2 || nside != 3 {
			panic(fmt.Sprintf("traders: %v is not on an outer corner of the island", t))
		}
	}
	// The plazas, then the spokes, numbered after the island's.
	layout := hexgrid.Layout{Size: 1}
	for t := TradeHex(0); t < NumTradeHexes; t++ {
		if v := g.Graph.AddIntersection(layout.Center(isl.Hexes[g.Hex[t]]), g.Hex[t]); v != Plaza(t) {
			panic("traders: plaza numbered out of order")
		}
		g.Graph.CloseIntersection(Plaza(t))
		for _, v := range g.SeaCorners[t] {
			g.Graph.CloseIntersection(v)
		}
		for _, e := range g.SeaSides[t] {
			g.Graph.ClosePath(e)
			g.IsPath[e] = SeaSidesArePaths
		}
	}
	for t := TradeHex(0); t < NumTradeHexes; t++ {
		for i, v := range g.Corners[t] {
			if e := g.Graph.AddPath(v, Plaza(t)); e != Spoke(t, i) {
				panic("traders: spoke numbered out of order")
			}
		}
	}
	if g.Graph.Vertices() != NumNodes || g.Graph.Edges() != NumRoutes {
		panic("traders: the graph has the wrong size")
	}
	for r := 0; r < NumRoutes; r++ {
		a, b := g.Graph.Ends(r)
		g.Ends[r] = [2]int8{int8(min(a, b)), int8(max(a, b))}
	}
	for n := range g.Adj {
		for k := range g.Adj[n] {
			g.Adj[n][k], g.AdjRoute[n][k] = -1, -1
		}
	}
	// Neighbours in route order, so every walk over them is deterministic.
	for r := 0; r < NumRoutes; r++ {
		if !g.IsPath[r] {
			continue
		}
		a, b := g.Ends[r][0], g.Ends[r][1]
		g.link(int(a), int(b), r)
		g.link(int(b), int(a), r)
	}
	for t := TradeHex(0); t < NumTradeHexes; t++ {
		g.BarbarianStart[t] = g.barbarianStartSpoke(t)
	}
	return g
}

func (g *Geometry) link(from, to, r int) {
	for k := range g.Adj[from] {
		if g.Adj[from][k] < 0 {
			g.Adj[from][k], g.AdjRoute[from][k] = int8(to), int8(r)
			return
		}
	}
	panic("traders: a node with more than four routes")
}

// TradeHexAt is the trade hex on island hex h, if there is one.
func (g *Geometry) TradeHexAt(h int) (TradeHex, bool) {
	for t, x := range g.Hex {
		if x == h {
			return TradeHex(t), true
		}
	}
	return 0, false
}

// Route is the route joining nodes a and b, if a wagon may go from one to
// the other.
func (g *Geometry) Route(a, b int) (int, bool) {
	if a < 0 || a >= NumNodes {
		return 0, false
	}
	for k, w := range g.Adj[a] {
		if w >= 0 && int(w) == b {
			return int(g.AdjRoute[a][k]), true
		}
	}
	return 0, false
}
