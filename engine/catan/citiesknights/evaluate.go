package citiesknights

import (
	"math/bits"

	"tabula/engine/catan"
)

// Evaluate is the expansion's part of the greedy bot's rating of seat p's
// position (catan.Evaluator: added to the base game's rating, which
// counts the points — the expansion's included —, production by terrain,
// cards in hand against a limit of 7, the base builds, roads and
// harbours). It adds: improvement levels (draws, the level-3 abilities,
// the way to a metropolis); knights (active strength weighs more as the
// ship nears, and being among the weakest when the barbarians would win
// weighs against); progress cards held; walls; a commodity produced at
// all; cards that pay an improvement or a knight; commodity rates; the
// hand limit raised by walls; the production a robber that p is about to
// move no longer blocks; and it takes back the base game's bonus for
// affording a development card, which this game does not sell.
func (expansion) Evaluate(s *catan.State, p int) float64 {
	x := ext(s)
	score := 0.0
	own := buildings(s, p)

	// Production: commodities, and the robber's hex when p moves it now.
	var made [catan.NumCards]bool
	for m := own; m != 0; m &= m - 1 {
		v := bits.TrailingZeros64(m)
		for h := 0; h < catan.NumHexes; h++ {
			if HexCorners(h)&bit(v) == 0 || catan.Pips(int(s.Board.Number[h])) == 0 {
				continue
			}
			y := production(s, v, h)
			if h == int(s.Robber) {
				if s.Phase == catan.PhaseRobber && int(s.Active) == p {
					score += 2 * float64(y.Total()*catan.Pips(int(s.Board.Number[h])))
				}
				continue
			}
			for k, n := range y {
				made[k] = made[k] || n > 0
			}
		}
	}
	for c := catan.Paper; c <= catan.Coin; c++ {
		if made[c] {
			score += 4
		}
	}

	// Improvements.
	for t := Track(0); t < NumTracks; t++ {
		score += 14 * float64(x.Level[p][t])
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
	base := float64(min(n, catan.HandLimit)) - 2*float64(max(0, n-catan.HandLimit))
	score += float64(min(n, limit)) - 2*float64(max(0, n-limit)) - base
	for t := Track(0); t < NumTracks; t++ {
		if x.Level[p][t] < MaxLevel && h.Covers(x.improveCost(p, t, false)) {
			score += 6
		}
	}
	if h.Covers(KnightCost) {
		score += 3
	}
	if h.Covers(catan.DevelopmentCost) {
		score -= 4
	}
	score += 3 * float64(x.progressHeld(p))
	score += 4 * float64(bits.OnesCount64(x.Walls&own))
	for c := catan.Paper; c <= catan.Coin; c++ {
		if s.Rate(p, c) < 4 {
			score++
		}
	}
	return score
}
