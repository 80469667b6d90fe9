package catan

// A variable island other than the base game's (an expansion's Map.Random):
// some hexes fixed, the other terrains shuffled over the rest, the harbours
// and number tokens as in the base game's variable set-up (fact sheet §5).

// FixedHex is a hex an expansion's island keeps in place.
type FixedHex struct {
	Hex     int
	Terrain Terrain
}

// LayoutRanges is the chance request of RandomLayout for n shuffled
// terrains: a Fisher-Yates shuffle of the n terrains {n … 2}, one of the 9
// harbours {9 … 2}, and the outer corner (0 … 5) where the token spiral
// starts.
func LayoutRanges(n int) []int {
	var r []int
	for k := n; k >= 2; k-- {
		r = append(r, k)
	}
	for k := NumHarbors; k >= 2; k-- {
		r = append(r, k)
	}
	return append(r, 6)
}

// RandomLayout lays out an island from an outcome of
// LayoutRanges(len(terrains)): the fixed hexes as given, the terrains
// shuffled over the other hexes in id order, the harbour kinds over the 9
// fixed slots, and tokens placed in order counterclockwise along the base
// game's spiral from the chosen outer corner, skipping every hex that
// produces nothing. The fixed hexes and terrains must cover the island.
func RandomLayout(o []int, fixed []FixedHex, terrains []Terrain, tokens []int8) Board {
	var b Board
	var isFixed [NumHexes]bool
	for _, f := range fixed {
		b.Terrain[f.Hex], isFixed[f.Hex] = f.Terrain, true
	}
	shuffled := append([]Terrain(nil), terrains...)
	fisherYates(shuffled, o[:len(terrains)-1])
	k := 0
	for h := range b.Terrain {
		if !isFixed[h] {
			b.Terrain[h] = shuffled[k]
			k++
		}
	}
	o = o[len(terrains)-1:]
	b.Harbor = harborSet
	fisherYates(b.Harbor[:], o[:NumHarbors-1])
	t := 0
	for _, h := range spiralOrder[o[NumHarbors-1]] {
		if _, ok := b.Terrain[h].Produces(); ok && t < len(tokens) {
			b.Number[h] = tokens[t]
			t++
		}
	}
	return b
}
