package hexgrid

import "math"

// Point is a position in drawing units (SVG user units): X grows to the
// right, Y grows downwards.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Layout maps the grid onto the drawing plane: Size is the distance from a
// hex's centre to any of its corners, Origin the centre of Hex{0, 0}.
// Geometry is for drawing only; rules never depend on it.
type Layout struct {
	Size   float64
	Origin Point
}

var sqrt3 = math.Sqrt(3)

// Center is the centre of h.
func (l Layout) Center(h Hex) Point {
	return Point{
		X: l.Origin.X + l.Size*sqrt3*(float64(h.Q)+float64(h.R)/2),
		Y: l.Origin.Y + l.Size*1.5*float64(h.R),
	}
}

// cornerOffset is the offset of corner c from the centre for size 1.
var cornerOffset = [6]Point{
	{0, -1},
	{math.Sqrt(3) / 2, -0.5},
	{math.Sqrt(3) / 2, 0.5},
	{0, 1},
	{-math.Sqrt(3) / 2, 0.5},
	{-math.Sqrt(3) / 2, -0.5},
}

// Corner is the position of corner c of h.
func (l Layout) Corner(h Hex, c Corner) Point {
	p := l.Center(h)
	o := cornerOffset[c]
	return Point{p.X + l.Size*o.X, p.Y + l.Size*o.Y}
}

// Corners are the six corners of h, clockwise from CornerN: the points of
// its SVG polygon.
func (l Layout) Corners(h Hex) [6]Point {
	var out [6]Point
	for c := CornerN; c <= CornerNW; c++ {
		out[c] = l.Corner(h, c)
	}
	return out
}

// VertexPoint is the position of an intersection.
func (l Layout) VertexPoint(v Vertex) Point { return l.Corner(v.Hex, v.Corner) }

// EdgePoints are the two ends of a path, in the order of Edge.Vertices.
func (l Layout) EdgePoints(e Edge) [2]Point {
	v := e.Vertices()
	return [2]Point{l.VertexPoint(v[0]), l.VertexPoint(v[1])}
}

// EdgeMidpoint is the middle of a path (where a harbour or a label goes).
func (l Layout) EdgeMidpoint(e Edge) Point {
	p := l.EdgePoints(e)
	return Point{(p[0].X + p[1].X) / 2, (p[0].Y + p[1].Y) / 2}
}

// Bounds is the smallest rectangle holding every hex of hexes, as its
// top-left corner and size; pad is added on every side. Use it for the SVG
// viewBox.
func (l Layout) Bounds(hexes []Hex, pad float64) (min Point, w, h float64) {
	if len(hexes) == 0 {
		return Point{}, 0, 0
	}
	lo := Point{math.Inf(1), math.Inf(1)}
	hi := Point{math.Inf(-1), math.Inf(-1)}
	for _, x := range hexes {
		for _, p := range l.Corners(x) {
			lo.X, lo.Y = math.Min(lo.X, p.X), math.Min(lo.Y, p.Y)
			hi.X, hi.Y = math.Max(hi.X, p.X), math.Max(hi.Y, p.Y)
		}
	}
	return Point{lo.X - pad, lo.Y - pad}, hi.X - lo.X + 2*pad, hi.Y - lo.Y + 2*pad
}
