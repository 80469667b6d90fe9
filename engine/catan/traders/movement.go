package traders

import (
	"slices"

	"tabula/engine/catan"
)

// Wagon movement (orig "Фаза движения", "Обход варваров"; fact sheet §9):
// what one step costs, and where a wagon can get to with the points it has.

// Movement costs (orig).
const (
	// PathPoints is a step along a path without a road.
	PathPoints = 2
	// RoadPoints is a step along a road, anyone's.
	RoadPoints = 1
	// BarbarianPoints is added when a barbarian stands on the route.
	BarbarianPoints = 2
	// Toll is the gold paid to the owner of another player's road.
	Toll = 1
	// GrainBoostPoints are the extra points one grain buys, once a turn.
	GrainBoostPoints = 2
)

// Ground is what a wagon's movement depends on: the owner of the road on
// every route (-1: none) and where the barbarians stand.
type Ground struct {
	Road      [NumRoutes]int8
	Barbarian [NumRoutes]bool
}

// NewGround is ground with no road and no barbarian.
func NewGround() Ground {
	var g Ground
	for r := range g.Road {
		g.Road[r] = -1
	}
	return g
}

// Step is the cost of seat p's wagon moving along route r: movement points,
// and the seat paid a toll (-1: none).
func (gr *Ground) Step(p, r int) (points, tollTo int) {
	return stepPoints(p, int(gr.Road[r]), gr.Barbarian[r])
}

// stepPoints is the cost for seat p of a step along a route with a road of
// owner (-1: none) and a barbarian or not (orig: a path 2, a road 1, a
// barbarian 2 more; a toll on another player's road).
func stepPoints(p, owner int, barbarian bool) (points, tollTo int) {
	points, tollTo = PathPoints, -1
	if owner >= 0 {
		points = RoadPoints
		if owner != p {
			tollTo = owner
		}
	}
	if barbarian {
		points += BarbarianPoints
	}
	return points, tollTo
}

// Leg is one step of a wagon's route: along Route to node To, for Cost
// movement points and a toll to TollTo (-1: none).
type Leg struct {
	Route  int `json:"route"`
	To     int `json:"to"`
	Cost   int `json:"cost"`
	TollTo int `json:"tollTo"`
}

// Destination is a node a wagon can reach this movement, by the cheapest
// way: fewest movement points, then fewest tolls (the first such way in
// route order when several tie).
type Destination struct {
	Node int `json:"node"`
	// Cost is the movement points spent; Gold the tolls paid.
	Cost int `json:"cost"`
	Gold int `json:"gold"`
	// Boost: the way needs the grain boost (Cost is more than the points
	// left without it).
	Boost bool `json:"boost,omitempty"`
	// Plaza: the node is a trade hex's plaza, where the movement ends.
	Plaza bool  `json:"plaza,omitempty"`
	Legs  []Leg `json:"legs"`
}

// Reachable lists, in node order, every node seat p's wagon standing on
// from can reach this movement: with points movement points left, gold
// gold for tolls, and the grain boost if boost (not yet used this turn and
// a grain in hand). A step must be paid in full; a road whose toll cannot
// be paid is closed (choices.go); a plaza ends the movement, so
// no way passes through one (the wagon may leave the plaza it starts on).
// Barbarians are where they stand now: a drive-off is not foreseen.
func Reachable(gr *Ground, p, from, points, gold int, boost bool) []Destination {
	if from < 0 || from >= NumNodes || points < 0 {
		return nil
	}
	budget := points
	if boost {
		budget += GrainBoostPoints
	}
	// Tolls never exceed the steps a budget allows (each costs a point).
	w := search(gr, p, from, budget, min(gold, budget))
	var out []Destination
	for n := 0; n < NumNodes; n++ {
		pick := w.cheapest(n)
		if n == from || pick < 0 {
			continue
		}
		d := Destination{Node: n, Cost: w.cost[pick], Gold: pick % w.width, Boost: w.cost[pick] > points}
		_, d.Plaza = PlazaOf(n)
		for i := pick; w.prev[i] >= 0; i = w.prev[i] {
			d.Legs = append(d.Legs, w.via[i])
		}
		slices.Reverse(d.Legs)
		out = append(out, d)
	}
	return out
}

// Unreachable is Distances' value for a node no way leads to.
const Unreachable = 1 << 10

