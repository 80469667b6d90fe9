package traders

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/check"
	"tabula/engine/sim"
)

// play plays one bot game of players seats.
func play(t testing.TB, players int, seed uint64, bots ...string) sim.Result {
	t.Helper()
	res := sim.Direct(sim.Spec{Game: Game, Setup: engine.Setup{Game: ID, Players: players}, Seed: seed,
		Bots: bots, Check: sim.CheckStep, Record: true})
	if res.Err != nil {
		t.Fatalf("seed %d: %v", seed, res.Err)
	}
	if !res.Over {
		t.Fatalf("seed %d: not over after %d actions", seed, res.Actions)
	}
	return res
}

// final is the state a recorded game ended in.
func final(t testing.TB, res sim.Result) *catan.State {
	t.Helper()
	m, _, err := engine.Load(res.Save.Encode())
	if err != nil {
		t.Fatal(err)
	}
	return m.State.(*catan.State)
}

// TestPinnedGameHash pins the final hashes of a few random-bot games (3
// and 4 players): it changes only when the rules or the state encoding
// change, and runs natively and under wasm alike (make test-wasm).
func TestPinnedGameHash(t *testing.T) {
	d := sha256.New()
	for g := uint64(0); g < 4; g++ {
		res := sim.Direct(sim.Spec{Game: Game, Setup: engine.Setup{Game: ID, Players: 3 + int(g%2)},
			Seed: 5000 + g, Bots: []string{"random"}, Check: sim.CheckEnd})
		if res.Err != nil || !res.Over {
			t.Fatalf("game %d: %v", g, res.Err)
		}
		fmt.Fprintf(d, "%s %d %d %v\n", res.Hash, res.Actions, res.Chance, res.Winners)
	}
	const want = "5ed985524dea45dd"
	if got := fmt.Sprintf("%x", d.Sum(nil))[:16]; got != want {
		t.Fatalf("pinned games: got %q, want %q", got, want)
	}
}

// The greedy bot moves its wagon and delivers cargo.
func TestGreedyDelivers(t *testing.T) {
	s := final(t, play(t, 3, 11, "greedy"))
	c := caravans(s)
	total := 0
	for p := 0; p < s.Players; p++ {
		total += c.deliveries(p)
	}
	if total < 3 {
		t.Errorf("greedy bots delivered %d cargo cards in a game", total)
	}
	if c.Stacks.Total()+total == TotalCargo {
		t.Error("no wagon carries a card at the end")
	}
}

// BenchmarkGreedyGame plays 4-player greedy games and reports the cargo
// delivered per game.
func BenchmarkGreedyGame(b *testing.B) {
	deliveries, turns := 0, 0
	for i := 0; i < b.N; i++ {
		s := final(b, play(b, 4, uint64(100+i), "greedy"))
		for p := 0; p < s.Players; p++ {
			deliveries += caravans(s).deliveries(p)
		}
		turns += s.Turn
	}
	b.ReportMetric(float64(deliveries)/float64(b.N), "deliveries/game")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}

