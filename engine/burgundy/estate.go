package burgundy

import (
	"fmt"
	"strings"

	"tabula/engine/hexgrid"
)

// Estate board #1 (fact sheet §4): 37 spaces in rows of 4-5-6-7-6-5-4,
// numbered 1…37 row by row. Space 19, in the middle, holds the start castle.

// Spaces is the number of spaces on an estate board.
const Spaces = 37

// StartSpace is the central castle space that holds the start castle.
const StartSpace = 19

// SpaceInfo is one printed space of estate board #1.
type SpaceInfo struct {
	ID         int         `json:"id"`
	Hex        hexgrid.Hex `json:"hex"` // axial, pointy-top; space 19 is (0,0)
	Colour     Colour      `json:"colour"`
	Number     int         `json:"number"` // die number 1–6; 0 on the start castle space
	Region     int         `json:"region"` // 1-based region id (connected spaces of one colour)
	Neighbours []int       `json:"neighbours"`
}

// RegionInfo is a region: a connected group of spaces of one colour.
type RegionInfo struct {
	ID     int    `json:"id"`
	Colour Colour `json:"colour"`
	Spaces []int  `json:"spaces"`
}

// estateRows is board #1 as printed: colour code and die number per space.
// (?) The die numbers come from a single source (fact sheet §4/§16).
var estateRows = [7]string{
	"An6 Ca5 Ca4 Kn3",
	"An2 An1 Ca6 Kn5 Bu4",
	"An5 An4 Bu3 Kn1 Bu2 Bu3",
	"Sh6 Sh1 Sh2 Ca0 Sh5 Sh4 Sh1",
	"Bu2 Bu5 Mi4 Bu3 Bu1 An2",
	"Bu6 Mi1 Kn2 Bu5 Bu6",
	"Mi3 Kn4 Kn1 Bu3",
}

var (
	estate          [Spaces + 1]SpaceInfo // index = space id
	regions         []RegionInfo          // index = region id - 1
	colourTotal     [7]int                // spaces of each colour, start castle included
	knowledgeSpaces []int                 // the yellow spaces
	hexToSpace      = map[hexgrid.Hex]int{}
)

func init() {
	codes := map[string]Colour{"An": Animal, "Ca": Castle, "Kn": Knowledge, "Bu": Building, "Sh": Ship, "Mi": Mine}
	id := 0
	for row, line := range estateRows {
		r := row - 3
		qmin := -3
		if -3-r > qmin {
			qmin = -3 - r
		}
		for c, f := range strings.Fields(line) {
			id++
			col, ok := codes[f[:2]]
			if !ok {
				panic("burgundy: bad estate code " + f)
			}
			h := hexgrid.Hex{Q: qmin + c, R: r}
			estate[id] = SpaceInfo{ID: id, Hex: h, Colour: col, Number: int(f[2] - '0')}
			hexToSpace[h] = id
			colourTotal[col]++
			if col == Knowledge {
				knowledgeSpaces = append(knowledgeSpaces, id)
			}
		}
	}
	if id != Spaces {
		panic(fmt.Sprintf("burgundy: estate has %d spaces", id))
	}
	for i := 1; i <= Spaces; i++ {
		for _, n := range estate[i].Hex.Neighbors() {
			if j, ok := hexToSpace[n]; ok {
				estate[i].Neighbours = append(estate[i].Neighbours, j)
			}
		}
	}
	// Regions: flood fill in space order, so region ids are stable.
	for i := 1; i <= Spaces; i++ {
		if estate[i].Region != 0 {
			continue
		}
		reg := RegionInfo{ID: len(regions) + 1, Colour: estate[i].Colour}
		stack := []int{i}
		estate[i].Region = reg.ID
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			reg.Spaces = append(reg.Spaces, s)
			for _, n := range estate[s].Neighbours {
				if estate[n].Region == 0 && estate[n].Colour == reg.Colour {
					estate[n].Region = reg.ID
					stack = append(stack, n)
				}
			}
		}
		sortInts(reg.Spaces)
		regions = append(regions, reg)
	}
}

// Space returns the printed space id (1…37) of estate board #1.
func Space(id int) SpaceInfo {
	if id < 1 || id > Spaces {
		return SpaceInfo{}
	}
	return estate[id]
}

// Regions lists the regions of estate board #1, ordered by their lowest space.
func Regions() []RegionInfo { return append([]RegionInfo(nil), regions...) }

func region(id int) RegionInfo { return regions[id-1] }

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// regionPoints[size] is the score for completing a region (orig: 1 to 36).
var regionPoints = [9]int{0, 1, 3, 6, 10, 15, 21, 28, 36}

// phaseBonus[phase] is added when a region is completed in that phase.
var phaseBonus = [5]int{10, 8, 6, 4, 2}

// RegionPoints is what completing a region of size spaces scores in phase
// (0–4 for A–E): the size's points plus the phase's bonus. The rules
// screen draws its table from here.
func RegionPoints(size, phase int) int {
	if size < 1 || size >= len(regionPoints) || phase < 0 || phase >= len(phaseBonus) {
		return 0
	}
	return regionPoints[size] + phaseBonus[phase]
}

// MaxRegionSize is the size of the largest region on any estate board.
const MaxRegionSize = len(regionPoints) - 1
