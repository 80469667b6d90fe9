package traders

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// reach finds the destination n among ds.
func reach(ds []Destination, n int) (Destination, bool) {
	for _, d := range ds {
		if d.Node == n {
			return d, true
		}
	}
	return Destination{}, false
}

// nodes are the nodes a destination's legs pass, start excluded.
func nodes(d Destination) []int {
	var out []int
	for _, l := range d.Legs {
		out = append(out, l.To)
	}
	return out
}

// Orig: a path costs 2, one's own road 1, another's road 1 and a gold to
// its owner; a barbarian adds 2 (a path with one costs 4, a road 3).
func TestStepCosts(t *testing.T) {
	gr := NewGround()
	path, own, other := route(t, 24, 19), route(t, 19, 14), route(t, 14, 10)
	gr.Road[own], gr.Road[other] = 0, 2
	for _, c := range []struct {
		r, points, toll int
	}{{path, 2, -1}, {own, 1, -1}, {other, 1, 2}} {
		if p, toll := gr.Step(0, c.r); p != c.points || toll != c.toll {
			t.Errorf("route %d: %d points, toll to %d; want %d, %d", c.r, p, toll, c.points, c.toll)
		}
		gr.Barbarian[c.r] = true
		if p, toll := gr.Step(0, c.r); p != c.points+2 || toll != c.toll {
			t.Errorf("route %d with a barbarian: %d points, toll to %d; want %d, %d", c.r, p, toll, c.points+2, c.toll)
		}
		gr.Barbarian[c.r] = false
	}
	// The owner of the road pays nothing on it.
	if p, toll := gr.Step(2, other); p != 1 || toll != -1 {
		t.Errorf("own road of seat 2: %d points, toll to %d", p, toll)
	}
}

// A mixed way to the castle: own road, seat 1's road (a toll), then the
// spoke with the barbarian.
func TestReachableMixedWay(t *testing.T) {
	gr := NewGround()
	gr.Road[route(t, 24, 19)] = 0
	gr.Road[route(t, 19, 14)] = 1
	gr.Road[route(t, 14, 54)] = 0
	gr.Barbarian[route(t, 14, 54)] = true
	ds := Reachable(&gr, 0, 24, 5, 3, false)
	d, ok := reach(ds, Plaza(Castle))
	if !ok {
		t.Fatalf("castle not reachable: %+v", ds)
	}
	// 1 (own) + 1 (seat 1's road) + 3 (own road with a barbarian) = 5.
	want := []Leg{
		{Route: route(t, 24, 19), To: 19, Cost: 1, TollTo: -1},
		{Route: route(t, 19, 14), To: 14, Cost: 1, TollTo: 1},
		{Route: route(t, 14, 54), To: 54, Cost: 3, TollTo: -1},
	}
	if d.Cost != 5 || d.Gold != 1 || d.Boost || !d.Plaza || !reflect.DeepEqual(d.Legs, want) {
		t.Errorf("castle: %+v", d)
	}
	// Without gold seat 1's road is closed: the way round by path costs
	// more than 5.
	if _, ok := reach(Reachable(&gr, 0, 24, 5, 0, false), Plaza(Castle)); ok {
		t.Error("castle reachable without the gold for the toll")
	}
	// With 6 points and the grain boost it is reachable without the
	// toll, round by paths: 24→18→13→9, then the spoke 9→54, 4 × 2 = 8.
	d, ok = reach(Reachable(&gr, 0, 24, 6, 0, true), Plaza(Castle))
	if !ok || d.Cost != 8 || d.Gold != 0 || !d.Boost || !reflect.DeepEqual(nodes(d), []int{18, 13, 9, 54}) {
		t.Errorf("castle with the boost and no gold: %+v %v", d, ok)
	}
}

// Cheapest first, then fewest tolls.
func TestReachablePrefersFewerTolls(t *testing.T) {
	gr := NewGround()
	// Two ways of three steps from 9 to 24 round hex r2c3: by 14 and 19
	// on seat 1's roads, by 13 and 18 on seat 0's own.
	for _, r := range []int{route(t, 9, 14), route(t, 14, 19), route(t, 19, 24)} {
		gr.Road[r] = 1
	}
	for _, r := range []int{route(t, 9, 13), route(t, 13, 18), route(t, 18, 24)} {
		gr.Road[r] = 0
	}
	d, ok := reach(Reachable(&gr, 0, 9, 5, 5, false), 24)
	if !ok || d.Cost != 3 || d.Gold != 0 || !reflect.DeepEqual(nodes(d), []int{13, 18, 24}) {
		t.Errorf("9→24: %+v", d)
	}
	// A barbarian makes the own way dearer: the tolled way wins on points.
	gr.Barbarian[route(t, 13, 18)] = true
	d, _ = reach(Reachable(&gr, 0, 9, 5, 5, false), 24)
	if d.Cost != 3 || d.Gold != 3 || !reflect.DeepEqual(nodes(d), []int{14, 19, 24}) {
		t.Errorf("9→24 with a barbarian on the own way: %+v", d)
	}
	for _, l := range d.Legs {
		if l.TollTo != 1 {
			t.Errorf("toll to %d, want seat 1", l.TollTo)
		}
	}
	// With two gold the third toll cannot be paid: the own way with the
	// barbarian, 1 + 3 + 1.
	d, _ = reach(Reachable(&gr, 0, 9, 5, 2, false), 24)
	if d.Cost != 5 || d.Gold != 0 || !reflect.DeepEqual(nodes(d), []int{13, 18, 24}) {
		t.Errorf("9→24 with two gold: %+v", d)
	}
}

