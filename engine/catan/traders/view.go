package traders

import "tabula/engine/catan"

// View is the scenario's part of what a seat sees (the base view's Ext).
// Everything in it is public: gold lies on the table, cargo cards lie face
// up, the stacks show their backs (the counts of what is left are known
// from the cards delivered and carried).
//
// Ids: nodes are the base view's intersections (0 … 53 on the island, the
// plazas 54 … 56); routes are its paths (0 … 71, the spokes 72 … 83).
// Seats are 0 … players-1, -1 none.
//
// For the table (the UI draws these):
//
//   - TradeHexes: each trade hex (its island hex, which the base view
//     lists with terrain "castle", "quarry" or "glassworks"), the plaza
//     node (the base view's intersections give its position; it is
//     closed to buildings), the four spokes (paths in the base view,
//     roads allowed), the three sea sides (closed paths: no road, no
//     wagon, no barbarian), what it needs and supplies, and its stack.
//   - Wagons: per seat, the node the wagon stands on, its level and
//     card (points, gold per delivery, drive-off range, upgrade cost),
//     the cargo it carries (good, where from, where to), the cards it
//     has delivered, and the seat's gold.
//   - Barbarians: the path each stands on and that path's two nodes.
//   - Movement (in the moving player's view only): the active player's
//     movement step, while it may move
//     (trade and build, or the movement itself): points left, the grain
//     boost, second movements to come, the destinations with their cost,
//     tolls and legs (Reachable), and the drive-off attempts open now.
type View struct {
	TradeHexes []TradeHexView  `json:"tradeHexes"`
	Wagons     []WagonView     `json:"wagons"`
	Barbarians []BarbarianView `json:"barbarians"`
	// WagonCards are the five wagon levels (index 0 is level 1).
	WagonCards []WagonCard `json:"wagonCards"`
	// GoldBank is the gold left in the bank.
	GoldBank int `json:"goldBank"`
	// Reroll: the last roll was a 2 or a 12 and is rolled again.
	Reroll bool `json:"reroll,omitempty"`
	// DriveOffDie is the last drive-off die this turn (0 none), and
	// Driving the path of the barbarian being driven off (-1 none: set
	// while its owner puts it elsewhere).
	DriveOffDie int `json:"driveOffDie,omitempty"`
	Driving     int `json:"driving"`
	// Movement is the active player's movement, when it may move now.
	Movement *MovementView `json:"movement,omitempty"`
}

// TradeHexView is one trade hex.
type TradeHexView struct {
	Kind     string            `json:"kind"` // "castle", "quarry", "glassworks"
	Hex      int               `json:"hex"`  // island hex id
	Plaza    int               `json:"plaza"`
	Spokes   [SpokesPerHex]int `json:"spokes"`
	Corners  [SpokesPerHex]int `json:"corners"` // the spokes' other ends, index for index
	SeaSides [3]int            `json:"seaSides"`
	Needs    []string          `json:"needs"`    // goods delivered here
	Supplies []string          `json:"supplies"` // goods on its stack's cards
	// Stack counts the cards left per good, in Supplies order.
	Stack []int `json:"stack"`
	Left  int   `json:"left"`
}

// CargoView is a cargo card: its good, the trade hex it comes from and the
// one it goes to.
type CargoView struct {
	Good string `json:"good"`
	From string `json:"from"`
	To   string `json:"to"`
	// Plaza is the destination's plaza node.
	Plaza int `json:"plaza"`
}

// WagonView is one seat's wagon and gold.
type WagonView struct {
	Seat int `json:"seat"`
	// Node is where the wagon stands (before the first roll: the seat's
	// city, -1 before it is founded).
	Node  int       `json:"node"`
	Level int       `json:"level"`
	Card  WagonCard `json:"card"`
	// Next is the next wagon card (its Cost is the upgrade's price); nil
	// at level 5.
	Next  *WagonCard `json:"next,omitempty"`
	Gold  int        `json:"gold"`
	Order *CargoView `json:"order,omitempty"`
	// Delivered lists the delivered cards (1 VP each), by kind.
	Delivered []CargoView `json:"delivered"`
}

// BarbarianView is one barbarian on its path.
type BarbarianView struct {
	Path  int    `json:"path"`
	Nodes [2]int `json:"nodes"`
	// Road is the owner of the road on the path, -1 none.
	Road int `json:"road"`
}

// MovementView is the active player's movement step.
type MovementView struct {
	Seat int `json:"seat"`
	// Begun: trade and build are over. Over: only ending the turn is
	// left.
	Begun bool `json:"begun"`
	Over  bool `json:"over"`
	// Points are the movement points left (before the movement begins:
	// the wagon card's).
	Points int `json:"points"`
	// Boost: the grain boost may be used now; Boosted: it has been.
	Boost   bool `json:"boost"`
	Boosted bool `json:"boosted"`
	// Journeys are the second movements still to come (Swift Journey):
	// ending the movement then starts the next.
	Journeys int `json:"journeys"`
	// GoldBuys are the purchases with gold left this turn.
	GoldBuys int `json:"goldBuys"`
	// Reachable are the nodes the wagon can reach this movement, with
	// their cost, tolls and legs (a destination marked Boost needs the
	// grain boost); empty when the movement is over.
	Reachable []Destination `json:"reachable"`
	// DriveOffs are the barbarians the wagon may try to drive off now.
	DriveOffs []DriveOffView `json:"driveOffs"`
}

