package traders

import (
	"tabula/engine"
	"tabula/engine/catan"
)

// expansion is the scenario's catan.Expansion: its actions and phases on
// top of the base game's.
type expansion struct{}

// New gives each player 5 gold and puts the scenario's pieces out.
func (expansion) New(s *catan.State, setup engine.Setup) error {
	c := newCaravans()
	for p := 0; p < s.Players; p++ {
		s.Receive(p, catan.Of(catan.Gold, StartingGold))
	}
	s.Ext = c
	return nil
}

// scoring is the scenario's catan.Rules.Scoring: a point per delivered
// cargo card, a point for a wagon at level 5 (both public).
func scoring(s *catan.State, p int) (public, hidden int) {
	c := caravans(s)
	return c.deliveries(p) + Wagon(int(c.Level[p])).VP, 0
}

// Await is what the scenario's phases wait for.
func (expansion) Await(s *catan.State) (uint8, *engine.ChanceRequest) {
	c := caravans(s)
	switch s.Phase {
	case PhaseDriveOff:
		return 0, driveOffRequest
	case PhaseCargo:
		t, _ := PlazaOf(int(c.Wagon[s.Active]))
		return 0, cargoRequests[c.Stacks.Left(t)]
	}
	return 1 << uint(s.Active), nil
}

// cargoRequests[n] is the draw from a stack of n cards.
var cargoRequests = func() (r [2*CargoPerGood + 1]*engine.ChanceRequest) {
	for n := range r {
		r[n] = &engine.ChanceRequest{Kind: "cargo", Ranges: []int{n}}
	}
	return r
}()

// Resolve applies the outcome of a drive-off die or a cargo draw.
func (expansion) Resolve(s *catan.State, o []int) {
	c := caravans(s)
	switch s.Phase {
	case PhaseDriveOff:
		driveOffRolled(s, c, o[0]+1)
	case PhaseCargo:
		cargoDrawn(s, c, o[0])
	}
}

// Do performs the scenario's actions, every action in its phases, and
// end-turn (which clears the turn's movement).
func (expansion) Do(s *catan.State, p int, a catan.Action) (bool, error) {
	c := caravans(s)
	switch s.Phase {
	case PhaseMove:
		return true, doMove(s, c, p, a)
	case PhaseBarbarian:
		if a.Type != ActMoveBarbarian {
			return true, engine.Illegal("move a barbarian first")
		}
		return true, moveBarbarian(s, c, p, a.Edge, a.To)
	case PhasePlaceBarbarian:
		if a.Type != ActPlaceBarbarian {
			return true, engine.Illegal("put the barbarian on another path first")
		}
		return true, placeBarbarian(s, c, a.Edge)
	}
	switch a.Type {
	case ActPlaySwiftJourney:
		if s.Phase != catan.PhaseRoll && s.Phase != catan.PhaseMain {
			return true, engine.Illegal("Swift Journey is played in your turn, before the wagon moves")
		}
		return true, playSwiftJourney(s, c, p)
	case catan.ActEndTurn:
		if s.Phase != catan.PhaseMain {
			return false, nil // the base game says why not
		}
		passDice(s, c)
		return true, nil
	}
	if !isOwn(a.Type) {
		return false, nil
	}
	if s.Phase != catan.PhaseMain {
		return true, engine.Illegal("%v is not possible now", a.Type)
	}
	switch a.Type {
	case ActUpgradeWagon:
		return true, upgradeWagon(s, c, p)
	case ActBuyWithGold:
		return true, buyWithGold(s, c, p, a.Resource)
	case ActMoveWagon, ActGrainBoost, ActDriveOff:
		return true, doMove(s, c, p, a)
	}
	return true, engine.Illegal("%v is not possible now", a.Type)
}

