package gameui

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/i18n"
)

// SeatStyle is how a seat shows: never colour alone, always a shape too.
type SeatStyle struct {
	Color string // fill
	Ink   string // text/outline on the fill, for contrast
	Shape string // circle, square, triangle, diamond, hexagon, star
	Name  string // message id of the colour name ("color.orange")
}

// Palette is Okabe–Ito, colour-blind safe, with one shape per colour.
var Palette = []SeatStyle{
	{Color: "#E69F00", Ink: "#000", Shape: "circle", Name: "color.orange"},
	{Color: "#56B4E9", Ink: "#000", Shape: "square", Name: "color.skyblue"},
	{Color: "#009E73", Ink: "#fff", Shape: "triangle", Name: "color.green"},
	{Color: "#D55E00", Ink: "#fff", Shape: "diamond", Name: "color.vermillion"},
	{Color: "#0072B2", Ink: "#fff", Shape: "hexagon", Name: "color.blue"},
	{Color: "#CC79A7", Ink: "#000", Shape: "star", Name: "color.purple"},
}

// ShapePath is an SVG path of the seat's shape centred on (0,0), radius r.
func ShapePath(shape string, r float64) string {
	f := func(v float64) string { return fmt.Sprintf("%.2f", v) }
	switch shape {
	case "square":
		return "M" + f(-r) + " " + f(-r) + "H" + f(r) + "V" + f(r) + "H" + f(-r) + "Z"
	case "triangle":
		return "M0 " + f(-r*1.15) + "L" + f(r*1.1) + " " + f(r*0.8) + "H" + f(-r*1.1) + "Z"
	case "diamond":
		return "M0 " + f(-r*1.2) + "L" + f(r*1.2) + " 0L0 " + f(r*1.2) + "L" + f(-r*1.2) + " 0Z"
	case "hexagon":
		return "M0 " + f(-r*1.1) + "L" + f(r*0.95) + " " + f(-r*0.55) + "V" + f(r*0.55) + "L0 " + f(r*1.1) + "L" + f(-r*0.95) + " " + f(r*0.55) + "V" + f(-r*0.55) + "Z"
	case "star":
		var b strings.Builder
		pts := [][2]float64{{0, -1.25}, {0.36, -0.4}, {1.2, -0.38}, {0.55, 0.17}, {0.75, 1.05}, {0, 0.55}, {-0.75, 1.05}, {-0.55, 0.17}, {-1.2, -0.38}, {-0.36, -0.4}}
		for i, p := range pts {
			if i == 0 {
				b.WriteString("M")
			} else {
				b.WriteString("L")
			}
			b.WriteString(f(p[0]*r) + " " + f(p[1]*r))
		}
		b.WriteString("Z")
		return b.String()
	default: // circle
		return "M" + f(-r) + " 0A" + f(r) + " " + f(r) + " 0 1 0 " + f(r) + " 0A" + f(r) + " " + f(r) + " 0 1 0 " + f(-r) + " 0Z"
	}
}

// Chip is a seat's colour-and-shape badge for HTML text.
func Chip(s SeatStyle) app.UI {
	return app.Raw(fmt.Sprintf(`<svg class="chip" viewBox="-10 -10 20 20" width="16" height="16" aria-hidden="true"><path d="%s" fill="%s" stroke="#222" stroke-width="1.5"/></svg>`,
		ShapePath(s.Shape, 7.5), s.Color))
}

// TableChip is the chip of the table's own log lines (a new round's dice,
// the board laid out): a grey die, where a seat's line has its colour.
func TableChip() app.UI {
	return app.Raw(`<svg class="chip" viewBox="-10 -10 20 20" width="16" height="16" aria-hidden="true"><rect x="-7.5" y="-7.5" width="15" height="15" rx="3.5" fill="#d5dde3" stroke="#222" stroke-width="1.5"/><circle cx="-3.2" cy="-3.2" r="1.7" fill="#222"/><circle r="1.7" fill="#222"/><circle cx="3.2" cy="3.2" r="1.7" fill="#222"/></svg>`)
}

// Button is an action button that stays visible when disabled and then
// says why: data-reason, shown in the tip (ListenTips) on hover, focus or
// a tap, and read out with the button (aria-describedby while shown).
//
// opts go with the click handler: a handler that acts on something the
// render chose (a seat, a card) carries it in an app.EventScope, since
// go-app keeps an element's handler while its code is unchanged.
func Button(label, reason string, primary bool, onClick app.EventHandler, opts ...app.EventOption) app.HTMLButton {
	cls := "btn"
	if primary {
		cls += " primary"
	}
	if reason != "" {
		cls += " off"
	}
	b := app.Button().Class(cls).Type("button").Text(label)
	if reason != "" {
		// aria-disabled, not disabled: the button stays focusable so the
		// reason shows on keyboard focus as well as on hover.
		b = b.Aria("disabled", "true").DataSet("reason", reason)
	} else if onClick != nil {
		b = b.OnClick(onClick, opts...)
	}
	return b
}

// T is i18n.T, for brevity in renderers.
func T(id string, args ...any) string { return i18n.T(id, args...) }
