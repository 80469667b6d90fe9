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
	k := lister{buf: buf, at: appendAll}
	s.legal(seat, &k)
	return k.buf
}

// LegalCount is len(Legal(seat)), counted without listing (it implements
// engine.IndexedLegal).
func (s *State) LegalCount(seat engine.Seat) int {
	k := lister{at: countOnly}
	s.legal(seat, &k)
	return k.n
}

// LegalAt is Legal(seat)[i], or nil when i is out of range (it implements
// engine.IndexedLegal). Only the actions before i are walked, most of them
// as bit counts.
func (s *State) LegalAt(seat engine.Seat, i int) engine.Action {
	if i < 0 {
		return nil
	}
	k := lister{at: i}
	s.legal(seat, &k)
	if !k.found {
		return nil
	}
	return k.got
}

// ActionAt is LegalAt with the concrete type; ok is false when i is out of
// range.
func (s *State) ActionAt(seat engine.Seat, i int) (a Action, ok bool) {
	if i < 0 {
		return Action{}, false
	}
	k := lister{at: i}
	s.legal(seat, &k)
	return k.got, k.found
}

// lister receives the legal actions in Legal's order. One enumeration (legal)
// serves three uses, so the list, its length and its i-th action cannot
// disagree: append every action (at == appendAll), only count them
// (countOnly), or keep action number at. Runs of actions over a bit set
// (vertices, edges) are counted with a popcount when none of them is
// wanted.
type lister struct {
	buf   []Action
	at    int
	n     int // actions seen so far
	got   Action
	found bool
}

const (
	appendAll = -1
	countOnly = -2
)

func (k *lister) add(a Action) {
	if k.at == appendAll {
		// Not append: storing append's result through k would make the
		// caller's buffer escape to the heap. Reslicing k.buf in place
		// does not, and grow stores only a fresh array.
		if n := len(k.buf); n < cap(k.buf) {
			k.buf = k.buf[:n+1]
			k.buf[n] = a
		} else {
			k.grow(a)
		}
	} else if k.n == k.at {
		k.got, k.found = a, true
	}
	k.n++
}

func (k *lister) grow(a Action) {
	b := make([]Action, len(k.buf), 2*cap(k.buf)+16)
	copy(b, k.buf)
	k.buf = append(b, a)
}

// skips reports whether the next c actions can be counted without being
// made: the caller then adds c to n.
func (k *lister) skips(c int) bool {
	return k.at != appendAll && (k.at < k.n || k.at >= k.n+c)
}

// done reports whether nothing more is needed (the wanted action is found).
func (k *lister) done() bool { return k.found }

// vertices adds t on each intersection of m, in id order.
func (k *lister) vertices(t ActionType, m uint64) {
	if c := bits.OnesCount64(m); k.skips(c) {
		k.n += c
		return
	}
	for ; m != 0; m &= m - 1 {
		k.add(Action{Type: t, Vertex: bits.TrailingZeros64(m)})
	}
}

// edges adds a road on each path of m, in id order.
func (k *lister) edges(m edgeSet) {
	if c := m.count(); k.skips(c) {
		k.n += c
		return
	}
	for w := 0; w < 2; w++ {
		for x := m[w]; x != 0; x &= x - 1 {
			k.add(BuildRoad(w<<6 | bits.TrailingZeros64(x)))
		}
	}
}

// legal feeds seat's legal actions to k.
func (s *State) legal(seat engine.Seat, k *lister) {
	p := int(seat)
	if !s.decides(p) {
		return
	}
	switch s.Phase {
	case PhaseFoundSettlement:
		k.vertices(ActBuildSettlement, s.foundingSpots())
	case PhaseFoundRoad:
		for _, e := range vertexEdges[s.LastSettlement] {
			if e >= 0 && s.Road[e] == none {
				k.add(BuildRoad(int(e)))
			}
		}
	case PhaseRoll:
		k.add(Roll())
		s.legalDev(p, k)
	case PhaseDiscard:
		legalDiscards(s.Hand[p], int(s.Discard[p]), k)
	case PhaseRobber:
		if k.skips(NumHexes - 1) {
			k.n += NumHexes - 1
			return
		}
		for h := 0; h < NumHexes; h++ {
			if h != int(s.Robber) {
				k.add(MoveRobber(h))
			}
		}
	case PhaseRob:
		set, _ := s.victims(int(s.Robber))
		for q := 0; q < s.Players; q++ {
			if set&(1<<uint(q)) != 0 {
				k.add(Rob(engine.Seat(q)))
			}
		}
	case PhaseMain:
		s.legalMain(p, k)
	case PhaseRoadBuilding:
		k.edges(s.roadSpots(p))
	case PhaseTradeOffer:
		s.legalAnswers(p, k)
	case PhaseTradeConfirm:
		for q := 0; q < s.Players; q++ {
			switch s.Offer.Answer[q] {
			case Accepted:
				k.add(ConfirmTrade(engine.Seat(q)))
			case Countered:
				if s.Hand[p].Covers(s.Offer.Counter[q].Get) {
					k.add(ConfirmTrade(engine.Seat(q)))
				}
			}
		}
		k.add(CancelTrade())
	}
}

