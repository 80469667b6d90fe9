package farmyard

import (
	"slices"
	"sync"
)

// FenceSets is what a fence-building action of at most budget fences may
// build, as the game lists it: the PastureOptions of up to maxCells cells,
// in their order, or when there are none the Cheapest set alone (nothing
// when no fence can be built).
//
// The answer depends only on the tiles, the fences and the two numbers,
// and the same farms come back again and again (every copy of a game a
// search bot plays on), so answers are remembered. The slice returned is
// shared: callers read it and never change it.
func (y Yard) FenceSets(budget, maxCells int) []Fences {
	if budget <= 0 {
		return nil
	}
	k := fenceKey{tiles: y.Tiles(), fences: y.Fences, budget: budget, maxCells: maxCells}
	fenceMemo.Lock()
	sets, ok := fenceMemo.m[k]
	fenceMemo.Unlock()
	if ok {
		return sets
	}
	sets = y.fenceSets(budget, maxCells)
	fenceMemo.Lock()
	if len(fenceMemo.m) >= fenceMemoSize {
		fenceMemo.m = nil // start afresh rather than grow without bound
	}
	if fenceMemo.m == nil {
		fenceMemo.m = make(map[fenceKey][]Fences)
	}
	fenceMemo.m[k] = sets
	fenceMemo.Unlock()
	return sets
}

// fenceSets is FenceSets worked out.
func (y Yard) fenceSets(budget, maxCells int) []Fences {
	sets := y.PastureOptions(budget, maxCells)
	if len(sets) == 0 {
		if f := y.Cheapest(budget); f != 0 {
			sets = []Fences{f}
		}
	}
	return sets
}

// fenceKey is what FenceSets depends on (stables are no tiles: fences may
// close them in).
type fenceKey struct {
	tiles            Set
	fences           Fences
	budget, maxCells int
}

// fenceMemoSize bounds the remembered answers (a few MB at most).
const fenceMemoSize = 1 << 14

var fenceMemo struct {
	sync.Mutex
	m map[fenceKey][]Fences
}

// SharedHolders is Holders remembered by farm (a search plays the same
// farms again and again): the slice is shared, so callers only read it.
func (y Yard) SharedHolders() []Holder {
	holderMemo.Lock()
	hs, ok := holderMemo.m[y]
	holderMemo.Unlock()
	if ok {
		return hs
	}
	hs = slices.Clip(y.Holders())
	holderMemo.Lock()
	if len(holderMemo.m) >= holderMemoSize {
		holderMemo.m = nil // start afresh rather than grow without bound
	}
	if holderMemo.m == nil {
		holderMemo.m = make(map[Yard][]Holder)
	}
	holderMemo.m[y] = hs
	holderMemo.Unlock()
	return hs
}

// holderMemoSize bounds the remembered farms (a few MB at most).
const holderMemoSize = 1 << 14

var holderMemo struct {
	sync.Mutex
	m map[Yard][]Holder
}
