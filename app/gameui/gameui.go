// Package gameui is the seam between the table screen (app/shell) and the
// drawing of one game (app/catanui, app/burgundyui …).
//
// A game plugs in by registering an Entry from its package's init:
//
//	func init() {
//		gameui.Register(gameui.Entry{
//			ID: "burgundy", Title: "game.burgundy", Min: 2, Max: 4,
//			Options: []gameui.Option{…},
//			New: func() gameui.Renderer { return &Renderer{} },
//		})
//	}
//
// and by being imported (blank) from cmd/tabula. The shell owns everything
// that is the same for every game: seats, hot-seat hand-over, bots and their
// pacing, undo, the log panel, saving, export/import, the end screen and
// the replay. The renderer draws the game from the engine's View for the
// seat on screen and turns clicks into engine Actions chosen from Legal —
// it never decides legality itself.
package gameui

import (
	"sort"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/table"
	"tabula/engine"
)

// Env is what a renderer draws from, rebuilt for every render.
type Env struct {
	Table *table.Table
	// Viewer is the seat on screen; Spectator while the device is being
	// passed, during a replay, or when only bots play.
	Viewer engine.Seat
	// State is the state to draw. Renderers read only State.View(Viewer)
	// for anything private, and may read public facts from it.
	State engine.State
	// View is State.View(Viewer).
	View any
	// Legal is what Viewer may do now; nil when it is not their move.
	Legal []engine.Action
	// Act applies an action for Viewer (the shell saves and re-renders);
	// call it from an event handler with that handler's context.
	Act func(ctx app.Context, a engine.Action)
	// Styles are the seats' colours and shapes.
	Styles []SeatStyle
	// Replay is set while the end screen steps through the log.
	Replay bool
	// Compact is set on narrow (phone) screens.
	Compact bool
	// Notice is set by the shell to show a transient message.
	Notice func(string)
}

// Renderer draws one game. One value per table: it may keep UI modes
// (a chosen build, a trade being composed) between renders.
type Renderer interface {
	// Board is the main area: the board, scaled to its box.
	Board(env *Env) app.UI
	// Side is the per-player summary (points, card counts, awards) and any
	// public supply (bank, decks).
	Side(env *Env) app.UI
	// Dock is the viewer's own hand and the actions they can take.
	Dock(env *Env) app.UI
	// Narrate puts one log entry into words.
	Narrate(before, after engine.State, e engine.Entry, seats []engine.SeatInfo) string
	// Scores breaks down the points of every seat, by category, for the end
	// screen (Categories name the columns).
	Scores(s engine.State) ScoreTable
	// Reset drops any half-made choice (after undo, a hand-over, a load).
	Reset()
}

// ScoreTable is the end screen's score breakdown.
type ScoreTable struct {
	Categories []string // message ids or plain text
	Rows       [][]int  // Rows[seat][category]
	Totals     []int
}

// Option is one new-game choice (board layout, variants).
type Option struct {
	Key     string   // Setup.Options key
	Label   string   // message id
	Choices []Choice // first is the default
}

// Choice is one value of an Option.
type Choice struct {
	Value string
	Label string // message id
}

// Entry describes a game on the home screen.
type Entry struct {
	ID       string // engine game id
	Title    string // message id
	Blurb    string // message id
	Min, Max int
	Options  []Option
	// New makes a renderer; nil means "coming soon".
	New func() Renderer
}

var entries = map[string]Entry{}

// Register adds or replaces a game's entry.
func Register(e Entry) { entries[e.ID] = e }

// Lookup returns a game's entry.
func Lookup(id string) (Entry, bool) {
	e, ok := entries[id]
	return e, ok
}

// Playable reports whether a game has both rules and a renderer here.
func (e Entry) Playable() bool {
	if e.New == nil {
		return false
	}
	_, err := engine.Lookup(e.ID)
	return err == nil
}

// Order is the order of the five games on the home screen.
var Order = []string{"catan", "cities-knights", "traders-barbarians", "burgundy", "agricola"}

// All lists the entries in home-screen order, then any others by id.
func All() []Entry {
	var out []Entry
	seen := map[string]bool{}
	for _, id := range Order {
		if e, ok := entries[id]; ok {
			out = append(out, e)
			seen[id] = true
		}
	}
	var rest []string
	for id := range entries {
		if !seen[id] {
			rest = append(rest, id)
		}
	}
	sort.Strings(rest)
	for _, id := range rest {
		out = append(out, entries[id])
	}
	return out
}

func init() {
	// The five games, "coming soon" until their package registers a renderer.
	for _, g := range []Entry{
		{ID: "catan", Title: "game.catan", Blurb: "game.catan.blurb", Min: 3, Max: 4},
		{ID: "cities-knights", Title: "game.cities-knights", Blurb: "game.cities-knights.blurb", Min: 3, Max: 4},
		{ID: "traders-barbarians", Title: "game.traders-barbarians", Blurb: "game.traders-barbarians.blurb", Min: 3, Max: 4},
		{ID: "burgundy", Title: "game.burgundy", Blurb: "game.burgundy.blurb", Min: 2, Max: 4},
		{ID: "agricola", Title: "game.agricola", Blurb: "game.agricola.blurb", Min: 1, Max: 4},
	} {
		if _, done := entries[g.ID]; !done {
			entries[g.ID] = g
		}
	}
}
