package catan

import (
	"testing"

	"tabula/engine"
)

// RandomLayout keeps the fixed hexes, shuffles the other terrains over the
// rest and skips every hex that produces nothing when laying tokens; the
// base game's random board is the case with nothing fixed.
func TestRandomLayout(t *testing.T) {
	o := make([]int, len(LayoutRanges(17)))
	for i, n := range LayoutRanges(17) {
		o[i] = (3 * i) % n
	}
	fixed := []FixedHex{{HexAt(1, 1), Castle}, {HexAt(3, 3), Quarry}}
	terrains := terrainSet[2:] // 2 forests fewer, the desert kept
	tokens := []int8{2, 3, 4, 5, 6, 8, 9, 10, 11, 3, 4, 5, 6, 8, 9, 10}
	b := RandomLayout(o, fixed, terrains, tokens)
	if b.Terrain[HexAt(1, 1)] != Castle || b.Terrain[HexAt(3, 3)] != Quarry ||
		b.Number[HexAt(1, 1)] != 0 || b.Number[HexAt(3, 3)] != 0 {
		t.Fatalf("fixed hexes: %v %v", b.Terrain, b.Number)
	}
	var count [numTerrains]int
	laid := 0
	for h := 0; h < NumHexes; h++ {
		count[b.Terrain[h]]++
		_, producing := b.Terrain[h].Produces()
		if producing != (b.Number[h] != 0) {
			t.Errorf("hex %d (%v) has token %d", h, b.Terrain[h], b.Number[h])
		}
		if b.Number[h] != 0 {
			laid++
		}
	}
	if laid != 16 || count[Desert] != 1 || count[Forest] != 2 || count[Mountains] != 3 {
		t.Errorf("laid %d tokens, terrains %v", laid, count)
	}
	// The spiral from corner 0 starts on the top-left hex, here fixed:
	// the first token goes to the next hex counterclockwise.
	o[len(o)-1] = 0
	if b := RandomLayout(o, fixed, terrains, tokens); b.Number[HexAt(2, 1)] != 2 {
		t.Errorf("first token on %d, want the hex after the fixed corner", b.Number[HexAt(2, 1)])
	}
}

// A Map's own Ranges are the board chance request of its game.
func TestMapRangesAreTheBoardRequest(t *testing.T) {
	ranges := LayoutRanges(17)
	g := NewGame(&Rules{ID: "test-layout", Version: "x/1", Board: &Map{Ranges: ranges,
		Random: func(o []int) Board {
			return RandomLayout(o, []FixedHex{{HexAt(1, 1), Castle}, {HexAt(3, 3), Quarry}}, terrainSet[2:], TokenLetters[:16])
		}}})
	s, err := g.NewState(engine.Setup{Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	st := s.Status()
	if st.Chance == nil || st.Chance.Kind != "board" || len(st.Chance.Ranges) != len(ranges) {
		t.Fatalf("board request %+v", st.Chance)
	}
	if err := s.Resolve(make(engine.Outcome, len(ranges))); err != nil {
		t.Fatal(err)
	}
	if s.Board.Terrain[HexAt(3, 3)] != Quarry || s.Phase != PhaseStartRoll {
		t.Fatalf("after the layout: %v, phase %v", s.Board.Terrain, s.Phase)
	}
}
