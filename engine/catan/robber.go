package catan

import (
	"tabula/engine"
)

// The robber (orig "4. Casos Especiais a) Sete"; fact sheet §10).

// HandLimit: a player holding more cards than this discards on a 7 (the
// base game's; Rules.HandLimit changes it).
const HandLimit = 7

// handLimit is p's hand limit.
func (s *State) handLimit(p int) int {
	if h := s.rules.HandLimit; h != nil {
		return h(s, p)
	}
	return HandLimit
}

// sevenRolled: no production; everyone over the limit discards half,
// rounded down, all at once; then the roller moves the robber.
func (s *State) sevenRolled() {
	some := false
	for p := 0; p < s.Players; p++ {
		if n := s.inHand(p); n > s.handLimit(p) {
			s.Discard[p] = int8(n / 2)
			some = true
		}
	}
	s.Resume = PhaseMain
	if some {
		s.Phase = PhaseDiscard
	} else {
		s.Phase = s.robberPhase()
	}
}

// robberPhase is where a move of the robber leads (Rules.Robber).
func (s *State) robberPhase() Phase {
	if h := s.rules.Robber; h != nil {
		return h(s)
	}
	return PhaseRobber
}

// RobberMoves makes the active player move the robber (and rob) now, then
// come back to the current phase: the base game's Knight, for an
// expansion's action that moves it.
func (s *State) RobberMoves() {
	s.Resume = s.Phase
	s.Phase = PhaseRobber
}

func (s *State) discard(p int, a *Action) error {
	if a.Type != ActDiscard {
		return engine.Illegal("discard %d cards first", s.Discard[p])
	}
	if !a.Give.valid() || a.Give.Total() != int(s.Discard[p]) || a.Give[Gold] != 0 {
		return engine.Illegal("discard exactly %d cards", s.Discard[p])
	}
	if !s.Hand[p].Covers(a.Give) {
		return engine.Illegal("you do not hold those cards")
	}
	s.pay(p, a.Give)
	s.Discard[p] = 0
	for q := 0; q < s.Players; q++ {
		if s.Discard[q] > 0 {
			return nil
		}
	}
	s.Phase = s.robberPhase()
	return nil
}

// victims lists the players the active player may rob at hex h: others
// with a building on it and at least one card, as a bit set by seat.
func (s *State) victims(h int) (set uint8, n int) {
	for _, v := range hexCorners[h] {
		o := s.Owner[v]
		if o == none || o == s.Active || set&(1<<uint(o)) != 0 {
			continue
		}
		if s.inHand(int(o)) > 0 {
			set |= 1 << uint(o)
			n++
		}
	}
	return set, n
}

// moveRobber: to another hex; then rob. With one possible victim the
// theft is automatic; with two or more the mover chooses (PhaseRob).
func (s *State) moveRobber(p int, a *Action) error {
	if a.Type != ActMoveRobber {
		return engine.Illegal("move the robber first")
	}
	h := a.Hex
	if h < 0 || h >= NumHexes {
		return engine.Illegal("no hex %d", h)
	}
	if s.Robber < 0 {
		return engine.Illegal("there is no robber in this game")
	}
	if h == int(s.Robber) {
		return engine.Illegal("the robber must move to another hex")
	}
	s.Robber = int8(h)
	set, n := s.victims(h)
	switch n {
	case 0:
		s.Phase = s.Resume
	case 1:
		for q := 0; q < s.Players; q++ {
			if set&(1<<uint(q)) != 0 {
				s.Victim = int8(q)
			}
		}
		s.Phase = PhaseSteal
	default:
		s.Phase = PhaseRob
	}
	return nil
}

func (s *State) rob(p int, a *Action) error {
	if a.Type != ActRob {
		return engine.Illegal("choose whom to rob")
	}
	set, _ := s.victims(int(s.Robber))
	q := int(a.Seat)
	if q < 0 || q >= s.Players || set&(1<<uint(q)) == 0 {
		return engine.Illegal("seat %d cannot be robbed here", a.Seat)
	}
	s.Victim = int8(q)
	s.Phase = PhaseSteal
	return nil
}

// steal moves card number k of the victim's hand (ordered by kind, gold
// never counted) to the active player: a uniformly random card.
func (s *State) steal(k int) {
	s.StealCard(int(s.Victim), k)
	s.Victim = none
	s.Phase = s.Resume
}

// StealCard moves card k of seat q's hand (counted by kind, gold never
// counted; 0 ≤ k < Hand[q].InHand()) to the active player: the theft a
// "steal" outcome decides. An expansion that robs several players in a row
// (Cities & Knights' Bishop) asks for each outcome in its own phase and
// applies it with this.
func (s *State) StealCard(q, k int) {
	for r := range s.Hand[q] {
		if Resource(r) == Gold {
			continue
		}
		if k < int(s.Hand[q][r]) {
			s.Hand[q][r]--
			s.Hand[s.Active][r]++
			return
		}
		k -= int(s.Hand[q][r])
	}
}
