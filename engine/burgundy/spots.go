package burgundy

import (
	"math/bits"

	"tabula/engine"
)

// spaceSet is a set of estate spaces: bit n is space n (1…37).
type spaceSet uint64

// colourSpaces[c] are the spaces of colour c; neighbourSpaces[n] the
// neighbours of space n. Filled by init, after estate.go's init has laid
// out the board (init functions run in file name order).
var (
	colourSpaces    [Building + 1]spaceSet
	neighbourSpaces [Spaces + 1]spaceSet
)

func init() {
	for sp := 1; sp <= Spaces; sp++ {
		colourSpaces[estate[sp].Colour] |= 1 << sp
		for _, n := range estate[sp].Neighbours {
			neighbourSpaces[sp] |= 1 << n
		}
	}
}

// placeSpots is the set of spaces where seat may place tile as far as
// placeable goes (placeOK): the listing of moves asks it once per tile
// instead of asking placeable for every space and every die.
func (s *State) placeSpots(seat engine.Seat, tile int) spaceSet {
	p := &s.Seats[seat]
	var covered, near spaceSet
	for sp := 1; sp <= Spaces; sp++ {
		if p.Estate[sp] != 0 {
			covered |= 1 << sp
			near |= neighbourSpaces[sp]
		}
	}
	t := &catalogue[tile]
	spots := colourSpaces[t.Colour] & near &^ covered
	if t.Colour == Building && !s.has(seat, 1) {
		for r := spots; r != 0; r &= r - 1 {
			sp := bits.TrailingZeros64(uint64(r))
			for _, o := range regions[estate[sp].Region-1].Spaces {
				if u := p.Estate[o]; u != 0 && catalogue[u].Building == t.Building {
					spots &^= 1 << sp
					break
				}
			}
		}
	}
	return spots
}

// next is the lowest space of r and r without it (0, r when r is empty).
func (r spaceSet) next() (int, spaceSet) {
	if r == 0 {
		return 0, 0
	}
	return bits.TrailingZeros64(uint64(r)), r & (r - 1)
}