// A plaza ends the movement: no way passes through it, but a wagon may
// leave the plaza it stands on.
func TestReachablePlazaEndsMovement(t *testing.T) {
	gr := NewGround()
	gr.Road[route(t, 10, 54)], gr.Road[route(t, 5, 54)] = 0, 0
	ds := Reachable(&gr, 0, 10, 4, 0, false)
	if d, ok := reach(ds, Plaza(Castle)); !ok || d.Cost != 1 {
		t.Errorf("plaza from its corner: %+v", d)
	}
	if d, ok := reach(ds, 5); ok {
		t.Errorf("corner 5 reached through the plaza: %+v", d)
	}
	ds = Reachable(&gr, 0, Plaza(Castle), 4, 0, false)
	if d, ok := reach(ds, 5); !ok || d.Cost != 1 {
		t.Errorf("leaving the plaza: %+v %v", d, ok)
	}
	// Sea-only corners are never reached.
	for _, v := range Board.SeaCorners[Castle] {
		if _, ok := reach(Reachable(&gr, 0, 5, 20, 0, true), v); ok {
			t.Errorf("sea corner %d reached", v)
		}
	}
}

// Orig: a wagon without the points to pass a barbarian stops before it
// (the points are lost) or goes elsewhere.
func TestReachableOutOfPointsNextToBarbarian(t *testing.T) {
	gr := NewGround()
	spoke := route(t, 14, 54)
	gr.Road[spoke] = 0
	gr.Barbarian[spoke] = true
	ds := Reachable(&gr, 0, 14, 2, 5, false)
	if _, ok := reach(ds, Plaza(Castle)); ok {
		t.Error("2 points passed a barbarian on a road (3)")
	}
	if d, ok := reach(ds, 10); !ok || d.Cost != 2 {
		t.Errorf("2 points should still reach corner 10 by path: %+v", d)
	}
	d, ok := reach(Reachable(&gr, 0, 14, 3, 0, false), Plaza(Castle))
	if !ok || d.Cost != 3 || len(d.Legs) != 1 {
		t.Errorf("3 points pass the barbarian: %+v", d)
	}
	// The grain boost covers what is missing.
	d, ok = reach(Reachable(&gr, 0, 14, 2, 0, true), Plaza(Castle))
	if !ok || !d.Boost || d.Cost != 3 {
		t.Errorf("2 points and the boost: %+v", d)
	}
}

func TestReachableBadInput(t *testing.T) {
	gr := NewGround()
	if Reachable(&gr, 0, -1, 4, 0, false) != nil || Reachable(&gr, 0, NumNodes, 4, 0, false) != nil ||
		Reachable(&gr, 0, 3, -1, 0, false) != nil {
		t.Error("bad input gave destinations")
	}
	if ds := Reachable(&gr, 0, 3, 0, 0, false); len(ds) != 0 {
		t.Errorf("no points: %+v", ds)
	}
}

func TestDistances(t *testing.T) {
	gr := NewGround()
	gr.Road[route(t, 24, 19)] = 1
	gr.Barbarian[route(t, 19, 14)] = true
	d := Distances(&gr, 0, 24)
	// 24→19 a road (1); 19→14 a path with a barbarian (4), or round by
	// 24→18→13→9→14 (8): 5.
	if d[24] != 0 || d[19] != 1 || d[14] != 5 {
		t.Errorf("distances 24:%d 19:%d 14:%d", d[24], d[19], d[14])
	}
	// The plaza: 14 and its spoke, a path: 5 + 2.
	if d[Plaza(Castle)] != 7 {
		t.Errorf("castle at %d", d[Plaza(Castle)])
	}
	for _, v := range Board.SeaCorners[Castle] {
		if d[v] != Unreachable {
			t.Errorf("sea corner %d at %d", v, d[v])
		}
	}
	// Every way through a plaza is cut: from the castle's corner 5 the
	// corner 10 is not 4 (by the plaza) but round the hex.
	d = Distances(&gr, 0, 5)
	if d[10] == 4 {
		t.Error("distance through the plaza")
	}
	// Distances agree with Reachable for a budget covering everything.
	ds := Reachable(&gr, 0, 24, 40, 40, false)
	d = Distances(&gr, 0, 24)
	for _, x := range ds {
		if x.Cost != d[x.Node] {
			t.Errorf("node %d: Reachable %d, Distances %d", x.Node, x.Cost, d[x.Node])
		}
	}
	if len(ds) == 0 {
		t.Fatal("nothing reachable")
	}
}

// The hand-tuned Distances finds what the generic search finds (tolls
// ignored, no budget) on random ground: roads of any owner or none,
// barbarians on any path, from every node, for every seat.
func TestDistancesLikeSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 1))
	for round := 0; round < 300; round++ {
		gr := NewGround()
		roads, barbarians := r.IntN(NumRoutes), r.IntN(8)
		for range roads {
			gr.Road[r.IntN(NumRoutes)] = int8(r.IntN(5) - 1)
		}
		for range barbarians {
			if rt := r.IntN(NumRoutes); Board.IsPath[rt] {
				gr.Barbarian[rt] = true
			}
		}
		p := r.IntN(4)
		for from := -1; from <= NumNodes; from++ {
			got := Distances(&gr, p, from)
			var want [NumNodes]int
			for n := range want {
				want[n] = Unreachable
			}
			if from >= 0 && from < NumNodes {
				w := search(&gr, p, from, Unreachable-1, -1)
				for n := range want {
					if w.cost[n] >= 0 {
						want[n] = w.cost[n]
					}
				}
			}
			if got != want {
				t.Fatalf("round %d, seat %d from %d:\nfast    %v\ngeneric %v", round, p, from, got, want)
			}
		}
	}
}
