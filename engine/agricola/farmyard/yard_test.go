package farmyard

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// Cells and edges: numbering, sides, neighbours.
func TestGeometry(t *testing.T) {
	if At(0, 0) != 1 || At(2, 4) != 15 || At(1, 0) != 6 || At(3, 0) != 0 || At(0, 5) != 0 {
		t.Fatal("At")
	}
	c := At(1, 2) // cell 8
	if c.Top() != 8 || c.Bottom() != 13 || c.Left() != 21+6+2 || c.Right() != 21+6+3 {
		t.Fatalf("sides of 8: %v", c.Sides())
	}
	for e := Edge(1); e <= Edges; e++ {
		a, b := e.Cells()
		if a == 0 && b == 0 {
			t.Fatalf("edge %d touches no cell", e)
		}
		if a != 0 && b != 0 && Between(a, b) != e {
			t.Fatalf("Between(%d,%d) = %d, want %d", a, b, Between(a, b), e)
		}
	}
	if Between(5, 6) != 0 || Between(1, 7) != 0 {
		t.Fatal("cells 5 and 6 (row ends) or 1 and 7 are not adjacent")
	}
	if n := Neighbours(Of(5)); n != Of(4, 10) {
		t.Fatalf("neighbours of 5: %v", n.Cells())
	}
	if n := Neighbours(Of(6)); n != Of(1, 7, 11) {
		t.Fatalf("neighbours of 6: %v", n.Cells())
	}
	if !Connected(Of(1, 2, 7)) || Connected(Of(5, 6)) || Connected(0) {
		t.Fatal("Connected")
	}
	if Boundary(Of(1)).Len() != 4 || Boundary(Of(1, 2)).Len() != 6 || Boundary(Of(1, 2, 6, 7)).Len() != 8 {
		t.Fatal("Boundary")
	}
	if len(Rectangles()) != 90 {
		t.Fatalf("%d rectangles", len(Rectangles()))
	}
}

// fenceAround is the boundary of cells as a fence set.
func fenceAround(cells ...Cell) Fences { return Boundary(Of(cells...)) }

