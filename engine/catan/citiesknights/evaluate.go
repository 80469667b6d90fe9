package citiesknights

import (
	"math/bits"

	"tabula/engine/catan"
)

// Evaluate rates the position for seat p, for the greedy bot (it replaces
// the base game's rating): victory points dominate; then production (pips
// of the hexes around p's buildings, a city's commodity counted apart),
// improvement levels (draws, the level-3 abilities, the way to a
// metropolis), knights (active strength weighs more as the ship nears, and
// so does being among the weakest when the barbarians would win), progress
// cards held, walls and cards in hand that complete a build; minus the
// risk of holding more cards than the hand limit. A won game is +1e6, a
// lost one −1e6.
func (expansion) Evaluate(s *catan.State, p int) float64 {
	x := ext(s)
	if s.Phase == catan.PhaseOver {
		if int(s.Winner) == p {
			return 1e6
		}
		return -1e6
	}
	score := 100 * float64(s.Points(p))

	// Production. A robber that p is about to move blocks nothing.
	blocked := int(s.Robber)
	if s.Phase == catan.PhaseRobber && int(s.Active) == p {
		blocked = -1
	}
	var prod [catan.NumCards]int
	own := buildings(s, p)
	for m := own; m != 0; m &= m - 1 {
		v := bits.TrailingZeros64(m)
		for h := 0; h < catan.NumHexes; h++ {
			if h == blocked || HexCorners(h)&bit(v) == 0 {
				continue
			}
			y := production(s, v, h)
			pips := catan.Pips(int(s.Board.Number[h]))
			for k, n := range y {
				prod[k] += int(n) * pips
			}
		}
	}
	for k, n := range prod {
		score += 2 * float64(n)
		if n > 0 && k <= int(catan.Ore) {
			score += 4
		}
	}

	// Improvements: each level, more for the ability and the metropolis
	// levels (whose points count above).
	for t := Track(0); t < NumTracks; t++ {
		l := float64(x.Level[p][t])
		score += 14 * l
		if x.Level[p][t] >= AbilityLevel {
			score += 12
		}
	}

	// Knights.
	threat := float64(x.Ship+1) / float64(ShipSteps)
	strength := x.strength(p)
	for m := x.Knights[p]; m != 0; m &= m - 1 {
		v := bits.TrailingZeros64(m)
		r := float64(x.Rank[v].Strength())
		score += 5 * r
		if x.Active&bit(v) != 0 {
			score += (4 + 10*threat) * r
		}
	}
	barbarians, defence, weakest := 0, 0, true
	for q := 0; q < s.Players; q++ {
		barbarians += count(x.cities(s, q))
		defence += x.strength(q)
		if q != p && count(x.pillageable(s, q)) > 0 && x.strength(q) < strength {
			weakest = false
		}
	}
	if defence < barbarians && weakest && count(x.pillageable(s, p)) > 0 {
		score -= 60 * threat * threat
	}

	// Cards.
	h := s.Hand[p]
	n := h.InHand()
	limit := handLimit(s, p)
	score += float64(min(n, limit))
	if n > limit {
		score -= 2 * float64(n-limit)
	}
	if s.CitiesLeft[p] > 0 && h.Covers(catan.CityCost) && own&^x.cities(s, p) != 0 {
		score += 12
	}
	if s.SettlementsLeft[p] > 0 && h.Covers(catan.SettlementCost) {
		score += 10
	}
	for t := Track(0); t < NumTracks; t++ {
		if x.Level[p][t] < MaxLevel && h.Covers(x.improveCost(p, t, false)) {
			score += 6
		}
	}
	if h.Covers(KnightCost) {
		score += 3
	}
	if h.Covers(catan.RoadCost) {
		score += 2
	}
	score += 3 * float64(x.progressHeld(p))
	score += 4 * float64(bits.OnesCount64(x.Walls&own))
	score += 1.5 * float64(s.RoadLength[p])
	for k := catan.Lumber; k <= catan.Coin; k++ {
		if s.Rate(p, k) < 4 {
			score++
		}
	}
	return score
}
