package catan

import (
	"fmt"
	"math/bits"
)

// CheckInvariants verifies what must hold in every reachable state (it
// implements engine/check.Invariants, run by simulations after each step):
// everything CheckCheapInvariants checks; then, from the board arrays
// themselves, owners in range, no city without an owner, piece counts and
// the distance rule; and that the derived caches and every seat's road
// length match a recomputation from the board. It returns the first broken
// rule, or nil. It does not change the state.
func (s *State) CheckInvariants() error {
	if err := s.CheckCheapInvariants(); err != nil {
		return err
	}
	if err := s.checkSealed(); err != nil {
		return err
	}
	var roads, settlements, cities [MaxPlayers]int
	g := s.g
	for e, o := range s.Road {
		if o < none || int(o) >= s.Players || o != none && (e >= g.edges || g.closedE.has(e)) {
			return fmt.Errorf("path %d owned by %d", e, o)
		}
		if o != none {
			roads[o]++
		}
	}
	for v, o := range s.Owner {
		if o < none || int(o) >= s.Players || (o == none && s.City[v]) || o != none && (v >= g.vertices || g.closedV&(1<<uint(v)) != 0) {
			return fmt.Errorf("intersection %d: owner %d city %v", v, o, s.City[v])
		}
		if o == none {
			continue
		}
		if s.City[v] {
			cities[o]++
		} else {
			settlements[o]++
		}
		for _, w := range g.vertexAdj[v] {
			if w >= 0 && s.Owner[w] != none {
				return fmt.Errorf("intersection %d breaks the distance rule", v)
			}
		}
	}
	for p := 0; p < s.Players; p++ {
		if err := s.checkPieces(p, roads[p], settlements[p], cities[p]); err != nil {
			return err
		}
	}
	c := *s
	c.rebuildCaches()
	if c != *s {
		return fmt.Errorf("derived caches out of step with the board")
	}
	for p := 0; p < s.Players; p++ {
		if l := s.longestRoad(p); int(s.RoadLength[p]) != l {
			return fmt.Errorf("seat %d road length %d, recomputed %d", p, s.RoadLength[p], l)
		}
	}
	if x, ok := s.rules.Expansion.(Checker); ok {
		return x.Check(s)
	}
	return nil
}

// checkPieces checks p's pieces on the board against those left.
func (s *State) checkPieces(p, roads, settlements, cities int) error {
	if roads+int(s.RoadsLeft[p]) != RoadPieces || settlements+int(s.SettlementsLeft[p]) != SettlementPieces ||
		cities+int(s.CitiesLeft[p]) != CityPieces || s.RoadsLeft[p] < 0 || s.SettlementsLeft[p] < 0 || s.CitiesLeft[p] < 0 {
		return fmt.Errorf("seat %d pieces: %d roads (%d left), %d settlements (%d left), %d cities (%d left)",
			p, roads, s.RoadsLeft[p], settlements, s.SettlementsLeft[p], cities, s.CitiesLeft[p])
	}
	return nil
}

// CheckCheapInvariants is the part of CheckInvariants that needs neither a
// scan of the board arrays nor a recomputation (it implements
// engine/check.CheapInvariants, which simulations may run at every step and
// the full check only now and then): the bank's cards of each kind (19 of
// each resource) between bank and hands, the development cards (25)
// between deck, hands and played, piece counts and the distance rule as
// the board's bit sets have them (the full check holds the bit sets to the
// arrays), Longest Road and Largest Army held only by a seat that
// qualifies, a winner once the game is over.
func (s *State) CheckCheapInvariants() error {
	if s.Players < MinPlayers || s.Players > MaxPlayers {
		return fmt.Errorf("%d players", s.Players)
	}
	supply := &s.rules.d.bank
	for r := 0; r < NumCards; r++ {
		n := int(s.Bank[r])
		if s.Bank[r] < 0 {
			return fmt.Errorf("bank holds %d %v", s.Bank[r], Resource(r))
		}
		for p := 0; p < MaxPlayers; p++ {
			if s.Hand[p][r] < 0 || (p >= s.Players && s.Hand[p][r] != 0) {
				return fmt.Errorf("seat %d holds %d %v", p, s.Hand[p][r], Resource(r))
			}
			n += int(s.Hand[p][r])
		}
		if n != int(supply[r]) {
			return fmt.Errorf("%v: %d cards between bank and hands, want %d", Resource(r), n, supply[r])
		}
	}
	knights := 0
	for p := 0; p < MaxPlayers; p++ {
		knights += int(s.Knights[p])
	}
	if int(s.Played[Knight]) != knights || s.Played[VictoryPoint] != 0 {
		return fmt.Errorf("played %v but %d Knights in front of players", s.Played, knights)
	}
	deck := &s.rules.d.deck
	for d := Knight; d < NumDevKinds; d++ {
		n := int(s.Deck[d]) + int(s.Played[d])
		if s.Deck[d] < 0 || s.Played[d] < 0 {
			return fmt.Errorf("%v: deck %d, played %d", d, s.Deck[d], s.Played[d])
		}
		for p := 0; p < MaxPlayers; p++ {
			if s.Dev[p][d] < 0 {
				return fmt.Errorf("seat %d holds %d %v", p, s.Dev[p][d], d)
			}
			n += int(s.Dev[p][d])
		}
		if n != int(deck[d]) {
			return fmt.Errorf("%v: deck + hands + played = %d, want %d", d, n, deck[d])
		}
	}
	for p := 0; p < s.Players; p++ {
		cities := 0
		for m := s.own[p]; m != 0; m &= m - 1 {
			v := bits.TrailingZeros64(m)
			if s.City[v] {
				cities++
			}
			if s.g.adjMask[v]&s.occ != 0 {
				return fmt.Errorf("intersection %d breaks the distance rule", v)
			}
		}
		if err := s.checkPieces(p, s.roads[p].count(), bits.OnesCount64(s.own[p])-cities, cities); err != nil {
			return err
		}
	}
	if h := s.LongestRoad; h != none && (s.RoadLength[h] < LongestRoadMin || s.rules.NoLongestRoad) {
		return fmt.Errorf("Longest Road held by seat %d with a road of %d", h, s.RoadLength[h])
	}
	if h := s.LargestArmy; h != none && s.Knights[h] < LargestArmyMin {
		return fmt.Errorf("Largest Army held by seat %d with %d Knights", h, s.Knights[h])
	}
	if s.Phase == PhaseOver && (s.Winner < 0 || s.Points(int(s.Winner)) < s.rules.d.target) {
		return fmt.Errorf("game over, winner %d", s.Winner)
	}
	return nil
}
