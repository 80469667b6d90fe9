package burgundy

import "tabula/engine"

// Evaluate rates the position for seat, for the bots: the VP it would have
// if the game ended now, plus a rough value of what it has not yet turned
// into points. Higher is better; it is a heuristic, not a rule.
//
// What a die buys must rate above the two workers it could take instead
// (one VP at the end), or a one-move bot hoards workers all game: so a
// covered estate space, progress towards a region (a share of its score
// and of this phase's bonus) and towards a colour bonus count, while a
// tile in storage counts for less than placed, and workers beyond a small
// stock count for less than their end value until the last phase.
func (s *State) Evaluate(seat engine.Seat) float64 { return s.evaluate(seat, &evalWeights) }

func (s *State) evaluate(seat engine.Seat, w *weights) float64 {
	if seat < 0 || int(seat) >= s.Players {
		return 0
	}
	p := &s.Seats[seat]
	if s.Stage == StageOver {
		return float64(p.VP)
	}
	e := s.endScore(seat)
	v := float64(p.VP + e.Total)
	// Goods are worth more sold than kept.
	for k := 1; k <= 6; k++ {
		v += 0.3 * float64(p.Goods[k]*GoodsPoints(s.Players))
	}
	// A stored tile is worth something, more when the estate has a space
	// where it may go, but less than the tile placed.
	for _, t := range p.Storage {
		v += w.stored
		for sp := 1; sp <= Spaces; sp++ {
			if s.placeable(seat, t, sp) == placeOK {
				v += w.placeable
				break
			}
		}
	}
	if len(p.Storage) > 3 {
		v -= 3
	}
	// One pass over the estate: covered spaces by colour and region, mines.
	var byColour [7]int
	var byRegion [Spaces + 1]int
	mines := 0
	for sp := 1; sp <= Spaces; sp++ {
		t := p.Estate[sp]
		if t == 0 {
			continue
		}
		byColour[estate[sp].Colour]++
		byRegion[estate[sp].Region]++
		if catalogue[t].Colour == Mine {
			mines++
		}
	}
	covered := 0
	for _, c := range Colours {
		covered += byColour[c]
	}
	v += w.covered * float64(covered)
	// Regions partly filled: a share of their score with this phase's
	// bonus.
	bonus := 0
	if s.Phase < len(phaseBonus) {
		bonus = phaseBonus[s.Phase]
	}
	for i, reg := range regions {
		n, filled := len(reg.Spaces), byRegion[i+1]
		if filled > 0 && filled < n {
			v += w.region * (float64(regionPoints[n]) + w.phaseBonus*float64(bonus)) * float64(filled) / float64(n)
		}
	}
	// Colours whose bonus tile is still to be had: a share of it.
	for _, c := range Colours {
		open := -1
		if s.Bonus[c][0] == -1 {
			open = BonusPoints(s.Players, true)
		} else if s.Bonus[c][1] == -1 && s.Bonus[c][0] != int(seat) {
			open = BonusPoints(s.Players, false)
		}
		if open > 0 && byColour[c] < colourTotal[c] {
			v += w.colour * float64(open*byColour[c]) / float64(colourTotal[c])
		}
	}
	phasesLeft := 5 - s.Phase
	v += float64(mines * phasesLeft)
	// Workers beyond a stock are idle until the last phase: their half VP
	// is counted above, less a little, so that using them rates higher.
	if s.Phase < 4 && p.Workers > w.stock {
		v -= w.idle * float64(p.Workers-w.stock)
	}
	return v
}

// weights are the weights of Evaluate's heuristic terms.
type weights struct {
	stored     float64 // a tile in storage
	placeable  float64 // … more when it has a space to go to
	covered    float64 // a covered estate space
	region     float64 // share of a part-filled region's score …
	phaseBonus float64 // … with this share of this phase's bonus
	colour     float64 // share of a colour bonus still to be had
	stock      int     // workers worth their full end value
	idle       float64 // taken off each worker beyond the stock
}

var evalWeights = weights{stored: 0.5, placeable: 1, covered: 1.5, region: 0.5, phaseBonus: 1,
	colour: 0.5, stock: 6, idle: 0.25}