// isOwn reports whether t is one of the scenario's action kinds.
func isOwn(t catan.ActionType) bool {
	switch t {
	case ActMoveWagon, ActGrainBoost, ActDriveOff, ActPlaceBarbarian, ActMoveBarbarian,
		ActUpgradeWagon, ActBuyWithGold, ActPlaySwiftJourney:
		return true
	}
	return false
}

// doMove performs a movement action (the first one begins the movement).
func doMove(s *catan.State, c *Caravans, p int, a catan.Action) error {
	switch a.Type {
	case ActMoveWagon:
		return moveWagon(s, c, p, a.Vertex)
	case ActGrainBoost:
		return grainBoost(s, c, p)
	case ActDriveOff:
		return driveOff(s, c, p, a.Edge)
	case catan.ActEndTurn:
		// With a Swift Journey to come, ending the movement starts the
		// second one; otherwise the turn ends.
		if c.Journeys > 0 {
			endMovement(s, c, p)
			return nil
		}
		passDice(s, c)
		return nil
	}
	if c.Stopped {
		return engine.Illegal("the movement is over: end the turn")
	}
	return engine.Illegal("trading and building are over once the wagon moves (%v)", a.Type)
}

// passDice ends the turn.
func passDice(s *catan.State, c *Caravans) {
	c.endTurn()
	s.PassDice()
}

// Legal adds the scenario's actions of seat p now, after the base game's.
func (expansion) Legal(s *catan.State, p int, k *catan.Lister) {
	c := caravans(s)
	switch s.Phase {
	case catan.PhaseRoll:
		legalSwiftJourney(s, c, p, k)
	case catan.PhaseMain:
		if cost, ok := UpgradeCost(int(c.Level[p])); ok && s.Hand[p].Covers(cost) {
			k.Add(catan.Action{Type: ActUpgradeWagon})
		}
		for r := catan.Resource(0); r < catan.NumResources; r++ {
			if canBuyWithGold(s, c, p, r) == nil {
				k.Add(catan.Action{Type: ActBuyWithGold, Resource: r})
			}
		}
		legalSwiftJourney(s, c, p, k)
		legalMovement(s, c, p, k)
	case PhaseMove:
		k.Add(catan.EndTurn())
		legalMovement(s, c, p, k)
	case PhaseBarbarian:
		for _, from := range c.Barbarian {
			for to := 0; to < NumRoutes; to++ {
				if freePath(c, to) {
					k.Add(catan.Action{Type: ActMoveBarbarian, Edge: int(from), To: to})
				}
			}
		}
	case PhasePlaceBarbarian:
		for r := 0; r < NumRoutes; r++ {
			if freePath(c, r) {
				k.Add(catan.Action{Type: ActPlaceBarbarian, Edge: r})
			}
		}
	}
}

func legalSwiftJourney(s *catan.State, c *Caravans, p int, k *catan.Lister) {
	if !c.Moving && !s.DevPlayed && s.Dev[p][catan.SwiftJourney]-s.Bought[catan.SwiftJourney] > 0 {
		k.Add(catan.Action{Type: ActPlaySwiftJourney})
	}
}

// legalMovement lists the wagon's steps, the grain boost and the drive-off
// attempts open now.
func legalMovement(s *catan.State, c *Caravans, p int, k *catan.Lister) {
	if c.Stopped || c.Wagon[p] < 0 {
		return
	}
	w := int(c.Wagon[p])
	for i, to := range Board.Adj[w] {
		if to < 0 {
			break
		}
		r := int(Board.AdjRoute[w][i])
		if cost, tollTo := stepCost(s, c, p, r); affordable(s, c, p, cost, tollTo) {
			k.Add(catan.Action{Type: ActMoveWagon, Vertex: int(to)})
		}
		if canDriveOff(c, p, r) == nil {
			k.Add(catan.Action{Type: ActDriveOff, Edge: r})
		}
	}
	if !c.Boosted && s.Hand[p][catan.Grain] > 0 {
		k.Add(catan.Action{Type: ActGrainBoost})
	}
}
