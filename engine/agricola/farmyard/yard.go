package farmyard

import (
	"fmt"
	"math/bits"
	"slices"
)

// Yard is the immovable part of one farmyard: room and field tiles, stables
// and fences. (Animals move freely and are counted by the game, crops lie on
// the field tiles and are kept by the game too.)
type Yard struct {
	Rooms   Set    `json:"rooms"`
	Fields  Set    `json:"fields"`
	Stables Set    `json:"stables"`
	Fences  Fences `json:"fences"`
}

// Start is the farmyard every player begins with: two wooden rooms in the
// left column, middle and bottom rows.
func Start() Yard { return Yard{Rooms: Of(At(1, 0), At(2, 0))} }

// Tiles are the cells covered by a room or a field tile.
func (y Yard) Tiles() Set { return y.Rooms | y.Fields }

// Pasture is one enclosed area of empty cells (with or without stables).
type Pasture struct {
	Cells   Set `json:"cells"`
	Stables int `json:"stables"`
}

// Capacity is what the pasture holds without card effects: 2 animals per
// cell, doubled by each stable in it (a 2-cell pasture with 2 stables holds
// 16).
func (p Pasture) Capacity() int { return 2 * p.Cells.Len() << p.Stables }

// region is the area reachable from c without crossing a fence, and whether
// it reaches outside the farmyard through an unfenced border edge.
func (y Yard) region(c Cell) (area Set, open bool) {
	area = Of(c)
	todo := area
	for todo != 0 {
		i := bits.TrailingZeros16(uint16(todo))
		todo &= todo - 1
		for _, n := range sideTable[i] {
			switch {
			case y.Fences&n.edge != 0:
			case n.cell == 0:
				open = true
			case area&n.cell == 0:
				area |= n.cell
				todo |= n.cell
			}
		}
	}
	return area, open
}

// side is one side of a cell: its edge (as a fence bit) and the cell
// beyond it (as a set bit; 0 beyond the border).
type side struct {
	edge Fences
	cell Set
}

// sideTable[c-1] are cell c's four sides, so region walks the farm without
// computing edges and neighbours again on every step.
var sideTable = func() (t [Cells][4]side) {
	for c := Cell(1); c <= Cells; c++ {
		for k, e := range c.Sides() {
			a, b := e.Cells()
			n := a
			if n == c {
				n = b
			}
			t[c-1][k] = side{edge: FencesOf(e), cell: Of(n)}
		}
	}
	return t
}()

// Pastures lists the pastures, ordered by their first cell: the areas closed
// on every side by fences that hold no room or field tile.
func (y Yard) Pastures() []Pasture {
	var buf [Cells]Pasture
	ps := y.pastures(&buf)
	if len(ps) == 0 {
		return nil
	}
	return append([]Pasture(nil), ps...)
}

// pastures is Pastures written into buf (a farm has fewer pastures than
// cells), for callers that only read them. Without fences nothing is
// closed.
func (y Yard) pastures(buf *[Cells]Pasture) []Pasture {
	out := buf[:0]
	if y.Fences&AllEdges == 0 {
		return out
	}
	var seen Set
	tiles := y.Tiles()
	for c := Cell(1); c <= Cells; c++ {
		if seen.Has(c) {
			continue
		}
		area, open := y.region(c)
		seen |= area
		if !open && area&tiles == 0 {
			out = append(out, Pasture{Cells: area, Stables: (area & y.Stables).Len()})
		}
	}
	return out
}

// Enclosure is how many pastures y has and the cells inside them, as
// Pastures finds them, without a list (the score sheet needs no more):
// read from the farm's remembered holders (SharedHolders lists each
// pasture), as a search rates the same farms again and again.
func (y Yard) Enclosure() (pastures int, fenced Set) {
	if y.Fences&AllEdges == 0 {
		return 0, 0 // nothing is closed
	}
	for _, h := range y.SharedHolders() {
		if h.Where == InPasture {
			pastures++
			fenced |= h.Cells
		}
	}
	return pastures, fenced
}

// Fenced is the set of cells inside pastures.
func (y Yard) Fenced() Set {
	var s Set
	var buf [Cells]Pasture
	for _, p := range y.pastures(&buf) {
		s |= p.Cells
	}
	return s
}

// pastureOf numbers the pastures 1… by cell (0 = not in a pasture).
func (y Yard) pastureOf() (ids [Cells + 1]int, union Set) {
	var buf [Cells]Pasture
	for i, p := range y.pastures(&buf) {
		for r := p.Cells; r != 0; r &= r - 1 {
			ids[bits.TrailingZeros16(uint16(r))+1] = i + 1
		}
		union |= p.Cells
	}
	return ids, union
}

