package catan

import (
	"fmt"
	"strconv"

	"tabula/engine/hexgrid"
)

// Terrain is the land of one hex (fact sheet §1). The five producing
// terrains share their number with the resource they yield. Castle, Quarry
// and Glassworks are the trade hexes of Traders & Barbarians: they produce
// nothing and only that game's boards have them.
type Terrain int8

const (
	Forest      Terrain = Terrain(Lumber)
	Pasture     Terrain = Terrain(Wool)
	Fields      Terrain = Terrain(Grain)
	Hills       Terrain = Terrain(Brick)
	Mountains   Terrain = Terrain(Ore)
	Desert      Terrain = 5
	Castle      Terrain = 6
	Quarry      Terrain = 7
	Glassworks  Terrain = 8
	numTerrains         = 9
)

var terrainNames = [numTerrains]string{"forest", "pasture", "fields", "hills", "mountains", "desert", "castle", "quarry", "glassworks"}

// String is the terrain's name: "forest", "pasture", "fields", "hills",
// "mountains", "desert" (and "castle", "quarry", "glassworks").
func (t Terrain) String() string {
	if t < 0 || t >= numTerrains {
		return "Terrain(" + strconv.Itoa(int(t)) + ")"
	}
	return terrainNames[t]
}

func (t Terrain) MarshalText() ([]byte, error) {
	if t < 0 || t >= numTerrains {
		return nil, fmt.Errorf("catan: bad terrain %d", int(t))
	}
	return []byte(terrainNames[t]), nil
}

// Produces reports whether the terrain yields a resource, and which.
func (t Terrain) Produces() (Resource, bool) {
	if t >= Forest && t <= Mountains {
		return Resource(t), true
	}
	return 0, false
}

// Harbor is the kind of a harbour: 2:1 for one resource (values Lumber …
// Ore) or the generic 3:1 harbour (AnyHarbor).
type Harbor int8

// AnyHarbor is the generic 3:1 harbour.
const AnyHarbor Harbor = 5

// Rate is how many identical cards the harbour takes for one.
func (h Harbor) Rate() int {
	if h == AnyHarbor {
		return 3
	}
	return 2
}

// Resource is the resource of a 2:1 harbour; ok is false for 3:1.
func (h Harbor) Resource() (Resource, bool) {
	if h >= 0 && h < NumResources {
		return Resource(h), true
	}
	return 0, false
}

func (h Harbor) String() string {
	if r, ok := h.Resource(); ok {
		return "2:1 " + r.String()
	}
	if h == AnyHarbor {
		return "3:1"
	}
	return "Harbor(" + strconv.Itoa(int(h)) + ")"
}

func (h Harbor) MarshalText() ([]byte, error) {
	if r, ok := h.Resource(); ok {
		return []byte(r.String()), nil
	}
	if h == AnyHarbor {
		return []byte("any"), nil
	}
	return nil, fmt.Errorf("catan: bad harbour %d", int(h))
}

// The island: 19 land hexes in rows of 3-4-5-4-3 (fact sheet §3).
const (
	NumHexes    = 19
	NumVertices = 54
	NumEdges    = 72
	NumHarbors  = 9
	MaxPlayers  = 4
	MinPlayers  = 3
)

// Island is the board graph of the 19 land hexes. Its ids are the ids used
// by actions and views: hex ids run row by row from the top-left hex
// (Island.Hexes[id] gives axial coordinates), intersections and paths in
// reading order. Read only. Draw with hexgrid.Layout: Island.Vertices[v]
// and Island.Edges[e] give the geometry of intersection v and path e.
var Island = hexgrid.NewGraph(hexgrid.Spiral(hexgrid.Hex{}, 2))

// HexAt is the id of the hex in row r (1 = top) and column c (1 = left),
// the coordinates of the fact sheet (§3). It panics off the island.
func HexAt(r, c int) int {
	rowStart := [6]int{0, 0, 3, 7, 12, 16}
	rowLen := [6]int{0, 3, 4, 5, 4, 3}
	if r < 1 || r > 5 || c < 1 || c > rowLen[r] {
		panic(fmt.Sprintf("catan: no hex at row %d column %d", r, c))
	}
	return rowStart[r] + c - 1
}

