// Package hexgrid is the hex geometry shared by every hex-board game in
// Tabula (the Catan island, the Castles of Burgundy estates).
//
// Hexes use axial coordinates (Q, R) on a pointy-top grid: Q grows to the
// east, R grows to the south-east. The third cube coordinate is S = -Q-R.
//
// Beyond cells the package knows intersections (Vertex: the N or S corner
// of one hex) and paths (Edge: the NE, NW or W side of one hex), the board
// graph of a set of hexes with dense ids (Graph), and drawing geometry
// (Layout) for SVG.
package hexgrid

// Hex is one hex cell in axial coordinates.
type Hex struct {
	Q int `json:"q"`
	R int `json:"r"`
}

// Direction is one of the six neighbours of a pointy-top hex, clockwise from
// the east.
type Direction int

const (
	East Direction = iota
	SouthEast
	SouthWest
	West
	NorthWest
	NorthEast
)

// Directions lists all six, clockwise from East.
var Directions = [6]Direction{East, SouthEast, SouthWest, West, NorthWest, NorthEast}

var offsets = [6]Hex{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}

// Add returns h moved by d's offset.
func (h Hex) Add(o Hex) Hex { return Hex{h.Q + o.Q, h.R + o.R} }

// Neighbor is the hex next to h in direction d.
func (h Hex) Neighbor(d Direction) Hex { return h.Add(offsets[d]) }

// Neighbors are the six hexes around h, clockwise from the east.
func (h Hex) Neighbors() [6]Hex {
	var n [6]Hex
	for i, o := range offsets {
		n[i] = h.Add(o)
	}
	return n
}

// S is the third cube coordinate.
func (h Hex) S() int { return -h.Q - h.R }

// Distance is the number of steps between two hexes.
func Distance(a, b Hex) int {
	return (abs(a.Q-b.Q) + abs(a.R-b.R) + abs(a.S()-b.S())) / 2
}

// Ring lists the hexes at exactly radius steps from center, clockwise,
// starting at its north-west corner.
func Ring(center Hex, radius int) []Hex {
	if radius == 0 {
		return []Hex{center}
	}
	out := make([]Hex, 0, 6*radius)
	// Start at the north-west corner of the ring and walk clockwise:
	// east first, then south-east, and so on.
	h := center
	for i := 0; i < radius; i++ {
		h = h.Neighbor(NorthWest)
	}
	for _, d := range Directions {
		for i := 0; i < radius; i++ {
			out = append(out, h)
			h = h.Neighbor(d)
		}
	}
	return out
}

// Spiral lists every hex within radius of center: center first, then ring 1,
// ring 2 … each ring clockwise from its north-west corner.
func Spiral(center Hex, radius int) []Hex {
	var out []Hex
	for r := 0; r <= radius; r++ {
		out = append(out, Ring(center, r)...)
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
