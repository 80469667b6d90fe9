// Package gameui is the seam between the table screen (app/shell) and the
// drawing of one game (app/catanui, app/burgundyui …).
//
// The games and their order come from the one list of games
// (engine/games.List): a listed game whose package has not registered a
// renderer shows as "coming soon". A game plugs its renderer in by
// registering an Entry from its package's init:
//
//	func init() {
//		gameui.Register(gameui.Entry{
//			ID: "burgundy", Options: []gameui.Option{…},
//			New: func() gameui.Renderer { return &Renderer{} },
//		})
//	}
//
// and by being imported (blank) from cmd/tabula. Title, blurb and player
// counts come from the list (and the engine), unless the entry sets them. The shell owns everything
// that is the same for every game: seats, hot-seat hand-over, bots and their
// pacing, undo, the log panel, saving, export/import, the end screen and
// the replay. The renderer draws the game from the engine's View for the
// seat on screen and turns clicks into engine Actions chosen from Legal —
// it never decides legality itself.
//
// At a table where a person plays, the shell also hands the renderer the
// state before the bots' latest moves (Env.BotBefore, kept by Highlight
// for HighlightFor after the last of them): the renderer marks what they
// changed with BotMark, and the shared stylesheet draws it as a halo that
// fades (still, where motion is reduced). Bot-only tables and the
// simulations pay nothing for it.
package gameui

import (
	"sort"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/i18n"
	"tabula/app/table"
	"tabula/engine"
	"tabula/engine/games"
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
	// Awaited is whose answer the table waits for now (bots deciding
	// answer before people; a seat that already answered a simultaneous
	// round is no longer awaited). The header and the dock both read it,
	// so that they never disagree; nil means the state's deciders.
	Awaited []engine.Seat
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
	// BotBefore is the state before the bots' latest moves while the
	// board marks what they changed (Highlight); nil otherwise.
	BotBefore engine.State
	// BotChances are the kinds of chance resolved after those moves
	// (Highlight.Chances): the dice a bot rolled are marked even when they
	// show the faces of the roll before.
	BotChances []string
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

// Speaker is implemented by renderers that say whose log line a chance
// entry is (see table.Speaker): the seat whose move called for it, or
// engine.Spectator for the table's own events.
type Speaker interface {
	Speaker(before engine.State, e engine.Entry) engine.Seat
}

// PrivateNarrator is implemented by renderers whose log holds what only
// some seats may know: NarrateFor puts an entry into words for reader
// (engine.Spectator: what everybody may know), never telling more than
// reader's view shows. The screens then narrate the log for whoever looks.
type PrivateNarrator interface {
	NarrateFor(reader engine.Seat, before, after engine.State, e engine.Entry, seats []engine.SeatInfo) string
}

// Reference is implemented by renderers with a card of facts a player
// looks up all the time (Catan's building costs): the screens show it
// beside the board on a wide screen and one tap away on a phone.
type Reference interface {
	Reference(env *Env) (title string, card app.UI)
}

// ScoreTable is the end screen's score breakdown.
type ScoreTable struct {
	Categories []string // message ids or plain text
	Rows       [][]int  // Rows[seat][category]: points
	Totals     []int
	// Counts are, for the categories whose points come from something
	// counted (settlements built, the road's length), that count per seat
	// (Counts[category][seat]): it shows in a labelled column of its own
	// before the points, so a 3 never reads as both. Keyed by category, so
	// columns added or dropped by others (an expansion's) stay aligned.
	Counts map[string][]int
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
	Title    string // message id ("game.<id>" when empty)
	Blurb    string // message id ("game.<id>.blurb" when empty)
	Min, Max int    // players (the engine's, or the list's, when zero)
	Options  []Option
	// New makes a renderer; nil means "coming soon".
	New func() Renderer
}

var entries = map[string]Entry{}

// Register adds or replaces a game's entry.
func Register(e Entry) { entries[e.ID] = e }

// Lookup returns a game's entry: its registered renderer, or a "coming
// soon" entry for a game of the list, with the list's facts filled in.
func Lookup(id string) (Entry, bool) {
	e, ok := entries[id]
	if !ok {
		if _, listed := games.Lookup(id); !listed {
			return Entry{}, false
		}
		e = Entry{ID: id}
	}
	return complete(e), true
}

// complete fills what an entry leaves out from the list and the engine.
func complete(e Entry) Entry {
	if e.Title == "" {
		e.Title = "game." + e.ID
	}
	if e.Blurb == "" {
		e.Blurb = "game." + e.ID + ".blurb"
	}
	if e.Min == 0 || e.Max == 0 {
		if g, err := engine.Lookup(e.ID); err == nil {
			e.Min, e.Max = g.MinPlayers(), g.MaxPlayers()
		} else if l, ok := games.Lookup(e.ID); ok {
			e.Min, e.Max = l.Min, l.Max
		}
	}
	return e
}

// Playable reports whether a game has both rules and a renderer here.
func (e Entry) Playable() bool {
	if e.New == nil {
		return false
	}
	_, err := engine.Lookup(e.ID)
	return err == nil
}

// All lists the games in the list's order, then any other registered
// entries (test games) by id.
func All() []Entry {
	var out []Entry
	seen := map[string]bool{}
	for _, g := range games.List {
		e, _ := Lookup(g.ID)
		out = append(out, e)
		seen[g.ID] = true
	}
	var rest []string
	for id := range entries {
		if !seen[id] {
			rest = append(rest, id)
		}
	}
	sort.Strings(rest)
	for _, id := range rest {
		out = append(out, complete(entries[id]))
	}
	return out
}

func init() {
	// The list's English titles and blurbs; translations are the
	// catalogue's (app/i18n).
	msgs := map[string]string{}
	for _, g := range games.List {
		msgs["game."+g.ID] = g.Title
		msgs["game."+g.ID+".blurb"] = g.Blurb
	}
	i18n.Add(i18n.English, msgs)
}
