package gameui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// OnPick is a board's click handler: pick gets the element clicked.
func OnPick(pick func(ctx app.Context, target app.Value)) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		t := e.Get("target")
		keep := boardFocus(e, t)
		pick(ctx, t)
		keep(ctx)
	}
}

// OnPickKey is a board's key handler: Enter or Space on a focused element
// picks it as a click would; other keys change nothing on screen.
func OnPickKey(pick func(ctx app.Context, target app.Value)) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		k := e.Get("key").String()
		if k != "Enter" && k != " " {
			ctx.PreventUpdate()
			return
		}
		e.PreventDefault()
		t := e.Get("target")
		keep := boardFocus(e, t)
		pick(ctx, t)
		keep(ctx)
	}
}

// boardFocus notes where the focus is before a pick on a board and
// returns what puts it back once the board is drawn again: acting on a
// spot redraws the board, and the element that had the focus is gone. The
// focus goes to the same spot if it is still there (data-act), else to the
// first lit spot, else to the board itself, so a keyboard player goes on
// from where they were instead of from the top of the page.
func boardFocus(e app.Event, target app.Value) func(app.Context) {
	none := func(app.Context) {}
	if !app.IsClient {
		return none
	}
	board := e.Get("currentTarget")
	doc := app.Window().Get("document")
	active := doc.Get("activeElement")
	if !board.Truthy() || !active.Truthy() || !board.Call("contains", active).Bool() {
		return none
	}
	id := board.Get("id").String()
	act := ""
	if target.Truthy() && target.Get("closest").Truthy() {
		if el := target.Call("closest", "[data-act]"); el.Truthy() {
			act = el.Call("getAttribute", "data-act").String()
		}
	}
	// The redraw comes in a frame or two; until then (at most ~0.6 s) each
	// frame looks whether the focus fell out of the page, and puts it back.
	restore := func() bool {
		b := doc.Call("getElementById", id)
		if id == "" || !b.Truthy() {
			return true
		}
		if a := doc.Get("activeElement"); a.Truthy() && !a.Equal(doc.Get("body")) && a.Get("isConnected").Bool() {
			return false // still somewhere (the spot survived, or a panel took it)
		}
		var to app.Value = app.Null()
		if act != "" {
			to = b.Call("querySelector", `[data-act="`+cssEscape(act)+`"]`)
		}
		if !to.Truthy() {
			to = b.Call("querySelector", ".spot")
		}
		if !to.Truthy() {
			if !b.Call("hasAttribute", "tabindex").Bool() {
				b.Call("setAttribute", "tabindex", "-1")
			}
			to = b
		}
		to.Call("focus", map[string]any{"preventScroll": true})
		return true
	}
	return func(app.Context) {
		frames := 0
		var tick app.Func
		tick = app.FuncOf(func(this app.Value, args []app.Value) any {
			frames++
			if restore() || frames > 36 {
				tick.Release()
				return nil
			}
			app.Window().Call("requestAnimationFrame", tick)
			return nil
		})
		app.Window().Call("requestAnimationFrame", tick)
	}
}

// cssEscape quotes s for an attribute selector.
func cssEscape(s string) string {
	return app.Window().Get("CSS").Call("escape", s).String()
}
