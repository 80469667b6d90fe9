package agricola

import (
	"errors"
	"testing"

	"tabula/engine"
	"tabula/engine/agricola/farmyard"
)

// familySetup is the set-up of a family game (no cards) of players.
func familySetup(players int) engine.Setup {
	return engine.Setup{Players: players, Options: map[string]string{OptionCards: CardsNone}}
}

// newGame starts a family game of players with seat 0 as starting player
// and the stage cards revealed in the order given (then the first left in
// each stage), and returns it in round 1's work phase.
func newGame(t *testing.T, players int, order ...string) *State {
	t.Helper()
	st, err := Game{}.New(familySetup(players))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if s.top().Kind == FrameStart {
		if err := s.Resolve(engine.Outcome{0}); err != nil {
			t.Fatal(err)
		}
	}
	orders[s] = order
	s.reveal(t)
	return s
}

// orders keeps the stage-card order each test game still has to reveal.
var orders = map[*State][]string{}

// reveal answers the stage-card chance with the next card of the order
// given to newGame (the first left otherwise).
func (s *State) reveal(t *testing.T) {
	t.Helper()
	for s.Status().Chance != nil {
		stage := StageOf(s.Round + 1)
		pick := 0
		for len(orders[s]) > 0 {
			want := orders[s][0]
			orders[s] = orders[s][1:]
			found := false
			for i, id := range s.Stages[stage] {
				if id == want {
					pick, found = i, true
				}
			}
			if found {
				break
			}
			t.Fatalf("stage card %q not left in stage %d", want, stage)
		}
		if err := s.Resolve(engine.Outcome{pick}); err != nil {
			t.Fatal(err)
		}
	}
}

// do applies a, which must be accepted.
func do(t *testing.T, s *State, seat engine.Seat, a Action) {
	t.Helper()
	if err := s.Apply(seat, a); err != nil {
		t.Fatalf("%v by seat %d: %v (stack %+v)", a, seat, err, s.Stack)
	}
	s.reveal(t)
}

// refuse applies a, which must be refused as illegal, changing nothing.
func refuse(t *testing.T, s *State, seat engine.Seat, a Action) error {
	t.Helper()
	before := engine.HashHex(s)
	err := s.Apply(seat, a)
	if err == nil {
		t.Fatalf("%v by seat %d accepted", a, seat)
	}
	if !errors.Is(err, engine.ErrIllegal) && !errors.Is(err, engine.ErrNotYourTurn) && !errors.Is(err, engine.ErrBadAction) {
		t.Fatalf("%v: error without a kind: %v", a, err)
	}
	if engine.HashHex(s) != before {
		t.Fatalf("refused %v changed the state", a)
	}
	return err
}

func place(id string) Action                  { return Action{Name: ActPlace, Space: id} }
func room(c farmyard.Cell) Action             { return Action{Name: ActRoom, Cell: c} }
func stable(c farmyard.Cell) Action           { return Action{Name: ActStable, Cell: c} }
func plowAt(c farmyard.Cell) Action           { return Action{Name: ActPlow, Cell: c} }
func sowAt(c farmyard.Cell, crop Good) Action { return Action{Name: ActSow, Cell: c, Crop: crop} }
func fences(f farmyard.Fences) Action         { return Action{Name: ActFences, Fences: f} }
func major(id string) Action                  { return Action{Name: ActMajor, Card: id} }
func done() Action                            { return Action{Name: ActDone} }
func bakeN(n int) Action                      { return Action{Name: ActBake, N: n} }
func convertOnce(id string) Action            { return Action{Name: ActConvert, Card: id} }
func keepHerd(s, b, c int) Action             { return Action{Name: ActKeep, Sheep: s, Boar: b, Cattle: c} }

// give adds goods to a seat's supply directly (test set-up).
func give(s *State, seat engine.Seat, g Goods) { s.Seats[seat].Goods = s.Seats[seat].Goods.Plus(g) }

// onBoard puts a stage card in play (as if revealed this round) for tests
// that need a space out of its round.
func onBoard(s *State, id string) {
	for k := 1; k <= Stages; k++ {
		for i, c := range s.Stages[k] {
			if c == id {
				s.Stages[k] = append(s.Stages[k][:i:i], s.Stages[k][i+1:]...)
			}
		}
	}
	s.Board = append(s.Board, Space{ID: id})
}

// hasAction reports whether a is among seat's options.
func hasAction(s *State, seat engine.Seat, a Action) bool {
	for _, o := range s.Options(seat) {
		if o == a {
			return true
		}
	}
	return false
}

// skipTurns lets every player other than seat pass their placements on
// Day Laborer-like spaces until it is seat's turn (test helper: places
// them on the first usable space).
func skipTo(t *testing.T, s *State, seat engine.Seat) {
	t.Helper()
	for s.Decider() != seat {
		d := s.Decider()
		if d < 0 {
			t.Fatal("no decider")
		}
		opts := s.Options(d)
		if len(opts) == 0 {
			t.Fatalf("seat %d has no options", d)
		}
		do(t, s, d, opts[0])
	}
}

// endWork ends the work phase at once: everyone counts as placed, so the
// round moves on to return home and any harvest (test set-up).
func endWork(t *testing.T, s *State) {
	t.Helper()
	if len(s.Stack) != 0 {
		t.Fatalf("stack not empty: %+v", s.Stack)
	}
	for i := range s.Seats {
		p := &s.Seats[i]
		p.Placed = p.People - p.Newborns
	}
	s.advance()
	s.reveal(t)
}

// checkOK runs the invariants.
func checkOK(t *testing.T, s *State) {
	t.Helper()
	if err := s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}
