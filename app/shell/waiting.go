package shell

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
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
	title := w.Game
	if e, ok := gameui.Lookup(w.Game); ok {
		title = T(e.Title)
	}
	status := T("home.waiting.witness")
	if w.Mine {
		status = T("home.waiting.mine")
	}
	id := w.ID
	return app.Li().Class("saved-row turn-waiting-row").DataSet("id", id).DataSet("mine", w.Mine).Body(
		app.Div().Class("saved-info").Body(
			app.Strong().Text(title),
			app.Div().Class("small").Text(T("home.players", strings.Join(w.Names, ", "))),
			app.Div().Class("small turn-status").Text(status),
		),
		app.Div().Class("saved-actions").Body(
			app.Button().Class("btn primary").Type("button").Text(T("home.open")).
				OnClick(func(ctx app.Context, e app.Event) { r.openNetGame(id) }, app.EventScope(id)),
		),
	)
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
