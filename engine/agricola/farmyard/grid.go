// Package farmyard is the geometry of an Agricola farmyard: its 15 cells in
// 3 rows of 5, the 38 edges where fences stand, pastures (the enclosed areas
// the fences make), the full validation of a fence-building action, and the
// housing of animals in pastures, stables and the house.
//
// It knows nothing of players, costs or turns: the game (engine/agricola)
// asks it whether a farmyard is valid and what it holds. Everything here is
// a pure function of small values (bit sets), so the UI can call the same
// functions for a live preview that the engine uses to decide.
//
// The rules it encodes are those of the revised edition (see docs/agricola.md
// in the repository): fences enclose pastures on all sides, the farm's edge
// is not a fence, room and field tiles are not fences, a pasture holds only
// empty cells or cells with a stable, every fence must border a pasture, and
// all pastures form one orthogonally connected area.
package farmyard

import (
	"iter"
	"math/bits"
)

// Size of the farmyard.
const (
	Rows  = 3
	Cols  = 5
	Cells = Rows * Cols // 15
	// Edges: 4 rows of 5 horizontal edges, 3 rows of 6 vertical ones.
	Edges = (Rows+1)*Cols + Rows*(Cols+1) // 38
	// MaxFences is the fences each player owns (the only limit).
	MaxFences = 15
	// MaxStables is the stables each player owns.
	MaxStables = 4
)

// Cell is a farmyard space, 1…15 row by row from the top left (0 = none).
// The starting house stands on cells 6 and 11 (left column, middle and
// bottom rows).
type Cell int

// At is the cell in row (0…2, top first) and column (0…4, left first), or 0
// outside the farmyard.
func At(row, col int) Cell {
	if row < 0 || row >= Rows || col < 0 || col >= Cols {
		return 0
	}
	return Cell(row*Cols + col + 1)
}

// Valid reports whether c is one of the 15 cells.
func (c Cell) Valid() bool { return c >= 1 && c <= Cells }

// Row is c's row, 0 at the top.
func (c Cell) Row() int { return (int(c) - 1) / Cols }

// Col is c's column, 0 at the left.
func (c Cell) Col() int { return (int(c) - 1) % Cols }

// Set is a set of cells, bit c-1 for cell c.
type Set uint16

// All is every cell.
const All Set = 1<<Cells - 1

// Of is the set of the given cells (invalid ones are ignored).
func Of(cells ...Cell) Set { return Set(bitsOf(cells, Cells)) }

// bitsOf sets bit p-1 for each position p in 1…n.
func bitsOf[E ~int](ps []E, n int) uint64 {
	var b uint64
	for _, p := range ps {
		if p >= 1 && int(p) <= n {
			b |= 1 << (p - 1)
		}
	}
	return b
}

// Has reports whether c is in s.
func (s Set) Has(c Cell) bool { return c.Valid() && s&(1<<(c-1)) != 0 }

// With is s plus c.
func (s Set) With(c Cell) Set { return s | Of(c) }

// Len is the number of cells in s.
func (s Set) Len() int { return bits.OnesCount16(uint16(s & All)) }

// First is the lowest cell of s (0 when empty).
func (s Set) First() Cell {
	if s&All == 0 {
		return 0
	}
	return Cell(bits.TrailingZeros16(uint16(s)) + 1)
}

// Cells lists the cells of s in order.
func (s Set) Cells() []Cell { return members[Cell](uint64(s & All)) }

// Each yields the cells of s in order, as Cells lists them, without a
// list (the move listing and the rating walk fields at every step).
func (s Set) Each() iter.Seq[Cell] {
	return func(yield func(Cell) bool) {
		for b := uint64(s & All); b != 0; b &= b - 1 {
			if !yield(Cell(bits.TrailingZeros64(b) + 1)) {
				return
			}
		}
	}
}

// members lists the 1-based positions of the bits of b, in order.
func members[E ~int](b uint64) []E {
	out := make([]E, 0, bits.OnesCount64(b))
	for ; b != 0; b &= b - 1 {
		out = append(out, E(bits.TrailingZeros64(b)+1))
	}
	return out
}

// Edge is a place for one fence, 1…38: first the horizontal edges, row by
// row from the top border (1…5 above row 0, 16…20 below row 2), then the
// vertical edges, row by row, left border first (21…26 in row 0). 0 = none.
type Edge int

