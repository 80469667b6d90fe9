package traders

import (
	"tabula/engine"
	"tabula/engine/catan"
)

// The wagon's turn (orig "Фаза движения", "Выполнение заказа", "Повышение
// ценности обоза"): upgrades during trade and build; then the movement,
// step by step, ended by a plaza, by the player, or by the turn.

// upgradeWagon turns up p's next wagon card.
func upgradeWagon(s *catan.State, c *Caravans, p int) error {
	cost, ok := UpgradeCost(int(c.Level[p]))
	if !ok {
		return engine.Illegal("the wagon is at its highest level")
	}
	if !s.Hand[p].Covers(cost) {
		return engine.Illegal("the next wagon card costs %v", cost)
	}
	s.Pay(p, cost)
	c.Level[p]++
	return nil
}

// beginMovement ends trade and build: the movement has the wagon card's
// points.
func beginMovement(s *catan.State, c *Caravans, p int) {
	if !c.Moving {
		c.Moving = true
		c.Points = int8(Wagon(int(c.Level[p])).Points)
	}
	s.Phase = PhaseMove
}

// points is what p's movement has left: the wagon card's points before it
// begins.
func (c *Caravans) points(p int) int {
	if !c.Moving {
		return Wagon(int(c.Level[p])).Points
	}
	return int(c.Points)
}

// canStep reports why p's wagon may not go to node to now, else the route,
// its points and the toll's payee (-1 none).
func canStep(s *catan.State, c *Caravans, p, to int) (r, cost, tollTo int, err error) {
	if c.Stopped {
		return 0, 0, 0, errMovementOver
	}
	from := int(c.Wagon[p])
	r, ok := Board.Route(from, to)
	if !ok {
		return 0, 0, 0, engine.Illegal("no path leads from %d to %d", from, to)
	}
	cost, tollTo = stepCost(s, c, p, r)
	if !affordable(s, c, p, cost, tollTo) {
		if left := c.points(p); cost > left {
			return 0, 0, 0, engine.Illegal("the step costs %d movement points, %d are left", cost, left)
		}
		return 0, 0, 0, engine.Illegal("the road's toll is %d gold", Toll)
	}
	return r, cost, tollTo, nil
}

// affordable reports whether p's movement can pay a step of cost points
// and a toll to tollTo (-1 none): a step is paid in full, and a road whose
// toll cannot be paid is closed (choices.go).
func affordable(s *catan.State, c *Caravans, p, cost, tollTo int) bool {
	return cost <= c.points(p) && (tollTo < 0 || s.Hand[p][catan.Gold] >= Toll)
}

// stepCost is Ground.Step on the state's roads and barbarians.
func stepCost(s *catan.State, c *Caravans, p, r int) (cost, tollTo int) {
	return stepPoints(p, int(s.Road[r]), c.barbarianOn(r) >= 0)
}

// moveWagon takes one step; a plaza ends the movement there.
func moveWagon(s *catan.State, c *Caravans, p, to int) error {
	_, cost, tollTo, err := canStep(s, c, p, to)
	if err != nil {
		return err
	}
	beginMovement(s, c, p)
	c.Points -= int8(cost)
	if tollTo >= 0 {
		s.Hand[p][catan.Gold] -= Toll
		s.Hand[tollTo][catan.Gold] += Toll
	}
	c.Wagon[p] = int8(to)
	if t, ok := PlazaOf(to); ok {
		arrive(s, c, p, t)
	}
	return nil
}

// grainBoost pays a grain for 2 more points, once per turn.
func grainBoost(s *catan.State, c *Caravans, p int) error {
	switch {
	case c.Boosted:
		return engine.Illegal("the grain boost is used once per turn")
	case c.Stopped:
		return errMovementOver
	case s.Hand[p][catan.Grain] == 0:
		return engine.Illegal("the boost costs a grain")
	}
	beginMovement(s, c, p)
	s.Pay(p, catan.Of(catan.Grain, 1))
	c.Points += GrainBoostPoints
	c.Boosted = true
	return nil
}

// arrive: the wagon has reached trade hex t's plaza, which ends the
// movement. The card it carries is delivered if t needs its good (1 VP,
// gold by wagon level); then a wagon without a card (after a delivery, or
// on its first arrival anywhere) turns over the top card of t's stack.
func arrive(s *catan.State, c *Caravans, p int, t TradeHex) {
	c.Points = 0
	if o := c.Order[p]; o.Valid() {
		if o.Destination() != t {
			endMovement(s, c, p)
			return
		}
		c.Delivered[p][o]++
		c.Order[p] = NoCargo
		payGold(s, p, Wagon(int(c.Level[p])).Gold)
	}
	if c.Stacks.Left(t) == 0 {
		endMovement(s, c, p)
		return
	}
	s.Phase = PhaseCargo
}

// cargoDrawn gives the active player card k of the stack at the plaza its
// wagon stands on.
func cargoDrawn(s *catan.State, c *Caravans, k int) {
	p := int(s.Active)
	t, _ := PlazaOf(int(c.Wagon[p]))
	card := c.Stacks.Card(t, k)
	c.Stacks[card]--
	c.Order[p] = card
	endMovement(s, c, p)
}

// endMovement ends a movement: a second one follows if Swift Journey
// gave it, with the wagon card's full points (choices.go);
// otherwise only ending the turn is left.
func endMovement(s *catan.State, c *Caravans, p int) {
	s.Phase = PhaseMove
	if c.Journeys > 0 {
		c.Journeys--
		c.Stopped = false
		c.Points = int8(Wagon(int(c.Level[p])).Points)
		return
	}
	c.Stopped, c.Points = true, 0
}

// playSwiftJourney plays the card: a second movement this turn, before the
// movement begins.
func playSwiftJourney(s *catan.State, c *Caravans, p int) error {
	if c.Moving {
		return engine.Illegal("Swift Journey is played before the wagon moves")
	}
	if err := s.PlayCard(p, catan.SwiftJourney); err != nil {
		return err
	}
	c.Journeys++
	return nil
}
