package catan

import (
	"math/bits"
	"sync"

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
//   - maritime-trade: every give/get pair at the seat's rate. Do also
//     takes the bank's 4:1 for a kind a harbour gives a better rate for
//     (BankRate: the rule says 4:1 is always possible); that worse deal is
//     left out, so bots and screens meet the same list as before.
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
	k := Lister{buf: buf, at: appendAll}
	s.legal(seat, &k)
	return k.buf
}

// LegalCount is len(Legal(seat)), counted without listing (it implements
// engine.IndexedLegal).
func (s *State) LegalCount(seat engine.Seat) int {
	k := Lister{at: countOnly}
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
	k := Lister{at: i}
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
	k := Lister{at: i}
	s.legal(seat, &k)
	return k.got, k.found
}

// Lister receives the legal actions in Legal's order (an Expansion's
// Legal adds its own with Add). One enumeration (legal) serves three uses,
// so the list, its length and its i-th action cannot disagree: append
// every action (at == appendAll), only count them (countOnly), or keep
// action number at. Runs of actions over a bit set (vertices, edges) are
// counted with a popcount when none of them is wanted.
type Lister struct {
	buf   []Action
	at    int
	n     int // actions seen so far
	got   Action
	found bool
	base  bool // the base rules' actions only (legalHooked)
}

const (
	appendAll = -1
	countOnly = -2
)

// lister is Lister's name inside the package.
type lister = Lister

