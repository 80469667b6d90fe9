package agricola

import (
	"slices"

	"tabula/engine"
)

// Chance requests are fixed tables (engine.Status may share them).
var (
	startRequests [5]engine.ChanceRequest // by player count: who starts
	stageRequests [5]engine.ChanceRequest // by cards left in the stage: which is revealed
)

func init() {
	for n := 1; n <= 4; n++ {
		startRequests[n] = engine.ChanceRequest{Kind: "start-player", Ranges: []int{n}}
		stageRequests[n] = engine.ChanceRequest{Kind: "stage-card", Ranges: []int{n}}
	}
}

// chanceRequest is the chance the rules wait for now, or nil: the starting
// player at set-up, and the stage card revealed at the start of a round
// when more than one card of the stage is left (the face-down stack of the
// stage, drawn from at the moment it is revealed, so nobody knows the
// order in advance).
func (s *State) chanceRequest() *engine.ChanceRequest {
	f := s.top()
	if f == nil || s.Over {
		return nil
	}
	switch f.Kind {
	case FrameStart:
		return &startRequests[s.Players]
	case FrameDeal:
		if s.Sealed != nil {
			return s.sealedDealRequest(f.N)
		}
		return s.dealRequest()
	case FrameOpen:
		return s.openRequest(f)
	case FrameRound:
		if n := s.stageLeft(); n > 1 {
			return &stageRequests[n]
		}
	}
	return nil
}

// stageLeft is the number of stage cards the next round draws from.
func (s *State) stageLeft() int {
	if s.Round >= 14 {
		return 0
	}
	return len(s.Stages[StageOf(s.Round+1)])
}

// Resolve feeds the outcome of the pending chance request.
func (s *State) Resolve(o engine.Outcome) error {
	s.legal.ok = false
	if err := engine.CheckChance(s.Status(), o); err != nil {
		return err
	}
	if f := *s.top(); f.Kind == FrameDeal && s.Sealed != nil {
		s.pop()
		if err := s.sealedDeal(f.N, o); err != nil { // refused before any change
			s.push(f)
			return err
		}
		s.advance()
		return nil
	}
	if f := s.top(); f.Kind == FrameOpen {
		if err := s.opened(f, o); err != nil { // refused before any change
			return err
		}
		s.pop()
		s.advance()
		return nil
	}
	switch f := s.pop(); f.Kind {
	case FrameStart:
		s.setStart(engine.Seat(o[0]))
	case FrameDeal:
		s.deal(o)
	case FrameRound:
		s.beginRound(o[0])
	}
	s.advance()
	return nil
}

// Advance runs the steps that need nobody, as Apply and Resolve do after
// their change: for tools and tests that set up a position by hand.
func (s *State) Advance() {
	s.legal.ok = false
	s.advance()
}

// advance runs the steps that need nobody (system frames, decisions with
// nothing to decide) until a decision, a chance outcome or the end.
func (s *State) advance() {
	for !s.Over {
		f := s.top()
		if f == nil {
			if s.nextPlacer() {
				return
			}
			s.endWork()
			continue
		}
		if decision(f.Kind) {
			if s.autoResolve() {
				continue
			}
			return
		}
		switch f.Kind {
		case FrameStart, FrameDeal, FrameOpen:
			return
		case FrameDraft:
			f := s.pop()
			s.draftRound(f.N)
		case FrameRound:
			if s.stageLeft() > 1 {
				return
			}
			s.pop()
			s.beginRound(0)
		case FrameAfterSpace:
			f := s.pop()
			s.fire(Ctx{Event: EvAfterSpace, Actor: f.Seat, Space: f.Via, Op: f.Done})
		case FrameTurnEnd:
			f := s.pop()
			s.Turn = (f.Seat + 1) % engine.Seat(s.Players)
			if s.fire(Ctx{Event: EvTurnEnd, Actor: f.Seat}).again {
				s.Turn = f.Seat
			}
		case FrameReturnHome:
			s.pop()
			s.returnHome()
		case FrameField:
			s.pop()
			s.fieldPhase()
		case FrameFeeding:
			s.pop()
			s.fire(Ctx{Event: EvFeeding, Actor: -1})
			s.pushEach(FrameFeed)
		case FrameBreeding:
			s.pop()
			s.fire(Ctx{Event: EvBreeding, Actor: -1})
			s.pushEach(FrameBreed)
		case FrameHarvestEnd:
			s.pop()
			for i := range s.Seats {
				s.Seats[i].Used = nil
			}
			s.Harvest = false
			s.fire(Ctx{Event: EvHarvestEnd, Actor: -1})
		case FrameEnd:
			s.pop()
			s.endGame()
		default:
			s.pop() // unknown system frame: nothing to do
		}
	}
}

// nextPlacer finds the next seat, clockwise from Turn, with a person left
// to place; false when the work phase is over.
func (s *State) nextPlacer() bool {
	if s.Round == 0 {
		return false
	}
	for i := 0; i < s.Players; i++ {
		seat := (s.Turn + engine.Seat(i)) % engine.Seat(s.Players)
		if s.Available(seat) > 0 {
			s.Turn = seat
			return true
		}
	}
	return false
}

