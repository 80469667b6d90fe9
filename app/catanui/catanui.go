// Package catanui draws the games of the Catan family (engine/catan) for
// the Tabula shell: the island as SVG, the players, the viewer's hand and
// every action the engine's Legal offers. It implements gameui.Renderer
// for the base game ("catan") and, with an Addon, for each expansion.
//
// It decides nothing about the rules: buttons and highlighted spots come
// from the legal actions, clicks become catan.Actions applied by the
// engine. Reasons shown on disabled buttons ("needs 1 brick, 1 lumber") are
// hints derived from public costs, never a second check. Everything it
// draws comes from the engine's View: the board's hexes, intersections
// (with their positions) and paths, the card kinds in play, the phase and
// each seat's prompt, so an expansion's board and cards draw with the same
// code.
//
// # Extension points
//
// An expansion's UI package (app/catanui/citiesknights …) does not draw a
// second board: it registers its game with Register and an Addon, which
// adds layers of pieces and clickable spots to the board (Addon.Layer,
// with the geometry of Board), a side panel (Side), the dock's prompt and
// panels for its own phases and actions (Dock), narration of its own log
// entries (Narrate) and score columns (Scores). Spots of its own kind
// (Board.VertexPick) go to its Pick when it is a Picker, and a Wording
// renames base terms (Word).
package catanui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/app/table"
	"tabula/engine"
	"tabula/engine/catan"
)

func init() {
	Register(gameui.Entry{ID: catan.ID, Options: []gameui.Option{BoardOption}}, nil)
}

// BoardOption is the new-game choice of board (beginner or random), for
// the base game and an expansion on the base island.
var BoardOption = gameui.Option{
	Key: catan.OptBoard, Label: "catan.opt.board",
	Choices: []gameui.Choice{
		{Value: catan.BoardBeginner, Label: "catan.opt.board.beginner"},
		{Value: catan.BoardRandom, Label: "catan.opt.board.random"},
	},
}

// Register makes a game of the Catan family playable with this renderer:
// the base game with a nil addon, an expansion with its Addon (a fresh one
// per table, from newAddon).
func Register(e gameui.Entry, newAddon func() Addon) {
	e.New = func() gameui.Renderer {
		r := &Renderer{}
		if newAddon != nil {
			r.addon = newAddon()
		}
		r.Reset()
		return r
	}
	gameui.Register(e)
	table.RegisterOffering(e.ID, offering)
}

// offering is the Catan family's trade offers, for the table's bot
// courtesy (table.Offering; the rule itself is engine/bot's, on the
// state's offers): a domestic offer, answered by every other player.
var offering = table.Offering{
	Offer: func(a engine.Action) bool {
		c, ok := a.(catan.Action)
		return ok && c.Type == catan.ActProposeTrade
	},
	Decline: func(s engine.State, seat engine.Seat) (engine.Seat, engine.Action) {
		c, ok := s.(*catan.State)
		if !ok || c.Phase != catan.PhaseTradeOffer || !c.Status().Decides(seat) {
			return 0, nil
		}
		return engine.Seat(c.Active), catan.RejectTrade()
	},
}

// Addon is what an expansion's UI adds to the renderer. Every method gets
// the same Env as the renderer; the view is env.View.(*catan.View), with
// the expansion's part in its Ext.
type Addon interface {
	// Layer is SVG drawn over the base game's pieces and under its spots:
	// the expansion's pieces (knights, wagons, barbarians, walls…) and the
	// spots of its own actions (see Board.VertexSpot: a spot carries the
	// index of its action in env.Legal, and a click applies it).
	Layer(env *gameui.Env, b Board) string
	// Side is shown under the base game's side panel (a barbarian track,
	// improvement charts, gold).
	Side(env *gameui.Env) app.UI
	// Dock is shown above the viewer's hand: the prompt and panel of the
	// expansion's phases (their prompt code is the phase's name), and the
	// buttons of its actions. A click in it drops the base game's
	// placement mode (Board.Mode), so the two choices never mix.
	Dock(env *gameui.Env) app.UI
	// Narrate puts an entry into words, or "" to leave it to the base
	// game's narration (its own actions and chance, and a base entry it
	// says more about).
	Narrate(before, after *catan.State, e engine.Entry, name func(seat int) string) string
	// Scores adds its columns to the end screen's table (Rows[seat] gets
	// one value per added category).
	Scores(s *catan.State, t *gameui.ScoreTable)
	// Reset drops a half-made choice.
	Reset()
}

// Picker is an Addon with spots of its own kind (Board.VertexPick,
// EdgePick): a click or Enter on one calls Pick with the spot's value and
// the env of the latest render.
// Pick may apply actions through env.Act (several in a row for a route)
// or keep a half-made choice for the next render.
type Picker interface {
	Pick(ctx app.Context, env *gameui.Env, value string)
}

// Wording is an Addon that calls some of the base game's things by its
// own words (chronicle cards for development cards, a Knight that moves a
// barbarian): Word is the message id to show for a base message id, or
// "" to keep the base's. The base renderer asks it for the development
// cards' names, tips, counts and reasons.
type Wording interface {
	Word(id string) string
}

// word is message id, or the addon's word for it.
func (r *Renderer) word(id string) string {
	if w, ok := r.addon.(Wording); ok {
		if x := w.Word(id); x != "" {
			return x
		}
	}
	return id
}

// Mode is what a click on the board means.
type Mode int

const (
	ModeNone Mode = iota
	ModeRoad
	ModeSettlement
	ModeCity
)

// Renderer is the Catan family's gameui.Renderer. Its fields are UI
// choices in progress; the game itself lives in the engine.
type Renderer struct {
	addon Addon // the expansion's, nil in the base game
	mode  Mode
	// panel is an open chooser: "bank", "offer", "counter", "yop", "mono".
	panel             string
	give              catan.Resources // composer: cards given (trade, discard, counter)
	get               catan.Resources // composer: cards taken
	bankGive, bankGet int             // maritime: chosen kinds, -1 none

	// legal is the legal list of the last render; board spots carry
	// indexes into it.
	legal []engine.Action
	// env is the last render's, for an addon's Pick: go-app keeps an
	// element's handler while its code is the same, so the board's
	// handler holds the env of an older render.
	env *gameui.Env
	// prev is the model drawn at the board's last change, to animate only
	// new pieces; board keeps the markup while nothing changes.
	prev  *model
	board gameui.Steady
}

// Reset drops half-made choices.
func (r *Renderer) Reset() {
	r.mode, r.panel = ModeNone, ""
	r.give, r.get = catan.Resources{}, catan.Resources{}
	r.bankGive, r.bankGet = -1, -1
	if r.addon != nil {
		r.addon.Reset()
	}
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

// LegalOf is legalOf for addons: the viewer's legal actions of kind t,
// each with its index in env.Legal (what a spot's data-act carries).
func LegalOf(env *gameui.Env, t catan.ActionType) (actions []catan.Action, index []int) {
	for _, x := range legalOf(env, t) {
		actions, index = append(actions, x.a), append(index, x.i)
	}
	return actions, index
}

type indexed struct {
	i int
	a catan.Action
}

func has(env *gameui.Env, t catan.ActionType) bool { return len(legalOf(env, t)) > 0 }

// T is the catalogue.
func T(id string, args ...any) string { return gameui.T(id, args...) }

// N is the plural form of id for count n (n is the first argument).
func N(id string, n int, args ...any) string { return i18n.N(id, n, args...) }

// JoinAnd is "a, b and c" (names in labels and log lines).
func JoinAnd(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	return T("catan.and", strings.Join(s[:len(s)-1], ", "), s[len(s)-1])
}