func (s *State) legalDev(p int, k *lister) {
	if s.DevPlayed || s.Dev[p] == (DevCards{}) {
		return
	}
	if s.playable(p, Knight) {
		k.add(PlayKnight())
	}
	if s.playable(p, RoadBuilding) && s.RoadsLeft[p] > 0 && s.anyRoadSpot(p) {
		k.add(PlayRoadBuilding())
	}
	if s.playable(p, YearOfPlenty) {
		switch s.Bank.Total() {
		case 0:
		case 1:
			for r := Resource(0); r < NumResources; r++ {
				if s.Bank[r] > 0 {
					k.add(PlayYearOfPlentyOne(r))
				}
			}
		default:
			for a := Resource(0); a < NumResources; a++ {
				for b := a; b < NumResources; b++ {
					need := Of(a, 1)
					need[b]++
					if s.Bank.Covers(need) {
						k.add(PlayYearOfPlenty(a, b))
					}
				}
			}
		}
	}
	if s.playable(p, Monopoly) {
		for r := Resource(0); r < NumResources; r++ {
			k.add(PlayMonopoly(r))
		}
	}
}

func (s *State) legalMain(p int, k *lister) {
	k.add(EndTurn())
	h := s.Hand[p]
	if s.RoadsLeft[p] > 0 && h.Covers(RoadCost) {
		k.edges(s.roadSpots(p))
	}
	if s.SettlementsLeft[p] > 0 && h.Covers(SettlementCost) {
		k.vertices(ActBuildSettlement, s.settlementSpots(p))
	}
	if s.CitiesLeft[p] > 0 && h.Covers(CityCost) {
		k.vertices(ActBuildCity, s.own[p]&^s.cities())
	}
	if s.Deck.Total() > 0 && h.Covers(DevelopmentCost) {
		k.add(BuyDevelopment())
	}
	if k.done() {
		return
	}
	s.legalDev(p, k)
	if k.done() || s.tradeClosed() != nil || h.Total() == 0 {
		return
	}
	rates := &s.rates[p]
	banked := 0 // resources the bank holds: a give x gets each but x
	for y := Resource(0); y < NumResources; y++ {
		if s.Bank[y] > 0 {
			banked++
		}
	}
	for x := Resource(0); x < NumResources; x++ {
		if h[x] < rates[x] {
			continue
		}
		c := banked
		if s.Bank[x] > 0 {
			c--
		}
		if k.skips(c) {
			k.n += c
			continue
		}
		for y := Resource(0); y < NumResources; y++ {
			if y != x && s.Bank[y] > 0 {
				k.add(MaritimeTrade(x, int(rates[x]), y))
			}
		}
	}
	if s.Proposals < MaxProposalsPerTurn {
		if k.skips(1) {
			k.n++
			return
		}
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
		k.add(ProposeTrade(Of(most, 1), Of(least, 1)))
	}
}

// cities is the set of intersections holding a city.
func (s *State) cities() uint64 {
	var m uint64
	for v := range s.City {
		if s.City[v] {
			m |= 1 << uint(v)
		}
	}
	return m
}

func (s *State) legalAnswers(q int, k *lister) {
	k.add(RejectTrade())
	h := s.Hand[q]
	if h.Covers(s.Offer.Get) {
		k.add(AcceptTrade())
	}
	if h.Total() == 0 {
		return
	}
	if k.skips(1) { // one counter either way
		k.n++
		return
	}
	if z := mostOf(h, s.Offer.Give); z >= 0 {
		k.add(CounterTrade(Of(z, 1), s.Offer.Give))
		return
	}
	// Everything the answerer holds is what the offer gives: ask for
	// something else.
	z := mostOf(h, Resources{})
	y := Resource(0)
	if y == z {
		y = 1
	}
	k.add(CounterTrade(Of(z, 1), Of(y, 1)))
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

// legalDiscards feeds k every way to discard n cards from hand.
func legalDiscards(hand Resources, n int, k *lister) {
	var pick Resources
	var rec func(r, left int)
	rec = func(r, left int) {
		if r == NumResources-1 {
			if left <= int(hand[r]) {
				pick[r] = int8(left)
				k.add(Discard(pick))
				pick[r] = 0
			}
			return
		}
		// Cards still available after r bound how few of r we may take.
		rest := 0
		for j := r + 1; j < NumResources; j++ {
			rest += int(hand[j])
		}
		for c := max(0, left-rest); c <= min(left, int(hand[r])); c++ {
			pick[r] = int8(c)
			rec(r+1, left-c)
		}
		pick[r] = 0
	}
	rec(0, n)
}
