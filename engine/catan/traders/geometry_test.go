package traders

import (
	"testing"

	"tabula/engine/catan"
)

// The trade hexes sit on outer corners of the island: three sea sides, two
// sea-only corners, four inland corners joined to the plaza by spokes.
func TestTradeHexGeometry(t *testing.T) {
	want := [NumTradeHexes]int{catan.HexAt(1, 3), catan.HexAt(3, 1), catan.HexAt(5, 3)}
	if Board.Hex != want {
		t.Fatalf("trade hexes on %v, want %v", Board.Hex, want)
	}
	for th := TradeHex(0); th < NumTradeHexes; th++ {
		h := Board.Hex[th]
		for _, v := range Board.Corners[th] {
			if n := len(catan.Island.VertexHexes[v]); n < 2 {
				t.Errorf("%v: spoke corner %d touches %d hex", th, v, n)
			}
			if Board.Graph.Closed(v) {
				t.Errorf("%v: inland corner %d not buildable", th, v)
			}
		}
		for _, v := range Board.SeaCorners[th] {
			if !Board.Graph.Closed(v) {
				t.Errorf("%v: sea-only corner %d buildable", th, v)
			}
			if Board.Adj[v][0] != -1 {
				t.Errorf("%v: sea-only corner %d has routes %v", th, v, Board.Adj[v])
			}
		}
		for _, e := range Board.SeaSides[th] {
			if !Board.Graph.PathClosed(e) || Board.IsPath[e] {
				t.Errorf("%v: sea side %d open to roads or wagons", th, e)
			}
			if hs := catan.Island.EdgeHexes[e]; len(hs) != 1 || hs[0] != h {
				t.Errorf("%v: sea side %d lies by hexes %v", th, e, hs)
			}
		}
		plaza := Plaza(th)
		for i := 0; i < SpokesPerHex; i++ {
			r := Spoke(th, i)
			if got, ok := SpokeOf(r); !ok || got != th {
				t.Errorf("SpokeOf(%d) = %v %v", r, got, ok)
			}
			if Board.Ends[r] != [2]int8{int8(Board.Corners[th][i]), int8(plaza)} {
				t.Errorf("%v spoke %d ends %v", th, i, Board.Ends[r])
			}
			if got, ok := Board.Route(plaza, Board.Corners[th][i]); !ok || got != r {
				t.Errorf("route plaza→corner %d = %d %v, want %d", Board.Corners[th][i], got, ok, r)
			}
		}
		if !Board.Graph.Closed(plaza) {
			t.Errorf("%v: a settlement may stand on the plaza", th)
		}
		if got, ok := PlazaOf(plaza); !ok || got != th {
			t.Errorf("PlazaOf(%d) = %v %v", plaza, got, ok)
		}
		if got, ok := Board.TradeHexAt(h); !ok || got != th {
			t.Errorf("TradeHexAt(%d) = %v %v", h, got, ok)
		}
		if b, ok := SpokeOf(Board.BarbarianStart[th]); !ok || b != th {
			t.Errorf("%v: barbarian starts on route %d, not one of its spokes", th, Board.BarbarianStart[th])
		}
	}
	// The castle (top right): inland corners SE, S, SW, NW; its
	// barbarian on the spoke from the S corner (three hexes meet there).
	c := Board.Corners[Castle]
	if c[1] != catan.Island.HexVertices[Board.Hex[Castle]][3] || Board.BarbarianStart[Castle] != Spoke(Castle, 1) {
		t.Errorf("castle corners %v, barbarian on %d", c, Board.BarbarianStart[Castle])
	}
	// No harbour slot lies on a trade hex's side.
	for i, s := range catan.HarborSlots {
		if _, ok := Board.TradeHexAt(s.Hex); ok {
			t.Errorf("harbour H%d lies on a trade hex", i+1)
		}
	}
}

