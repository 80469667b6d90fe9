// Package traders draws Catan: Traders & Barbarians, the caravan scenario
// (game "traders-barbarians", rules in engine/catan/traders, rules note
// docs/traders-barbarians.md), as an addon of app/catanui: the base
// renderer draws the island, the buildings, the hands, trade and the
// chronicle cards; this package adds what the scenario puts on the table.
//
//   - Board (Layer): the plazas' spokes, the cargo stacks beside the castle,
//     the quarry and the glassworks, the barbarians on their paths, every
//     wagon with its cargo; for the player moving, the intersections the
//     wagon can reach with their cost (a path preview with the tolls and
//     the grain boost on hover and focus), the barbarians it may try to
//     drive off, and the barbarian moves of a 7 or a Knight.
//   - Side: each player's wagon level, gold, cargo and deliveries, and the
//     stacks.
//   - Dock: the movement (points, grain boost, drive-offs, the destination
//     chosen), wagon upgrades, buying and selling with gold, Swift Journey.
//   - Narrate and Scores: the log lines of the scenario's actions and
//     chance, and the deliveries and wagon columns of the end screen.
//   - The rules screen (rules.go), in the catalogue's three languages.
//
// Like the base renderer it decides nothing: spots and buttons come from
// the engine's legal actions, a click on a destination sends the engine's
// own route (traders.Route) after trying it on a copy of the state.
package traders

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/catanui"
	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/engine"
	"tabula/engine/catan"
	tb "tabula/engine/catan/traders"
)

func init() {
	catanui.Register(gameui.Entry{ID: tb.ID}, func() catanui.Addon { return newAddon() })
}

// addon is the scenario's part of one table's renderer: the half-made
// choices between renders.
type addon struct {
	// from is the path of the barbarian chosen to move after a 7 or a
	// Knight, -1 none.
	from int
	// dest is the destination picked and shown with its route, waiting
	// for a second click (a route that pays a toll or the grain, or any
	// route on a phone, where nothing hovers), -1 none.
	dest int
	// gold: the gold chooser (buy and sell) is open.
	gold bool
	// env is the latest render's. Handlers read it when they run: go-app
	// keeps an element's handler while its code is the same, so what a
	// closure caught may be an older render's (handlers that act on
	// something drawn carry it in an app.EventScope instead).
	env *gameui.Env
}

func newAddon() *addon { return &addon{from: -1, dest: -1} }

// Reset drops the half-made choices (the shell calls it after each action,
// an undo, a hand-over).
func (u *addon) Reset() { u.from, u.dest, u.gold = -1, -1, false }

// views is the base view and the scenario's part of it.
func views(env *gameui.Env) (*catan.View, *tb.View) {
	v, ok := env.View.(*catan.View)
	if !ok {
		return nil, nil
	}
	x, _ := v.Ext.(*tb.View)
	if x == nil {
		return nil, nil
	}
	return v, x
}

// movement is the viewer's movement step when the viewer may move the
// wagon now (nil otherwise).
func movement(env *gameui.Env, x *tb.View) *tb.MovementView {
	if env.Replay || x == nil || x.Movement == nil || len(env.Legal) == 0 || int(env.Viewer) != x.Movement.Seat {
		return nil
	}
	return x.Movement
}

// destination is node n of the movement's reachable set.
func destination(m *tb.MovementView, n int) (tb.Destination, bool) {
	if m == nil {
		return tb.Destination{}, false
	}
	for _, d := range m.Reachable {
		if d.Node == n {
			return d, true
		}
	}
	return tb.Destination{}, false
}

// Pick handles the scenario's own spots: "go:<node>" a destination of the
// wagon, "barbarian:<path>" the barbarian a 7 or a Knight moves.
func (u *addon) Pick(ctx app.Context, env *gameui.Env, value string) {
	_, x := views(env)
	kind, arg, _ := strings.Cut(value, ":")
	n, err := strconv.Atoi(arg)
	if x == nil || err != nil {
		return
	}
	switch kind {
	case "barbarian":
		if u.from == n {
			u.from = -1
		} else {
			u.from = n
		}
	case "go":
		m := movement(env, x)
		d, ok := destination(m, n)
		if !ok {
			return
		}
		if u.dest != n && (env.Compact || d.Gold > 0 || d.Boost) {
			u.dest = n // shown first; the second click goes
			return
		}
		u.travel(ctx, env, m, d)
	}
}

