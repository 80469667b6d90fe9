package burgundy

import "tabula/engine"

// Evaluate rates the position for seat for the greedy bot: the VP it would
// have if the game ended now, plus a rough value of what it has not yet
// turned into points (tiles in storage, goods, half-filled regions, mines
// still to pay). Higher is better; it is a heuristic, not a rule.
func (s *State) Evaluate(seat engine.Seat) float64 {
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
		v += 0.5 * float64(p.Goods[k]*GoodsPoints(s.Players)) * 0.6
	}
	// A stored tile is worth more when the estate has a free space of its
	// colour next to covered ones.
	for _, t := range p.Storage {
		v++
		for sp := 1; sp <= Spaces; sp++ {
			if s.placeable(seat, t, sp) == placeOK {
				v += 2
				break
			}
		}
	}
	if len(p.Storage) > 3 {
		v -= 3
	}
	// Covered spaces bring colour bonuses closer and count in the tie-break.
	v += float64(Spaces - p.emptySpaces())
	// Regions partly filled: a share of the completion score.
	phasesLeft := 5 - s.Phase
	for _, reg := range regions {
		filled := 0
		for _, sp := range reg.Spaces {
			if p.Estate[sp] != 0 {
				filled++
			}
		}
		if filled > 0 && filled < len(reg.Spaces) {
			v += float64(regionPoints[len(reg.Spaces)]) * float64(filled) / float64(len(reg.Spaces)) * 0.5
		}
	}
	mines := 0
	for sp := 1; sp <= Spaces; sp++ {
		if t := p.Estate[sp]; t != 0 && catalogue[t].Colour == Mine {
			mines++
		}
	}
	v += float64(mines * phasesLeft)
	return v
}
