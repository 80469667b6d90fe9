package hexgrid

import (
	"math"
	"testing"
)

func island() []Hex { return Spiral(Hex{0, 0}, 2) }

func near(a, b Point) bool { return math.Abs(a.X-b.X) < 1e-9 && math.Abs(a.Y-b.Y) < 1e-9 }

func TestIslandCounts(t *testing.T) {
	g := NewGraph(island())
	if len(g.Hexes) != 19 || len(g.Vertices) != 54 || len(g.Edges) != 72 || len(g.Coastal) != 30 {
		t.Fatalf("hexes %d vertices %d edges %d coastal %d; want 19 54 72 30",
			len(g.Hexes), len(g.Vertices), len(g.Edges), len(g.Coastal))
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	// Intersections by how many land hexes meet there: 24 inland, 12 coastal
	// between two hexes, 18 coastal on one hex only.
	var by [4]int
	for _, hs := range g.VertexHexes {
		by[len(hs)]++
	}
	if by != [4]int{0, 18, 12, 24} {
		t.Errorf("vertices by hex count = %v, want [0 18 12 24]", by)
	}
	// Paths from each intersection: the 18 one-hex corners have 2.
	var deg [4]int
	for i := range g.Vertices {
		deg[len(g.VertexEdges[i])]++
		if len(g.VertexEdges[i]) != len(g.VertexVertices[i]) {
			t.Fatalf("vertex %d: %d edges but %d neighbours", i, len(g.VertexEdges[i]), len(g.VertexVertices[i]))
		}
	}
	if deg != [4]int{0, 0, 18, 36} {
		t.Errorf("vertex degrees = %v, want [0 0 18 36]", deg)
	}
	for _, e := range g.Coastal {
		if len(g.EdgeHexes[e]) != 1 {
			t.Errorf("coastal edge %d has %d hexes", e, len(g.EdgeHexes[e]))
		}
	}
}

// The canonical forms must agree with geometry: the canonical vertex of a
// corner is drawn at that corner, and a side's two ends are the corners on
// either side of it.
func TestCanonicalFormsMatchGeometry(t *testing.T) {
	l := Layout{Size: 10, Origin: Point{3, 7}}
	sideCorners := map[Direction][2]Corner{
		NorthEast: {CornerN, CornerNE}, East: {CornerNE, CornerSE}, SouthEast: {CornerSE, CornerS},
		SouthWest: {CornerS, CornerSW}, West: {CornerSW, CornerNW}, NorthWest: {CornerNW, CornerN},
	}
	for _, h := range Spiral(Hex{1, -1}, 3) {
		for c := CornerN; c <= CornerNW; c++ {
			v := h.Vertex(c)
			if !v.Canonical() {
				t.Fatalf("%v corner %v gives non-canonical %v", h, c, v)
			}
			if !near(l.VertexPoint(v), l.Corner(h, c)) {
				t.Fatalf("%v corner %v: canonical %v drawn at %v, corner at %v", h, c, v, l.VertexPoint(v), l.Corner(h, c))
			}
			found := false
			for _, x := range v.Hexes() {
				found = found || x == h
			}
			if !found {
				t.Fatalf("%v not among the hexes of its corner %v", h, v)
			}
			for k, w := range v.Adjacent() {
				d := math.Hypot(l.VertexPoint(w).X-l.VertexPoint(v).X, l.VertexPoint(w).Y-l.VertexPoint(v).Y)
				if math.Abs(d-10) > 1e-9 {
					t.Fatalf("%v and adjacent %v are %v apart", v, w, d)
				}
				ends := v.Edges()[k].Vertices()
				if !(ends[0] == v && ends[1] == w || ends[0] == w && ends[1] == v) {
					t.Fatalf("edge %d of %v joins %v, want %v–%v", k, v, ends, v, w)
				}
			}
		}
		for _, d := range Directions {
			e := h.Edge(d)
			if !e.Canonical() {
				t.Fatalf("%v side %v gives non-canonical %v", h, d, e)
			}
			p := l.EdgePoints(e)
			cs := sideCorners[d]
			a, b := l.Corner(h, cs[0]), l.Corner(h, cs[1])
			if !(near(p[0], a) && near(p[1], b) || near(p[0], b) && near(p[1], a)) {
				t.Fatalf("%v side %v: edge %v drawn %v, want %v–%v", h, d, e, p, a, b)
			}
			hs := e.Hexes()
			if !(hs[0] == h && hs[1] == h.Neighbor(d) || hs[1] == h && hs[0] == h.Neighbor(d)) {
				t.Fatalf("%v side %v: edge hexes %v", h, d, hs)
			}
		}
	}
}

func TestGraphIDsAreReadingOrderAndInputIndependent(t *testing.T) {
	hexes := island()
	g := NewGraph(hexes)
	rev := make([]Hex, len(hexes))
	for i, h := range hexes {
		rev[len(hexes)-1-i] = h
	}
	g2 := NewGraph(append(rev, rev[3])) // reversed, with a duplicate
	for i := range g.Vertices {
		if g.Vertices[i] != g2.Vertices[i] {
			t.Fatalf("vertex %d differs with input order: %v vs %v", i, g.Vertices[i], g2.Vertices[i])
		}
	}
	for i := range g.Edges {
		if g.Edges[i] != g2.Edges[i] {
			t.Fatalf("edge %d differs with input order", i)
		}
	}
	// Hexes row by row: the first row of the island is r = -2, q = 0..2.
	want := []Hex{{0, -2}, {1, -2}, {2, -2}, {-1, -1}}
	for i, h := range want {
		if g.Hexes[i] != h {
			t.Fatalf("hex %d = %v, want %v", i, g.Hexes[i], h)
		}
	}
	l := Layout{Size: 1}
	for i := 1; i < len(g.Vertices); i++ {
		a, b := l.VertexPoint(g.Vertices[i-1]), l.VertexPoint(g.Vertices[i])
		if a.Y > b.Y+1e-9 || (math.Abs(a.Y-b.Y) < 1e-9 && a.X >= b.X) {
			t.Fatalf("vertex %d at %v comes before %d at %v", i-1, a, i, b)
		}
	}
	// The top intersection of the island is the N corner of the first hex.
	if g.Vertices[0] != (Vertex{Hex{0, -2}, CornerN}) {
		t.Errorf("vertex 0 = %v", g.Vertices[0])
	}
}

func TestGraphAdjacencyAgrees(t *testing.T) {
	g := NewGraph(island())
	for h := range g.Hexes {
		for c, v := range g.HexVertices[h] {
			found := false
			for _, x := range g.VertexHexes[v] {
				found = found || x == h
			}
			if !found {
				t.Fatalf("hex %d corner %d: vertex %d does not list the hex", h, c, v)
			}
		}
		for d, e := range g.HexEdges[h] {
			// The side facing d joins the corners d and d+1 (clockwise
			// from N the sides are NE, E, SE …, i.e. Direction (c+5)%6).
			c := (d + 1) % 6
			a, b := g.HexVertices[h][c], g.HexVertices[h][(c+1)%6]
			if a > b {
				a, b = b, a
			}
			if g.EdgeVertices[e] != [2]int{a, b} {
				t.Fatalf("hex %d side %v: edge %d joins %v, want %v", h, Direction(d), e, g.EdgeVertices[e], [2]int{a, b})
			}
		}
	}
	for v := range g.Vertices {
		for k, w := range g.VertexVertices[v] {
			if e, ok := g.EdgeBetween(v, w); !ok || e != g.VertexEdges[v][k] {
				t.Fatalf("EdgeBetween(%d,%d) = %d,%v", v, w, e, ok)
			}
		}
	}
	if _, ok := g.EdgeBetween(0, 53); ok {
		t.Error("top and bottom intersections are not adjacent")
	}
	if _, ok := g.VertexID(Vertex{Hex{5, 5}, CornerN}); ok {
		t.Error("a vertex off the island has an id")
	}
	// Non-canonical forms resolve to the same id.
	h := Hex{0, 0}
	for c := CornerN; c <= CornerNW; c++ {
		id1, _ := g.VertexID(Vertex{h, c})
		id2, _ := g.VertexID(h.Vertex(c))
		if id1 != id2 {
			t.Fatalf("corner %v: %d vs %d", c, id1, id2)
		}
	}
}

func TestLayoutCenterAndBounds(t *testing.T) {
	l := Layout{Size: 2, Origin: Point{100, 50}}
	if p := l.Center(Hex{0, 0}); !near(p, Point{100, 50}) {
		t.Fatalf("origin centre %v", p)
	}
	// East neighbour is one hex width (√3·size) to the right.
	if p := l.Center(Hex{1, 0}); !near(p, Point{100 + 2*math.Sqrt(3), 50}) {
		t.Fatalf("east centre %v", p)
	}
	// South-east neighbour: half a width right, 1.5 sizes down.
	if p := l.Center(Hex{0, 1}); !near(p, Point{100 + math.Sqrt(3), 53}) {
		t.Fatalf("south-east centre %v", p)
	}
	min, w, h := Layout{Size: 1}.Bounds(island(), 0)
	if math.Abs(w-5*math.Sqrt(3)) > 1e-9 || math.Abs(h-8) > 1e-9 || math.Abs(min.Y+4) > 1e-9 {
		t.Fatalf("island bounds %v %v×%v", min, w, h)
	}
}

// The original helpers keep their behaviour (Castles of Burgundy uses them).
func TestRingAndSpiralUnchanged(t *testing.T) {
	r := Ring(Hex{0, 0}, 1)
	want := []Hex{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}
	for i := range want {
		if r[i] != want[i] {
			t.Fatalf("ring %v", r)
		}
	}
	if n := len(Spiral(Hex{0, 0}, 2)); n != 19 {
		t.Fatalf("spiral size %d", n)
	}
	if Distance(Hex{0, 0}, Hex{2, -1}) != 2 {
		t.Fatal("distance")
	}
}