// goChosen takes the way to the destination picked before.
func (u *addon) goChosen(ctx app.Context) {
	env := u.env
	if _, x := views(env); x != nil {
		m := movement(env, x)
		if d, ok := destination(m, u.dest); ok {
			u.travel(ctx, env, m, d)
		}
	}
}

// travel sends the actions that take the wagon to d. The route is tried
// on a copy of the state first: its steps are applied one by one, and a
// step refused halfway would leave the wagon somewhere not chosen.
func (u *addon) travel(ctx app.Context, env *gameui.Env, m *tb.MovementView, d tb.Destination) {
	route := tb.Route(d, m.Points)
	trial := env.State.Clone()
	for _, a := range route {
		if err := trial.Apply(env.Viewer, a); err != nil {
			if env.Notice != nil {
				env.Notice(gameui.ErrorText(err))
			}
			return
		}
	}
	u.dest = -1
	for _, a := range route {
		env.Act(ctx, a)
	}
}

// Word names the base game's development cards as the scenario's
// chronicle cards, and its Knight as the one that moves a barbarian.
func (u *addon) Word(id string) string {
	return map[string]string{
		"catan.buy":       "traders.word.buy",
		"catan.deck":      "traders.word.deck",
		"catan.devs":      "traders.word.devs",
		"catan.devcards":  "traders.word.devcards",
		"catan.costs.dev": "traders.word.costdev",
		"why.deckempty":   "traders.word.deckempty",
		"why.onecard":     "traders.word.onecard",
		"dev.knight.tip":  "traders.word.knight",
	}[id]
}

// Ask is the header's line for the scenario's own phases: the wagon's
// movement, moving a barbarian, putting a driven-off one on a path.
func (u *addon) Ask(env *gameui.Env, seat engine.Seat, code string) (gameui.Wait, bool) {
	switch code {
	case tb.PhaseMove.String():
		// With no movement left, only ending the turn is: the header says so.
		if _, x := views(env); x != nil && x.Movement != nil && int(seat) == x.Movement.Seat &&
			(x.Movement.Over || len(x.Movement.Reachable) == 0) {
			return gameui.Waiting(env, seat, "traders.turn.you.moved", "traders.turn.other.moved"), true
		}
		return gameui.Waiting(env, seat, "traders.turn.you."+code, "traders.turn.other."+code), true
	case tb.PhaseBarbarian.String(), tb.PhasePlaceBarbarian.String():
		return gameui.Waiting(env, seat, "traders.turn.you."+code, "traders.turn.other."+code), true
	}
	return gameui.Wait{}, false
}

// Note is a seat's gold, on its phone chip.
func (u *addon) Note(env *gameui.Env, seat int) string {
	_, x := views(env)
	if x == nil || seat < 0 || seat >= len(x.Wagons) {
		return ""
	}
	return N("traders.gold", x.Wagons[seat].Gold)
}

// Dice: the base game's two dice (the scenario has none of its own).
func (u *addon) Dice(env *gameui.Env) app.UI { return nil }

// legal lists the viewer's legal actions of kind t with their indexes.
func legal(env *gameui.Env, t catan.ActionType) ([]catan.Action, []int) {
	return catanui.LegalOf(env, t)
}

func has(env *gameui.Env, t catan.ActionType) bool {
	a, _ := legal(env, t)
	return len(a) > 0
}

// T is the catalogue; N its plural form for count n.
func T(id string, args ...any) string        { return gameui.T(id, args...) }
func N(id string, n int, args ...any) string { return i18n.N(id, n, args...) }

// theHex is a trade hex's name in a sentence ("the castle"), toHex where
// a wagon goes ("to the castle"): separate messages, as languages inflect
// them differently.
func theHex(kind string) string { return T("traders.the." + kind) }
func toHex(kind string) string  { return T("traders.to." + kind) }

// placeName names node n: a trade hex's plaza by its hex, an
// intersection of the island as the base board labels it.
func placeName(b catanui.Board, x *tb.View, n int) string {
	for _, h := range x.TradeHexes {
		if h.Plaza == n {
			return theHex(h.Kind)
		}
	}
	if n < 0 || n >= len(b.View.Vertices) {
		return "?"
	}
	return b.VertexName(n)
}

// seatName is seat p's name at the table.
func seatName(env *gameui.Env, p int) string { return env.Table.Name(engine.Seat(p)) }
