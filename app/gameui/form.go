package gameui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Pieces of the new-game forms, hot-seat (app/shell) and network
// (app/netplay).

// OptionField is the select of option o (element id id), showing value
// and handing a new choice to set.
func OptionField(id string, o Option, value string, set func(string)) app.UI {
	choices := make([]app.UI, len(o.Choices))
	for k, c := range o.Choices {
		choices[k] = app.Option().Value(c.Value).Selected(value == c.Value).Text(T(c.Label))
	}
	return app.Div().Class("field").Body(
		app.Label().For(id).Text(T(o.Label)),
		app.Select().ID(id).Body(choices...).OnChange(func(ctx app.Context, e app.Event) {
			set(ctx.JSSrc().Get("value").String())
			// The scope: another game's option drawn in this place gets its
			// own handler (go-app keeps one whose code is unchanged).
		}, app.EventScope(id)),
	)
}

// ColorSelect is seat i's colour select (element id id), colours[i]
// indexing Palette. Picking the colour of another of the first *n seats
// swaps the two, so colours stay distinct.
func ColorSelect(id string, colors *[6]int, n *int, i int) app.UI {
	opts := make([]app.UI, len(Palette))
	for k, p := range Palette {
		opts[k] = app.Option().Value(strconv.Itoa(k)).Selected(colors[i] == k).Text(T(p.Name))
	}
	return app.Select().ID(id).Aria("label", T("new.color")).Body(opts...).
		OnChange(func(ctx app.Context, e app.Event) {
			k, _ := strconv.Atoi(ctx.JSSrc().Get("value").String())
			for j := 0; j < *n; j++ {
				if colors[j] == k {
					colors[j] = colors[i]
				}
			}
			colors[i] = k
		}, app.EventScope(id))
}
