package gameui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// OnPick is a board's click handler: pick gets the element clicked.
func OnPick(pick func(ctx app.Context, target app.Value)) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		pick(ctx, e.Get("target"))
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
		pick(ctx, e.Get("target"))
	}
}
