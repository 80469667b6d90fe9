package farmyard

import (
	"slices"
	"sync/atomic"
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
	slot := &fenceSlots[k.slot()]
	if e := slot.Load(); e != nil && e.k == k {
		return e.sets
	}
	sets := y.fenceSets(budget, maxCells)
	slot.Store(&fencesOf{k, sets})
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

// fencesOf is FenceSets' answer, as a slot of fenceSlots remembers it.
type fencesOf struct {
	k    fenceKey
	sets []Fences
}

// fenceSlots remember FenceSets' answers without a lock or a map (the
// move listing asks at every placement): each slot, picked by the key,
// holds the last key that came to it.
var fenceSlots [1 << fenceBits]atomic.Pointer[fencesOf]

const fenceBits = 14

// slot is k's place in fenceSlots: a mix of all its bits.
func (k fenceKey) slot() uint64 {
	h := uint64(k.tiles) | uint64(k.budget&0xff)<<16 | uint64(k.maxCells&0xff)<<24
	h = (h ^ uint64(k.fences)*0x9e3779b97f4a7c15) * 0xbf58476d1ce4e5b9
	return (h ^ h>>31) >> (64 - fenceBits)
}

// SharedHolders is Holders remembered by farm (a search plays the same
// farms again and again): the slice is shared, so callers only read it.
// Asked at every position a search rates, it is found without a lock or
// a map: in a slot of holderSlots picked by the farm, which holds the
// last farm that came to it.
func (y Yard) SharedHolders() []Holder {
	slot := &holderSlots[y.slot()]
	if e := slot.Load(); e != nil && e.y == y {
		return e.hs
	}
	hs := slices.Clip(y.Holders())
	slot.Store(&heldBy{y, hs})
	return hs
}

// heldBy is a farm's holders, as a slot of holderSlots remembers them.
type heldBy struct {
	y  Yard
	hs []Holder
}

var holderSlots [1 << holderBits]atomic.Pointer[heldBy]

const holderBits = 12

// slot is y's place in holderSlots: a mix of all its bits.
func (y Yard) slot() uint64 {
	h := uint64(y.Rooms) | uint64(y.Fields)<<16 | uint64(y.Stables)<<32
	h = (h ^ uint64(y.Fences)*0x9e3779b97f4a7c15) * 0xbf58476d1ce4e5b9
	return (h ^ h>>31) >> (64 - holderBits)
}
