// Package enginetest holds Race, a tiny game that exercises every feature of
// the engine core (chance, hidden cards, simultaneous decisions, a winner)
// in a few dozen entries. Core, bot and sync-protocol tests use it so they
// do not depend on any real game's rules.
//
// Rules of Race (2–4 players, first to Goal wins):
//   - On your turn: Roll (a die: advance 1–6), Draw (a hidden card 1–3 into
//     your hand, at most 3 cards), or Play a card from your hand (advance by it).
//   - Rolling a 1 makes every other player holding cards discard one of their
//     choice, all at once; then play passes on.
//   - Reaching Goal or beyond wins at once.
//
// Sealed, Race draws from a deck of DeckSize cards instead (race_sealed.go),
// so network tests have hidden cards to deal.
package enginetest

import (
	"encoding/json"
	"fmt"

	"tabula/engine"
)

// ID is Race's game id.
const ID = "test-race"

// Goal is the position that wins.
const Goal = 20

func init() { engine.Register(Game{}) }

// Game is Race's rules.
type Game struct{}

func (Game) ID() string           { return ID }
func (Game) RulesVersion() string { return "test-race/1" }
func (Game) MinPlayers() int      { return 2 }
func (Game) MaxPlayers() int      { return 4 }

func (Game) New(setup engine.Setup) (engine.State, error) {
	s := &State{
		Pos:   make([]int, setup.Players),
		Hands: make([][]int, setup.Players),
		Must:  make([]bool, setup.Players),
	}
	if setup.IsSealed() {
		s.Sealed = &Sealed{Slots: make([][]Slot, setup.Players)}
	}
	return s, nil
}

// Action is a Race decision.
type Action struct {
	Type string `json:"type"`           // "roll", "draw", "play", "discard"
	Card int    `json:"card,omitempty"` // for play and discard
}

func (a Action) Kind() string { return a.Type }

func (Game) DecodeAction(data []byte) (engine.Action, error) {
	var a Action
	if err := json.Unmarshal(data, &a); err != nil {
		return nil, fmt.Errorf("%w: %v", engine.ErrBadAction, err)
	}
	switch a.Type {
	case "roll", "draw", "play", "discard":
		return a, nil
	}
	return nil, fmt.Errorf("%w: unknown action %q", engine.ErrBadAction, a.Type)
}

// State is a Race in progress.
type State struct {
	Turn    engine.Seat `json:"turn"`
	Pos     []int       `json:"pos"`
	Hands   [][]int     `json:"hands"`
	Must    []bool      `json:"must"`    // must discard now
	Pending string      `json:"pending"` // "" or the chance awaited: "roll", "draw"
	Winner  engine.Seat `json:"winner"`
	Over    bool        `json:"over"`
	Sealed  *Sealed     `json:"sealed,omitempty"`
}

func (s *State) discarding() bool {
	for _, m := range s.Must {
		if m {
			return true
		}
	}
	return false
}

func (s *State) Status() engine.Status {
	switch {
	case s.Over:
		return engine.Status{Over: true, Winners: []engine.Seat{s.Winner}}
	case s.Pending == "roll":
		return engine.Status{Chance: &engine.ChanceRequest{Kind: "die", Ranges: []int{6}}}
	case s.Pending == "draw" && s.Sealed != nil:
		return engine.Status{Chance: s.Sealed.draw(s.Turn)}
	case s.Pending == "draw":
		return engine.Status{Chance: &engine.ChanceRequest{Kind: "draw", Ranges: []int{3}}}
	case s.discarding():
		var d []engine.Seat
		for i, m := range s.Must {
			if m {
				d = append(d, engine.Seat(i))
			}
		}
		return engine.Status{Deciders: d}
	}
	return engine.Status{Deciders: []engine.Seat{s.Turn}}
}

func (s *State) Legal(seat engine.Seat) []engine.Action {
	st := s.Status()
	if !st.Decides(seat) {
		return nil
	}
	hand := s.Hands[seat]
	var out []engine.Action
	if s.discarding() {
		for _, c := range distinct(hand) {
			out = append(out, Action{Type: "discard", Card: c})
		}
		return out
	}
	out = append(out, Action{Type: "roll"})
	if len(hand) < 3 && s.Sealed.canDraw() {
		out = append(out, Action{Type: "draw"})
	}
	for _, c := range distinct(hand) {
		out = append(out, Action{Type: "play", Card: c})
	}
	return out
}

