package catan

import (
	"math/bits"

	"tabula/engine"
)

// Evaluate rates the position for seat, for the greedy bot: victory points
// dominate; then production potential (pips of the hexes around its
// buildings, cities double, the robber's hex not counted, a bonus per
// resource produced at all); then cards in hand that complete a build,
// played Knights, road length, harbours, development cards in hand (worth
// less than playing them) and Road Building roads still to place; minus
// the risk of holding more than 7 cards. A won game is +1e6, a lost
// one −1e6.
func (s *State) Evaluate(seat engine.Seat) float64 {
	p := int(seat)
	if p < 0 || p >= s.Players {
		return 0
	}
	if s.Phase == PhaseOver {
		if int(s.Winner) == p {
			return 1e6
		}
		return -1e6
	}
	score := 100 * float64(s.Points(p))

	var prod [NumResources]int
	for m := s.own[p]; m != 0; m &= m - 1 { // p's buildings
		v := bits.TrailingZeros64(m)
		mult := 1
		if s.City[v] {
			mult = 2
		}
		for _, h := range vertexHexes[v] {
			if h < 0 || h == s.Robber {
				continue
			}
			if r, ok := s.Board.Terrain[h].Produces(); ok {
				prod[r] += mult * Pips(int(s.Board.Number[h]))
			}
		}
	}
	for _, n := range prod {
		score += 2 * float64(n)
		if n > 0 {
			score += 4
		}
	}

	h := s.Hand[p]
	n := h.InHand()
	score += float64(min(n, HandLimit))
	if n > HandLimit {
		score -= 2 * float64(n-HandLimit)
	}
	if s.CitiesLeft[p] > 0 && s.SettlementsLeft[p] < SettlementPieces && h.Covers(CityCost) {
		score += 12
	}
	if s.SettlementsLeft[p] > 0 && h.Covers(SettlementCost) {
		score += 10
	}
	if h.Covers(DevelopmentCost) {
		score += 4
	}
	if h.Covers(RoadCost) {
		score += 2
	}
	score += 3*float64(s.Knights[p]) + 1.5*float64(s.RoadLength[p])
	for _, r := range s.Rates(p) {
		if r < 4 {
			score += 1
		}
	}
	for d := Knight; d < NumDevCards; d++ {
		score += heldCard[d] * float64(s.Dev[p][d])
	}
	if s.Phase == PhaseRoadBuilding && int(s.Active) == p {
		score += freeRoad * float64(s.FreeRoads)
	}
	if x, ok := s.rules.Expansion.(Evaluator); ok {
		score += x.Evaluate(s, p)
	}
	return score
}

// heldCard is what an unplayed development card in hand adds to Evaluate
// (a Victory Point card counts in Points already). Each is worth less than
// what playing it brings at once (a played Knight adds 3, Year of Plenty
// two cards, Monopoly the cards taken, Road Building two freeRoad), so
// the greedy bot plays its cards instead of hoarding them to the end.
var heldCard = [NumDevCards]float64{Knight: 1.5, RoadBuilding: 1, YearOfPlenty: 1, Monopoly: 1}

// freeRoad is the worth of a Road Building road not yet placed: more than
// half a held card, so playing the card rates above keeping it.
const freeRoad = 1.5

// Evaluator is an Expansion that rates its own part of a position for the
// greedy bot: Evaluate adds its rating of seat p's position (on the scale
// of State.Evaluate, where a victory point is worth 100) to the base
// game's.
type Evaluator interface {
	Evaluate(s *State, p int) float64
}
