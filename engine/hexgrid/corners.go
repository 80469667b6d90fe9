package hexgrid

import "fmt"

// Corner is one of the six corners of a pointy-top hex, clockwise from the
// top (north) corner.
type Corner int

const (
	CornerN Corner = iota
	CornerNE
	CornerSE
	CornerS
	CornerSW
	CornerNW
)

var cornerNames = [6]string{"N", "NE", "SE", "S", "SW", "NW"}

func (c Corner) String() string {
	if c < 0 || c > 5 {
		return fmt.Sprintf("Corner(%d)", int(c))
	}
	return cornerNames[c]
}

var directionNames = [6]string{"E", "SE", "SW", "W", "NW", "NE"}

func (d Direction) String() string {
	if d < 0 || d > 5 {
		return fmt.Sprintf("Direction(%d)", int(d))
	}
	return directionNames[d]
}

// Vertex is an intersection: a point where up to three hexes meet. Every
// vertex of the grid is the north (CornerN) or south (CornerS) corner of
// exactly one hex, and that pair is its canonical identity; Hex.Vertex
// converts any corner to it.
type Vertex struct {
	Hex    Hex    `json:"hex"`
	Corner Corner `json:"corner"` // CornerN or CornerS
}

// Edge is a path: the side shared by two neighbouring hexes. Every edge is
// the north-east, north-west or west side of exactly one hex, and that pair
// is its canonical identity; Hex.Edge converts any side to it.
type Edge struct {
	Hex  Hex       `json:"hex"`
	Side Direction `json:"side"` // NorthEast, NorthWest or West
}

func (v Vertex) String() string { return fmt.Sprintf("%d,%d/%v", v.Hex.Q, v.Hex.R, v.Corner) }
func (e Edge) String() string   { return fmt.Sprintf("%d,%d/%v", e.Hex.Q, e.Hex.R, e.Side) }

// Vertex is the canonical vertex at corner c of h.
func (h Hex) Vertex(c Corner) Vertex {
	switch c {
	case CornerN:
		return Vertex{h, CornerN}
	case CornerNE:
		return Vertex{h.Neighbor(NorthEast), CornerS}
	case CornerSE:
		return Vertex{h.Neighbor(SouthEast), CornerN}
	case CornerS:
		return Vertex{h, CornerS}
	case CornerSW:
		return Vertex{h.Neighbor(SouthWest), CornerN}
	case CornerNW:
		return Vertex{h.Neighbor(NorthWest), CornerS}
	}
	panic(fmt.Sprintf("hexgrid: bad corner %d", int(c)))
}

// Vertices are the six corners of h, clockwise from CornerN.
func (h Hex) Vertices() [6]Vertex {
	var out [6]Vertex
	for c := CornerN; c <= CornerNW; c++ {
		out[c] = h.Vertex(c)
	}
	return out
}

// Edge is the canonical edge on the side of h that faces direction d.
func (h Hex) Edge(d Direction) Edge {
	switch d {
	case NorthEast, NorthWest, West:
		return Edge{h, d}
	case East:
		return Edge{h.Neighbor(East), West}
	case SouthEast:
		return Edge{h.Neighbor(SouthEast), NorthWest}
	case SouthWest:
		return Edge{h.Neighbor(SouthWest), NorthEast}
	}
	panic(fmt.Sprintf("hexgrid: bad direction %d", int(d)))
}

// Edges are the six sides of h, indexed by the Direction they face.
func (h Hex) Edges() [6]Edge {
	var out [6]Edge
	for _, d := range Directions {
		out[d] = h.Edge(d)
	}
	return out
}

// Canonical reports whether v is in canonical form.
func (v Vertex) Canonical() bool { return v.Corner == CornerN || v.Corner == CornerS }

// Canonical reports whether e is in canonical form.
func (e Edge) Canonical() bool {
	return e.Side == NorthEast || e.Side == NorthWest || e.Side == West
}

// Hexes are the three hexes that meet at v: its own hex, then the other two
// west to east.
func (v Vertex) Hexes() [3]Hex {
	h := v.Hex
	if v.Corner == CornerN {
		return [3]Hex{h, h.Neighbor(NorthWest), h.Neighbor(NorthEast)}
	}
	return [3]Hex{h, h.Neighbor(SouthWest), h.Neighbor(SouthEast)}
}

// Adjacent are the three vertices one edge away from v, in the same order as
// v.Edges: for a north corner the ones to the north-west, north-east and
// straight north; for a south corner south-west, south-east, straight south.
func (v Vertex) Adjacent() [3]Vertex {
	h := v.Hex
	if v.Corner == CornerN {
		return [3]Vertex{
			{h.Neighbor(NorthWest), CornerS},
			{h.Neighbor(NorthEast), CornerS},
			{Hex{h.Q + 1, h.R - 2}, CornerS},
		}
	}
	return [3]Vertex{
		{h.Neighbor(SouthWest), CornerN},
		{h.Neighbor(SouthEast), CornerN},
		{Hex{h.Q - 1, h.R + 2}, CornerN},
	}
}

// Edges are the three edges that end at v, each leading to the vertex at the
// same index of v.Adjacent.
func (v Vertex) Edges() [3]Edge {
	h := v.Hex
	if v.Corner == CornerN {
		return [3]Edge{
			{h, NorthWest},
			{h, NorthEast},
			{h.Neighbor(NorthEast), West},
		}
	}
	return [3]Edge{
		h.Edge(SouthWest),
		h.Edge(SouthEast),
		{h.Neighbor(SouthEast), West},
	}
}

// Vertices are the two ends of e, clockwise around e.Hex.
func (e Edge) Vertices() [2]Vertex {
	h := e.Hex
	switch e.Side {
	case NorthEast:
		return [2]Vertex{{h, CornerN}, h.Vertex(CornerNE)}
	case NorthWest:
		return [2]Vertex{h.Vertex(CornerNW), {h, CornerN}}
	case West:
		return [2]Vertex{h.Vertex(CornerSW), h.Vertex(CornerNW)}
	}
	panic(fmt.Sprintf("hexgrid: edge %v is not canonical", e))
}

// Hexes are the two hexes on either side of e: e.Hex, then its neighbour
// across the side.
func (e Edge) Hexes() [2]Hex {
	return [2]Hex{e.Hex, e.Hex.Neighbor(e.Side)}
}
