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
	i := k.slot()
	if sets, ok := fenceSlots.get(i, k); ok {
		return sets
	}
	sets := y.fenceSetsOfFarm(budget, maxCells)
	fenceSlots.put(i, k, sets)
	return sets
}

// fenceSetsOfFarm is fenceSets from what the farm offers at any budget,
// remembered apart from the budget (a seat's wood, and so its budget,
// changes far more often than its farm): the pasture options within
// budget, in their order, are those of the most fences left that are
// within budget, and Cheapest(budget) is the cheapest set at the most
// fences when that one is within budget, else none (no set within budget
// at all).
func (y Yard) fenceSetsOfFarm(budget, maxCells int) []Fences {
	fs, k, i := y.farmSets(maxCells)
	sets := fs.all
	for j, f := range fs.all {
		if f.Len() > budget { // some not within budget: a list of those that are
			sets = fs.all[:j:j] // appends go to new memory
			for _, f := range fs.all[j+1:] {
				if f.Len() <= budget {
					sets = append(sets, f)
				}
			}
			break
		}
	}
	changed := false
	if len(sets) == 0 {
		if !fs.cheapestKnown {
			fs.cheapest, fs.cheapestKnown, changed = y.Cheapest(MaxFences), true, true
		}
		if fs.cheapest != 0 && fs.cheapest.Len() <= budget {
			sets = []Fences{fs.cheapest}
		}
	}
	if changed {
		farmSlots.put(i, k, fs)
	}
	return sets
}

// farmSets is what a farm offers to fence at any budget: its pasture
// options at the most fences left, how many fences they take (bit n: one
// takes n) and, once asked, its cheapest set.
type farmSets struct {
	all           []Fences
	counts        uint32
	cheapest      Fences
	cheapestKnown bool
}

// farmSets is the farm's farmSets, worked out and remembered on a miss,
// with its key and slot.
func (y Yard) farmSets(maxCells int) (farmSets, fenceKey, uint64) {
	k := fenceKey{tiles: y.Tiles(), fences: y.Fences, maxCells: maxCells} // budget 0: any budget
	i := k.slot() >> (fenceBits - farmBits)
	fs, ok := farmSlots.get(i, k)
	if !ok {
		fs = farmSets{all: y.PastureOptions(MaxFences, maxCells)}
		for _, f := range fs.all {
			fs.counts |= 1 << f.Len()
		}
		farmSlots.put(i, k, fs)
	}
	return fs, k, i
}

// FenceCounts is how many fences the pasture options of up to maxCells
// cells take, at the most fences left (bit n: one takes n fences): for
// each n in it, FenceSets at any budget of n or more lists a set of n
// fences. The listing asks of these numbers whether one is affordable,
// without listing the sets.
func (y Yard) FenceCounts(maxCells int) uint32 {
	fs, _, _ := y.farmSets(maxCells)
	return fs.counts
}

var farmSlots = make(slotTable[fenceKey, farmSets], 1<<farmBits)

const farmBits = 12

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

// fenceSlots remember FenceSets' answers (the move listing asks at every
// placement).
var fenceSlots = make(slotTable[fenceKey, []Fences], 1<<fenceBits)

const fenceBits = 14

// slot is k's place in fenceSlots.
func (k fenceKey) slot() uint64 {
	return mix(uint64(k.tiles)|uint64(k.budget&0xff)<<16|uint64(k.maxCells&0xff)<<24, k.fences, fenceBits)
}

// SharedHolders is Holders remembered by farm (a search plays the same
// farms again and again): the slice is shared, so callers only read it.
// Asked at every position a search rates, it is found in holderSlots.
func (y Yard) SharedHolders() []Holder {
	i := y.slot()
	if hs, ok := holderSlots.get(i, y); ok {
		return hs
	}
	hs := slices.Clip(y.Holders())
	holderSlots.put(i, y, hs)
	return hs
}

var holderSlots = make(slotTable[Yard, []Holder], 1<<holderBits)

const holderBits = 12

// slot is y's place in holderSlots.
func (y Yard) slot() uint64 {
	return mix(uint64(y.Rooms)|uint64(y.Fields)<<16|uint64(y.Stables)<<32, y.Fences, holderBits)
}

// slotTable remembers answers without a lock or a map: each slot, picked
// by the key, holds the last key that came to it (and its answer).
type slotTable[K comparable, V any] []atomic.Pointer[slotEntry[K, V]]

type slotEntry[K comparable, V any] struct {
	k K
	v V
}

// get is the answer slot i holds for k, if it holds k.
func (t slotTable[K, V]) get(i uint64, k K) (V, bool) {
	if e := t[i].Load(); e != nil && e.k == k {
		return e.v, true
	}
	var none V
	return none, false
}

// put makes slot i hold k and its answer v.
func (t slotTable[K, V]) put(i uint64, k K, v V) { t[i].Store(&slotEntry[K, V]{k, v}) }

// mix is a slot of a table of 1<<bits for a farm's sets lo and its
// fences: a mix of all their bits.
func mix(lo uint64, f Fences, bits int) uint64 {
	h := (lo ^ uint64(f)*0x9e3779b97f4a7c15) * 0xbf58476d1ce4e5b9
	return (h ^ h>>31) >> (64 - bits)
}
