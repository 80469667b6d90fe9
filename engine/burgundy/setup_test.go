package burgundy

import (
	"reflect"
	"testing"

	"tabula/engine"
)

// Fact sheet §2: 164 tiles, by colour and back.
func TestTileInventory(t *testing.T) {
	type key struct {
		c     Colour
		black bool
	}
	got := map[key]int{}
	knowledge := map[int]int{}
	starts := 0
	for id := 1; id <= TileCount; id++ {
		ti := Tile(id)
		if ti.ID != id {
			t.Fatalf("tile %d has id %d", id, ti.ID)
		}
		if ti.Start {
			starts++
			continue
		}
		got[key{ti.Colour, ti.Black}]++
		if ti.Colour == Knowledge {
			knowledge[ti.Knowledge]++
		}
	}
	want := map[key]int{
		{Building, false}: 40, {Animal, false}: 20, {Knowledge, false}: 20, {Castle, false}: 10, {Mine, false}: 10, {Ship, false}: 20,
		{Building, true}: 16, {Animal, true}: 8, {Knowledge, true}: 6, {Castle, true}: 2, {Mine, true}: 2, {Ship, true}: 6,
	}
	if starts != 4 || !reflect.DeepEqual(got, want) {
		t.Fatalf("inventory %v, starts %d", got, starts)
	}
	for n := 1; n <= 26; n++ {
		if knowledge[n] != 1 {
			t.Errorf("knowledge %d appears %d times", n, knowledge[n])
		}
		if KnowledgeHelp(n) == "" {
			t.Errorf("knowledge %d has no help", n)
		}
	}
	for b := Warehouse; b <= CityHall; b++ {
		if BuildingHelp(b) == "" {
			t.Errorf("%s has no help", b)
		}
	}
	if Tile(0) != (TileInfo{}) || Tile(165) != (TileInfo{}) || KnowledgeHelp(27) != "" {
		t.Error("out-of-range lookups")
	}
}

// Fact sheet §5: set-up, with the start player drawn by chance.
func TestSetup(t *testing.T) {
	st, err := Game{}.New(engine.Setup{Players: 4})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	req := s.Status().Chance
	if req == nil || req.Kind != "setup" || len(req.Ranges) != 1+12 || req.Ranges[0] != 4 || req.Ranges[1] != 42 || req.Ranges[12] != 31 {
		t.Fatalf("setup request %+v", req)
	}
	if _, err := (Game{}).New(engine.Setup{Players: 5}); err == nil {
		t.Fatal("5 players accepted")
	}
	o := zeros(13)
	o[0] = 2 // seat 2 starts
	mustResolve(t, s, o)
	// Workers 1–4 in turn order from the start player; track stacked with the
	// start player on top.
	wantWorkers := []int{3, 4, 1, 2}
	for i, p := range s.Seats {
		if p.Workers != wantWorkers[i] || p.Silver != 1 || p.VP != 0 {
			t.Errorf("seat %d: workers %d silver %d", i, p.Workers, p.Silver)
		}
		n := 0
		for k := 1; k <= 6; k++ {
			n += p.Goods[k]
		}
		if n != 3 || p.goodsKinds() > 3 {
			t.Errorf("seat %d has %d goods", i, n)
		}
		if p.Estate[StartSpace] == 0 || !Tile(p.Estate[StartSpace]).Start || p.emptySpaces() != 36 {
			t.Errorf("seat %d start castle", i)
		}
	}
	if s.trackOrder()[0] != 2 || !reflect.DeepEqual(s.trackOrder(), []engine.Seat{2, 3, 0, 1}) {
		t.Errorf("track order %v", s.trackOrder())
	}
	// Phase A: every depot space in play filled with its colour, 8 black
	// tiles, 5 round goods; then the dice of the whole round in one request.
	req = s.Status().Chance
	if req.Kind != "phase" || len(req.Ranges) != 24+8+5 {
		t.Fatalf("phase request %+v", req)
	}
	mustResolve(t, s, zeros(len(req.Ranges)))
	if len(s.Black) != 8 {
		t.Errorf("black depot %d", len(s.Black))
	}
	for _, k := range s.RoundGoods {
		if k == 0 {
			t.Error("empty round space")
		}
	}
	req = s.Status().Chance
	if req.Kind != "dice" || len(req.Ranges) != 9 {
		t.Fatalf("dice request %+v", req)
	}
	if err := checkInvariants(s); err != nil {
		t.Fatal(err)
	}
	roll(t, s, 1, 2, 3, 4, 5, 6, 1, 2, 6)
	if s.Seats[1].Dice != [2]int{3, 4} || s.White != 6 || s.Current() != 2 {
		t.Fatalf("dice %v white %d current %d", s.Seats[1].Dice, s.White, s.Current())
	}
}

// Fact sheet §3: depot spaces per player count (12/18/24) and black depot.
func TestDepotSpacesByPlayerCount(t *testing.T) {
	for players, want := range map[int]int{2: 12, 3: 18, 4: 24} {
		s := newTestGame(t, players)
		n := 0
		colours := map[Colour]int{}
		for d := 1; d <= 6; d++ {
			for _, sp := range s.Depots[d].Spaces {
				n++
				colours[sp.Colour]++
				if sp.Tile == 0 {
					t.Errorf("%dp: depot %d has an empty space", players, d)
				}
			}
		}
		if n != want || len(s.Black) != BlackDepotTiles(players) {
			t.Errorf("%dp: %d spaces, %d black", players, n, len(s.Black))
		}
		if players == 4 && !reflect.DeepEqual(colours, map[Colour]int{Building: 8, Ship: 4, Knowledge: 4, Animal: 4, Castle: 2, Mine: 2}) {
			t.Errorf("4p colours %v", colours)
		}
		if players == 2 && (s.Depots[1].Spaces[0].Colour != Building || s.Depots[1].Spaces[1].Colour != Ship || len(s.Depots[1].Spaces) != 2) {
			t.Errorf("2p depot 1 %v", s.Depots[1].Spaces)
		}
	}
}
