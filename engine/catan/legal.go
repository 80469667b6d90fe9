package catan

import "tabula/engine"

// Legal enumerates seat's actions now (nil when seat may not act). Where
// amounts are free the list is a canonical subset, and Do accepts more:
//
//   - propose-trade: 1 card for 1 card of another resource, and 2 identical
//     cards for 1 of another resource (any ratio may be proposed);
//   - counter-trade: 1 card of a resource that is in neither side of the
//     offer, for the cards the active player offered (any counter may be
//     made);
//   - discard and year-of-plenty: every possible choice;
//   - maritime-trade: every give/get pair at the seat's rate.
func (s *State) Legal(seat engine.Seat) []engine.Action {
	acts := s.LegalActions(seat, nil)
	if len(acts) == 0 {
		return nil
	}
	out := make([]engine.Action, len(acts))
	for i, a := range acts {
		out[i] = a
	}
	return out
}

// LegalActions appends seat's legal actions (the list Legal returns) to buf
// and returns it: the allocation-free form for bots and simulations.
func (s *State) LegalActions(seat engine.Seat, buf []Action) []Action {
	p := int(seat)
	if !s.decides(p) {
		return buf
	}
	switch s.Phase {
	case PhaseFoundSettlement:
		for v := 0; v < NumVertices; v++ {
			if s.Owner[v] == none && s.distanceOK(v) {
				buf = append(buf, BuildSettlement(v))
			}
		}
	case PhaseFoundRoad:
		for _, e := range vertexEdges[s.LastSettlement] {
			if e >= 0 && s.Road[e] == none {
				buf = append(buf, BuildRoad(int(e)))
			}
		}
	case PhaseRoll:
		buf = append(buf, Roll())
		buf = s.legalDev(p, buf)
	case PhaseDiscard:
		buf = legalDiscards(s.Hand[p], int(s.Discard[p]), buf)
	case PhaseRobber:
		for h := 0; h < NumHexes; h++ {
			if h != int(s.Robber) {
				buf = append(buf, MoveRobber(h))
			}
		}
	case PhaseRob:
		set, _ := s.victims(int(s.Robber))
		for q := 0; q < s.Players; q++ {
			if set&(1<<uint(q)) != 0 {
				buf = append(buf, Rob(engine.Seat(q)))
			}
		}
	case PhaseMain:
		buf = s.legalMain(p, buf)
	case PhaseRoadBuilding:
		buf = s.legalRoads(p, buf)
	case PhaseTradeOffer:
		buf = s.legalAnswers(p, buf)
	case PhaseTradeConfirm:
		for q := 0; q < s.Players; q++ {
			switch s.Offer.Answer[q] {
			case Accepted:
				buf = append(buf, ConfirmTrade(engine.Seat(q)))
			case Countered:
				if s.Hand[p].Covers(s.Offer.Counter[q].Get) {
					buf = append(buf, ConfirmTrade(engine.Seat(q)))
				}
			}
		}
		buf = append(buf, CancelTrade())
	}
	return buf
}

func (s *State) legalRoads(p int, buf []Action) []Action {
	for e := 0; e < NumEdges; e++ {
		if s.roadSpotOK(p, e) {
			buf = append(buf, BuildRoad(e))
		}
	}
	return buf
}

func (s *State) legalDev(p int, buf []Action) []Action {
	if s.DevPlayed {
		return buf
	}
	if s.playable(p, Knight) {
		buf = append(buf, PlayKnight())
	}
	if s.playable(p, RoadBuilding) && s.RoadsLeft[p] > 0 && s.anyRoadSpot(p) {
		buf = append(buf, PlayRoadBuilding())
	}
	if s.playable(p, YearOfPlenty) {
		switch s.Bank.Total() {
		case 0:
		case 1:
			for r := Resource(0); r < NumResources; r++ {
				if s.Bank[r] > 0 {
					buf = append(buf, PlayYearOfPlentyOne(r))
				}
			}
		default:
			for a := Resource(0); a < NumResources; a++ {
				for b := a; b < NumResources; b++ {
					need := Of(a, 1)
					need[b]++
					if s.Bank.Covers(need) {
						buf = append(buf, PlayYearOfPlenty(a, b))
					}
				}
			}
		}
	}
	if s.playable(p, Monopoly) {
		for r := Resource(0); r < NumResources; r++ {
			buf = append(buf, PlayMonopoly(r))
		}
	}
	return buf
}

func (s *State) legalMain(p int, buf []Action) []Action {
	buf = append(buf, EndTurn())
	h := s.Hand[p]
	if s.RoadsLeft[p] > 0 && h.Covers(RoadCost) {
		buf = s.legalRoads(p, buf)
	}
	if s.SettlementsLeft[p] > 0 && h.Covers(SettlementCost) {
		for v := 0; v < NumVertices; v++ {
			if s.settlementSpotOK(p, v) {
				buf = append(buf, BuildSettlement(v))
			}
		}
	}
	if s.CitiesLeft[p] > 0 && h.Covers(CityCost) {
		for v := 0; v < NumVertices; v++ {
			if int(s.Owner[v]) == p && !s.City[v] {
				buf = append(buf, BuildCity(v))
			}
		}
	}
	if s.Deck.Total() > 0 && h.Covers(DevelopmentCost) {
		buf = append(buf, BuyDevelopment())
	}
	buf = s.legalDev(p, buf)
	if s.tradeClosed() != nil || h.Total() == 0 {
		return buf
	}
	rates := s.Rates(p)
	for x := Resource(0); x < NumResources; x++ {
		if int(h[x]) < rates[x] {
			continue
		}
		for y := Resource(0); y < NumResources; y++ {
			if y != x && s.Bank[y] > 0 {
				buf = append(buf, MaritimeTrade(x, rates[x], y))
			}
		}
	}
	if s.Proposals < MaxProposalsPerTurn {
		for x := Resource(0); x < NumResources; x++ {
			if h[x] == 0 {
				continue
			}
			for y := Resource(0); y < NumResources; y++ {
				if y == x {
					continue
				}
				buf = append(buf, ProposeTrade(Of(x, 1), Of(y, 1)))
				if h[x] >= 2 {
					buf = append(buf, ProposeTrade(Of(x, 2), Of(y, 1)))
				}
			}
		}
	}
	return buf
}

func (s *State) legalAnswers(q int, buf []Action) []Action {
	buf = append(buf, RejectTrade())
	h := s.Hand[q]
	if h.Covers(s.Offer.Get) {
		buf = append(buf, AcceptTrade())
	}
	for z := Resource(0); z < NumResources; z++ {
		if h[z] > 0 && s.Offer.Give[z] == 0 && s.Offer.Get[z] == 0 {
			buf = append(buf, CounterTrade(Of(z, 1), s.Offer.Give))
		}
	}
	return buf
}

// legalDiscards appends every way to discard n cards from hand.
func legalDiscards(hand Resources, n int, buf []Action) []Action {
	var pick Resources
	var rec func(r, left int)
	rec = func(r, left int) {
		if r == NumResources-1 {
			if left <= int(hand[r]) {
				pick[r] = int8(left)
				buf = append(buf, Discard(pick))
				pick[r] = 0
			}
			return
		}
		// Cards still available after r bound how few of r we may take.
		rest := 0
		for k := r + 1; k < NumResources; k++ {
			rest += int(hand[k])
		}
		for c := max(0, left-rest); c <= min(left, int(hand[r])); c++ {
			pick[r] = int8(c)
			rec(r+1, left-c)
		}
		pick[r] = 0
	}
	rec(0, n)
	return buf
}
