package traders

import "tabula/engine/catan"

// Evaluate is the scenario's part of the greedy bot's rating (catan's
// Evaluator; the base game rates points, production and hand): how close
// the wagon is to turning over or delivering a card, the movement points
// it can still use this turn, gold, and the wagon's level. Delivered cards
// and level 5 count through the points.
func (expansion) Evaluate(s *catan.State, p int) float64 {
	c := caravans(s)
	score := 1.5*float64(s.Hand[p][catan.Gold]) + 12*float64(c.Level[p]-1) +
		5*float64(s.Dev[p][catan.SwiftJourney])
	w := int(c.Wagon[p])
	if w < 0 {
		return score
	}
	dist := Distances(ground(s, c), p, w)
	// A wagon with a card heads for its destination; one without for the
	// nearest plaza with cards left, where it turns one over.
	goal, worth := -1, 20.0
	if o := c.Order[p]; o.Valid() {
		goal, worth = Plaza(o.Destination()), 80
	} else {
		for t := TradeHex(0); t < NumTradeHexes; t++ {
			if n := Plaza(t); c.Stacks.Left(t) > 0 && n != w && (goal < 0 || dist[n] < dist[goal]) {
				goal = n
			}
		}
	}
	if goal < 0 || dist[goal] >= Unreachable {
		return score
	}
	d := float64(dist[goal])
	score += worth - 2*d
	if s.Active == int8(p) && !c.Stopped && (c.Moving || s.Phase == catan.PhaseMain) {
		left := float64(c.points(p))
		score += 0.4 * min(left, d)
		if left >= d {
			score += 8 // the goal is within reach this turn
		}
	}
	return score
}
