package catan

import (
	"fmt"
	"slices"
	"sort"

	"tabula/engine"
)

// ID and RulesVersion of the game.
const (
	ID           = "catan"
	RulesVersion = "catan/2"
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

// Game is the rules object of a Catan-family game: the zero Game is the
// base game, registered as "catan"; NewGame makes the others.
type Game struct{ rules *Rules }

func init() { engine.Register(Game{}) }

// r is the game's rules.
func (g Game) r() *Rules {
	if g.rules == nil {
		return base
	}
	return g.rules
}

func (g Game) ID() string           { return g.r().ID }
func (g Game) RulesVersion() string { return g.r().Version }
func (Game) MinPlayers() int        { return MinPlayers }
func (Game) MaxPlayers() int        { return MaxPlayers }

// ReadsRules reports whether logs of rules version v fold alike under
// these rules (Rules.Reads): their files still load and verify.
func (g Game) ReadsRules(v string) bool { return slices.Contains(g.r().Reads, v) }

// New returns the initial state: waiting for the board layout (random
// board) or for the starting-player roll (beginner board).
func (g Game) New(setup engine.Setup) (engine.State, error) {
	s, err := g.NewState(setup)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// NewState is New with the concrete type.
func (g Game) NewState(setup engine.Setup) (*State, error) { return newGame(g.r(), setup) }

// NewState is the base game's New with the concrete type.
func NewState(setup engine.Setup) (*State, error) { return newGame(base, setup) }

func newGame(r *Rules, setup engine.Setup) (*State, error) {
	if setup.Players < MinPlayers || setup.Players > MaxPlayers {
		return nil, fmt.Errorf("%s takes %d to %d players, not %d", r.ID, MinPlayers, MaxPlayers, setup.Players)
	}
	keys := make([]string, 0, len(setup.Options))
	for k := range setup.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if k != OptBoard && k != OptStrictPhases && !slices.Contains(r.Options, k) && (k != engine.Sealed && k != engine.Secrets || !r.sealable()) && (k != engine.Looks && k != engine.SecretLooks || !r.looks()) {
			return nil, fmt.Errorf("%s: unknown option %q", r.ID, k)
		}
	}
	strict := false
	switch v := setup.Option(OptStrictPhases, "false"); v {
	case "true":
		strict = true
	case "false":
	default:
		return nil, fmt.Errorf("%s: option %s must be true or false, not %q", r.ID, OptStrictPhases, v)
	}
	s := newState(r, setup.Players, strict)
	if setup.IsSealed() {
		if !r.sealable() {
			return nil, fmt.Errorf("%s cannot play sealed", r.ID)
		}
		s.Sealed = &Sealed{Secrets: setup.HasSecrets() && stealsInSecret(r.Expansion)}
	}
	beginner, random := BeginnerBoard, RandomBoard
	if m := r.Board; m != nil {
		beginner, random = m.Beginner, m.Random
	}
	def := BoardBeginner
	if beginner == nil {
		def = BoardRandom
	}
	switch v := setup.Option(OptBoard, def); {
	case v == BoardBeginner && beginner != nil:
		s.setBoard(beginner())
	case v == BoardRandom && random != nil:
		s.Phase = PhaseBoard
	default:
		return nil, fmt.Errorf("%s: option %s must be %q or %q, not %q", r.ID, OptBoard, BoardBeginner, BoardRandom, v)
	}
	if x := r.Expansion; x != nil {
		if err := x.New(s, setup); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// DecodeAction parses one logged action; errors wrap engine.ErrBadAction.
// Kinds and cards the game does not play are refused as unknown.
func (g Game) DecodeAction(data []byte) (engine.Action, error) {
	a, err := DecodeAction(data)
	if err != nil {
		return nil, err
	}
	r := g.r()
	if !r.owns(a.Type) {
		return nil, fmt.Errorf("%w: unknown action type %q in %s", engine.ErrBadAction, a.Type, r.ID)
	}
	f := actionFields[a.Type]
	if f&fResource != 0 && r.d.inPlay&(1<<uint(a.Resource)) == 0 ||
		f&fGive != 0 && !a.Give.within(r.d.inPlay) || f&fGet != 0 && !a.Get.within(r.d.inPlay) {
		return nil, fmt.Errorf("%w: unknown resource in %s", engine.ErrBadAction, r.ID)
	}
	return a, nil
}

// Apply performs seat's action (an Action or *Action). On error the state
// is unchanged.
func (s *State) Apply(seat engine.Seat, a engine.Action) error {
	switch x := a.(type) {
	case Action:
		return s.do(seat, &x)
	case *Action:
		if x == nil {
			return fmt.Errorf("%w: nil action", engine.ErrBadAction)
		}
		c := *x // the caller's action stays the caller's
		return s.do(seat, &c)
	}
	return fmt.Errorf("%w: %T is not a catan action", engine.ErrBadAction, a)
}

// Do is Apply for a concrete Action: validate, then change the state. On
// error the state is unchanged.
func (s *State) Do(seat engine.Seat, a Action) error { return s.do(seat, &a) }

// do is Do on a pointer, so that the action is not copied at each step.
func (s *State) do(seat engine.Seat, a *Action) error {
	if s.Phase >= firstExtPhase {
		return s.doExt(seat, a)
	}
	if s.Phase == PhaseOver || s.baseChance() || !s.baseDecides(int(seat)) || !s.rules.owns(a.Type) {
		return s.refusal(seat, a.Type)
	}
	p := int(seat)
	if r := s.rules; r.Expansion != nil || r.Forbid != nil {
		if err := s.extDo(p, a); err != errNotTaken {
			if err != nil {
				return err
			}
			s.sealedActed(p)
			if p == int(s.Active) || a.Type == ActEndTurn {
				s.checkWin()
			}
			return nil
		}
	}
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
	s.sealedActed(p)
	// Only the active player's own actions can change its points (and
	// end-turn makes the next player active).
	if p == int(s.Active) || a.Type == ActEndTurn {
		s.checkWin()
	}
	return nil
}

func (s *State) main(p int, a *Action) error {
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
	if s.Sealed != nil && s.Phase >= firstExtPhase {
		if _, c := s.rules.Expansion.Await(s); c != nil && (c.Hidden() || c.OpensSecret != 0) {
			return s.resolveHidden(*c, o)
		}
	}
	if s.Phase == PhaseSteal && s.secretSteals() {
		if err := s.resolveSteal(o); err != nil {
			return err
		}
		s.checkWin()
		return nil
	}
	if s.Sealed != nil && s.Phase == PhaseDraw {
		if err := s.resolveDraw(o); err != nil {
			return err
		}
		s.checkWin()
		return nil
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
		if m := s.rules.Board; m != nil {
			s.setBoard(m.Random(o))
		} else {
			s.setBoard(RandomBoard(o))
		}
	case PhaseStartRoll:
		s.startRoll(o)
	case PhaseDice:
		if d := s.rules.Dice; d != nil {
			d.Rolled(s, o)
		} else {
			s.rolled(int8(o[0]+1), int8(o[1]+1))
		}
	case PhaseSteal:
		s.steal(o[0])
	case PhaseDraw:
		s.draw(o[0])
	default:
		s.rules.Expansion.Resolve(s, o)
	}
	s.checkWin()
}

// doExt is Do in an expansion's phase: every action goes to the
// expansion.
func (s *State) doExt(seat engine.Seat, a *Action) error {
	if err := s.refusal(seat, a.Type); err != nil {
		return err
	}
	p := int(seat)
	if err := s.extDo(p, a); err != nil {
		return err
	}
	s.sealedActed(p)
	if p == int(s.Active) || a.Type == ActEndTurn {
		s.checkWin()
	}
	return nil
}

// refusal is why seat may not act now at all, or nil: the game is over,
// it waits for chance or for other seats, or the kind is not the game's.
func (s *State) refusal(seat engine.Seat, t ActionType) error {
	switch {
	case s.Phase == PhaseOver:
		return engine.ErrGameOver
	case s.isChance():
		return engine.ErrAwaitChance
	case !s.decides(int(seat)):
		return fmt.Errorf("%w (seat %d)", engine.ErrNotYourTurn, seat)
	case !s.rules.owns(t):
		return fmt.Errorf("%w: action type %d", engine.ErrBadAction, int(t))
	}
	return nil
}

// errNotTaken says the expansion left an action to the base rules.
var errNotTaken = fmt.Errorf("catan: not an expansion's action")

// extDo offers the action to the expansion first (see Expansion.Do), then
// checks Rules.Forbid; errNotTaken leaves it to the base rules.
func (s *State) extDo(p int, a *Action) error {
	r := s.rules
	if x := r.Expansion; x != nil {
		done, err := x.Do(s, p, *a)
		if err != nil || done {
			return err
		}
		if s.Phase >= firstExtPhase {
			return engine.Illegal("%v is not possible in phase %v", a.Type, s.Phase)
		}
	}
	if f := r.Forbid; f != nil {
		if err := f(s, p, *a); err != nil {
			return err
		}
	}
	return errNotTaken
}