// Every route is symmetric in the adjacency, and nodes have at most four.
func TestNetworkAdjacency(t *testing.T) {
	paths := 0
	for r := 0; r < NumRoutes; r++ {
		a, b := int(Board.Ends[r][0]), int(Board.Ends[r][1])
		ra, oka := Board.Route(a, b)
		rb, okb := Board.Route(b, a)
		if Board.IsPath[r] {
			paths++
			if !oka || !okb || ra != r || rb != r {
				t.Errorf("route %d (%d–%d) not in the adjacency", r, a, b)
			}
		} else if oka || okb {
			t.Errorf("sea side %d (%d–%d) in the adjacency", r, a, b)
		}
	}
	if paths != catan.NumEdges-9+NumSpokes {
		t.Errorf("%d paths, want %d", paths, catan.NumEdges-9+NumSpokes)
	}
	if _, ok := Board.Route(-1, 0); ok {
		t.Error("route from a node off the board")
	}
}

func TestCargoCards(t *testing.T) {
	if FullStacks.Total() != 36 || TotalCargo != 36 {
		t.Fatalf("%d cargo cards, want 36 (orig)", FullStacks.Total())
	}
	for th := TradeHex(0); th < NumTradeHexes; th++ {
		if FullStacks.Left(th) != 12 {
			t.Errorf("%v stack %d", th, FullStacks.Left(th))
		}
		for _, g := range th.Supplies() {
			if g.Destination() == th {
				t.Errorf("%v supplies %v, which it needs", th, g)
			}
			c, ok := CargoOf(th, g)
			if !ok || c.From() != th || c.Good() != g {
				t.Errorf("CargoOf(%v, %v) = %v", th, g, c)
			}
		}
	}
	// Orig: glass from the glassworks goes to the castle.
	c, _ := CargoOf(Glassworks, Glass)
	if c.Destination() != Castle {
		t.Errorf("glass goes to %v", c.Destination())
	}
	if _, ok := CargoOf(Castle, Marble); ok {
		t.Error("the castle supplies marble")
	}
	s := FullStacks
	s[0] = 2 // castle: 2 tools, 6 sand
	if s.Card(Castle, 1) != 0 || s.Card(Castle, 2) != 1 || s.Card(Castle, 7) != 1 {
		t.Error("Card counts the first good's cards first")
	}
}

func TestWagonCards(t *testing.T) {
	// Orig: level 1 moves 4 and cannot drive barbarians off; the pictured
	// card moves 5, pays 2 gold, drives off on a 6; gold 1…5; level 5
	// worth 1 VP.
	w1, w2, w5 := Wagon(1), Wagon(2), Wagon(5)
	if w1.Points != 4 || w1.Gold != 1 || w1.DriveOffChance() != 0 || w1.DrivesOff(6) {
		t.Errorf("level 1: %+v", w1)
	}
	if w2.Points != 5 || w2.Gold != 2 || !w2.DrivesOff(6) || w2.DrivesOff(5) || w2.DriveOffChance() != 1 {
		t.Errorf("level 2: %+v", w2)
	}
	if w5.VP != 1 || w5.Gold != 5 || !w5.DrivesOff(3) || w5.DrivesOff(2) {
		t.Errorf("level 5: %+v", w5)
	}
	for l := 1; l <= MaxLevel; l++ {
		if Wagon(l).Gold != l || Wagon(l).Level != l {
			t.Errorf("level %d pays %d gold", l, Wagon(l).Gold)
		}
		if l > 1 && Wagon(l).Points < Wagon(l-1).Points {
			t.Errorf("level %d moves less than %d", l, l-1)
		}
		cost, ok := UpgradeCost(l)
		if ok != (l < MaxLevel) || ok && cost.Total() == 0 {
			t.Errorf("upgrade from %d: %v %v", l, cost, ok)
		}
	}
	if (Wagon(0) != WagonCard{}) || (Wagon(6) != WagonCard{}) {
		t.Error("levels outside 1…5")
	}
}

func TestChronicleDeck(t *testing.T) {
	if ChronicleDeck.Total() != 26 {
		t.Fatalf("chronicle deck of %d, want 26 (orig)", ChronicleDeck.Total())
	}
}
