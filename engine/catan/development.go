package catan

import "tabula/engine"

// Development cards (orig "b) Jogar Cartas de Desenvolvimento", "d) A
// Compra…"; fact sheet §12).

// playable reports whether the active player p may play a card of kind d
// now: one held since before this turn, and no card played yet this turn.
func (s *State) playable(p int, d DevCard) bool {
	return !s.DevPlayed && s.Dev[p][d]-s.Bought[d] > 0
}

// devOf is the card a play action plays.
func devOf(t ActionType) DevCard {
	switch t {
	case ActPlayRoadBuilding:
		return RoadBuilding
	case ActPlayYearOfPlenty:
		return YearOfPlenty
	case ActPlayMonopoly:
		return Monopoly
	}
	return Knight
}

// mayPlay reports why p may not play a card of kind d now: one card per
// turn, held since before this turn.
func (s *State) mayPlay(p int, d DevCard) error {
	if s.DevPlayed {
		return engine.Illegal("only one development card may be played per turn")
	}
	if s.Dev[p][d] == 0 {
		return engine.Illegal("you have no %v card", d)
	}
	if !s.playable(p, d) {
		return engine.Illegal("a card cannot be played in the turn it was bought")
	}
	if s.Sealed != nil && s.playableShown(p, d) < 0 {
		return engine.Illegal("show the %v card before playing it", d)
	}
	return nil
}

// markPlayed moves p's card d to the played cards.
func (s *State) markPlayed(p int, d DevCard) {
	if s.Sealed != nil {
		s.playSlot(p, d)
	}
	s.Dev[p][d]--
	s.Played[d]++
	s.DevPlayed = true
}

// PlayCard plays seat p's development card of kind d under the base
// game's limits (one per turn, not the turn it was bought), for an
// expansion's card (Swift Journey), whose effect the expansion applies
// after it: check the effect can happen first, since a played card stays
// played.
func (s *State) PlayCard(p int, d DevCard) error {
	if err := s.mayPlay(p, d); err != nil {
		return err
	}
	s.markPlayed(p, d)
	return nil
}

// PlaceFreeRoads lets p place up to n roads free (Road Building), then
// returns to the current phase: fewer when p has fewer road pieces; none,
// with an error, when p has no piece or no path to build on.
func (s *State) PlaceFreeRoads(p, n int) error {
	// (HR/?) The card needs at least one road it can place: a piece and a
	// legal path; otherwise it would be thrown away for nothing.
	if s.RoadsLeft[p] == 0 {
		return engine.Illegal("no road pieces left for Road Building")
	}
	if !s.anyRoadSpot(p) {
		return engine.Illegal("there is no path where a road could go")
	}
	s.FreeRoads = int8(min(n, int(s.RoadsLeft[p])))
	s.Resume = s.Phase
	s.Phase = PhaseRoadBuilding
	return nil
}

// playDev plays a Knight, Road Building, Year of Plenty or Monopoly card,
// before or after the roll. Victory Point cards are never played.
func (s *State) playDev(p int, a *Action) error {
	d := devOf(a.Type)
	if err := s.mayPlay(p, d); err != nil {
		return err
	}
	switch d {
	case Knight:
		s.Knights[p]++
		s.awardLargestArmy(p)
		s.Resume = s.Phase
		s.Phase = s.robberPhase()
	case RoadBuilding:
		if err := s.PlaceFreeRoads(p, 2); err != nil {
			return err
		}
	case YearOfPlenty:
		want := min(2, s.Bank.resources())
		if want == 0 {
			return engine.Illegal("the bank is empty")
		}
		if !a.Get.valid() || a.Get.Total() != want || a.Get.resources() != want {
			return engine.Illegal("take %d resource cards", want)
		}
		if !s.Bank.Covers(a.Get) {
			return engine.Illegal("the bank does not hold those cards")
		}
		s.Bank = s.Bank.Minus(a.Get)
		s.Hand[p] = s.Hand[p].Plus(a.Get)
	case Monopoly:
		r := a.Resource
		if !r.Valid() {
			return engine.Illegal("name a resource")
		}
		if s.Sealed != nil && len(s.Sealed.Thefts) > 0 {
			// Every hand's count of r becomes public: the thefts open first.
			s.Sealed.Monopoly = int8(r) + 1
			s.Resume, s.Phase, s.Victim = s.Phase, PhaseSteal, none
			break
		}
		s.monopoly(p, r)
	}
	s.markPlayed(p, d)
	return nil
}

// freeRoad places one Road Building road. The effect ends after the last
// free road, or as soon as no legal path is left.
func (s *State) freeRoad(p, e int) error {
	if e < 0 || e >= s.g.edges {
		return engine.Illegal("no path %d", e)
	}
	if !s.roadSpotOK(p, e) {
		return engine.Illegal("path %d is taken or not connected to your roads", e)
	}
	s.placeRoad(p, e)
	s.FreeRoads--
	if s.FreeRoads == 0 || s.RoadsLeft[p] == 0 || !s.anyRoadSpot(p) {
		s.FreeRoads = 0
		s.Phase = s.Resume
	}
	return nil
}
