package catan

// Production (orig "1. Produção de Matérias-Primas"; fact sheet §8).

// rolled handles the dice: a 7 brings the robber, anything else produces.
func (s *State) rolled(d1, d2 int8) {
	s.Dice = [2]int8{d1, d2}
	sum := int(d1 + d2)
	if sum == 7 {
		s.sevenRolled()
		return
	}
	s.produce(sum)
	s.Phase = PhaseMain
}

// DiceRolled is the base game's step for production dice showing d1 and
// d2 (each 1 … 6): a 7 brings the discards and the robber, any other sum
// produces and opens the main phase. An expansion's Dice ends with it.
func (s *State) DiceRolled(d1, d2 int) { s.rolled(int8(d1), int8(d2)) }

// Produce pays every hex numbered sum, as a roll of sum would (it leaves
// the phase as it is).
func (s *State) Produce(sum int) {
	if sum >= 2 && sum <= 12 {
		s.produce(sum)
	}
}

// produce pays every hex numbered sum, except the robber's: 1 card per
// settlement, 2 per city (or what Rules.Production says). Bank shortage
// (orig note): when the bank cannot pay every claim on a kind in full,
// nobody receives that kind, even a lone claimant; other kinds are still
// paid.
func (s *State) produce(sum int) {
	var claim [MaxPlayers]Resources
	var total Resources
	yield := s.rules.Production
	for _, h := range s.byNumber[sum] {
		if h < 0 || h == s.Robber {
			continue
		}
		r, ok := s.Board.Terrain[h].Produces()
		if !ok {
			continue
		}
		for _, v := range hexCorners[h] {
			o := s.Owner[v]
			if o == none {
				continue
			}
			if yield != nil {
				y := yield(s, int(v), int(h))
				claim[o] = claim[o].Plus(y)
				total = total.Plus(y)
				continue
			}
			n := int8(1)
			if s.City[v] {
				n = 2
			}
			claim[o][r] += n
			total[r] += n
		}
	}
	for r := range total {
		if total[r] == 0 || total[r] > s.Bank[r] {
			continue
		}
		s.Bank[r] -= total[r]
		for p := 0; p < s.Players; p++ {
			s.Hand[p][r] += claim[p][r]
		}
	}
}
