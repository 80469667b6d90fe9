package farmyard

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// genericPastures is the plain flood fill Pastures was before its side
// table: every step asks the edge for its cells.
func genericPastures(y Yard) []Pasture {
	var out []Pasture
	var seen Set
	for c := Cell(1); c <= Cells; c++ {
		if seen.Has(c) {
			continue
		}
		area, open := Of(c), false
		todo := area
		for todo != 0 {
			x := todo.First()
			todo &^= Of(x)
			for _, e := range x.Sides() {
				if y.Fences.Has(e) {
					continue
				}
				a, b := e.Cells()
				n := a
				if n == x {
					n = b
				}
				if n == 0 {
					open = true
					continue
				}
				if !area.Has(n) {
					area |= Of(n)
					todo |= Of(n)
				}
			}
		}
		seen |= area
		if !open && area&y.Tiles() == 0 {
			out = append(out, Pasture{Cells: area, Stables: (area & y.Stables).Len()})
		}
	}
	return out
}

// The table-driven Pastures finds what the plain flood fill finds, on the
// boundaries of random areas (real pastures) and on random fence sets
// (anything a state could hold).
func TestPasturesMatchGeneric(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		y := Yard{Rooms: Set(r.Uint32()) & All & Set(r.Uint32()), Stables: Set(r.Uint32()) & All & Set(r.Uint32())}
		y.Fields = Set(r.Uint32()) & All & Set(r.Uint32()) &^ y.Rooms
		switch i % 3 {
		case 0:
			y.Fences = Fences(r.Uint64()) & AllEdges
		case 1:
			y.Fences = Boundary(Set(r.Uint32())&All) | Boundary(Set(r.Uint32())&All)
		}
		got, want := y.Pastures(), genericPastures(y)
		if !slices.Equal(got, want) || (got == nil) != (want == nil) {
			t.Fatalf("yard %+v: pastures %v, generic %v", y, got, want)
		}
	}
}

// scatteredYard is a farm of two rooms and more at random, fields at random
// and, if fenced, the boundary of a random area (when that is valid).
func scatteredYard(r *rand.Rand, fenced bool) Yard {
	y := Yard{Rooms: Of(At(1, 0), At(2, 0)) | Set(r.Uint32())&Set(r.Uint32())&Set(r.Uint32())&All}
	y.Fields = Set(r.Uint32()) & Set(r.Uint32()) & All &^ y.Rooms
	if fenced {
		if f := Boundary(Set(r.Uint32()) & Set(r.Uint32()) & All &^ y.Tiles()); y.CheckFences(f) == nil {
			y.Fences = f
		}
	}
	return y
}

// FenceSets, remembered or not, is the rectangles' list or else the
// cheapest set, worked out afresh: asked twice for each farm (the second
// answer comes from the memory), on farms with tiles, pastures and fences,
// and once more for every farm after all of them (its slot taken by
// another by then, or not).
func TestFenceSetsMatchGeneric(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	type asked struct {
		y             Yard
		budget, cells int
		want          []Fences
	}
	var all []asked
	for i := 0; i < 3000; i++ {
		y := scatteredYard(r, i%2 == 0)
		budget, cells := r.IntN(16), 1+r.IntN(Cells)
		want := y.PastureOptions(budget, cells)
		if len(want) == 0 && budget > 0 {
			if f := y.Cheapest(budget); f != 0 {
				want = []Fences{f}
			}
		}
		for k := 0; k < 2; k++ {
			if got := y.FenceSets(budget, cells); !slices.Equal(got, want) {
				t.Fatalf("yard %+v budget %d cells %d: sets %v, generic %v", y, budget, cells, got, want)
			}
		}
		all = append(all, asked{y, budget, cells, want})
	}
	for _, a := range all {
		if got := a.y.FenceSets(a.budget, a.cells); !slices.Equal(got, a.want) {
			t.Fatalf("yard %+v budget %d cells %d, asked again: sets %v, generic %v", a.y, a.budget, a.cells, got, a.want)
		}
	}
}

// One farm asked at every budget, in a random order (its sets at any
// budget remembered once, its cheapest set added when first wanted), has
// the generic sets at each, asked twice, and again after all of them.
func TestFenceSetsAtEveryBudget(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 400; i++ {
		y := scatteredYard(r, i%4 != 0)
		cells := 1 + r.IntN(Cells)
		budgets := r.Perm(MaxFences + 3)
		for round := 0; round < 2; round++ {
			for _, budget := range budgets {
				want := y.fenceSets(budget, cells)
				for k := 0; k < 2; k++ {
					if got := y.FenceSets(budget, cells); !slices.Equal(got, want) {
						t.Fatalf("yard %+v budget %d cells %d, round %d: sets %v, generic %v", y, budget, cells, round, got, want)
					}
				}
			}
		}
	}
}

