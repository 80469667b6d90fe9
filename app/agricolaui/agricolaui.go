// Package agricolaui draws Agricola (engine/agricola) for the Tabula shell:
// the action board with the goods piled on each space and the people
// standing there, the round track with the stage cards revealed, the goods
// waiting on round spaces and the harvests, every farmyard as SVG (rooms,
// fields and crops, pastures, stables, fences, animals, people at home),
// each player's supply, the food the next harvest asks, the major
// improvements, the cards in hand and in play, and a live score. It
// implements gameui.Renderer and registers itself for the game id
// "agricola" (its line in engine/games gives the rest); the rules screen
// (app/rules) is registered here too. What the
// engine plays is written down in docs/agricola.md.
//
// It decides nothing about the rules. Everything lit or offered comes from
// the engine's Options for the seat on screen; where the engine's list is a
// canonical subset (fences, animals to keep) the player may build any set
// of fence edges or any arrangement of animals, and the engine's own pure
// previews (PreviewFences, PreviewAnimals, CheckArrangement, Targets, Cost)
// say live what it would give, what it costs and why it is refused, before
// the action is sent for Apply to validate.
//
// Choices made here:
//   - The action board is HTML (cards that wrap to any width, with text
//     that stays legible on a phone); the farmyards are SVG.
//   - In a fence-building decision the farm splits into one hit area per
//     fence edge (the triangles between the edge and the cells' centres),
//     so edges are big targets for a finger; every edge is also a focusable
//     button for the keyboard.
//   - Animals move freely (the engine keeps only how many of each kind a
//     farm has): the arrangement panel lets the player place each animal
//     in a pasture, stable, the house or a card and checks it live; when
//     animals must go, what is placed is what is kept.
//   - Texts of the majors and of cards come from the catalogue
//     ("agricola.card.<id>" when present), their numbers from the engine.
//   - The CSS ships inside the board (style.go), as in app/burgundyui.
package agricolaui

import (
	"tabula/app/gameui"
	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// Agricola's line in the one list of games (engine/games) gives its title,
// blurb and player counts; this adds the renderer.
func init() {
	gameui.Register(gameui.Entry{ID: agricola.ID, New: func() gameui.Renderer { return New() },
		Options: []gameui.Option{
			{Key: agricola.OptionCards, Label: "agricola.opt.cards", Choices: []gameui.Choice{
				{Value: agricola.CardsAB, Label: "agricola.opt.cards.ab"}, {Value: agricola.CardsNone, Label: "agricola.opt.cards.none"}}},
			{Key: agricola.OptionDraft, Label: "agricola.opt.draft", Choices: []gameui.Choice{
				{Value: "off", Label: "agricola.opt.draft.off"}, {Value: "on", Label: "agricola.opt.draft.on"}}},
		}})
}

// New makes a renderer for one table.
func New() *Renderer {
	renderers++
	return &Renderer{shown: -2, uid: renderers}
}

// renderers counts the renderers made, to tell their handlers apart.
var renderers int

// Renderer is Agricola's gameui.Renderer. Its fields are UI choices in
// progress; the game itself lives in the engine.
type Renderer struct {
	uid int // this renderer among others (scopes its event handlers)
	// shown is the farm drawn large; -2 follows the viewer (or the seat
	// deciding). A viewing preference: Reset keeps it.
	shown   engine.Seat
	shownBy engine.Seat
	// pick is a target standing for several actions, whose chooser is open.
	pick string
	// fences are the fence edges the player has clicked in a fence-building
	// decision (new fences only).
	fences farmyard.Fences
	// arrange is a hand-made arrangement of the viewer's animals (one herd
	// per holder); arrangeKey says for which holders and totals it was made,
	// so it is dropped when the farm changes. arranging: the panel is open
	// outside a decision.
	arrange    []farmyard.Herd
	arrangeKey string
	arranging  bool
	// quick keeps the words of suggested fence sets (quickLabel); minis
	// the thumbnails of the farms (miniFarm), by seat: key and drawing.
	quick map[string]string
	minis map[int][2]string
	// info is the card whose text is open on it (its “i” button), "" none.
	info string

	// The last render's options and targets (clicks resolve through them).
	env     *gameui.Env
	cur     *render
	legal   []agricola.Action
	targets map[string][]int

	// The farm drawn large at its last change, to animate only what is
	// new on it; farm keeps the markup while nothing changes.
	farm      gameui.Steady
	actions   gameui.Steady // the action board (its bots' marks go without a redraw)
	drawn     farmyard.Set
	drawnSeat int
	drawnOK   bool
}

// Reset drops half-made choices (after any action, undo, hand-over, load).
func (r *Renderer) Reset() {
	r.pick, r.fences, r.arranging = "", 0, false
	r.arrange, r.arrangeKey = nil, ""
	r.env, r.cur = nil, nil
}

// viewOf reads the engine's view for the seat on screen.
func viewOf(env *gameui.Env) *agricola.View { return gameui.ViewAs[agricola.View](env.View) }

// stateOf is the state drawn, for the engine's pure previews.
func stateOf(env *gameui.Env) *agricola.State {
	s, _ := env.State.(*agricola.State)
	return s
}

// options is env.Legal with the concrete type.
func options(env *gameui.Env) []agricola.Action { return gameui.Typed[agricola.Action](env.Legal) }

// seatName is the player's name (or "Seat n").
func seatName(env *gameui.Env, s int) string {
	if env != nil && env.Table != nil {
		if n := env.Table.Name(engine.Seat(s)); n != "" {
			return n
		}
	}
	return T("agricola.seat", s+1)
}

// style is seat s's colour and shape.
func style(env *gameui.Env, s int) gameui.SeatStyle {
	if len(env.Styles) == 0 {
		return gameui.Palette[s%len(gameui.Palette)]
	}
	return env.Styles[s%len(env.Styles)]
}

// T is the catalogue.
func T(id string, args ...any) string { return gameui.T(id, args...) }