// Why a fence-building action is refused. The UI shows the reason for a
// live preview; the game wraps it in engine.ErrIllegal.
const (
	NoFence    = "no-fence"    // the action must build at least one fence
	BadEdge    = "bad-edge"    // not one of the 38 edges
	Built      = "built"       // a fence stands there already
	TooMany    = "too-many"    // more than the 15 fences a player owns
	NotPasture = "not-pasture" // a fence borders no enclosed pasture
	Inside     = "inside"      // a fence has the same pasture on both sides
	Apart      = "apart"       // the pastures do not form one connected area
)

// FenceError is a refused fence-building action: Reason is one of the
// constants above, Edge the fence concerned (0 when it is about the whole).
type FenceError struct {
	Reason string
	Edge   Edge
}

func (e *FenceError) Error() string {
	switch e.Reason {
	case NoFence:
		return "build at least one fence"
	case BadEdge:
		return fmt.Sprintf("edge %d is not on the farmyard", e.Edge)
	case Built:
		return fmt.Sprintf("a fence already stands on edge %d", e.Edge)
	case TooMany:
		return fmt.Sprintf("a player has only %d fences", MaxFences)
	case NotPasture:
		return fmt.Sprintf("the fence on edge %d does not border an enclosed pasture", e.Edge)
	case Inside:
		return fmt.Sprintf("the fence on edge %d stands inside one pasture", e.Edge)
	case Apart:
		return "all pastures must be adjacent to each other"
	}
	return e.Reason
}

// CheckFences validates building the fences add on y, as one fence-building
// action: at least one new fence, none where one stands, at most 15 in all,
// and at the end every fence borders an enclosed pasture (on one side, not
// both) and the pastures form one orthogonally connected area — so a first
// pasture goes anywhere, later ones next to existing ones, and a pasture may
// be subdivided. It returns nil or a *FenceError.
func (y Yard) CheckFences(add Fences) error {
	if add == 0 {
		return &FenceError{Reason: NoFence}
	}
	if bad := add &^ AllEdges; bad != 0 {
		return &FenceError{Reason: BadEdge, Edge: Edge(bits.TrailingZeros64(uint64(bad)) + 1)}
	}
	if both := add & y.Fences; both != 0 {
		return &FenceError{Reason: Built, Edge: Edge(bits.TrailingZeros64(uint64(both)) + 1)}
	}
	after := y
	after.Fences |= add
	if after.Fences.Len() > MaxFences {
		return &FenceError{Reason: TooMany}
	}
	return after.checkFenced()
}

// checkFenced checks that every fence of y borders exactly one side of a
// pasture and that the pastures are connected.
func (y Yard) checkFenced() error {
	ids, union := y.pastureOf()
	for r := y.Fences & AllEdges; r != 0; r &= r - 1 {
		e := Edge(bits.TrailingZeros64(uint64(r)) + 1)
		a, b := e.Cells()
		pa, pb := ids[a], ids[b] // ids[0] (outside) is 0
		switch {
		case pa == 0 && pb == 0:
			return &FenceError{Reason: NotPasture, Edge: e}
		case pa == pb:
			return &FenceError{Reason: Inside, Edge: e}
		}
	}
	if union != 0 && !Connected(union) {
		return &FenceError{Reason: Apart}
	}
	return nil
}

// Valid reports whether y's fences are as the rules allow (see CheckFences);
// the game's invariants use it.
func (y Yard) Valid() error {
	if y.Fences&^AllEdges != 0 || y.Fences.Len() > MaxFences {
		return &FenceError{Reason: TooMany}
	}
	if y.Rooms&y.Fields != 0 || y.Stables&y.Tiles() != 0 {
		return fmt.Errorf("tiles overlap: rooms %015b fields %015b stables %015b", y.Rooms, y.Fields, y.Stables)
	}
	if y.Stables.Len() > MaxStables {
		return fmt.Errorf("%d stables, a player has %d", y.Stables.Len(), MaxStables)
	}
	return y.checkFenced()
}

// Enclose is the fences still to build for s to be closed on every side:
// its boundary less the fences standing.
func (y Yard) Enclose(s Set) Fences { return Boundary(s) &^ y.Fences }

// rectangles lists every rectangle of cells, smallest first.
var rectangles = func() []Set {
	var out []Set
	for size := 1; size <= Cells; size++ {
		for h := 1; h <= Rows; h++ {
			if size%h != 0 || size/h > Cols {
				continue
			}
			w := size / h
			for r := 0; r+h <= Rows; r++ {
				for c := 0; c+w <= Cols; c++ {
					var s Set
					for i := 0; i < h; i++ {
						for j := 0; j < w; j++ {
							s |= Of(At(r+i, c+j))
						}
					}
					out = append(out, s)
				}
			}
		}
	}
	return out
}()

