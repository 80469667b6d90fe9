package shell

import (
	"strings"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/app/netplay"
)

// The home screen's "games waiting for you": the turn-based network games
// that wait on this device's person (its move, or its device's part in a
// roll), served in the background while the app is open
// (netplay.Screen.ServeTurns).

func (r *Root) renderWaiting() app.UI {
	waits := r.net.Waiting()
	return app.If(len(waits) > 0, func() app.UI {
		rows := make([]app.UI, len(waits))
		for i, w := range waits {
			rows[i] = r.waitingRow(w)
		}
		return app.Section().Class("waiting").ID("turn-waiting").Aria("labelledby", "waiting-h").Body(
			app.H2().ID("waiting-h").Text(T("home.waiting")),
			app.Ul().Class("saved-list").Body(rows...),
			r.notifyControl(),
		)
	})
}

func (r *Root) waitingRow(w netplay.TurnWait) app.UI {
	status := T("home.waiting.witness")
	if w.Mine {
		status = T("home.waiting.mine")
	}
	if d := waited(w.Since); d != "" {
		status += " · " + T("home.waited.you", d)
	}
	id := w.ID
	return app.Li().Class("saved-row turn-waiting-row").DataSet("id", id).DataSet("mine", w.Mine).Body(
		app.Div().Class("saved-info").Body(
			app.Strong().Text(gameTitle(w.Game)),
			app.Div().Class("small").Text(T("home.players", strings.Join(w.Names, ", "))),
			app.Div().Class("small turn-status").Text(status),
		),
		app.Div().Class("saved-actions").Body(
			app.Button().Class("btn primary").Type("button").Text(T("home.open")).
				OnClick(func(ctx app.Context, e app.Event) { r.openNetGame(id) }, app.EventScope(id)),
		),
	)
}

// renderOthers lists the turn-based games that wait on other people: on
// whom and for how long, and a way to leave one whose player went away
// for good (nobody is handed to the bot on a turn-based table).
func (r *Root) renderOthers() app.UI {
	others := r.net.Others()
	return app.If(len(others) > 0, func() app.UI {
		rows := make([]app.UI, len(others))
		for i, w := range others {
			rows[i] = r.othersRow(w)
		}
		return app.Section().Class("waiting").ID("turn-others").Aria("labelledby", "others-h").Body(
			app.H2().ID("others-h").Text(T("home.others")),
			app.Ul().Class("saved-list").Body(rows...),
		)
	})
}

func (r *Root) othersRow(w netplay.TurnWait) app.UI {
	var names []string
	for _, s := range w.Waits {
		if s >= 0 && s < len(w.Names) {
			names = append(names, w.Names[s])
		}
	}
	who := strings.Join(names, ", ")
	status := T("home.waited.on", who)
	if d := waited(w.Since); d != "" {
		status = T("home.waited.onfor", who, d)
	}
	id := w.ID
	return app.Li().Class("saved-row turn-others-row").DataSet("id", id).DataSet("waits", who).Body(
		app.Div().Class("saved-info").Body(
			app.Strong().Text(gameTitle(w.Game)),
			app.Div().Class("small").Text(T("home.players", strings.Join(w.Names, ", "))),
			app.Div().Class("small turn-status").Text(status),
		),
		app.Div().Class("saved-actions").Body(
			app.Button().Class("btn").Type("button").Text(T("home.open")).
				OnClick(func(ctx app.Context, e app.Event) { r.openNetGame(id) }, app.EventScope(id)),
			app.Button().Class("btn ghost").Type("button").ID("leave-"+id).Text(T("home.others.leave")).
				OnClick(func(ctx app.Context, e app.Event) {
					if app.IsClient && !app.Window().Call("confirm", T("home.others.leaveask")).Bool() {
						return
					}
					_ = r.net.Archive(id)
				}, app.EventScope(id)),
		),
	)
}

// waited says how long since t, in whole minutes, hours or days ("" when
// t is unknown or under a minute ago).
func waited(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	d := time.Since(t)
	switch {
	case d < time.Minute:
		return ""
	case d < time.Hour:
		return i18n.N("home.waited.min", int(d/time.Minute))
	case d < 48*time.Hour:
		return i18n.N("home.waited.hour", int(d/time.Hour))
	}
	return i18n.N("home.waited.day", int(d/(24*time.Hour)))
}

func gameTitle(game string) string {
	if e, ok := gameui.Lookup(game); ok {
		return T(e.Title)
	}
	return game
}

// notifyControl asks for notifications on a click only, and says when
// the browser blocks them.
func (r *Root) notifyControl() app.UI {
	switch netplay.NotifyState() {
	case "default":
		return app.Button().Class("btn").ID("turn-notify").Type("button").Text(T("home.waiting.notify")).
			OnClick(func(ctx app.Context, e app.Event) {
				netplay.NotifyAsk(func() { r.ctx.Dispatch(func(ctx app.Context) {}) })
			})
	case "denied":
		return app.P().Class("muted small").Text(T("home.waiting.denied"))
	case "granted":
		return app.P().Class("muted small").ID("turn-notify-on").Text(T("home.waiting.on"))
	}
	return app.Text("")
}

// openNetGame puts a stored network game on screen.
func (r *Root) openNetGame(id string) {
	r.games.SetCurrent("")
	r.net.OpenGame(id)
	r.screen = screenNet
	app.Window().Call("scrollTo", 0, 0)
}
