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

// produce pays every hex numbered sum, except the robber's: 1 card per
// settlement, 2 per city. Bank shortage (orig note): when the bank cannot
// pay every claim on a resource in full, nobody receives that resource,
// even a lone claimant; other resources are still paid.
func (s *State) produce(sum int) {
	var claim [MaxPlayers]Resources
	var total Resources
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