// Valid reports whether e is one of the 38 edges.
func (e Edge) Valid() bool { return e >= 1 && e <= Edges }

// Horizontal reports whether e runs along a row (above or below cells).
func (e Edge) Horizontal() bool { return e >= 1 && e <= (Rows+1)*Cols }

// Top is the horizontal edge above c.
func (c Cell) Top() Edge { return Edge(c.Row()*Cols + c.Col() + 1) }

// Bottom is the horizontal edge below c.
func (c Cell) Bottom() Edge { return Edge((c.Row()+1)*Cols + c.Col() + 1) }

// Left is the vertical edge left of c.
func (c Cell) Left() Edge { return Edge((Rows+1)*Cols + c.Row()*(Cols+1) + c.Col() + 1) }

// Right is the vertical edge right of c.
func (c Cell) Right() Edge { return c.Left() + 1 }

// Sides lists c's four edges: top, right, bottom, left.
func (c Cell) Sides() [4]Edge { return [4]Edge{c.Top(), c.Right(), c.Bottom(), c.Left()} }

// Cells are the two cells e separates; 0 stands for outside the farmyard.
// For a horizontal edge a is above and b below; for a vertical one a is
// left and b right.
func (e Edge) Cells() (a, b Cell) {
	if !e.Valid() {
		return 0, 0
	}
	if e.Horizontal() {
		i := int(e) - 1
		row, col := i/Cols, i%Cols
		return At(row-1, col), At(row, col)
	}
	i := int(e) - 1 - (Rows+1)*Cols
	row, col := i/(Cols+1), i%(Cols+1)
	return At(row, col-1), At(row, col)
}

// Between is the edge shared by two orthogonally adjacent cells, else 0.
func Between(a, b Cell) Edge {
	if !a.Valid() || !b.Valid() {
		return 0
	}
	switch {
	case b == a+Cols:
		return a.Bottom()
	case a == b+Cols:
		return b.Bottom()
	case b == a+1 && a.Row() == b.Row():
		return a.Right()
	case a == b+1 && a.Row() == b.Row():
		return b.Right()
	}
	return 0
}

// Fences is a set of edges, bit e-1 for edge e.
type Fences uint64

// AllEdges is every edge.
const AllEdges Fences = 1<<Edges - 1

// FencesOf is the set of the given edges (invalid ones are ignored).
func FencesOf(edges ...Edge) Fences { return Fences(bitsOf(edges, Edges)) }

// Has reports whether e is in f.
func (f Fences) Has(e Edge) bool { return e.Valid() && f&(1<<(e-1)) != 0 }

// Len is the number of edges in f.
func (f Fences) Len() int { return bits.OnesCount64(uint64(f & AllEdges)) }

// Edges lists the edges of f in order.
func (f Fences) Edges() []Edge { return members[Edge](uint64(f & AllEdges)) }

// Boundary is the set of edges with exactly one side in s (the farm's
// border counts as outside): the fences that enclose s on its own.
func Boundary(s Set) Fences {
	// An edge between two cells of s is touched twice and cancels out.
	var odd Fences
	for r := s & All; r != 0; r &= r - 1 {
		odd ^= cellEdges[bits.TrailingZeros16(uint16(r))]
	}
	return odd
}

// Neighbours is the set of cells orthogonally adjacent to some cell of s and
// not in s.
func Neighbours(s Set) Set {
	s &= All
	const notLeft = All &^ (1<<0 | 1<<5 | 1<<10)  // cells not in column 0
	const notRight = All &^ (1<<4 | 1<<9 | 1<<14) // cells not in column 4
	n := (s<<1)&notLeft | (s>>1)&notRight | s<<Cols | s>>Cols
	return n & All &^ s
}

// Connected reports whether s is non-empty and orthogonally connected.
func Connected(s Set) bool {
	s &= All
	if s == 0 {
		return false
	}
	reach := s & -s
	for {
		next := (reach | Neighbours(reach)) & s
		if next == reach {
			return reach == s
		}
		reach = next
	}
}

// cellEdges[c-1] is the set of cell c's four edges.
var cellEdges [Cells]Fences

func init() {
	for c := Cell(1); c <= Cells; c++ {
		sides := c.Sides()
		cellEdges[c-1] = FencesOf(sides[:]...)
	}
}
