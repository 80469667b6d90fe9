package traders

import (
	"tabula/engine/catan"
)

// NumBarbarians is the number of barbarians on the paths (orig).
const NumBarbarians = 3

// Caravans is the scenario's own state, kept in catan.State.Ext: the
// wagons, their cargo, the stacks, the barbarians and the movement under
// way. Gold is not here: it is a kind of the base state's hands and bank
// (catan.Gold), so trades and the bank count it. Plain arrays: a copy of
// the struct is a deep copy.
type Caravans struct {
	// Level is each seat's wagon level (its top face-up wagon card).
	Level [catan.MaxPlayers]int8 `json:"level"`
	// Wagon is the node each seat's wagon stands on; -1 until the game's
	// first roll puts every wagon on its owner's city (nothing can move a
	// wagon before).
	Wagon [catan.MaxPlayers]int8 `json:"wagon"`
	// Order is the cargo card each seat's wagon carries (NoCargo: none).
	Order [catan.MaxPlayers]Cargo `json:"order"`
	// Delivered counts each seat's delivered cards by kind (1 VP each).
	Delivered [catan.MaxPlayers]Stacks `json:"delivered"`
	// Stacks are the cards left beside the trade hexes.
	Stacks Stacks `json:"stacks"`
	// Barbarian is the path each barbarian stands on.
	Barbarian [NumBarbarians]int8 `json:"barbarian"`
	// Reroll: the last roll was a 2 or a 12, to be rolled again.
	Reroll bool `json:"reroll,omitempty"`

	// The active player's turn (cleared when the turn passes):
	// Moving: the movement has begun (no more trade and build);
	// Points: movement points left; Stopped: the movement is over (a
	// plaza reached or the points spent by a stop), only ending the turn
	// is left; Boosted: the grain boost is used; Tried: barbarians tried
	// this turn; Journeys: second movements still to come (Swift
	// Journey); GoldBuys: resources bought with gold; Driving: the
	// barbarian being driven off (-1 none); Die: the last drive-off die
	// (0 none).
	Moving   bool                `json:"moving,omitempty"`
	Points   int8                `json:"points"`
	Stopped  bool                `json:"stopped,omitempty"`
	Boosted  bool                `json:"boosted,omitempty"`
	Tried    [NumBarbarians]bool `json:"tried"`
	Journeys int8                `json:"journeys,omitempty"`
	GoldBuys int8                `json:"goldBuys,omitempty"`
	Driving  int8                `json:"driving"`
	Die      int8                `json:"die,omitempty"`
}

// Clone implements catan.Extension.
func (c *Caravans) Clone() catan.Extension {
	x := *c
	return &x
}

// newCaravans is the scenario's state at set-up.
func newCaravans() *Caravans {
	c := &Caravans{Stacks: FullStacks, Driving: -1}
	for p := range c.Level {
		c.Level[p] = 1
		c.Wagon[p] = -1
		c.Order[p] = NoCargo
	}
	for b := range c.Barbarian {
		c.Barbarian[b] = int8(Board.BarbarianStart[b])
	}
	return c
}

// caravans is the scenario's state of s.
func caravans(s *catan.State) *Caravans { return s.Ext.(*Caravans) }

// barbarianOn is the barbarian on route r, or -1.
func (c *Caravans) barbarianOn(r int) int {
	for b, x := range c.Barbarian {
		if int(x) == r {
			return b
		}
	}
	return -1
}

// endTurn clears the turn's movement.
func (c *Caravans) endTurn() {
	c.Moving, c.Points, c.Stopped, c.Boosted = false, 0, false, false
	c.Tried = [NumBarbarians]bool{}
	c.Journeys, c.GoldBuys, c.Driving, c.Die = 0, 0, -1, 0
}

// deliveries is the number of cargo cards seat p has delivered.
func (c *Caravans) deliveries(p int) int { return c.Delivered[p].Total() }

// ground is what p's wagon's movement depends on in s.
func ground(s *catan.State, c *Caravans) *Ground {
	g := NewGround()
	copy(g.Road[:], s.Road[:NumRoutes])
	for _, r := range c.Barbarian {
		g.Barbarian[r] = true
	}
	return &g
}