func distinct(hand []int) []int {
	var out []int
	for c := 1; c <= 3; c++ {
		for _, h := range hand {
			if h == c {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

func (s *State) Apply(seat engine.Seat, a engine.Action) error {
	if err := engine.CheckTurn(s.Status(), seat); err != nil {
		return err
	}
	act, ok := a.(Action)
	if !ok {
		return fmt.Errorf("%w: not a Race action", engine.ErrBadAction)
	}
	hand := s.Hands[seat]
	if (act.Type == "play" || act.Type == "discard") && (act.Card < 1 || act.Card > 3) {
		return engine.Illegal("no card %d in the game", act.Card) // 0 stands for an unknown card
	}
	if s.discarding() {
		if act.Type != "discard" {
			return engine.Illegal("discard first")
		}
		i := index(hand, act.Card)
		if i < 0 {
			return engine.Illegal("no card %d in hand", act.Card)
		}
		s.Hands[seat] = remove(hand, i)
		s.Sealed.remove(seat, i)
		s.Must[seat] = false
		if !s.discarding() {
			s.pass()
		}
		return nil
	}
	switch act.Type {
	case "roll":
		s.Pending = "roll"
	case "draw":
		if len(hand) >= 3 {
			return engine.Illegal("hand is full")
		}
		if !s.Sealed.canDraw() {
			return engine.Illegal("the deck is empty")
		}
		s.Pending = "draw"
	case "play":
		i := index(hand, act.Card)
		if i < 0 {
			return engine.Illegal("no card %d in hand", act.Card)
		}
		s.Hands[seat] = remove(hand, i)
		s.Sealed.remove(seat, i)
		if !s.advance(act.Card) {
			s.pass()
		}
	default:
		return engine.Illegal("cannot %s now", act.Type)
	}
	return nil
}

func (s *State) Resolve(o engine.Outcome) error {
	if err := engine.CheckChance(s.Status(), o); err != nil {
		return err
	}
	kind := s.Pending
	s.Pending = ""
	if kind == "draw" && s.Sealed != nil {
		s.Hands[s.Turn] = append(s.Hands[s.Turn], s.Sealed.drawn(s.Turn, o[0]))
		s.pass()
		return nil
	}
	if kind == "draw" {
		s.Hands[s.Turn] = append(s.Hands[s.Turn], o[0]+1)
		s.pass()
		return nil
	}
	if s.advance(o[0] + 1) {
		return nil
	}
	if o[0] == 0 {
		for i := range s.Must {
			s.Must[i] = engine.Seat(i) != s.Turn && len(s.Hands[i]) > 0
		}
		if s.discarding() {
			return nil // play passes on once everyone has discarded
		}
	}
	s.pass()
	return nil
}

// advance moves the active player and reports whether they won.
func (s *State) advance(n int) bool {
	s.Pos[s.Turn] += n
	if s.Pos[s.Turn] >= Goal {
		s.Over, s.Winner = true, s.Turn
	}
	return s.Over
}

func (s *State) pass() { s.Turn = (s.Turn + 1) % engine.Seat(len(s.Pos)) }

// View hides other players' cards (their count stays public).
func (s *State) View(seat engine.Seat) any {
	v := struct {
		Turn  engine.Seat `json:"turn"`
		Pos   []int       `json:"pos"`
		Hand  []int       `json:"hand,omitempty"`
		Count []int       `json:"count"`
	}{Turn: s.Turn, Pos: s.Pos}
	for i, h := range s.Hands {
		v.Count = append(v.Count, len(h))
		if engine.Seat(i) == seat {
			v.Hand = h
		}
	}
	return v
}

func (s *State) Clone() engine.State {
	c := *s
	c.Pos = append([]int(nil), s.Pos...)
	c.Must = append([]bool(nil), s.Must...)
	c.Hands = make([][]int, len(s.Hands))
	for i, h := range s.Hands {
		c.Hands[i] = append([]int(nil), h...)
	}
	c.Sealed = s.Sealed.clone()
	return &c
}

func (s *State) Scores() []int { return append([]int(nil), s.Pos...) }

// Evaluate prefers being ahead, and cards in hand a little.
func (s *State) Evaluate(seat engine.Seat) float64 {
	v := float64(s.Pos[seat])
	for _, c := range s.Hands[seat] {
		v += 0.5 * float64(c)
	}
	return v
}

func index(hand []int, c int) int {
	for i, h := range hand {
		if h == c {
			return i
		}
	}
	return -1
}

func remove(hand []int, i int) []int {
	out := append([]int(nil), hand[:i]...)
	return append(out, hand[i+1:]...)
}
