package sealedtest_test

import (
	"encoding/json"
	"errors"
	"testing"

	"tabula/engine"
	"tabula/engine/sealedtest"
)

// Guess is the smallest game with a secret: chance gives seat 0 a secret
// die (audience seat 0 only); seat 0 then either shows it itself or asks
// the table to open it (a public request); the value decides the winner.
type guess struct{}

type guessState struct {
	Die    int  `json:"die"` // engine.Unknown until known here
	Drawn  bool `json:"drawn"`
	Asked  bool `json:"asked"`
	Opened bool `json:"opened"`
	Done   bool `json:"done"` // the die was played after its Shown
}

type guessAction struct {
	Type string `json:"type"` // "show" or "ask"
}

func (a guessAction) Kind() string { return a.Type }

func (guess) ID() string           { return "guess" }
func (guess) RulesVersion() string { return "1" }
func (guess) MinPlayers() int      { return 2 }
func (guess) MaxPlayers() int      { return 2 }
func (guess) New(engine.Setup) (engine.State, error) {
	return &guessState{Die: engine.Unknown}, nil
}
func (guess) DecodeAction(b []byte) (engine.Action, error) {
	var a guessAction
	err := json.Unmarshal(b, &a)
	return a, err
}
func (guess) Decks(engine.Setup) []engine.DeckSpec { return nil }

var secretDie = engine.ChanceRequest{Kind: "die", Ranges: []int{6}, Secret: 1, Audience: []engine.Seat{0}}

func (s *guessState) Status() engine.Status {
	switch {
	case !s.Drawn:
		return engine.Status{Chance: &secretDie}
	case s.Asked && !s.Opened:
		return engine.Status{Chance: &engine.ChanceRequest{Kind: "die-open", Ranges: []int{6}, OpensSecret: 1}}
	case s.Opened && (s.Asked || s.Done):
		return engine.Status{Over: true, Winners: []engine.Seat{engine.Seat(s.Die % 2)}}
	}
	return engine.Status{Deciders: []engine.Seat{0}}
}

func (s *guessState) Legal(seat engine.Seat) []engine.Action {
	if !s.Status().Decides(seat) {
		return nil
	}
	return []engine.Action{guessAction{"show"}, guessAction{"ask"}}
}

func (s *guessState) Apply(seat engine.Seat, a engine.Action) error {
	x, ok := a.(guessAction)
	if !ok || !s.Status().Decides(seat) {
		return engine.ErrIllegal
	}
	switch {
	case x.Type == "ask":
		s.Asked = true
	case x.Type == "show" && s.Opened:
		s.Done = true
	default:
		return engine.ErrIllegal // a die shown only once the Shown came
	}
	return nil
}

func (s *guessState) Resolve(o engine.Outcome) error {
	req := s.Status().Chance
	if req == nil {
		return engine.ErrNoChance
	}
	if err := req.Fits(o); err != nil {
		return err
	}
	if req.OpensSecret != 0 {
		return s.open(o[0])
	}
	s.Die, s.Drawn = o[0], true
	return nil
}

func (s *guessState) open(v int) error {
	if s.Die != engine.Unknown && s.Die != v {
		return engine.ErrIllegal
	}
	s.Die, s.Opened = v, true
	return nil
}

func (s *guessState) Show(sh engine.Shown) error {
	if sh.Deck != engine.SecretDeck || sh.Cards[0] != 1 || sh.Values[0] < 0 || sh.Values[0] >= 6 {
		return engine.ErrIllegal
	}
	return s.open(sh.Values[0])
}

func (s *guessState) MustShow(seat engine.Seat, a engine.Action) []engine.Shown {
	if x, ok := a.(guessAction); ok && x.Type == "show" && s.Die != engine.Unknown && !s.Opened {
		return []engine.Shown{{Deck: engine.SecretDeck, Cards: []int{1}, Values: []int{s.Die}}}
	}
	return nil
}

func (s *guessState) View(seat engine.Seat) any {
	if seat == 0 || s.Opened {
		return s
	}
	c := *s
	c.Die = engine.Unknown
	return c
}
func (s *guessState) Clone() engine.State { c := *s; return &c }
func (s *guessState) Scores() []int       { return []int{0, 0} }

// A secret reaches its audience only; opened by the holder's Shown or by a
// public request, every device learns the same value.
func TestSecretOpenedBothWays(t *testing.T) {
	for _, how := range []string{"show", "ask"} {
		tb, err := sealedtest.New(guess{}, engine.Setup{Players: 2, Options: map[string]string{engine.Secrets: "1"}}, 4)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tb.Step(sealedtest.Random); err != nil {
			t.Fatal(err)
		}
		die := tb.Referee.State.(*guessState).Die
		if tb.Devices[0].State.(*guessState).Die != die || tb.Devices[1].State.(*guessState).Die != engine.Unknown || tb.Hidden != 1 {
			t.Fatalf("after the secret: seat 0 holds %d, seat 1 %d (die %d)", tb.Devices[0].State.(*guessState).Die, tb.Devices[1].State.(*guessState).Die, die)
		}
		if err := tb.Move(0, guessAction{how}); err != nil {
			t.Fatalf("%s: %v", how, err)
		}
		if err := tb.Play(10, nil); err != nil {
			t.Fatalf("%s: %v", how, err)
		}
		for s, m := range tb.Devices {
			if m.State.(*guessState).Die != die || !m.State.Status().Over {
				t.Fatalf("%s: device %d holds %d, want %d", how, s, m.State.(*guessState).Die, die)
			}
		}
		if want := map[string]int{"show": 1, "ask": 0}[how]; tb.Shown != want {
			t.Fatalf("%s: %d shown", how, tb.Shown)
		}
	}
}

// A device that knows a secret refuses a wrong opening.
func TestSecretWrongOpeningRefused(t *testing.T) {
	tb, err := sealedtest.New(guess{}, engine.Setup{Players: 2, Options: map[string]string{engine.Secrets: "1"}}, 4)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Step(sealedtest.Random); err != nil {
		t.Fatal(err)
	}
	if err := tb.Move(0, guessAction{"ask"}); err != nil {
		t.Fatal(err)
	}
	die := tb.Referee.State.(*guessState).Die
	if err := tb.Devices[0].Resolve(engine.Outcome{(die + 1) % 6}); !errors.Is(err, engine.ErrIllegal) {
		t.Fatalf("seat 0's device took a wrong opening: %v", err)
	}
	if err := tb.Devices[1].Resolve(engine.Outcome{(die + 1) % 6}); err != nil {
		t.Fatalf("seat 1's device cannot tell: %v", err)
	}
}
