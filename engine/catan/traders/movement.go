package traders

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
	points, tollTo = PathPoints, -1
	if o := gr.Road[r]; o >= 0 {
		points = RoadPoints
		if int(o) != p {
			tollTo = int(o)
		}
	}
	if gr.Barbarian[r] {
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
	// Ways are searched per (node, tolls paid): a dearer way with fewer
	// tolls can matter when gold is short. Tolls never exceed the steps a
	// budget allows (each costs at least 1 point).
	maxTolls := min(gold, budget)
	type key struct{ node, tolls int }
	const unseen = -1
	width := maxTolls + 1
	cost := make([]int, NumNodes*width)
	prev := make([]int, NumNodes*width) // previous state index
	via := make([]Leg, NumNodes*width)
	done := make([]bool, NumNodes*width)
	for i := range cost {
		cost[i], prev[i] = unseen, unseen
	}
	idx := func(k key) int { return k.node*width + k.tolls }
	cost[idx(key{from, 0})] = 0
	for {
		// The cheapest unsettled state; a linear scan is plenty for 57
		// nodes and a dozen toll counts.
		best := unseen
		for i, c := range cost {
			if c != unseen && !done[i] && (best == unseen || c < cost[best]) {
				best = i
			}
		}
		if best == unseen {
			break
		}
		done[best] = true
		n, t := best/width, best%width
		if _, plaza := PlazaOf(n); plaza && n != from {
			continue // the movement ends here
		}
		for k, w := range Board.Adj[n] {
			if w < 0 {
				break
			}
			r := int(Board.AdjRoute[n][k])
			c, toll := gr.Step(p, r)
			nt := t
			if toll >= 0 {
				nt++
			}
			nc := cost[best] + c
			if nt > maxTolls || nc > budget {
				continue
			}
			j := idx(key{int(w), nt})
			if cost[j] == unseen || nc < cost[j] {
				cost[j], prev[j] = nc, best
				via[j] = Leg{Route: r, To: int(w), Cost: c, TollTo: toll}
			}
		}
	}
	var out []Destination
	for n := 0; n < NumNodes; n++ {
		if n == from {
			continue
		}
		pick := unseen
		for t := 0; t < width; t++ {
			i := n*width + t
			if cost[i] != unseen && (pick == unseen || cost[i] < cost[pick]) {
				pick = i
			}
		}
		if pick == unseen {
			continue
		}
		d := Destination{Node: n, Cost: cost[pick], Gold: pick % width, Boost: cost[pick] > points}
		_, d.Plaza = PlazaOf(n)
		for i := pick; prev[i] != unseen; i = prev[i] {
			d.Legs = append(d.Legs, via[i])
		}
		for a, b := 0, len(d.Legs)-1; a < b; a, b = a+1, b-1 {
			d.Legs[a], d.Legs[b] = d.Legs[b], d.Legs[a]
		}
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
// must go.
func Distances(gr *Ground, p, from int) [NumNodes]int {
	var dist [NumNodes]int
	for n := range dist {
		dist[n] = Unreachable
	}
	if from < 0 || from >= NumNodes {
		return dist
	}
	var done [NumNodes]bool
	dist[from] = 0
	for {
		n := -1
		for i := range dist {
			if !done[i] && dist[i] < Unreachable && (n < 0 || dist[i] < dist[n]) {
				n = i
			}
		}
		if n < 0 {
			return dist
		}
		done[n] = true
		if _, plaza := PlazaOf(n); plaza && n != from {
			continue
		}
		for k, w := range Board.Adj[n] {
			if w < 0 {
				break
			}
			c, _ := gr.Step(p, int(Board.AdjRoute[n][k]))
			if d := dist[n] + c; d < dist[w] {
				dist[w] = d
			}
		}
	}
}