// DriveOffView is a possible drive-off attempt: the barbarian's path and
// the chance of success in sixths.
type DriveOffView struct {
	Path   int `json:"path"`
	Chance int `json:"chance"`
}

// View is the scenario's part of viewer's view: all of ViewOf but the
// movement, which only the moving player sees (whether the grain boost is
// offered, and where it leads, tell whether that player holds a grain).
func (expansion) View(s *catan.State, viewer int) any {
	v := ViewOf(s)
	if v.Movement != nil && v.Movement.Seat != viewer {
		v.Movement = nil
	}
	return v
}

// ViewOf is the scenario's view of s, the movement included (the table's
// whole; View gives each seat its part).
func ViewOf(s *catan.State) *View {
	c := caravans(s)
	v := &View{GoldBank: int(s.Bank[catan.Gold]), Reroll: c.Reroll, DriveOffDie: int(c.Die), Driving: -1}
	if c.Driving >= 0 {
		v.Driving = int(c.Barbarian[c.Driving])
	}
	for t := TradeHex(0); t < NumTradeHexes; t++ {
		tv := TradeHexView{Kind: t.String(), Hex: Board.Hex[t], Plaza: Plaza(t),
			Corners: Board.Corners[t], SeaSides: Board.SeaSides[t], Left: c.Stacks.Left(t), Needs: []string{}}
		for i := range tv.Spokes {
			tv.Spokes[i] = Spoke(t, i)
		}
		for g := Good(0); g < NumGoods; g++ {
			if g.Destination() == t {
				tv.Needs = append(tv.Needs, g.String())
			}
		}
		for i, g := range t.Supplies() {
			tv.Supplies = append(tv.Supplies, g.String())
			tv.Stack = append(tv.Stack, int(c.Stacks[2*int(t)+i]))
		}
		v.TradeHexes = append(v.TradeHexes, tv)
	}
	for p := 0; p < s.Players; p++ {
		node := int(c.Wagon[p])
		if node < 0 {
			node = homeCity(s, p)
		}
		w := WagonView{Seat: p, Node: node, Level: int(c.Level[p]), Card: Wagon(int(c.Level[p])),
			Gold: int(s.Hand[p][catan.Gold]), Order: cargoView(c.Order[p]), Delivered: []CargoView{}}
		if c.Level[p] < MaxLevel {
			next := Wagon(int(c.Level[p]) + 1)
			w.Next = &next
		}
		for k := Cargo(0); k < NumCargo; k++ {
			for n := 0; n < int(c.Delivered[p][k]); n++ {
				w.Delivered = append(w.Delivered, *cargoView(k))
			}
		}
		v.Wagons = append(v.Wagons, w)
	}
	for _, r := range c.Barbarian {
		v.Barbarians = append(v.Barbarians, BarbarianView{Path: int(r),
			Nodes: [2]int{int(Board.Ends[r][0]), int(Board.Ends[r][1])}, Road: int(s.Road[r])})
	}
	for l := 1; l <= MaxLevel; l++ {
		v.WagonCards = append(v.WagonCards, Wagon(l))
	}
	v.Movement = movementView(s, c)
	return v
}

func cargoView(k Cargo) *CargoView {
	if !k.Valid() {
		return nil
	}
	return &CargoView{Good: k.Good().String(), From: k.From().String(), To: k.Destination().String(),
		Plaza: Plaza(k.Destination())}
}

// movementView is the active player's movement when it may move now: in
// trade and build, or during the movement.
func movementView(s *catan.State, c *Caravans) *MovementView {
	p := int(s.Active)
	if s.Phase != catan.PhaseMain && s.Phase != PhaseMove || c.Wagon[p] < 0 {
		return nil
	}
	m := &MovementView{Seat: p, Begun: c.Moving, Over: c.Stopped, Points: c.points(p), Boosted: c.Boosted,
		Journeys: int(c.Journeys), GoldBuys: GoldBuysPerTurn - int(c.GoldBuys),
		Reachable: []Destination{}, DriveOffs: []DriveOffView{}}
	if c.Stopped {
		return m
	}
	m.Boost = !c.Boosted && s.Hand[p][catan.Grain] > 0
	m.Reachable = Reachable(ground(s, c), p, int(c.Wagon[p]), m.Points, int(s.Hand[p][catan.Gold]), m.Boost)
	if m.Reachable == nil {
		m.Reachable = []Destination{}
	}
	for _, r := range c.Barbarian {
		if canDriveOff(c, p, int(r)) == nil {
			m.DriveOffs = append(m.DriveOffs, DriveOffView{Path: int(r), Chance: Wagon(int(c.Level[p])).DriveOffChance()})
		}
	}
	return m
}

// Route is the actions that take the active player's wagon to destination
// d of its movement view, with points movement points left: a step per leg,
// and the grain boost just before the first leg the points left cannot pay
// (when d needs it). The UI sends them in order; each is checked as it is
// applied, so a route planned on an old view fails cleanly at its first
// stale step.
func Route(d Destination, points int) []catan.Action {
	var out []catan.Action
	boosted := false
	for _, l := range d.Legs {
		if l.Cost > points && d.Boost && !boosted {
			out = append(out, catan.Action{Type: ActGrainBoost})
			points += GrainBoostPoints
			boosted = true
		}
		out = append(out, catan.Action{Type: ActMoveWagon, Vertex: l.To})
		points -= l.Cost
	}
	return out
}