func reason(err error) string {
	var fe *FenceError
	if errors.As(err, &fe) {
		return fe.Reason
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

// A first pasture anywhere on empty cells; its fences on the farm's edge
// count (the border is no fence).
func TestFirstPasture(t *testing.T) {
	y := Start()
	f := fenceAround(4, 5)
	if err := y.CheckFences(f); err != nil {
		t.Fatalf("2-cell pasture in the corner: %v", err)
	}
	y.Fences = f
	ps := y.Pastures()
	if len(ps) != 1 || ps[0].Cells != Of(4, 5) || ps[0].Capacity() != 4 {
		t.Fatalf("pastures %+v", ps)
	}
	// Leaving out the border edge leaves it open: the other fences border
	// no enclosed pasture.
	open := f &^ FencesOf(Cell(5).Right())
	if got := reason(Start().CheckFences(open)); got != NotPasture {
		t.Fatalf("open pasture: %q", got)
	}
}

// A pasture may not enclose a room or a field; fences around them border
// no pasture.
func TestNoPastureOverTiles(t *testing.T) {
	y := Start()
	y.Fields = Of(3)
	if got := reason(y.CheckFences(fenceAround(3))); got != NotPasture {
		t.Fatalf("fence around a field: %q", got)
	}
	if got := reason(y.CheckFences(fenceAround(6))); got != NotPasture {
		t.Fatalf("fence around a room: %q", got)
	}
	if got := reason(y.CheckFences(fenceAround(2, 3))); got != NotPasture {
		t.Fatalf("pasture with a field in it: %q", got)
	}
}

// Subdividing a pasture with a fence inside it; a fence that does not
// close anything is refused.
func TestSubdivision(t *testing.T) {
	y := Start()
	y.Fences = fenceAround(3, 4, 5)
	mid := Between(3, 4)
	if err := y.CheckFences(FencesOf(mid)); err != nil {
		t.Fatalf("subdivide 3|4-5: %v", err)
	}
	y2 := y
	y2.Fences |= FencesOf(mid)
	if ps := y2.Pastures(); len(ps) != 2 || ps[0].Cells != Of(3) || ps[1].Cells != Of(4, 5) {
		t.Fatalf("after subdivision %+v", ps)
	}
	// A dangling fence inside a 2×2 pasture does not split it.
	z := Start()
	z.Fences = fenceAround(3, 4, 8, 9)
	if got := reason(z.CheckFences(FencesOf(Between(3, 4)))); got != Inside {
		t.Fatalf("dangling fence: %q", got)
	}
	if err := z.CheckFences(FencesOf(Between(3, 4), Between(8, 9))); err != nil {
		t.Fatalf("full split of the 2×2: %v", err)
	}
}

// Later pastures must be adjacent to the existing ones.
func TestLaterPastureAdjacent(t *testing.T) {
	y := Start()
	y.Fences = fenceAround(5)
	if got := reason(y.CheckFences(y.Enclose(Of(2)))); got != Apart {
		t.Fatalf("pasture apart: %q", got)
	}
	add := y.Enclose(Of(4))
	if add.Len() != 3 {
		t.Fatalf("next to a pasture shares a fence: %d new", add.Len())
	}
	if err := y.CheckFences(add); err != nil {
		t.Fatal(err)
	}
	// Two pastures at once, only the pair connected: fine; apart: refused.
	if err := Start().CheckFences(fenceAround(4, 5) | FencesOf(Between(4, 5))); err != nil {
		t.Fatalf("two pastures side by side: %v", err)
	}
	if got := reason(Start().CheckFences(fenceAround(1) | fenceAround(5))); got != Apart {
		t.Fatalf("two pastures apart: %q", got)
	}
}

// No fence twice, at least one fence, at most 15.
func TestFenceLimits(t *testing.T) {
	y := Start()
	if got := reason(y.CheckFences(0)); got != NoFence {
		t.Fatalf("nothing: %q", got)
	}
	y.Fences = fenceAround(5)
	if got := reason(y.CheckFences(fenceAround(4, 5))); got != Built {
		t.Fatalf("twice: %q", got)
	}
	big := fenceAround(2, 3, 4, 5, 7, 8, 9, 10) // perimeter 12
	if err := Start().CheckFences(big); err != nil {
		t.Fatal(err)
	}
	more := big | FencesOf(Between(2, 3), Between(3, 4), Between(4, 5), Between(7, 8))
	if err := Start().CheckFences(more); reason(err) != TooMany {
		t.Fatalf("16 fences: %v", err)
	}
}

// Capacity: 2 per cell, doubled per stable; holders for unfenced stables
// and the house.
func TestCapacityAndHolders(t *testing.T) {
	y := Start()
	y.Fences = fenceAround(4, 5)
	y.Stables = Of(4, 5, 15)
	hs := y.Holders()
	if len(hs) != 3 || hs[0].Cap != 16 || hs[1].Where != InStable || hs[1].Cap != 1 || hs[2].Where != InHouse {
		t.Fatalf("holders %+v", hs)
	}
	if !Fits(hs, Herd{16, 1, 1}) || Fits(hs, Herd{16, 1, 2}) || Fits(hs, Herd{9, 9, 0}) {
		t.Fatal("Fits")
	}
	one := Yard{Fences: fenceAround(3)}
	if (one.Pastures()[0]).Capacity() != 2 {
		t.Fatal("1-cell pasture holds 2")
	}
}

// The best housing when animals do not fit: the largest herds to keep.
func TestKeeps(t *testing.T) {
	y := Start()
	y.Fences = fenceAround(4, 5) // one pasture of 4, plus the pet
	hs := y.Holders()
	got := Keeps(hs, Herd{5, 2, 1})
	want := []Herd{{5, 0, 0}, {4, 1, 0}, {4, 0, 1}, {1, 2, 0}, {0, 2, 1}}
	if len(got) != len(want) {
		t.Fatalf("keeps %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("keeps %v, want %v", got, want)
		}
	}
	for _, k := range got {
		if !Fits(hs, k) {
			t.Fatalf("%v does not fit", k)
		}
		if _, ok := Arrange(hs, k); !ok {
			t.Fatalf("no arrangement for %v", k)
		}
	}
	if k := Keeps(hs, Herd{1, 0, 0}); len(k) != 1 || k[0] != (Herd{1, 0, 0}) {
		t.Fatalf("fits already: %v", k)
	}
}

func TestArrange(t *testing.T) {
	y := Start()
	y.Fences = fenceAround(4, 5) | FencesOf(Between(4, 5))
	y.Stables = Of(5, 15)
	hs := y.Holders() // pasture 4 (cap 2), pasture 5 (cap 4), stable 15, house
	p, ok := Arrange(hs, Herd{4, 2, 2})
	if !ok {
		t.Fatal("does not fit")
	}
	var sum Herd
	for i, h := range p {
		if h.Total() > hs[i].Cap {
			t.Fatalf("holder %d over capacity: %v", i, p)
		}
		kinds := 0
		for _, n := range h {
			if n > 0 {
				kinds++
			}
		}
		if !hs[i].Mix && kinds > 1 {
			t.Fatalf("pasture %d mixes kinds: %v", i, p)
		}
		for k := range h {
			sum[k] += h[k]
		}
	}
	if sum != (Herd{4, 2, 2}) {
		t.Fatalf("arranged %v", sum)
	}
	if _, ok := Arrange(hs, Herd{4, 4, 1}); ok {
		t.Fatal("9 animals in room for 8")
	}
}

// CanFence answers exactly whether some valid fence action of at most
// budget fences exists: checked against every set of up to 3 new fences
// on random farmyards.
func TestCanFenceExact(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 60; trial++ {
		y := randomYard(r)
		for budget := 1; budget <= 3; budget++ {
			brute := false
			var free []Edge
			for e := Edge(1); e <= Edges; e++ {
				if !y.Fences.Has(e) {
					free = append(free, e)
				}
			}
			var walk func(start int, f Fences, n int)
			walk = func(start int, f Fences, n int) {
				if brute {
					return
				}
				if f != 0 && y.CheckFences(f) == nil {
					brute = true
					return
				}
				if n == budget {
					return
				}
				for i := start; i < len(free); i++ {
					walk(i+1, f|FencesOf(free[i]), n+1)
				}
			}
			walk(0, 0, 0)
			got := y.CanFence(budget)
			if got != brute {
				t.Fatalf("yard %+v budget %d: CanFence %v, brute force %v", y, budget, got, brute)
			}
			if c := y.Cheapest(budget); (c != 0) != brute || (c != 0 && (y.CheckFences(c) != nil || c.Len() > budget)) {
				t.Fatalf("yard %+v budget %d: Cheapest %v", y, budget, c.Edges())
			}
		}
	}
}

// randomYard builds a valid farmyard by random valid steps.
func randomYard(r *rand.Rand) Yard {
	y := Start()
	for i := 0; i < 6; i++ {
		c := Cell(1 + r.IntN(Cells))
		switch r.IntN(4) {
		case 0:
			if !y.Tiles().Has(c) && !y.Fenced().Has(c) && !y.Stables.Has(c) {
				y.Fields |= Of(c)
			}
		case 1:
			if !y.Tiles().Has(c) && y.Stables.Len() < MaxStables {
				y.Stables |= Of(c)
			}
		default:
			opts := y.PastureOptions(MaxFences-y.Fences.Len(), 4)
			if len(opts) > 0 {
				y.Fences |= opts[r.IntN(len(opts))]
			}
		}
	}
	if err := y.Valid(); err != nil {
		panic(err)
	}
	return y
}

// Every canonical option is valid and within budget.
func TestPastureOptions(t *testing.T) {
	y := Start()
	opts := y.PastureOptions(4, 1)
	if len(opts) != 13 { // every empty cell on its own
		t.Fatalf("%d single-cell pastures on an empty farm", len(opts))
	}
	y.Fences = fenceAround(5)
	for _, f := range y.PastureOptions(15, 6) {
		if err := y.CheckFences(f); err != nil {
			t.Fatalf("option %v: %v", f.Edges(), err)
		}
	}
	if len(y.PastureOptions(0, 6)) != 0 {
		t.Fatal("options without budget")
	}
}
