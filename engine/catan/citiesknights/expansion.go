package citiesknights

import (
	"tabula/engine"
	"tabula/engine/catan"
)

// expansion is the part of the rules the base game lacks, as the base
// engine asks for it (catan.Expansion).
type expansion struct{}

// New gives a new game its expansion state.
func (expansion) New(s *catan.State, setup engine.Setup) error {
	x := newExt()
	if setup.IsSealed() {
		x.Sealed = &Sealing{Looks: setup.HasLooks(), SecretLooks: setup.HasSecretLooks()}
	}
	s.Ext = x
	return nil
}

// Do performs p's action when the expansion owns it: its own kinds, every
// action in its phases, end-turn (the progress-card limit, the turn's
// flags) and the base game's play-road-building (the progress card).
func (expansion) Do(s *catan.State, p int, a catan.Action) (bool, error) {
	x := ext(s)
	if isOwnPhase(s.Phase) {
		return true, x.decide(s, p, a)
	}
	if c, ok := cardOf(a.Type); ok {
		if s.Phase != catan.PhaseMain && s.Phase != catan.PhaseRoll {
			return true, engine.Illegal("progress cards are played in your own turn")
		}
		return true, x.play(s, p, c, a)
	}
	if s.Phase == catan.PhaseMain && a.Type == catan.ActEndTurn {
		return true, x.endTurn(s, p)
	}
	switch a.Type {
	case ActBuildWall, ActHireKnight, ActActivateKnight, ActPromoteKnight, ActMoveKnight,
		ActDisplaceKnight, ActChaseRobber, ActImprove, ActRepairCity, ActDiscardCard:
		if s.Phase != catan.PhaseMain {
			return true, engine.Illegal("%v is done after the roll, in your own turn", a.Type)
		}
		return true, x.main(s, p, a)
	}
	if a.Type >= ActBuildWall && a.Type <= ActHarborReturn { // a decision outside its phase
		return true, engine.Illegal("%v is not possible now", a.Type)
	}
	return false, nil
}

// main performs p's own-turn actions of the expansion.
func (x *Ext) main(s *catan.State, p int, a catan.Action) error {
	switch a.Type {
	case ActBuildWall:
		return x.buildWall(s, p, a.Vertex, false)
	case ActHireKnight:
		return x.hire(s, p, a.Vertex)
	case ActActivateKnight:
		return x.activate(s, p, a.Vertex)
	case ActPromoteKnight:
		return x.promote(s, p, a.Vertex, false)
	case ActMoveKnight:
		return x.move(s, p, a.Vertex, a.To)
	case ActDisplaceKnight:
		return x.displace(s, p, a.Vertex, a.To)
	case ActChaseRobber:
		return x.chase(s, p, a.Vertex)
	case ActImprove:
		return x.improve(s, p, Track(a.Card), false)
	case ActRepairCity:
		return x.repairCity(s, p, a.Vertex, catan.CityCost)
	case ActDiscardCard:
		if x.progressHeld(p) <= ProgressHandLimit {
			return engine.Illegal("you may hold %d progress cards", ProgressHandLimit)
		}
		return x.discardCard(p, Card(a.Card))
	}
	return engine.Illegal("%v is not possible now", a.Type)
}

// endTurn: at most 4 progress cards may be kept; the turn's flags clear;
// the dice pass.
func (x *Ext) endTurn(s *catan.State, p int) error {
	if n := x.progressHeld(p); n > ProgressHandLimit {
		return engine.Illegal("play or discard progress cards down to %d first (you hold %d)", ProgressHandLimit, n)
	}
	x.Activated, x.Promoted, x.Fleet, x.HarborDone = 0, 0, 0, 0
	s.PassDice()
	return nil
}

// ownPhases marks the expansion's phases.
func isOwnPhase(ph catan.Phase) bool {
	switch ph {
	case PhaseChooseDeck, PhaseDrawProgress, PhasePillage, PhaseProgressLimit, PhaseAqueduct,
		PhaseMetropolis, PhaseRetreat, PhaseDesert, PhaseDeserterPlace, PhaseDiplomatRoad,
		PhaseWedding, PhaseSabotage, PhaseSpy, PhaseMasterMerchant, PhaseHarbor, PhaseHarborReturn,
		PhaseBishop, PhaseOpen, PhaseSpyLook:
		return true
	}
	return false
}