// rectangleCount is len(rectangles): every rectangle in 3 rows by 5 columns.
const rectangleCount = (Rows * (Rows + 1) / 2) * (Cols * (Cols + 1) / 2)

// Rectangles lists every rectangle of cells (90 of them), smallest first.
func Rectangles() []Set { return append([]Set(nil), rectangles...) }

// candidate reports whether closing s is a fence action to consider: s is
// free of tiles and lies either wholly outside the pastures or wholly inside
// one pasture without filling it.
func (y Yard) candidate(s Set, ids *[Cells + 1]int, union Set) bool {
	if s == 0 || s&y.Tiles() != 0 {
		return false
	}
	if s&union == 0 {
		return true
	}
	if s&^union != 0 {
		return false
	}
	id := ids[s.First()]
	var p Set
	for c := Cell(1); c <= Cells; c++ {
		if ids[c] == id {
			p |= Of(c)
		}
	}
	for _, c := range s.Cells() {
		if ids[c] != id {
			return false
		}
	}
	return s != p
}

// PastureOptions is the canonical list of fence-building actions Legal
// offers: for every rectangle of at most maxCells cells that would be a new
// pasture (or split one off an existing pasture), the fences to build, if
// they are valid and number at most budget. Identical fence sets appear
// once; the order is by rectangle (smallest first, then top-left first).
func (y Yard) PastureOptions(budget, maxCells int) []Fences {
	var out []Fences
	y.EachPastureOption(budget, maxCells, func(f Fences) bool {
		out = append(out, f)
		return true
	})
	return out
}

// LeastFences is a bound no fence-building action goes below: on a farm
// without fences every new area needs its whole boundary, at least 4
// fences; once fences stand one may close a pasture or split one. So
// FenceSets is empty at budgets below it, and the move listing neither
// prices those budgets nor looks them up (Cheapest, exact, costs more
// than it saves).
func (y Yard) LeastFences() int {
	if y.Fences == 0 {
		return 4
	}
	return 1
}

// EachPastureOption calls f with each fence set of PastureOptions, in the
// same order, until f returns false; it reports whether it went through
// them all. (A legal-move check stops at the first.)
func (y Yard) EachPastureOption(budget, maxCells int, f func(Fences) bool) bool {
	if budget <= 0 {
		return true
	}
	ids, union := y.pastureOf()
	var seen [rectangleCount]Fences // at most one set per rectangle
	n := 0
	for _, r := range rectangles {
		if r.Len() > maxCells {
			break
		}
		if !y.candidate(r, &ids, union) {
			continue
		}
		fs := y.Enclose(r)
		if fs == 0 || fs.Len() > budget || slices.Contains(seen[:n], fs) || y.CheckFences(fs) != nil {
			continue
		}
		seen[n] = fs
		n++
		if !f(fs) {
			return false
		}
	}
	return true
}

// Cheapest is a valid fence-building action of the fewest fences (at most
// budget), closing one new connected area of any shape, or 0 when there is
// none. If any valid action within budget exists, one closing a single new
// pasture exists that costs no more (each new pasture's own boundary is a
// valid action), so this answers exactly whether fences can be built at
// all. Ties go to the lowest set of edges (as a bit pattern).
func (y Yard) Cheapest(budget int) Fences {
	if budget <= 0 || y.Fences.Len() >= MaxFences {
		return 0
	}
	ids, union := y.pastureOf()
	free := All &^ y.Tiles()
	groups := []Set{free &^ union}
	for _, p := range y.Pastures() {
		groups = append(groups, p.Cells)
	}
	best, bestN := Fences(0), budget+1
	for gi, g := range groups {
		// Every non-empty subset of g, by the standard submask walk.
		for s := g; s != 0; s = (s - 1) & g {
			if gi > 0 && s == g {
				continue // a whole pasture is no new area
			}
			f := y.Enclose(s)
			n := f.Len()
			if n == 0 || n > bestN || (n == bestN && f >= best) || !Connected(s) {
				continue
			}
			if !y.candidate(s, &ids, union) || y.CheckFences(f) != nil {
				continue
			}
			best, bestN = f, n
			if n == 1 {
				return best
			}
		}
	}
	return best
}

// CanFence reports whether some valid fence-building action costs at most
// budget fences (Cheapest, but the common cases answered quickly).
func (y Yard) CanFence(budget int) bool {
	if budget <= 0 || y.Fences.Len() >= MaxFences {
		return false
	}
	if len(y.PastureOptions(budget, Cells)) > 0 {
		return true
	}
	return y.Cheapest(budget) != 0
}
