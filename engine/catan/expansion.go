package catan

import (
	"tabula/engine"
)

// Expansion is the part of a game's rules the base game does not have:
// its own action kinds (Rules.NewAction) and phases (Rules.NewPhase), and
// its own state in State.Ext. The base Legal, Apply, Resolve, Status, View
// and encoding hand these to it.
type Expansion interface {
	// New readies a new game: reads the expansion's options and sets
	// s.Ext (the base state is set up, the board laid out or awaited).
	New(s *State, setup engine.Setup) error
	// Legal adds seat p's expansion actions now to k, after the base
	// game's (in any phase p decides in).
	Legal(s *State, p int, k *Lister)
	// Do performs seat p's action if the expansion owns it: its own kinds,
	// every action in its own phases, and a base action it takes over
	// (end-turn into a phase of its own). done false leaves the action to
	// the base rules. Like Apply it changes nothing when it fails.
	Do(s *State, p int, a Action) (done bool, err error)
	// Await is what one of the expansion's phases waits for: the seats
	// that decide (bit p for seat p), or a chance request (fixed values,
	// no allocation per call).
	Await(s *State) (deciders uint8, chance *engine.ChanceRequest)
	// Resolve applies the outcome of its chance request.
	Resolve(s *State, o []int)
	// View is the expansion's part of what viewer may see (View.Ext; -1 is
	// a spectator).
	View(s *State, viewer int) any
}

// Extension is an expansion's own state, kept in State.Ext: nil in the
// base game, where it is absent from the encoding. It encodes with
// encoding/json (it is part of the hashed state), and Clone is an
// independent deep copy.
type Extension interface {
	Clone() Extension
}

// Checker is an Expansion that checks its own invariants (run after the
// base game's by CheckInvariants).
type Checker interface {
	Check(s *State) error
}

// The base game's steps and board queries an expansion calls: rule steps
// live beside their rules (DiceRolled and Produce in production.go,
// RobberMoves in robber.go, PlayCard and PlaceFreeRoads in development.go,
// PassDice in turn.go, SetPieces in bits.go); placing and removing pieces
// are here, each keeping the derived bit sets, road lengths and Longest
// Road in step.

// PlaceRoad puts a road of seat p on path e from p's supply (no cost, no
// check: validate first).
func (s *State) PlaceRoad(p, e int) { s.placeRoad(p, e) }

// RemoveRoad takes the road off path e back to its owner's supply
// (Cities & Knights' Diplomat).
func (s *State) RemoveRoad(e int) {
	o := s.Road[e]
	if o == none {
		return
	}
	s.Road[e] = none
	s.RoadsLeft[o]++
	s.rebuildCaches()
	s.roadsChanged()
}

// PlaceSettlement puts a settlement of seat p on intersection v from p's
// supply (no cost, no check: validate first).
func (s *State) PlaceSettlement(p, v int) { s.placeSettlement(p, v) }

// Upgrade turns seat p's settlement on v into a city (no cost, no check).
func (s *State) Upgrade(p, v int) { s.upgrade(p, v) }

// Downgrade turns the city on v back into a settlement, its owner's city
// piece back to the supply (Cities & Knights' pillage). The owner must
// have a settlement piece left.
func (s *State) Downgrade(v int) {
	o := s.Owner[v]
	if o == none || !s.City[v] {
		return
	}
	s.City[v] = false
	s.CitiesLeft[o]++
	s.SettlementsLeft[o]--
}

// roadsChanged recomputes every road length and the Longest Road.
func (s *State) roadsChanged() {
	for q := 0; q < s.Players; q++ {
		s.RoadLength[q] = int8(s.longestRoad(q))
	}
	s.awardLongestRoad()
}

// StealFrom makes the active player take a random hand card from seat q
// (a "steal" chance request), then come back to the current phase: a
// robber-like theft of an expansion's (Traders & Barbarians' barbarian on
// a road). It reports false, changing nothing, when q holds no hand card.
func (s *State) StealFrom(q int) bool {
	if q < 0 || q >= s.Players || s.inHand(q) == 0 {
		return false
	}
	s.Victim = int8(q)
	s.Resume = s.Phase
	s.Phase = PhaseSteal
	return true
}

// SwapNumbers swaps the number tokens of hexes a and b (Cities &
// Knights' Inventor).
func (s *State) SwapNumbers(a, b int) {
	s.Board.Number[a], s.Board.Number[b] = s.Board.Number[b], s.Board.Number[a]
	s.indexNumbers()
}

// Pay moves cards from seat p's hand to the bank; Receive moves them from
// the bank to p's hand. Neither checks the counts.
func (s *State) Pay(p int, cards Resources) { s.pay(p, cards) }
func (s *State) Receive(p int, cards Resources) {
	s.Bank, s.Hand[p] = s.Bank.Minus(cards), s.Hand[p].Plus(cards)
}

// Free is the set of intersections (bit v) holding no building and no
// piece, where buildings may stand.
func (s *State) Free() uint64 { return s.g.all &^ (s.occ | s.allPieces | s.g.closedV) }

// Network is the set of intersections seat p's roads and buildings touch.
func (s *State) Network(p int) uint64 { return s.own[p] | s.touch[p] }

// Buildings is the set of intersections holding seat p's buildings.
func (s *State) Buildings(p int) uint64 { return s.own[p] }

// RoadSpot reports whether seat p may place a road on path e now, and
// SettlementSpot a settlement on intersection v (by the base rules; costs
// and pieces aside).
func (s *State) RoadSpot(p, e int) bool { return e >= 0 && e < s.g.edges && s.roadSpotOK(p, e) }
func (s *State) SettlementSpot(p, v int) bool {
	return v >= 0 && v < s.g.vertices && s.Owner[v] == none && s.distanceOK(v) && s.settlementSpotOK(p, v)
}
