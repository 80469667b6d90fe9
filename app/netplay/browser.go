package netplay

import (
	"strings"
	"sync"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Page helpers. Outside a browser go-app's JS values do nothing, so these
// are safe in native tests.

// initJS creates window.tabulaNet, where timings are kept for
// measurements: applied[seq] and authored[seq] are wall-clock times in
// milliseconds (performance.timeOrigin + performance.now(), comparable
// between pages of one machine), marks[name] the same for setup steps.
func initJS() {
	if !app.IsClient {
		return
	}
	w := app.Window()
	if w.Get("tabulaNet").Truthy() {
		return
	}
	obj := app.Window().Get("Object")
	n := obj.New()
	n.Set("applied", obj.New())
	n.Set("authored", obj.New())
	n.Set("marks", obj.New())
	w.Set("tabulaNet", n)
}

// prof accumulates where a page's time goes (milliseconds per activity),
// published as window.tabulaNet.prof for measurements.
var (
	profMu sync.Mutex
	prof   = map[string]float64{}
)

// timed is f's result, its time added to prof[name].
func timed[T any](name string, f func() T) T {
	defer profAdd(name, time.Now())
	return f()
}

func profAdd(name string, since time.Time) { profTook(name, time.Since(since)) }

func profTook(name string, took time.Duration) {
	d := float64(took.Microseconds()) / 1000
	profMu.Lock()
	prof[name] += d
	prof[name+"#"]++
	profMu.Unlock()
}

func publishProf() {
	if !app.IsClient {
		return
	}
	n := app.Window().Get("tabulaNet")
	if !n.Truthy() {
		return
	}
	o := app.Window().Get("Object").New()
	profMu.Lock()
	for k, v := range prof {
		o.Set(k, v)
	}
	profMu.Unlock()
	n.Set("prof", o)
}

func nowMS() float64 {
	p := app.Window().Get("performance")
	return p.Get("timeOrigin").Float() + p.Call("now").Float()
}

func stamp(what string, seq uint64) {
	if !app.IsClient {
		return
	}
	n := app.Window().Get("tabulaNet")
	if !n.Truthy() {
		return
	}
	m := n.Get(what)
	if m.Truthy() {
		m.SetIndex(int(seq), nowMS())
	}
}

func mark(name string) {
	if !app.IsClient {
		return
	}
	if n := app.Window().Get("tabulaNet"); n.Truthy() {
		n.Get("marks").Set(name, nowMS())
	}
}

// clearFragment drops an invite from the address bar, so a reload resumes
// the joined game instead of joining again.
func clearFragment() {
	if !app.IsClient {
		return
	}
	loc := app.Window().Get("location")
	app.Window().Get("history").Call("replaceState", nil, "", loc.Get("pathname").String()+loc.Get("search").String())
}

// origin is where the app is served from, the base of invite links: the
// scheme, host and directory of the page (the site may live under a
// sub-path such as https://example.org/tabula/).
func origin() string {
	if !app.IsClient {
		return "http://localhost"
	}
	loc := app.Window().Get("location")
	path := loc.Get("pathname").String()
	return loc.Get("origin").String() + path[:strings.LastIndex(path, "/")+1]
}

// copyText puts text on the clipboard (selecting the field as a fallback
// where the clipboard API is refused).
func copyText(fieldID, text string) {
	if !app.IsClient {
		return
	}
	defer func() { _ = recover() }()
	nav := app.Window().Get("navigator")
	if c := nav.Get("clipboard"); c.Truthy() {
		p := c.Call("writeText", text)
		if p.Truthy() {
			p.Call("catch", app.FuncOf(func(this app.Value, args []app.Value) any { return nil }))
		}
	}
	if el := app.Window().GetElementByID(fieldID); el.Truthy() {
		el.Call("select")
		app.Window().Get("document").Call("execCommand", "copy")
	}
}

// canShare reports whether the device has a share sheet (phones).
func canShare() bool {
	return app.IsClient && app.Window().Get("navigator").Get("share").Truthy()
}

// share hands a link (or a code, as text) to the device's share sheet.
func share(text string, isLink bool) {
	if !canShare() {
		return
	}
	defer func() { _ = recover() }()
	data := map[string]any{"title": "Tabula"}
	if isLink {
		data["url"] = text
	} else {
		data["text"] = text
	}
	p := app.Window().Get("navigator").Call("share", data)
	if p.Truthy() {
		p.Call("catch", app.FuncOf(func(this app.Value, args []app.Value) any { return nil }))
	}
}

// One network game, one tab: two tabs of this browser playing the same
// game would speak for one seat with one key. Before a tab opens a stored
// game it asks the others on a BroadcastChannel; a tab that plays it
// answers "taken" (and deals with the link that came with the question:
// a reconnect link opened in a new tab is answered by the game's tab).
var (
	tabs       app.Value
	tabsListen app.Func
	tabsMu     sync.Mutex
	// live is the id of the game this tab plays ("" none).
	live string
	// onLink deals with a link that another tab passed on (UI goroutine
	// of this tab's screen).
	onLink func(link string)
	// onLive hears that another tab put game id on screen (any goroutine):
	// this tab's background service lets go of it (turnsvc.go).
	onLive func(id string)
	// answers wait for "taken" replies, per game id.
	answers = map[string]chan struct{}{}
)

const tabsChannel = "tabula-net-games"

func tabChannel() app.Value {
	if !app.IsClient {
		return app.Null()
	}
	if tabs != nil && tabs.Truthy() {
		return tabs
	}
	if !app.Window().Get("BroadcastChannel").Truthy() {
		return app.Null()
	}
	tabs = app.Window().Get("BroadcastChannel").New(tabsChannel)
	tabsListen = app.FuncOf(func(this app.Value, args []app.Value) any {
		d := args[0].Get("data")
		if !d.Truthy() {
			return nil
		}
		kind, id := d.Get("kind").String(), d.Get("id").String()
		tabsMu.Lock()
		mine := id != "" && id == live
		wait := answers[id]
		tabsMu.Unlock()
		switch kind {
		case "ask":
			if mine {
				tabs.Call("postMessage", map[string]any{"kind": "taken", "id": id})
				if link := d.Get("link").String(); link != "" && onLink != nil {
					onLink(link)
				}
			}
		case "live":
			tabsMu.Lock()
			f := onLive
			tabsMu.Unlock()
			if f != nil && id != "" {
				go f(id)
			}
		case "taken":
			if wait != nil {
				select {
				case wait <- struct{}{}:
				default:
				}
			}
		}
		return nil
	})
	tabs.Call("addEventListener", "message", tabsListen)
	return tabs
}

// setLive records the game this tab plays ("" none).
func setLive(id string) {
	ch := tabChannel()
	tabsMu.Lock()
	live = id
	tabsMu.Unlock()
	if id != "" && ch.Truthy() {
		// Another tab's home screen may serve this game in the background.
		ch.Call("postMessage", map[string]any{"kind": "live", "id": id})
	}
}

// askTabs asks the other tabs whether one plays game id, passing link on
// to it; it waits up to d for an answer. Call it off the UI goroutine.
func askTabs(id, link string, d time.Duration) bool {
	ch := tabChannel()
	if !ch.Truthy() || id == "" {
		return false
	}
	wait := make(chan struct{}, 1)
	tabsMu.Lock()
	answers[id] = wait
	tabsMu.Unlock()
	defer func() {
		tabsMu.Lock()
		delete(answers, id)
		tabsMu.Unlock()
	}()
	ch.Call("postMessage", map[string]any{"kind": "ask", "id": id, "link": link})
	select {
	case <-wait:
		return true
	case <-time.After(d):
		return false
	}
}

// consoleError writes msg to the browser's console as an error: the
// reason in full (the screen shows it in the person's words), for whoever
// debugs the page, and for the browser tests, which print console errors
// when they fail.
func consoleError(msg string) {
	if app.IsClient {
		app.Window().Get("console").Call("error", msg)
	}
}
