package table

import (
	"encoding/json"
	"fmt"

	"tabula/engine"
)

// walk is a tiny game for controller tests: on your turn step (+1, up to
// three times), roll (a die, chance), draw (a secret card, chance) or end.
// First to 15 wins. Cards are private: View shows only your own.
type walkGame struct{}

const walkID = "test-walk"

func init() { engine.Register(walkGame{}) }

func (walkGame) ID() string           { return walkID }
func (walkGame) RulesVersion() string { return "test-walk/1" }
func (walkGame) MinPlayers() int      { return 2 }
func (walkGame) MaxPlayers() int      { return 4 }
func (walkGame) New(s engine.Setup) (engine.State, error) {
	return &walkState{Pos: make([]int, s.Players), Cards: make([][]int, s.Players)}, nil
}

type walkAction struct {
	Type string `json:"type"`
}

func (a walkAction) Kind() string { return a.Type }

func (walkGame) DecodeAction(b []byte) (engine.Action, error) {
	var a walkAction
	if err := json.Unmarshal(b, &a); err != nil {
		return nil, fmt.Errorf("%w: %v", engine.ErrBadAction, err)
	}
	switch a.Type {
	case "step", "roll", "draw", "end":
		return a, nil
	}
	return nil, fmt.Errorf("%w: %q", engine.ErrBadAction, a.Type)
}

type walkState struct {
	Turn    engine.Seat `json:"turn"`
	Pos     []int       `json:"pos"`
	Cards   [][]int     `json:"cards"`
	Steps   int         `json:"steps"`
	Pending string      `json:"pending"`
	Winner  engine.Seat `json:"winner"`
	Over    bool        `json:"over"`
}

func (s *walkState) Status() engine.Status {
	switch {
	case s.Over:
		return engine.Status{Over: true, Winners: []engine.Seat{s.Winner}}
	case s.Pending == "roll":
		return engine.Status{Chance: &engine.ChanceRequest{Kind: "dice", Ranges: []int{6}}}
	case s.Pending == "draw":
		return engine.Status{Chance: &engine.ChanceRequest{Kind: "draw", Ranges: []int{100}}}
	}
	return engine.Status{Deciders: []engine.Seat{s.Turn}}
}

func (s *walkState) Legal(seat engine.Seat) []engine.Action {
	if !s.Status().Decides(seat) {
		return nil
	}
	out := []engine.Action{walkAction{"roll"}, walkAction{"draw"}, walkAction{"end"}}
	if s.Steps < 3 {
		out = append(out, walkAction{"step"})
	}
	return out
}

func (s *walkState) Apply(seat engine.Seat, a engine.Action) error {
	if err := engine.CheckTurn(s.Status(), seat); err != nil {
		return err
	}
	switch a.(walkAction).Type {
	case "step":
		if s.Steps >= 3 {
			return engine.Illegal("three steps already")
		}
		s.Steps++
		s.move(1)
	case "roll", "draw":
		s.Pending = a.(walkAction).Type
	case "end":
		s.Steps = 0
		s.Turn = (s.Turn + 1) % engine.Seat(len(s.Pos))
	}
	return nil
}

func (s *walkState) move(n int) {
	s.Pos[s.Turn] += n
	if s.Pos[s.Turn] >= 15 {
		s.Over, s.Winner = true, s.Turn
	}
}

func (s *walkState) Resolve(o engine.Outcome) error {
	if err := engine.CheckChance(s.Status(), o); err != nil {
		return err
	}
	if s.Pending == "roll" {
		s.move(o[0] + 1)
	} else {
		s.Cards[s.Turn] = append(s.Cards[s.Turn], 1000+o[0])
	}
	s.Pending = ""
	return nil
}

func (s *walkState) View(seat engine.Seat) any {
	v := map[string]any{"turn": s.Turn, "pos": s.Pos}
	if seat >= 0 {
		v["mine"] = s.Cards[seat]
	}
	return v
}

func (s *walkState) Clone() engine.State {
	c := *s
	c.Pos = append([]int(nil), s.Pos...)
	c.Cards = make([][]int, len(s.Cards))
	for i := range s.Cards {
		c.Cards[i] = append([]int(nil), s.Cards[i]...)
	}
	return &c
}

func (s *walkState) Scores() []int { return append([]int(nil), s.Pos...) }
