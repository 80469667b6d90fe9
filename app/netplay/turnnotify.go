package netplay

import (
	"errors"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
)

// errTaken: another tab, or the screen, plays the game.
var errTaken = errors.New("netplay: the game is played elsewhere on this device")

// Notifications (the browser's Notification API): shown only when the
// person granted them, asked only on a click of theirs (NotifyAsk).

// NotifyState is the browser's permission for notifications: "granted",
// "denied", "default" (not asked yet) or "" (no Notification API).
func NotifyState() string {
	if !app.IsClient {
		return ""
	}
	n := app.Window().Get("Notification")
	if !n.Truthy() {
		return ""
	}
	return n.Get("permission").String()
}

// NotifyAsk asks the browser for the permission (call it from a click);
// done runs once the person answered.
func NotifyAsk(done func()) {
	n := app.Window().Get("Notification")
	if !app.IsClient || !n.Truthy() {
		return
	}
	var then app.Func
	then = app.FuncOf(func(this app.Value, args []app.Value) any {
		then.Release()
		if done != nil {
			done()
		}
		return nil
	})
	n.Call("requestPermission").Call("then", then)
}

// notifyTurn says that game m waits for the person's move, if allowed.
// A browser that refuses (a JavaScript exception) leaves the game as it
// was: the home screen lists it anyway.
func notifyTurn(m *Meta) {
	if NotifyState() != "granted" {
		return
	}
	defer func() { _ = recover() }()
	initJS()
	title := m.Game
	if e, ok := gameui.Lookup(m.Game); ok {
		title = T(e.Title)
	}
	opts := map[string]any{"body": T("net.turn.notify.body", title, strings.Join(m.Names, ", ")), "tag": "tabula-" + m.ID}
	app.Window().Get("Notification").New(T("net.turn.notify.title"), opts)
	if app.IsClient {
		w := app.Window()
		if c := w.Get("tabulaNet"); c.Truthy() {
			n := 0
			if v := c.Get("notified"); v.Truthy() {
				n = v.Int()
			}
			c.Set("notified", n+1) // for the browser tests
		}
	}
}

// ServeTurns serves this device's turn-based games in the background
// while none is on screen (turnsvc.go); update runs (on any goroutine)
// when what Waiting returns changed. The shell calls it once the page is
// up; calling it again only looks for new games.
func (s *Screen) ServeTurns(update func()) {
	s.init()
	tabsMu.Lock()
	onLive = s.turns.stop // another tab put the game on screen
	tabsMu.Unlock()
	s.turns.start(update)
}

// Waiting lists the turn-based games waiting on this device's person.
func (s *Screen) Waiting() []TurnWait {
	s.init()
	return s.turns.Waiting()
}

// OpenGame puts stored network game id on screen.
func (s *Screen) OpenGame(id string) {
	s.run(func(ctx app.Context) { s.notice = nil; s.open(ctx, id) })
}