// Add lists a.
func (k *Lister) Add(a Action) {
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

func (k *Lister) grow(a Action) {
	b := make([]Action, len(k.buf), 2*cap(k.buf)+16)
	copy(b, k.buf)
	k.buf = append(b, a)
}

// skips reports whether the next c actions can be counted without being
// made: the caller then adds c to n.
func (k *Lister) skips(c int) bool {
	return k.at != appendAll && (k.at < k.n || k.at >= k.n+c)
}

// Done reports whether nothing more is needed (the wanted action is
// found): a long enumeration may stop early.
func (k *Lister) Done() bool { return k.found }

func (k *Lister) done() bool { return k.found }

// Vertices adds an action of kind t on each intersection of m (bit v for
// intersection v), in id order.
func (k *Lister) Vertices(t ActionType, m uint64) {
	if c := bits.OnesCount64(m); k.skips(c) {
		k.n += c
		return
	}
	for ; m != 0; m &= m - 1 {
		k.Add(Action{Type: t, Vertex: bits.TrailingZeros64(m)})
	}
}

func (k *Lister) vertices(t ActionType, m uint64) { k.Vertices(t, m) }

// edges adds a road on each path of m, in id order.
func (k *Lister) edges(m edgeSet) {
	if c := m.count(); k.skips(c) {
		k.n += c
		return
	}
	for w := 0; w < 2; w++ {
		for x := m[w]; x != 0; x &= x - 1 {
			k.Add(BuildRoad(w<<6 | bits.TrailingZeros64(x)))
		}
	}
}

// legal feeds seat's legal actions to k: the base game's for the phase
// (less what Rules.Forbid forbids), then the expansion's (legalHooked).
func (s *State) legal(seat engine.Seat, k *Lister) {
	p := int(seat)
	if s.rules.d.hooked && !k.base {
		s.legalHooked(p, k)
		return
	}
	if !s.baseDecides(p) {
		return
	}
	switch s.Phase {
	case PhaseFoundSettlement:
		t := ActBuildSettlement
		if s.foundsCity() {
			t = ActBuildCity
		}
		k.vertices(t, s.foundingSpots())
	case PhaseFoundRoad:
		for _, e := range s.g.vertexEdges[s.LastSettlement] {
			if e >= 0 && !s.anyRoad.has(int(e)) {
				k.Add(BuildRoad(int(e)))
			}
		}
	case PhaseRoll:
		k.Add(Roll())
		s.legalDev(p, k)
	case PhaseDiscard:
		legalDiscardsOf(s.Hand[p], int(s.Discard[p]), s.rules.d.hand, k)
	case PhaseRobber:
		if k.skips(NumHexes - 1) {
			k.n += NumHexes - 1
			return
		}
		for h := 0; h < NumHexes; h++ {
			if h != int(s.Robber) {
				k.Add(MoveRobber(h))
			}
		}
	case PhaseRob:
		set, _ := s.victims(int(s.Robber))
		for q := 0; q < s.Players; q++ {
			if set&(1<<uint(q)) != 0 {
				k.Add(Rob(engine.Seat(q)))
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
				k.Add(ConfirmTrade(engine.Seat(q)))
			case Countered:
				if s.Hand[p].Covers(s.Offer.Counter[q].Get) {
					k.Add(ConfirmTrade(engine.Seat(q)))
				}
			}
		}
		k.Add(CancelTrade())
	}
}

// legalHooked is legal for rules with an Expansion or Forbid: the
// expansion's phases, the base phases' actions less those Forbid refuses,
// and the expansion's actions after them.
func (s *State) legalHooked(p int, k *Lister) {
	r := s.rules
	if s.Phase >= firstExtPhase {
		if s.decides(p) {
			s.extLegal(r.Expansion, p, k)
		}
		return
	}
	if !s.baseDecides(p) {
		return
	}
	if f := r.Forbid; f != nil {
		// Listed on a Lister of their own, for the same reason as in
		// extLegal, in a buffer on the stack (it does not escape).
		var arr [64]Action
		all := &Lister{buf: arr[:0], at: appendAll, base: true}
		s.legal(engine.Seat(p), all)
		for _, a := range all.buf {
			if f(s, p, a) == nil {
				k.Add(a)
			}
		}
	} else {
		k.base = true
		s.legal(engine.Seat(p), k)
		k.base = false
	}
	if x := r.Expansion; x != nil && !k.done() {
		s.extLegal(x, p, k)
	}
}

// extLegal adds the expansion's actions. They are listed on a Lister of
// their own, so that k (and the caller's buffer) never reaches the
// interface call and stays on the stack in the base game. That Lister
// escapes, so it is reused (a search lists at every step it plays).
func (s *State) extLegal(x Expansion, p int, k *Lister) {
	own := extListers.Get().(*Lister)
	*own = Lister{buf: own.buf[:0], at: appendAll}
	x.Legal(s, p, own)
	for _, a := range own.buf {
		k.Add(a)
	}
	extListers.Put(own)
}

// extListers are extLegal's Listers for reuse.
var extListers = sync.Pool{New: func() any { return new(Lister) }}

func (s *State) legalDev(p int, k *Lister) {
	if s.DevPlayed || s.Dev[p].none() {
		return
	}
	if s.playable(p, Knight) {
		k.Add(PlayKnight())
	}
	if s.playable(p, RoadBuilding) && s.RoadsLeft[p] > 0 && s.anyRoadSpot(p) {
		k.Add(PlayRoadBuilding())
	}
	if s.playable(p, YearOfPlenty) {
		switch s.Bank.resources() {
		case 0:
		case 1:
			for r := Resource(0); r < NumResources; r++ {
				if s.Bank[r] > 0 {
					k.Add(PlayYearOfPlentyOne(r))
				}
			}
		default:
			for a := Resource(0); a < NumResources; a++ {
				for b := a; b < NumResources; b++ {
					need := Of(a, 1)
					need[b]++
					if s.Bank.Covers(need) {
						k.Add(PlayYearOfPlenty(a, b))
					}
				}
			}
		}
	}
	if s.playable(p, Monopoly) {
		for r := Resource(0); r < NumResources; r++ {
			k.Add(PlayMonopoly(r))
		}
	}
}

func (s *State) legalMain(p int, k *Lister) {
	k.Add(EndTurn())
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
	if s.deckLeft() > 0 && h.Covers(DevelopmentCost) {
		k.Add(BuyDevelopment())
	}
	if k.done() {
		return
	}
	s.legalDev(p, k)
	if k.done() || s.tradeClosed() != nil || h.Total() == 0 {
		return
	}
	kinds := s.rules.d.kinds
	rates, hook := &s.rates[p], s.rules.Maritime
	banked := -1 // kinds the bank holds (a give x gets each but x), once needed
	for _, x := range kinds {
		if h[x] < 2 { // no rate is below 2:1
			continue
		}
		rate := int(rates[x])
		if hook != nil {
			rate = hook(s, p, x, rate)
		}
		if rate == 0 || int(h[x]) < rate {
			continue
		}
		if banked < 0 {
			banked = 0
			for _, y := range kinds {
				if s.Bank[y] > 0 {
					banked++
				}
			}
		}
		c := banked
		if s.Bank[x] > 0 {
			c--
		}
		if k.skips(c) {
			k.n += c
			continue
		}
		for _, y := range kinds {
			if y != x && s.Bank[y] > 0 {
				k.Add(MaritimeTrade(x, rate, y))
			}
		}
	}
	if s.Proposals < MaxProposalsPerTurn {
		if k.skips(1) {
			k.n++
			return
		}
		mi, li := 0, 0
		for i := 1; i < len(kinds); i++ {
			if h[kinds[i]] > h[kinds[mi]] {
				mi = i
			}
			if h[kinds[i]] < h[kinds[li]] {
				li = i
			}
		}
		if li == mi { // all equal: the lowest kind after most
			li = (mi + 1) % len(kinds)
		}
		k.Add(ProposeTrade(Of(kinds[mi], 1), Of(kinds[li], 1)))
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

func (s *State) legalAnswers(q int, k *Lister) {
	k.Add(RejectTrade())
	h := s.Hand[q]
	if h.Covers(s.Offer.Get) {
		k.Add(AcceptTrade())
	}
	if h.Total() == 0 {
		return
	}
	if k.skips(1) { // one counter either way
		k.n++
		return
	}
	kinds := s.rules.d.kinds
	if z := mostOf(h, s.Offer.Give, kinds); z >= 0 {
		k.Add(CounterTrade(Of(z, 1), s.Offer.Give))
		return
	}
	// Everything the answerer holds is what the offer gives: ask for
	// something else.
	z := mostOf(h, Resources{}, kinds)
	y := kinds[0]
	if y == z {
		y = kinds[1]
	}
	k.Add(CounterTrade(Of(z, 1), Of(y, 1)))
}

// mostOf is the kind x holds most of (lowest on ties) among kinds, absent
// from except, or -1 if x holds none of them.
func mostOf(x, except Resources, kinds []Resource) Resource {
	best := Resource(-1)
	for _, r := range kinds {
		if x[r] > 0 && except[r] == 0 && (best < 0 || x[r] > x[best]) {
			best = r
		}
	}
	return best
}

// legalDiscards feeds k every way to discard n resource cards from hand.
func legalDiscards(hand Resources, n int, k *Lister) {
	legalDiscardsOf(hand, n, base.d.hand, k)
}

// legalDiscardsOf feeds k every way to discard n cards of the given kinds
// from hand.
func legalDiscardsOf(hand Resources, n int, kinds []Resource, k *Lister) {
	var d discards
	d.hand, d.kinds, d.k = hand, kinds, k
	// rest[i]: cards of kinds[i:] in hand, bounding how few of kinds[i-1]
	// may be taken.
	for i := len(kinds) - 1; i >= 0; i-- {
		d.rest[i] = d.rest[i+1] + int(hand[kinds[i]])
	}
	d.rec(0, n)
}

type discards struct {
	hand  Resources
	pick  Resources
	kinds []Resource
	rest  [NumCards + 1]int
	k     *Lister
}

func (d *discards) rec(i, left int) {
	r := d.kinds[i]
	if i == len(d.kinds)-1 {
		if left <= int(d.hand[r]) {
			d.pick[r] = int8(left)
			d.k.Add(Discard(d.pick))
			d.pick[r] = 0
		}
		return
	}
	for c := max(0, left-d.rest[i+1]); c <= min(left, int(d.hand[r])); c++ {
		d.pick[r] = int8(c)
		d.rec(i+1, left-c)
	}
	d.pick[r] = 0
}
