package catan

import (
	"fmt"
	"sort"

	"tabula/engine"
)

// ID and RulesVersion of the game.
const (
	ID           = "catan"
	RulesVersion = "catan/1"
)

// Options of engine.Setup understood by New.
const (
	// OptBoard chooses the island: BoardBeginner (default) or BoardRandom.
	OptBoard      = "board"
	BoardBeginner = "beginner"
	BoardRandom   = "random"
	// OptStrictPhases "true" forbids trading once the player has built or
	// bought in the turn (rulebook order trade → build); default "false":
	// trade and build merged.
	OptStrictPhases = "strict-phases"
)

// Game is the Catan rules object registered as "catan".
type Game struct{}

func init() { engine.Register(Game{}) }

func (Game) ID() string           { return ID }
func (Game) RulesVersion() string { return RulesVersion }
func (Game) MinPlayers() int      { return MinPlayers }
func (Game) MaxPlayers() int      { return MaxPlayers }

// New returns the initial state: waiting for the board layout (random
// board) or for the starting-player roll (beginner board).
func (Game) New(setup engine.Setup) (engine.State, error) {
	s, err := NewState(setup)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// NewState is New with the concrete type.
func NewState(setup engine.Setup) (*State, error) {
	if setup.Players < MinPlayers || setup.Players > MaxPlayers {
		return nil, fmt.Errorf("catan takes %d to %d players, not %d", MinPlayers, MaxPlayers, setup.Players)
	}
	keys := make([]string, 0, len(setup.Options))
	for k := range setup.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if k != OptBoard && k != OptStrictPhases {
			return nil, fmt.Errorf("catan: unknown option %q", k)
		}
	}
	strict := false
	switch v := setup.Option(OptStrictPhases, "false"); v {
	case "true":
		strict = true
	case "false":
	default:
		return nil, fmt.Errorf("catan: option %s must be true or false, not %q", OptStrictPhases, v)
	}
	s := newState(setup.Players, strict)
	switch v := setup.Option(OptBoard, BoardBeginner); v {
	case BoardBeginner:
		s.setBoard(BeginnerBoard())
	case BoardRandom:
		s.Phase = PhaseBoard
	default:
		return nil, fmt.Errorf("catan: option %s must be %q or %q, not %q", OptBoard, BoardBeginner, BoardRandom, v)
	}
	return s, nil
}

// DecodeAction parses one logged action; errors wrap engine.ErrBadAction.
func (Game) DecodeAction(data []byte) (engine.Action, error) {
	a, err := DecodeAction(data)
	if err != nil {
		return nil, err
	}
	return a, nil
}

// Apply performs seat's action (an Action or *Action). On error the state
// is unchanged.
func (s *State) Apply(seat engine.Seat, a engine.Action) error {
	switch x := a.(type) {
	case Action:
		return s.Do(seat, x)
	case *Action:
		if x == nil {
			return fmt.Errorf("%w: nil action", engine.ErrBadAction)
		}
		return s.Do(seat, *x)
	}
	return fmt.Errorf("%w: %T is not a catan action", engine.ErrBadAction, a)
}

// Do is Apply for a concrete Action: validate, then change the state. On
// error the state is unchanged.
func (s *State) Do(seat engine.Seat, a Action) error {
	switch {
	case s.Phase == PhaseOver:
		return engine.ErrGameOver
	case s.isChance():
		return engine.ErrAwaitChance
	case !s.decides(int(seat)):
		return fmt.Errorf("%w (seat %d)", engine.ErrNotYourTurn, seat)
	case a.Type < 0 || a.Type >= numActionTypes:
		return fmt.Errorf("%w: action type %d", engine.ErrBadAction, int(a.Type))
	}
	p := int(seat)
	var err error
	switch s.Phase {
	case PhaseFoundSettlement:
		err = s.foundSettlement(p, a)
	case PhaseFoundRoad:
		err = s.foundRoad(p, a)
	case PhaseRoll:
		switch a.Type {
		case ActRoll:
			s.Phase = PhaseDice
		case ActPlayKnight, ActPlayRoadBuilding, ActPlayYearOfPlenty, ActPlayMonopoly:
			err = s.playDev(p, a)
		default:
			err = engine.Illegal("roll the dice first (or play a development card)")
		}
	case PhaseDiscard:
		err = s.discard(p, a)
	case PhaseRobber:
		err = s.moveRobber(p, a)
	case PhaseRob:
		err = s.rob(p, a)
	case PhaseMain:
		err = s.main(p, a)
	case PhaseRoadBuilding:
		if a.Type != ActBuildRoad {
			err = engine.Illegal("place the Road Building roads first")
		} else {
			err = s.freeRoad(p, a.Edge)
		}
	case PhaseTradeOffer:
		err = s.answerTrade(p, a)
	case PhaseTradeConfirm:
		err = s.closeTrade(p, a)
	default:
		err = engine.Illegal("nothing to do in phase %v", s.Phase)
	}
	if err != nil {
		return err
	}
	// Only the active player's own actions can change its points (and
	// end-turn makes the next player active).
	if p == int(s.Active) || a.Type == ActEndTurn {
		s.checkWin()
	}
	return nil
}

func (s *State) main(p int, a Action) error {
	switch a.Type {
	case ActBuildRoad:
		return s.buildRoad(p, a.Edge)
	case ActBuildSettlement:
		return s.buildSettlement(p, a.Vertex)
	case ActBuildCity:
		return s.buildCity(p, a.Vertex)
	case ActBuyDevelopment:
		return s.buyDevelopment(p)
	case ActPlayKnight, ActPlayRoadBuilding, ActPlayYearOfPlenty, ActPlayMonopoly:
		return s.playDev(p, a)
	case ActMaritimeTrade:
		return s.maritime(p, a.Give, a.Get)
	case ActProposeTrade:
		return s.propose(p, a.Give, a.Get)
	case ActEndTurn:
		s.endTurn()
		return nil
	case ActRoll:
		return engine.Illegal("the dice were already rolled this turn")
	}
	return engine.Illegal("%v is not possible now", a.Type)
}

// Resolve feeds the outcome of the pending chance request.
func (s *State) Resolve(o engine.Outcome) error {
	if s.Phase == PhaseOver {
		return engine.ErrGameOver
	}
	if !s.isChance() {
		return engine.ErrNoChance
	}
	var buf [32]int
	kind, ranges := s.appendChance(buf[:0])
	if !fits(ranges, o) {
		// Let the engine describe the misfit.
		return engine.ChanceRequest{Kind: kind, Ranges: append([]int(nil), ranges...)}.Fits(o)
	}
	s.resolve(o)
	return nil
}

func fits(ranges []int, o engine.Outcome) bool {
	if len(o) != len(ranges) {
		return false
	}
	for i, v := range o {
		if v < 0 || v >= ranges[i] {
			return false
		}
	}
	return true
}

// resolve applies a fitting outcome.
func (s *State) resolve(o []int) {
	switch s.Phase {
	case PhaseBoard:
		s.setBoard(RandomBoard(o))
	case PhaseStartRoll:
		s.startRoll(o)
	case PhaseDice:
		s.rolled(int8(o[0]+1), int8(o[1]+1))
	case PhaseSteal:
		s.steal(o[0])
	case PhaseDraw:
		s.draw(o[0])
	}
	s.checkWin()
}
