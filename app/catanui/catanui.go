// Package catanui draws Catan (engine/catan) for the Tabula shell: the
// island as SVG, the players, the viewer's hand and every action the
// engine's Legal offers. It implements gameui.Renderer and registers itself
// for the game id "catan".
//
// It decides nothing about the rules: buttons and highlighted spots come
// from the legal actions, clicks become catan.Actions applied by the
// engine. Reasons shown on disabled buttons ("needs 1 brick, 1 lumber") are
// hints derived from public costs, never a second check.
package catanui

import (
	"tabula/app/gameui"
	"tabula/engine"
	"tabula/engine/catan"
)

func init() {
	gameui.Register(gameui.Entry{
		ID: catan.ID, Title: "game.catan", Blurb: "game.catan.blurb",
		Min: catan.MinPlayers, Max: catan.MaxPlayers,
		Options: []gameui.Option{{
			Key: catan.OptBoard, Label: "catan.opt.board",
			Choices: []gameui.Choice{
				{Value: catan.BoardBeginner, Label: "catan.opt.board.beginner"},
				{Value: catan.BoardRandom, Label: "catan.opt.board.random"},
			},
		}},
		New: func() gameui.Renderer { return &Renderer{} },
	})
}

// Mode is what a click on the board means.
type Mode int

const (
	ModeNone Mode = iota
	ModeRoad
	ModeSettlement
	ModeCity
)

// Renderer is Catan's gameui.Renderer. Its fields are UI choices in
// progress; the game itself lives in the engine.
type Renderer struct {
	mode Mode
	// panel is an open chooser: "bank", "offer", "counter", "yop", "mono".
	panel             string
	give              catan.Resources // composer: cards given (trade, discard, counter)
	get               catan.Resources // composer: cards taken
	bankGive, bankGet int             // maritime: chosen resources, -1 none

	// legal is the legal list of the last render; board spots carry
	// indexes into it.
	legal []engine.Action
	// prev is the model drawn last, to animate only new pieces.
	prev *model
}

// Reset drops half-made choices.
func (r *Renderer) Reset() {
	r.mode, r.panel = ModeNone, ""
	r.give, r.get = catan.Resources{}, catan.Resources{}
	r.bankGive, r.bankGet = -1, -1
}

// legalOf lists the viewer's legal actions of one type, with their index
// in env.Legal.
func legalOf(env *gameui.Env, t catan.ActionType) []indexed {
	var out []indexed
	for i, a := range env.Legal {
		if ca, ok := a.(catan.Action); ok && ca.Type == t {
			out = append(out, indexed{i, ca})
		}
	}
	return out
}

type indexed struct {
	i int
	a catan.Action
}

func has(env *gameui.Env, t catan.ActionType) bool { return len(legalOf(env, t)) > 0 }