// Views encode for every seat, show the movement step consistently with
// Legal, and reveal nothing hidden.
func TestView(t *testing.T) {
	s, c := movingTable(t, 14, 2)
	give(s, 0, catan.Resources{catan.Grain: 1})
	for seat := engine.Spectator; seat < 4; seat++ {
		if err := check.View(s, seat); err != nil {
			t.Fatal(err)
		}
	}
	v := s.ViewOf(0)
	x, ok := v.Ext.(*View)
	if !ok {
		t.Fatalf("the base view's Ext is %T", v.Ext)
	}
	// The plaza is an intersection of the base view, at the castle's
	// centre, closed to buildings; its spokes are paths; the sea sides
	// are closed.
	pv, hx := v.Vertices[Plaza(Castle)], v.Hexes[Board.Hex[Castle]]
	if !pv.Closed || pv.Q != hx.Q || pv.R != hx.R || hx.Terrain != "castle" || len(pv.Adjacent) != 4 {
		t.Errorf("plaza in the base view: %+v (hex %+v)", pv, hx)
	}
	if e := v.Edges[Spoke(Castle, 0)]; e.Closed || e.Vertices != [2]int{Board.Corners[Castle][0], Plaza(Castle)} {
		t.Errorf("spoke in the base view: %+v", e)
	}
	if e := v.Edges[Board.SeaSides[Castle][0]]; !e.Closed {
		t.Errorf("sea side in the base view: %+v", e)
	}
	if v.Target != WinningPoints || v.Robber != -1 {
		t.Errorf("target %d robber %d", v.Target, v.Robber)
	}
	if len(x.TradeHexes) != 3 || x.TradeHexes[Castle].Plaza != Plaza(Castle) || x.TradeHexes[Castle].Left != 12 ||
		x.TradeHexes[Quarry].Needs[0] != "tools" || len(x.Barbarians) != 3 || len(x.Wagons) != 4 || len(x.WagonCards) != 5 {
		t.Fatalf("view: %+v", x)
	}
	m := x.Movement
	if m == nil || m.Seat != 0 || m.Begun || m.Points != 5 || !m.Boost || len(m.DriveOffs) != 1 || m.DriveOffs[0].Chance != 1 {
		t.Fatalf("movement view: %+v", m)
	}
	// Every node a legal step reaches is in Reachable at that step's cost.
	for _, a := range s.Legal(0) {
		if a := a.(catan.Action); a.Type == ActMoveWagon {
			d, ok := reach(m.Reachable, a.Vertex)
			cost, _ := stepCost(s, c, 0, route(t, 14, a.Vertex))
			if !ok || len(d.Legs) != 1 || d.Cost != cost {
				t.Errorf("step to %d (cost %d) in the view as %+v", a.Vertex, cost, d)
			}
		}
	}
	// The plaza: 5 points by the barbarian's spoke (4).
	if d, ok := reach(m.Reachable, Plaza(Castle)); !ok || d.Cost != 4 || !d.Plaza {
		t.Errorf("castle in the view: %+v", d)
	}
	// The other seats do not see the movement: whether the boost is
	// offered would tell them whether seat 0 holds a grain. Seats 2, 3 and
	// a spectator see the same when seat 0's grain is seat 1's wool and
	// the other way round (hand sizes and bank unchanged).
	give(s, 1, catan.Resources{catan.Wool: 1})
	without := s.Clone().(*catan.State)
	without.Hand[0][catan.Grain], without.Hand[0][catan.Wool] = without.Hand[0][catan.Grain]-1, without.Hand[0][catan.Wool]+1
	without.Hand[1][catan.Wool], without.Hand[1][catan.Grain] = without.Hand[1][catan.Wool]-1, without.Hand[1][catan.Grain]+1
	for _, seat := range []engine.Seat{engine.Spectator, 2, 3} {
		a, _ := json.Marshal(s.ViewOf(seat))
		b, _ := json.Marshal(without.ViewOf(seat))
		if s.ViewOf(seat).Ext.(*View).Movement != nil || string(a) != string(b) {
			t.Errorf("seat %d sees seat 0's movement or grain", seat)
		}
	}
	// A view round-trips through JSON.
	b, err := json.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	var back View
	if err := json.Unmarshal(b, &back); err != nil || back.Movement == nil || len(back.Movement.Reachable) != len(m.Reachable) {
		t.Fatalf("view JSON: %v", err)
	}
	// Not the active player's turn to move: no movement step.
	do(t, s, 0, catan.EndTurn())
	if ViewOf(s).Movement != nil {
		t.Error("movement shown before the roll")
	}
}

// The scenario's actions round-trip through JSON.
func TestActionsJSON(t *testing.T) {
	for _, a := range []catan.Action{step(54), boost, driveOffAct(73), placeBarb(12), moveBarb(73, 12), upgrade,
		buyGold(catan.Ore), swift} {
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		back, err := Game.DecodeAction(b)
		if err != nil || back.(catan.Action) != a {
			t.Errorf("%s: %v %v", b, back, err)
		}
	}
	if b, _ := json.Marshal(moveBarb(73, 12)); string(b) != `{"type":"move-barbarian","edge":73,"to":12}` {
		t.Errorf("move-barbarian JSON %s", b)
	}
}

// Every destination of the movement view is reached by playing its Route.
func TestRouteReachesEveryDestination(t *testing.T) {
	s, _ := movingTable(t, 24, 2)
	give(s, 0, catan.Resources{catan.Grain: 1})
	m := ViewOf(s).Movement
	if len(m.Reachable) < 5 {
		t.Fatalf("only %d destinations", len(m.Reachable))
	}
	boosts := 0
	for _, d := range m.Reachable {
		x := s.Copy()
		for _, a := range Route(d, m.Points) {
			if err := x.Do(0, a); err != nil {
				t.Fatalf("to %d (%+v): %v: %v", d.Node, d, a, err)
			}
			if a.Type == ActGrainBoost {
				boosts++
			}
		}
		xc := caravans(x)
		if int(xc.Wagon[0]) != d.Node || int(s.Hand[0][catan.Gold])-int(x.Hand[0][catan.Gold]) != d.Gold {
			t.Errorf("to %d: wagon at %d, gold paid %d, want %d", d.Node, xc.Wagon[0],
				int(s.Hand[0][catan.Gold])-int(x.Hand[0][catan.Gold]), d.Gold)
		}
		if d.Boost != xc.Boosted {
			t.Errorf("to %d: boost %v, used %v", d.Node, d.Boost, xc.Boosted)
		}
	}
	if boosts == 0 {
		t.Error("no destination needed the boost")
	}
}