// decide performs seat p's decision in one of the expansion's phases.
func (x *Ext) decide(s *catan.State, p int, a catan.Action) error {
	want := func(t catan.ActionType) error {
		if a.Type != t {
			return engine.Illegal("now: %v", t)
		}
		return nil
	}
	switch s.Phase {
	case PhaseChooseDeck:
		if err := want(ActChooseDeck); err != nil {
			return err
		}
		t := Track(a.Card)
		if !t.Valid() || x.deckLen(t) == 0 {
			return engine.Illegal("choose a deck that still holds cards")
		}
		x.Draws[0].Deck = int8(t)
		x.continueRoll(s)
	case PhasePillage:
		if err := want(ActPillage); err != nil {
			return err
		}
		if !vertexOK(a.Vertex) || x.pillageable(s, p)&bit(a.Vertex) == 0 {
			return engine.Illegal("choose one of your cities without a metropolis")
		}
		x.pillage(s, a.Vertex)
		x.continueRoll(s)
	case PhaseProgressLimit:
		if err := want(ActDiscardCard); err != nil {
			return err
		}
		if err := x.discardCard(p, Card(a.Card)); err != nil {
			return err
		}
		x.continueRoll(s)
	case PhaseAqueduct:
		if err := want(ActAqueduct); err != nil {
			return err
		}
		r := a.Resource
		if !r.Valid() || s.Bank[r] == 0 {
			return engine.Illegal("take a resource the bank holds")
		}
		s.Receive(p, catan.Of(r, 1))
		x.Aqueduct &^= 1 << uint(p)
		if x.Aqueduct == 0 || !bankHoldsResource(s) {
			x.Aqueduct = 0
			s.Phase = x.Resume
		}
	case PhaseMetropolis:
		if err := want(ActPlaceMetropolis); err != nil {
			return err
		}
		return x.placeMetropolis(s, p, a.Vertex)
	case PhaseRetreat:
		if err := want(ActRetreat); err != nil {
			return err
		}
		return x.retreatTo(s, a.Vertex)
	case PhaseDesert:
		if err := want(ActRemoveKnight); err != nil {
			return err
		}
		if !vertexOK(a.Vertex) || x.Knights[p]&bit(a.Vertex) == 0 {
			return engine.Illegal("remove one of your knights")
		}
		x.desert(s, a.Vertex)
	case PhaseDeserterPlace:
		if a.Type == ActDeserterPass {
			x.clearMoving()
			s.Phase = x.Resume
			return nil
		}
		if err := want(ActPlaceDeserter); err != nil {
			return err
		}
		return x.placeDeserter(s, p, a.Vertex)
	case PhaseDiplomatRoad:
		if a.Type == ActDiplomatPass {
			s.Phase = x.Resume
			return nil
		}
		if err := want(ActReplaceRoad); err != nil {
			return err
		}
		if a.Edge < 0 || a.Edge >= catan.NumEdges || !s.RoadSpot(p, a.Edge) {
			return engine.Illegal("the road goes where a road may be built")
		}
		s.Phase = x.Resume
		s.PlaceRoad(p, a.Edge)
	case PhaseWedding:
		if err := want(ActGiveCards); err != nil {
			return err
		}
		return x.handOver(s, p, a.Give, int(s.Active))
	case PhaseSabotage:
		if err := want(catan.ActDiscard); err != nil {
			return err
		}
		return x.handOver(s, p, a.Give, -1)
	case PhaseSpy:
		if x.looks() {
			return x.spyPick(s, p, a)
		}
		if err := want(ActSpyTake); err != nil {
			return err
		}
		if x.Sealed != nil {
			p = int(s.Active)
		}
		return x.spyTake(s, p, Card(a.Card))
	case PhaseMasterMerchant:
		if err := want(ActTakeCards); err != nil {
			return err
		}
		return x.takeCards(s, p, a.Get)
	case PhaseHarbor:
		if a.Type == ActHarborPass {
			x.HarborDone |= 1 << uint(x.Target)
			x.nextHarbor(s, p)
			return nil
		}
		if err := want(ActHarborOffer); err != nil {
			return err
		}
		return x.harborOffer(s, p, a.Resource)
	case PhaseHarborReturn:
		if err := want(ActHarborReturn); err != nil {
			return err
		}
		return x.harborReturn(s, p, a.Resource)
	default:
		return engine.Illegal("nothing to do in phase %v", s.Phase)
	}
	return nil
}