// Fixed adjacency tables copied from Island, padded with -1: the rules
// read these, never the graph's slices.
var (
	vertexHexes [NumVertices][3]int8
	vertexAdj   [NumVertices][3]int8 // neighbouring intersections
	vertexEdges [NumVertices][3]int8 // path to vertexAdj at the same index
	edgeEnds    [NumEdges][2]int8
	hexCorners  [NumHexes][6]int8 // by hexgrid.Corner
	harborEnds  [NumHarbors][2]int8
	harborEdge  [NumHarbors]int8
	// spiralOrder[k] is the token placement order starting at outer
	// corner k, counterclockwise (fact sheet §5.3).
	spiralOrder [6][NumHexes]int8
)

// HarborSlot is where one of the 9 harbours lies: the coastal side Side of
// land hex Hex (fact sheet §4, slots H1…H9 in order).
type HarborSlot struct {
	Hex  int
	Side hexgrid.Direction
}

// HarborSlots are the 9 fixed harbour positions, H1 … H9, clockwise from
// the top-left.
var HarborSlots = [NumHarbors]HarborSlot{
	{HexAt(1, 1), hexgrid.NorthWest},
	{HexAt(1, 2), hexgrid.NorthEast},
	{HexAt(2, 4), hexgrid.NorthEast},
	{HexAt(3, 5), hexgrid.East},
	{HexAt(4, 4), hexgrid.SouthEast},
	{HexAt(5, 2), hexgrid.SouthEast},
	{HexAt(5, 1), hexgrid.SouthWest},
	{HexAt(4, 1), hexgrid.West},
	{HexAt(2, 1), hexgrid.West},
}

// tablesFilled orders the filling of the tables above before anything
// that reads them at package initialisation (IslandGraph, a Rules value's
// NewGame in a package variable).
var tablesFilled = fillTables()

func fillTables() bool {
	g := Island
	if len(g.Hexes) != NumHexes || len(g.Vertices) != NumVertices || len(g.Edges) != NumEdges {
		panic("catan: island graph has the wrong size")
	}
	for v := range vertexHexes {
		for k := 0; k < 3; k++ {
			vertexHexes[v][k], vertexAdj[v][k], vertexEdges[v][k] = -1, -1, -1
		}
		for k, h := range g.VertexHexes[v] {
			vertexHexes[v][k] = int8(h)
		}
		for k := range g.VertexVertices[v] {
			vertexAdj[v][k] = int8(g.VertexVertices[v][k])
			vertexEdges[v][k] = int8(g.VertexEdges[v][k])
		}
	}
	for e := range edgeEnds {
		edgeEnds[e] = [2]int8{int8(g.EdgeVertices[e][0]), int8(g.EdgeVertices[e][1])}
	}
	for h := range hexCorners {
		for c := range 6 {
			hexCorners[h][c] = int8(g.HexVertices[h][c])
		}
	}
	for i, s := range HarborSlots {
		e := g.HexEdges[s.Hex][s.Side]
		if len(g.EdgeHexes[e]) != 1 {
			panic("catan: harbour slot is not on the coast")
		}
		harborEdge[i] = int8(e)
		harborEnds[i] = edgeEnds[e]
	}
	// Token spiral: hexgrid.Ring walks clockwise from the north-west
	// corner, outer corners at even positions; walking it backwards is
	// counterclockwise. After the outer ring comes the inner ring from the
	// inner hex on the same side as the starting corner, then the centre.
	outer := hexgrid.Ring(hexgrid.Hex{}, 2)
	inner := hexgrid.Ring(hexgrid.Hex{}, 1)
	for k := range 6 {
		n := 0
		for i := range 12 {
			id, _ := g.HexID(outer[((2*k-i)%12+12)%12])
			spiralOrder[k][n] = int8(id)
			n++
		}
		for i := range 6 {
			id, _ := g.HexID(inner[((k-i)%6+6)%6])
			spiralOrder[k][n] = int8(id)
			n++
		}
		id, _ := g.HexID(hexgrid.Hex{})
		spiralOrder[k][n] = int8(id)
	}
	return true
}