// LeastFences is no more than the cheapest set's length, so FenceSets is
// empty at every budget below it, on random farms with and without fences.
func TestLeastFencesBoundsFenceSets(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	bare := 0
	for i := 0; i < 1500; i++ {
		y := scatteredYard(r, i%3 != 0)
		least := y.LeastFences()
		if f := y.Cheapest(MaxFences - y.Fences.Len()); f != 0 && f.Len() < least {
			t.Fatalf("yard %+v: cheapest set %d fences, least %d", y, f.Len(), least)
		}
		if y.Fences == 0 && y.Cheapest(MaxFences).Len() == least {
			bare++
		}
		cells := 1 + r.IntN(Cells)
		for budget := 0; budget < least; budget++ {
			if sets := y.fenceSets(budget, cells); len(sets) != 0 {
				t.Fatalf("yard %+v budget %d cells %d: sets %v below the least fences %d", y, budget, cells, sets, least)
			}
		}
	}
	if bare == 0 {
		t.Fatal("no farm without fences where the bound is met")
	}
}

// FenceCounts, remembered or not, are the numbers of fences the generic
// sets at the most fences take, and at every budget the generic sets hold
// one of each number within it: on random farms with and without fences,
// asked before and after FenceSets, at every budget in random order.
func TestFenceCountsMatchGeneric(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for i := 0; i < 600; i++ {
		y := scatteredYard(r, i%3 != 0)
		cells := 1 + r.IntN(Cells)
		var want uint32
		for _, f := range y.PastureOptions(MaxFences, cells) {
			want |= 1 << f.Len()
		}
		for _, budget := range r.Perm(MaxFences + 2) {
			if got := y.FenceCounts(cells); got != want {
				t.Fatalf("yard %+v cells %d: counts %b, generic %b", y, cells, got, want)
			}
			sets := y.fenceSets(budget, cells)
			for n := 0; n <= budget; n++ {
				if want&(1<<n) != 0 && !slices.ContainsFunc(sets, func(f Fences) bool { return f.Len() == n }) {
					t.Fatalf("yard %+v cells %d budget %d: no set of %d fences in %v", y, cells, budget, n, sets)
				}
			}
			y.FenceSets(budget, cells)
		}
	}
}

// SharedHolders, remembered or not, is Holders worked out afresh: asked
// twice for each farm, with stables, pastures and fences, and once more
// for every farm after all of them (its slot taken by another farm by
// then, or not).
func TestSharedHoldersMatchHolders(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var farms []Yard
	for i := 0; i < 6000; i++ {
		y := Yard{Rooms: Of(At(1, 0), At(2, 0))}
		y.Fields = Set(r.Uint32()) & Set(r.Uint32()) & All &^ y.Rooms
		y.Stables = Set(r.Uint32()) & Set(r.Uint32()) & Set(r.Uint32()) & All &^ y.Tiles()
		if f := Boundary(Set(r.Uint32()) & Set(r.Uint32()) & All &^ y.Tiles()); y.CheckFences(f) == nil {
			y.Fences = f
		}
		farms = append(farms, y)
		want := y.Holders()
		for k := 0; k < 2; k++ {
			if got := y.SharedHolders(); !slices.Equal(got, want) {
				t.Fatalf("yard %+v: shared holders %v, holders %v", y, got, want)
			}
		}
	}
	for _, y := range farms {
		if got, want := y.SharedHolders(), y.Holders(); !slices.Equal(got, want) {
			t.Fatalf("yard %+v asked again: shared holders %v, holders %v", y, got, want)
		}
	}
}

// Each yields the cells Cells lists, in its order, and stops when asked;
// Enclosure counts the pastures Pastures lists and the cells inside them.
func TestEachAndEnclosureMatchLists(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 20000; i++ {
		set := Set(r.Uint32())
		var got []Cell
		for c := range set.Each() {
			got = append(got, c)
		}
		if want := set.Cells(); !slices.Equal(got, want) {
			t.Fatalf("set %b: each %v, cells %v", set, got, want)
		}
		if n := len(got); n > 1 {
			var first []Cell
			for c := range set.Each() {
				if first = append(first, c); len(first) == n-1 {
					break
				}
			}
			if !slices.Equal(first, got[:n-1]) {
				t.Fatalf("set %b: each stopped at %v, want %v", set, first, got[:n-1])
			}
		}
		y := Yard{Rooms: Set(r.Uint32()) & All & Set(r.Uint32()), Stables: Set(r.Uint32()) & All & Set(r.Uint32())}
		y.Fields = Set(r.Uint32()) & All & Set(r.Uint32()) &^ y.Rooms
		if i%2 == 0 {
			y.Fences = Fences(r.Uint64()) & AllEdges
		} else {
			y.Fences = Boundary(Set(r.Uint32())&All) | Boundary(Set(r.Uint32())&All)
		}
		ps := y.Pastures()
		var fenced Set
		for _, p := range ps {
			fenced |= p.Cells
		}
		if n, f := y.Enclosure(); n != len(ps) || f != fenced {
			t.Fatalf("yard %+v: enclosure %d %b, pastures %d %b", y, n, f, len(ps), fenced)
		}
	}
}