// Distances are the fewest movement points from node from to every node
// for seat p's wagon over any number of turns' worth of points, tolls
// ignored (gold aside, every road is open) and plazas ends of ways, as in
// Reachable. The bot's evaluation reads how far a wagon is from where it
// must go, at every rating of a search: so this is a hand-tuned
// Dijkstra's search without allocation, settling nodes from buckets by
// points (a step costs 1 to 4), that finds what search(gr, p, from,
// Unreachable-1, -1) finds (TestDistancesLikeSearch).
func Distances(gr *Ground, p, from int) [NumNodes]int {
	var dist [NumNodes]int
	for n := range dist {
		dist[n] = Unreachable
	}
	if from < 0 || from >= NumNodes {
		return dist
	}
	// Nodes waiting at points d sit in bucket d mod stepSpan: a step costs
	// less than stepSpan, so the waiting points never span more buckets.
	const stepSpan = PathPoints + BarbarianPoints + 1
	var (
		bucket [stepSpan][NumNodes]int8
		size   [stepSpan]int
		done   [NumNodes]bool
	)
	dist[from] = 0
	bucket[0][0], size[0] = int8(from), 1
	waiting := 1
	for d := 0; waiting > 0; d++ {
		b := d % stepSpan
		for i := 0; i < size[b]; i++ {
			n := int(bucket[b][i])
			if done[n] || dist[n] != d {
				continue // settled, or since reached cheaper
			}
			done[n] = true
			if n >= catan.NumVertices && n != from {
				continue // a plaza: the movement ends here
			}
			for k, to := range Board.Adj[n] {
				if to < 0 {
					break
				}
				c, _ := gr.Step(p, int(Board.AdjRoute[n][k]))
				if nd := d + c; nd < dist[to] {
					dist[to] = nd
					nb := nd % stepSpan
					bucket[nb][size[nb]] = to
					size[nb]++
					waiting++
				}
			}
		}
		waiting -= size[b]
		size[b] = 0
	}
	return dist
}

// ways is the result of search: for each state (node, tolls paid) at
// index node·width + tolls, the fewest points (-1: not reached), the state
// it was reached from (-1: the start) and the step taken.
type ways struct {
	width int
	cost  []int
	prev  []int
	via   []Leg
}

// cheapest is node n's state with the fewest points, then fewest tolls;
// -1 when n is not reached.
func (w *ways) cheapest(n int) int {
	pick := -1
	for i := n * w.width; i < (n+1)*w.width; i++ {
		if w.cost[i] >= 0 && (pick < 0 || w.cost[i] < w.cost[pick]) {
			pick = i
		}
	}
	return pick
}

// search is Dijkstra's search of the wagon's ways from node from within
// budget points, per (node, tolls paid) with up to maxTolls tolls (a dearer
// way with fewer tolls matters when gold is short), or per node with tolls
// ignored when maxTolls < 0. A plaza ends a way. Settled states are picked
// by a linear scan: a few hundred states at most.
func search(gr *Ground, p, from, budget, maxTolls int) *ways {
	width := max(maxTolls, 0) + 1
	w := &ways{width: width, cost: make([]int, NumNodes*width), prev: make([]int, NumNodes*width),
		via: make([]Leg, NumNodes*width)}
	done := make([]bool, NumNodes*width)
	for i := range w.cost {
		w.cost[i], w.prev[i] = -1, -1
	}
	w.cost[from*width] = 0
	for {
		best := -1
		for i, c := range w.cost {
			if c >= 0 && !done[i] && (best < 0 || c < w.cost[best]) {
				best = i
			}
		}
		if best < 0 {
			return w
		}
		done[best] = true
		n, t := best/width, best%width
		if _, plaza := PlazaOf(n); plaza && n != from {
			continue // the movement ends here
		}
		for k, to := range Board.Adj[n] {
			if to < 0 {
				break
			}
			r := int(Board.AdjRoute[n][k])
			c, toll := gr.Step(p, r)
			nt := t
			if toll >= 0 && maxTolls >= 0 {
				nt++
			}
			nc := w.cost[best] + c
			if nt >= width || nc > budget {
				continue
			}
			if j := int(to)*width + nt; w.cost[j] < 0 || nc < w.cost[j] {
				w.cost[j], w.prev[j] = nc, best
				w.via[j] = Leg{Route: r, To: int(to), Cost: c, TollTo: toll}
			}
		}
	}
}
