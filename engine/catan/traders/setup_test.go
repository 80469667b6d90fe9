package traders

import (
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
)

// Orig: the desert, a pasture and a fields hex leave; the three trade hexes
// take fixed places; tokens in letter order without the 2 and the 12, the
// trade hexes skipped.
func TestRandomBoard(t *testing.T) {
	for corner := 0; corner < 6; corner++ {
		o := make([]int, len(boardRanges))
		for i := range o {
			o[i] = (i * 7) % boardRanges[i] // some shuffle
		}
		o[len(o)-1] = corner
		b := RandomBoard(o)
		var count [9]int
		var numbers [13]int
		for h := 0; h < catan.NumHexes; h++ {
			count[b.Terrain[h]]++
			numbers[b.Number[h]]++
			if tr, ok := Board.TradeHexAt(h); ok {
				if b.Terrain[h] != tradeTerrain[tr] || b.Number[h] != 0 {
					t.Errorf("trade hex %v on hex %d: %v %d", tr, h, b.Terrain[h], b.Number[h])
				}
			} else if b.Number[h] == 0 {
				t.Errorf("land hex %d (%v) has no token", h, b.Terrain[h])
			}
		}
		want := [9]int{catan.Forest: 4, catan.Pasture: 3, catan.Fields: 3, catan.Hills: 3, catan.Mountains: 3,
			catan.Castle: 1, catan.Quarry: 1, catan.Glassworks: 1}
		if count != want {
			t.Errorf("terrains %v, want %v", count, want)
		}
		if numbers[2] != 0 || numbers[12] != 0 || numbers[7] != 0 || numbers[0] != 3 {
			t.Errorf("tokens by number %v", numbers)
		}
		for _, n := range []int{3, 4, 5, 6, 8, 9, 10, 11} {
			if numbers[n] != 2 {
				t.Errorf("%d tokens of %d", numbers[n], n)
			}
		}
	}
	// The spiral from corner 0 (the top-left hex, land) begins A = 5; from
	// corner 1 (the castle's corner) it begins on the next hex
	// counterclockwise, the top middle one.
	o := make([]int, len(boardRanges))
	if b := RandomBoard(o); b.Number[catan.HexAt(1, 1)] != 5 {
		t.Errorf("corner 0: top-left hex has %d, want 5 (A)", b.Number[catan.HexAt(1, 1)])
	}
	o[len(o)-1] = 1
	if b := RandomBoard(o); b.Number[catan.HexAt(1, 3)] != 0 || b.Number[catan.HexAt(1, 2)] != 5 {
		t.Errorf("corner 1: castle %d, next hex %d; want 0 and 5 (A)", b.Number[catan.HexAt(1, 3)], b.Number[catan.HexAt(1, 2)])
	}
}

// Orig: a settlement, then a city, whose hexes give one card each (a trade
// hex none); 5 gold each; the wagon at its city; level 1.
func TestFounding(t *testing.T) {
	s, err := New(4)
	if err != nil {
		t.Fatal(err)
	}
	if k, r := chance(s); k != "board" || len(r) != len(boardRanges) {
		t.Fatalf("first chance %q %v", k, r)
	}
	for p := 0; p < 4; p++ {
		if s.Hand[p][catan.Gold] != StartingGold {
			t.Errorf("seat %d starts with %d gold", p, s.Hand[p][catan.Gold])
		}
	}
	if s.Bank[catan.Gold] != GoldSupply-4*StartingGold {
		t.Errorf("bank gold %d", s.Bank[catan.Gold])
	}
	s = founded(t)
	// Seat 0's city 41: hills 5 and mountains 9 give a brick and an ore;
	// the glassworks nothing.
	if got := s.Hand[0]; got != (catan.Resources{catan.Brick: 1, catan.Ore: 1, catan.Gold: 5}) {
		t.Errorf("seat 0 starts with %v", got)
	}
	if !s.City[41] || s.City[13] || s.Owner[41] != 0 {
		t.Error("seat 0's second building is not a city")
	}
	c := caravans(s)
	for p := 0; p < 4; p++ {
		if c.Level[p] != 1 || c.Order[p] != NoCargo || c.Wagon[p] != -1 {
			t.Errorf("seat %d: level %d order %d wagon %d", p, c.Level[p], c.Order[p], c.Wagon[p])
		}
	}
	// The view shows the wagons at their cities already.
	if v := ViewOf(s); v.Wagons[0].Node != 41 || v.Wagons[1].Node != 47 {
		t.Errorf("view wagons at %d, %d", v.Wagons[0].Node, v.Wagons[1].Node)
	}
	roll(t, s, 1, 2)
	want := [4]int8{41, 47, 28, 31}
	if c.Wagon != want {
		t.Errorf("wagons at %v after the first roll, want the cities %v", c.Wagon, want)
	}
	// Set-up: a settlement may not stand on a plaza or a sea-only corner.
	s2, _ := New(3)
	resolve(t, s2, make([]int, len(boardRanges))...)
	resolve(t, s2, 5, 5, 0, 0, 0, 0)
	for _, v := range []int{Plaza(Castle), Board.SeaCorners[Castle][0], Board.SeaCorners[Quarry][1]} {
		refuse(t, s2, 0, catan.BuildSettlement(v))
		if legal(s2, 0, catan.BuildSettlement(v)) {
			t.Errorf("founding on %d listed", v)
		}
	}
	// The second founding building must be a city.
	for i := 0; i < 3; i++ {
		p := int(s2.Active)
		do(t, s2, p, catan.BuildSettlement(founding[i].v))
		do(t, s2, p, catan.BuildRoad(route(t, founding[i].a, founding[i].b)))
	}
	refuse(t, s2, int(s2.Active), catan.BuildSettlement(31))
	do(t, s2, int(s2.Active), catan.BuildCity(31))
}

func TestGameRegistered(t *testing.T) {
	g, err := engine.Lookup(ID)
	if err != nil || g.RulesVersion() != RulesVersion || g.MinPlayers() != 3 || g.MaxPlayers() != 4 {
		t.Fatalf("lookup: %v %v", g, err)
	}
	if _, err := engine.NewState(g, engine.Setup{Players: 2}); err == nil {
		t.Error("2 players accepted")
	}
	if _, err := engine.NewState(g, engine.Setup{Players: 4, Options: map[string]string{"board": "beginner"}}); err == nil {
		t.Error("a beginner board accepted")
	}
}