// Board is the island as laid out for one game: terrain and number token of
// every hex (0 on the desert) and the kind of every harbour slot.
type Board struct {
	Terrain [NumHexes]Terrain  `json:"terrain"`
	Number  [NumHexes]int8     `json:"number"`
	Harbor  [NumHarbors]Harbor `json:"harbor"`
}

// TokenLetters are the 18 number tokens in letter order A … R (fact sheet
// §2).
var TokenLetters = [18]int8{5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11}

// BeginnerBoard is the published starting map (fact sheet §4): fixed
// terrain and numbers, desert in the centre, harbours H1…H9 as tabled.
func BeginnerBoard() Board {
	const (
		F, P, G, H, M, D = Forest, Pasture, Fields, Hills, Mountains, Desert
	)
	return Board{
		Terrain: [NumHexes]Terrain{
			M, P, F,
			G, H, P, H,
			G, F, D, F, M,
			F, M, G, P,
			H, G, P,
		},
		Number: [NumHexes]int8{
			10, 2, 9,
			12, 6, 4, 10,
			9, 11, 0, 3, 8,
			8, 3, 4, 5,
			5, 6, 11,
		},
		Harbor: [NumHarbors]Harbor{
			AnyHarbor, Harbor(Grain), Harbor(Ore), AnyHarbor, Harbor(Wool),
			AnyHarbor, AnyHarbor, Harbor(Brick), Harbor(Lumber),
		},
	}
}

// The terrain and harbour sets in the order the random layout shuffles them.
var (
	terrainSet = [NumHexes]Terrain{
		Forest, Forest, Forest, Forest, Pasture, Pasture, Pasture, Pasture,
		Fields, Fields, Fields, Fields, Hills, Hills, Hills,
		Mountains, Mountains, Mountains, Desert,
	}
	harborSet = [NumHarbors]Harbor{
		AnyHarbor, AnyHarbor, AnyHarbor, AnyHarbor,
		Harbor(Lumber), Harbor(Wool), Harbor(Grain), Harbor(Brick), Harbor(Ore),
	}
)

// boardRanges is the chance request of a random layout (LayoutRanges): a
// Fisher-Yates shuffle of the 19 terrains, one of the 9 harbours, and the
// outer corner (0 … 5) where the token spiral starts.
var boardRanges = LayoutRanges(NumHexes)

// RandomBoard lays out the variable island (fact sheet §5) from an outcome
// of boardRanges: terrain shuffled over the 19 hexes, harbour kinds over the
// 9 fixed slots, tokens A…R placed counterclockwise from the chosen outer
// corner, ring by ring inwards, skipping the desert.
func RandomBoard(o []int) Board { return RandomLayout(o, nil, terrainSet[:], TokenLetters[:]) }

// fisherYates shuffles a by the outcome of a shuffle request {n, n-1, …, 2}:
// position i takes the element o[i] places further on.
func fisherYates[T any](a []T, o []int) {
	for i, k := range o {
		j := i + k
		a[i], a[j] = a[j], a[i]
	}
}

// desert is the hex of the (first) desert, where the robber starts; -1 on
// a board without one (Traders & Barbarians, which has no robber).
func (b *Board) desert() int8 {
	for h, t := range b.Terrain {
		if t == Desert {
			return int8(h)
		}
	}
	return none
}

// Pips is the number of two-dice combinations that roll n (2 and 12 → 1,
// 6 and 8 → 5, 7 and off-range → 0).
func Pips(n int) int {
	if n < 2 || n > 12 || n == 7 {
		return 0
	}
	if n < 7 {
		return n - 1
	}
	return 13 - n
}