// handOver: seat q gives the cards it owes to seat to (Wedding), or to the
// bank (to = -1: Saboteur).
func (x *Ext) handOver(s *catan.State, q int, cards catan.Resources, to int) error {
	if cards.Total() != int(x.Owe[q]) || !nonNegative(cards) || !s.Hand[q].Covers(cards) || cards[catan.Gold] != 0 {
		return engine.Illegal("give exactly %d of your cards", x.Owe[q])
	}
	if to >= 0 {
		x.transfer(s, q, to, cards)
	} else {
		s.Pay(q, cards)
	}
	x.Owe[q] = 0
	if !x.owing() {
		s.Phase = x.Resume
	}
	return nil
}

// Await is who decides in the expansion's phases, or the chance they wait
// for.
func (expansion) Await(s *catan.State) (uint8, *engine.ChanceRequest) {
	x := ext(s)
	one := func(p int) uint8 { return 1 << uint(p) }
	switch s.Phase {
	case PhaseChooseDeck:
		return one(int(x.Draws[0].Seat)), nil
	case PhaseDrawProgress:
		if x.Sealed != nil {
			return 0, x.drawRequest()
		}
		return 0, progressRequests[x.Decks[x.Draws[0].Deck].FreshLeft()]
	case PhasePillage:
		return x.Pillage, nil
	case PhaseProgressLimit:
		return x.overLimit(s), nil
	case PhaseAqueduct:
		return x.Aqueduct, nil
	case PhaseRetreat, PhaseDesert, PhaseHarborReturn:
		return one(int(x.Target)), nil
	case PhaseSpyLook:
		return 0, x.lookRequest(s)
	case PhaseSpy:
		if x.Sealed != nil && !x.Sealed.Looks {
			// Sealed without looks (games begun before them): the Spy's player cannot look; the target hands over
			// a card of its choice, shown to all (docs/cities-knights.md).
			return one(int(x.Target)), nil
		}
	case PhaseWedding, PhaseSabotage:
		var m uint8
		for q, n := range x.Owe {
			if n > 0 {
				m |= one(q)
			}
		}
		return m, nil
	case PhaseBishop:
		if s.SecretSteals() {
			return 0, x.bishopRequest(s)
		}
		n := s.Hand[x.bishopVictim(s)].InHand()
		return 0, stealRequests[min(n, len(stealRequests)-1)]
	case PhaseOpen:
		return 0, x.openRequest(s)
	}
	return one(int(s.Active)), nil
}

// Resolve applies the outcome of the expansion's chance: a progress draw
// or a Bishop's steal.
func (expansion) Resolve(s *catan.State, o []int) {
	x := ext(s)
	switch s.Phase {
	case PhaseDrawProgress:
		x.drawn(s, o[0])
	case PhaseBishop:
		x.bishopSteal(s, o[0])
	}
}

// forbid refuses the base actions the expansion's rules forbid now.
func forbid(s *catan.State, p int, a catan.Action) error {
	x := ext(s)
	switch a.Type {
	case catan.ActBuildSettlement:
		if ToppledCityBlocksSettlements && s.Turn > 0 && x.Toppled&buildings(s, p) != 0 {
			return engine.Illegal("rebuild your toppled city before a new settlement")
		}
	case catan.ActEndTurn:
		if n := x.progressHeld(p); n > ProgressHandLimit {
			return engine.Illegal("play or discard progress cards down to %d first", ProgressHandLimit)
		}
	}
	return nil
}

// scoring: the expansion's points are all public.
func scoring(s *catan.State, p int) (public, hidden int) { return ext(s).points(s, p), 0 }

// maritimeRate is p's rate for giving kind r to the bank: the harbour's,
// or 2 through the merchant (its hex's resource), the Merchant Fleet (the
// kind named this turn) or trade level 3 (commodities).
func maritimeRate(s *catan.State, p int, r catan.Resource, rate int) int {
	x := ext(s)
	switch {
	case x.Fleet&(1<<uint(r)) != 0,
		r >= catan.Paper && r <= catan.Coin && x.Level[p][Trade] >= AbilityLevel:
		return 2
	case int(x.MerchantOwner) == p && x.Merchant >= 0:
		if m, ok := s.Board.Terrain[x.Merchant].Produces(); ok && m == r {
			return 2
		}
	}
	return rate
}
