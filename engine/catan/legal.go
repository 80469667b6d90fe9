package catan

import (
	"math/bits"

	"tabula/engine"
)

// Legal enumerates seat's actions now (nil when seat may not act). Where
// amounts are free the list is a canonical subset, and Do accepts more:
//
//   - propose-trade: one offer, 1 card of the resource the player holds
//     most of for 1 card of the one it holds fewest of (lowest resource on
//     ties), listed whenever the player may propose at all;
//   - counter-trade: one counter, 1 card of the answerer's most plentiful
//     resource that the offer does not give, for the cards the active
//     player offered; listed whenever the answerer may counter (holds a
//     card);
//   - discard and year-of-plenty: every possible choice;
//   - maritime-trade: every give/get pair at the seat's rate.
func (s *State) Legal(seat engine.Seat) []engine.Action {
	var arr [48]Action
	acts := s.LegalActions(seat, arr[:0])
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
		for m := s.foundingSpots(); m != 0; m &= m - 1 {
			buf = append(buf, BuildSettlement(bits.TrailingZeros64(m)))
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
	m := s.roadSpots(p)
	for w := 0; w < 2; w++ {
		for x := m[w]; x != 0; x &= x - 1 {
			buf = append(buf, BuildRoad(w<<6|bits.TrailingZeros64(x)))
		}
	}
	return buf
}

func (s *State) legalDev(p int, buf []Action) []Action {
	if s.DevPlayed || s.Dev[p] == (DevCards{}) {
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
		for m := s.settlementSpots(p); m != 0; m &= m - 1 {
			buf = append(buf, BuildSettlement(bits.TrailingZeros64(m)))
		}
	}
	if s.CitiesLeft[p] > 0 && h.Covers(CityCost) {
		for m := s.own[p]; m != 0; m &= m - 1 {
			if v := bits.TrailingZeros64(m); !s.City[v] {
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
	rates := &s.rates[p]
	for x := Resource(0); x < NumResources; x++ {
		if h[x] < rates[x] {
			continue
		}
		for y := Resource(0); y < NumResources; y++ {
			if y != x && s.Bank[y] > 0 {
				buf = append(buf, MaritimeTrade(x, int(rates[x]), y))
			}
		}
	}
	if s.Proposals < MaxProposalsPerTurn {
		most, least := Resource(0), Resource(0)
		for y := Resource(1); y < NumResources; y++ {
			if h[y] > h[most] {
				most = y
			}
			if h[y] < h[least] {
				least = y
			}
		}
		if least == most { // all equal: the lowest resource after most
			least = (most + 1) % NumResources
		}
		buf = append(buf, ProposeTrade(Of(most, 1), Of(least, 1)))
	}
	return buf
}

func (s *State) legalAnswers(q int, buf []Action) []Action {
	buf = append(buf, RejectTrade())
	h := s.Hand[q]
	if h.Covers(s.Offer.Get) {
		buf = append(buf, AcceptTrade())
	}
	if h.Total() == 0 {
		return buf
	}
	if z := mostOf(h, s.Offer.Give); z >= 0 {
		return append(buf, CounterTrade(Of(z, 1), s.Offer.Give))
	}
	// Everything the answerer holds is what the offer gives: ask for
	// something else.
	z := mostOf(h, Resources{})
	y := Resource(0)
	if y == z {
		y = 1
	}
	return append(buf, CounterTrade(Of(z, 1), Of(y, 1)))
}

// mostOf is the resource x holds most of (lowest on ties) among those
// absent from except, or -1 if x holds none of them.
func mostOf(x, except Resources) Resource {
	best := Resource(-1)
	for r := Resource(0); r < NumResources; r++ {
		if x[r] > 0 && except[r] == 0 && (best < 0 || x[r] > x[best]) {
			best = r
		}
	}
	return best
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
