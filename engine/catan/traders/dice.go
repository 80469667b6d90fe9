package traders

import (
	"tabula/engine"
	"tabula/engine/catan"
)

// The roll (orig "Если выпало «2» или «12»"): a 2 or a 12 is rolled again
// until neither comes up; chance asks for the re-roll under its own name.

var (
	diceRequest   = &engine.ChanceRequest{Kind: "dice", Ranges: []int{6, 6}}
	rerollRequest = &engine.ChanceRequest{Kind: "re-roll", Ranges: []int{6, 6}}
)

// dice is the scenario's catan.Dice.
type dice struct{}

func (dice) Request(s *catan.State) *engine.ChanceRequest {
	if caravans(s).Reroll {
		return rerollRequest
	}
	return diceRequest
}

func (dice) Rolled(s *catan.State, o []int) {
	c := caravans(s)
	placeWagons(s, c)
	d1, d2 := o[0]+1, o[1]+1
	if sum := d1 + d2; sum == 2 || sum == 12 {
		s.Dice = [2]int8{int8(d1), int8(d2)}
		c.Reroll = true
		return
	}
	c.Reroll = false
	s.DiceRolled(d1, d2)
}

// placeWagons puts every wagon not yet placed on its owner's city (orig:
// the wagon stands in front of the city founded second). It runs at the
// game's first roll, when each player has exactly that one city, and
// nothing could have moved a wagon before.
func placeWagons(s *catan.State, c *Caravans) {
	for p := 0; p < s.Players; p++ {
		if c.Wagon[p] < 0 {
			c.Wagon[p] = int8(homeCity(s, p))
		}
	}
}

// homeCity is p's first city in intersection order (during set-up and
// until the first roll, its only one), or -1.
func homeCity(s *catan.State, p int) int {
	for v := 0; v < catan.NumVertices; v++ {
		if int(s.Owner[v]) == p && s.City[v] {
			return v
		}
	}
	return -1
}
