// Package simtest holds Broken, a deliberately faulty variant of the Race
// test game (engine/enginetest), so tests of simulation tools can show they
// catch each kind of engine bug and name the game's seed. Only tests import
// it; importing it registers the game "test-broken". Its state also has a
// Summary, for cmd/replay's tests.
//
// Setup options:
//   - "break": what goes wrong — "invariant" (CheckInvariants fails, but
//     not its cheap part), "cheap" (CheckCheapInvariants fails, and so
//     CheckInvariants), "panic" (Apply panics), "refuse" (Apply refuses a
//     legal action), "status" (Status claims over and deciders at once),
//     "nolegal" (a decider gets no legal actions), "leaky" (a refused
//     out-of-turn Apply still changes the state), "view" (seat 1's view
//     never encodes; "at" does not matter). Empty: plays exactly like Race.
//   - "at": the fault strikes only while some player's position is exactly
//     this (default 7), so some seeds fail and others do not.
package simtest

import (
	"errors"
	"fmt"
	"strconv"

	"tabula/engine"
	"tabula/engine/enginetest"
)

// ID is the game id of Broken.
const ID = "test-broken"

func init() { engine.Register(Game{}) }

// Game is Race with a fault.
type Game struct{}

func (Game) ID() string           { return ID }
func (Game) RulesVersion() string { return "test-broken/1" }
func (Game) MinPlayers() int      { return 2 }
func (Game) MaxPlayers() int      { return 4 }

func (Game) New(setup engine.Setup) (engine.State, error) {
	at, err := strconv.Atoi(setup.Option("at", "7"))
	if err != nil {
		return nil, fmt.Errorf("option at: %v", err)
	}
	st, err := enginetest.Game{}.New(setup)
	if err != nil {
		return nil, err
	}
	return &State{State: st.(*enginetest.State), Break: setup.Option("break", ""), At: at}, nil
}

func (Game) DecodeAction(data []byte) (engine.Action, error) {
	return enginetest.Game{}.DecodeAction(data)
}

// State is a Race state with a fault.
type State struct {
	*enginetest.State
	Break string `json:"break"`
	At    int    `json:"at"`
}

func (s *State) struck() bool {
	for _, p := range s.Pos {
		if p == s.At {
			return true
		}
	}
	return false
}

func (s *State) Status() engine.Status {
	st := s.State.Status()
	if s.Break == "status" && s.struck() && !st.Over && st.Chance == nil {
		st.Over = true
	}
	return st
}

func (s *State) Legal(seat engine.Seat) []engine.Action {
	if s.Break == "nolegal" && s.struck() {
		return nil
	}
	return s.State.Legal(seat)
}

func (s *State) Apply(seat engine.Seat, a engine.Action) error {
	if s.struck() {
		switch s.Break {
		case "panic":
			panic("simtest: deliberate panic")
		case "refuse":
			return engine.Illegal("simtest: deliberate refusal")
		}
	}
	if s.Break == "leaky" && s.struck() && !s.State.Status().Decides(seat) {
		s.Pos[0]++ // the bug: a change before the refusal
	}
	return s.State.Apply(seat, a)
}

func (s *State) View(seat engine.Seat) any {
	if s.Break == "view" && seat == 1 {
		return func() {} // encoding/json refuses functions
	}
	return s.State.View(seat)
}

func (s *State) Clone() engine.State {
	return &State{State: s.State.Clone().(*enginetest.State), Break: s.Break, At: s.At}
}

// Summary is the public summary cmd/replay shows: who leads.
func (s *State) Summary() any {
	lead := 0
	for i, p := range s.Pos {
		if p > s.Pos[lead] {
			lead = i
		}
	}
	return map[string]int{"leader": lead}
}

// CheckInvariants implements check.Invariants.
func (s *State) CheckInvariants() error {
	if s.Break == "invariant" && s.struck() {
		return errors.New("simtest: deliberate invariant failure")
	}
	return s.CheckCheapInvariants()
}

// CheckCheapInvariants implements check.CheapInvariants.
func (s *State) CheckCheapInvariants() error {
	if s.Break == "cheap" && s.struck() {
		return errors.New("simtest: deliberate cheap invariant failure")
	}
	return nil
}