// endWork queues the rest of the round once everyone is placed: return
// home, the harvest if this round has one, then the next round or the
// final scoring.
func (s *State) endWork() {
	if s.Round >= 14 {
		s.push(Frame{Kind: FrameEnd, Seat: -1})
	} else {
		s.push(Frame{Kind: FrameRound, Seat: -1})
	}
	if IsHarvest(s.Round) {
		for _, k := range []string{FrameHarvestEnd, FrameBreeding, FrameFeeding, FrameField} {
			s.push(Frame{Kind: k, Seat: -1})
		}
	}
	s.push(Frame{Kind: FrameReturnHome, Seat: -1})
}

// pushEach opens one frame of kind per seat so that the starting player
// decides first, then clockwise (each harvest step is done by everyone
// before the next, choices.go).
func (s *State) pushEach(kind string) {
	for i := s.Players - 1; i >= 0; i-- {
		s.push(Frame{Kind: kind, Seat: (s.Start + engine.Seat(i)) % engine.Seat(s.Players)})
	}
}

// beginRound is the preparation phase (fact sheet §3): reveal the stage
// card (pick-th of those left in its stage) onto the round space; each
// player takes the goods lying there for them; every accumulation space
// gets its goods; then the round-start window.
func (s *State) beginRound(pick int) {
	s.Round++
	for i := range s.Seats {
		s.Seats[i].Newborns = 0
	}
	stage := StageOf(s.Round)
	deck := s.Stages[stage]
	id := deck[pick]
	s.Stages[stage] = append(deck[:pick:pick], deck[pick+1:]...)
	s.Rounds[s.Round].Card = id
	s.Board = append(s.Board, Space{ID: id, def: s.Def(id)})

	deliveries := s.Rounds[s.Round].Goods
	s.Rounds[s.Round].Goods = nil
	for _, d := range deliveries {
		s.Gain(d.Seat, d.Goods)
		s.fire(Ctx{Event: EvCollect, Actor: d.Seat, Item: d.Via, Goods: d.Goods})
	}
	for i := range s.Board {
		if d := s.spaceDef(&s.Board[i]); d != nil {
			s.Board[i].Goods = s.Board[i].Goods.Plus(d.Accumulate)
		}
	}
	s.Turn = s.Start
	s.fire(Ctx{Event: EvRoundStart, Actor: -1})
}

// Schedule puts goods for seat on the space of round (the Well, cards);
// the seat collects them when that round begins. Goods for a round after
// the 14th are dropped. A card may schedule no goods at all (a marker,
// such as a field tile to plow then): its collection still fires
// EvCollect.
func (s *State) Schedule(seat engine.Seat, round int, g Goods, via string) {
	if round <= s.Round || round > 14 || (g.IsZero() && via == "") {
		return
	}
	// A new list: copies share the old one (copyInto).
	s.Rounds[round].Goods = append(slices.Clip(s.Rounds[round].Goods), Delivery{Seat: seat, Goods: g, Via: via})
}

// returnHome brings everyone's people home and frees the spaces.
func (s *State) returnHome() {
	for i := range s.Seats {
		s.Seats[i].Placed = 0
	}
	for i := range s.Board {
		s.Board[i].People = nil
	}
	s.fire(Ctx{Event: EvReturnHome, Actor: -1})
}

// fieldPhase starts a harvest: every sown field gives 1 crop to its owner
// (fact sheet §8), for every player, after the field-phase window.
func (s *State) fieldPhase() {
	s.Harvest = true
	s.fire(Ctx{Event: EvFieldPhase, Actor: -1})
	for i := range s.Seats {
		p := &s.Seats[i]
		for c := range p.Crops {
			if cr := &p.Crops[c]; cr.N > 0 {
				p.Goods[cr.Kind]++
				if cr.N--; cr.N == 0 {
					*cr = Crop{}
				}
			}
		}
		for c := range p.CardFields {
			if cr := &p.CardFields[c].Crop; cr.N > 0 {
				p.Goods[cr.Kind]++
				if cr.N--; cr.N == 0 {
					*cr = Crop{}
				}
			}
		}
	}
}

// endGame scores the game and names the winners: most points, then most
// building resources left (fact sheet §12), then a shared win.
func (s *State) endGame() {
	s.fire(Ctx{Event: EvScoring, Actor: -1})
	s.Over = true
	s.Winners = nil
	sheets := s.ScoreSheets()
	best, bestRes := -1<<30, -1
	for i := range s.Seats {
		t, r := sheets[i].Total, s.Seats[i].Goods.BuildingResources()
		switch {
		case t > best || (t == best && r > bestRes):
			best, bestRes = t, r
			s.Winners = []engine.Seat{engine.Seat(i)}
		case t == best && r == bestRes:
			s.Winners = append(s.Winners, engine.Seat(i))
		}
	}
}

// WorkPhase reports whether the current round's work phase is still on
// (people may still be placed): its end queues return home and the next
// round or the end.
func (s *State) WorkPhase() bool {
	if s.Round == 0 || s.Over {
		return false
	}
	for _, f := range s.Stack {
		if f.Kind == FrameReturnHome || f.Kind == FrameRound || f.Kind == FrameEnd {
			return false
		}
	}
	return true
}
