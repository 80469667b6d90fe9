package gameui

import (
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Frame is what both table screens (hot-seat in app/shell, network play
// in app/netplay) draw alike around a game's renderer: the log beside the
// board or as a sheet on a phone, the phone's player chips and reference
// button above the board, the game's reference card, and the board's zoom
// box on a phone. One per screen, kept between renders.
type Frame struct {
	// Compact is set on a phone-sized screen.
	Compact bool
	// Zoom is the board's zoom on a phone.
	Zoom Zoom

	logHidden, logSheet, refSheet bool
}

// Reset closes the sheets and forgets the zoom (another game on screen).
func (f *Frame) Reset() { f.logSheet, f.refSheet, f.Zoom = false, false, Zoom{} }

// LogShown reports whether the log is on screen: beside the board on a
// wide screen (unless hidden), as a sheet on a phone (when opened).
func (f *Frame) LogShown() bool {
	if f.Compact {
		return f.logSheet
	}
	return !f.logHidden
}

// CloseSheets closes an open sheet (Escape) and reports whether one was.
func (f *Frame) CloseSheets() bool {
	open := f.logSheet || f.refSheet
	f.logSheet, f.refSheet = false, false
	return open
}

// LogButton is the header's Log button: it hides or shows the log beside
// the board, or opens it as a sheet on a phone.
func (f *Frame) LogButton() app.UI {
	// On a phone an icon, like the header's other buttons: the word
	// pushed it to a second row in longer languages.
	return app.Button().Class("btn ghost").ID("log-toggle").Type("button").Title(T("table.log")).Aria("label", T("table.log")).
		Body(app.Span().Class("btn-icon").Aria("hidden", "true").Text("▤"), app.Span().Class("btn-word").Text(T("table.log"))).
		Aria("expanded", strconv.FormatBool(f.LogShown())).Aria("controls", "log").
		OnClick(func(ctx app.Context, e app.Event) {
			if f.Compact {
				f.logSheet = !f.logSheet
			} else {
				f.logHidden = !f.logHidden
			}
		})
}

// Top is what a phone shows between the header and the board: the
// player chips (Summarizer) and the reference button (Reference); nil on
// a wide screen or when the game has neither.
func (f *Frame) Top(ren Renderer, env *Env, waits []Wait) app.UI {
	if !f.Compact {
		return nil
	}
	var bar []app.UI
	if sum, ok := ren.(Summarizer); ok {
		bar = append(bar, Chips(env, sum, waits))
	}
	if ref, ok := ren.(Reference); ok {
		title, _ := ref.Reference(env)
		bar = append(bar, RefButton(title, func(ctx app.Context) { f.refSheet = true }))
	}
	if len(bar) == 0 {
		return nil
	}
	return app.Div().Class("chiprow").Body(bar...)
}

// Board wraps the renderer's board in the zoom box on a phone; ctx is the
// screen's root context (nil outside a browser).
func (f *Frame) Board(ctx *app.Context, board app.UI) app.UI {
	if !f.Compact {
		return board
	}
	if ctx != nil {
		f.Zoom.Settle(*ctx)
	}
	return f.Zoom.Box(board)
}

// Side is what goes beside the board on a wide screen before the game's
// panel: the reference card.
func (f *Frame) Side(ren Renderer, env *Env) app.UI {
	if ref, ok := ren.(Reference); ok && !f.Compact {
		return RefCard(ref.Reference(env))
	}
	return app.Text("")
}

// Log is the log beside the board on a wide screen (unless hidden).
func (f *Frame) Log(log func() app.UI) app.UI {
	if f.Compact || f.logHidden {
		return app.Text("")
	}
	return log()
}

// Sheets are the sheets open on a phone: the log, the reference card.
func (f *Frame) Sheets(ren Renderer, env *Env, log func() app.UI) []app.UI {
	if !f.Compact {
		return nil
	}
	var out []app.UI
	if f.logSheet {
		out = append(out, LogSheet(log(), func(ctx app.Context) { f.logSheet = false }))
	}
	if ref, ok := ren.(Reference); ok && f.refSheet {
		title, card := ref.Reference(env)
		out = append(out, Sheet("ref-sheet", title, RefCard(title, card), func(ctx app.Context) { f.refSheet = false }))
	}
	return out
}

// Notes holds what a table screen shows between its header and its
// layout (the phone's chips, errors, the bots' latest moves, notices) in
// one element without a box of its own (display: contents). go-app pairs
// an element's old and new children by position, so a line that came or
// went above the layout put the layout at another position, and it was
// built anew: board, side and dock, on every move that showed or hid the
// bots' moves. The focus fell to the page, scrolled panels went back to
// the top, and a click pressed on the old board and released on the new
// one reached no spot.
func Notes(parts ...app.UI) app.UI {
	return app.Div().Class("table-notes").Body(parts...)
}

// Screen is the table screen's root element (class "compact" on a phone).
func (f *Frame) Screen(class string, parts []app.UI) app.UI {
	if f.Compact {
		class += " compact"
	}
	return app.Div().Class("table-screen " + class).Body(parts...)
}

// HomeButton is the header's way home (⌂, its word on a wide screen).
func HomeButton(id string, home func(ctx app.Context)) app.UI {
	return app.Button().Class("btn ghost").ID(id).Type("button").Title(T("table.home")).Aria("label", T("table.home")).
		Body(app.Span().Aria("hidden", "true").Text("⌂"), app.Span().Class("btn-word").Text(T("table.home"))).
		OnClick(func(ctx app.Context, e app.Event) { home(ctx) })
}

// ExportButton is the header's Export (⇩ alone on a phone).
func ExportButton(id string, export app.EventHandler) app.UI {
	return app.Button().Class("btn ghost").ID(id).Type("button").Title(T("table.export")).Aria("label", T("table.export")).
		Body(app.Span().Class("btn-icon").Aria("hidden", "true").Text("⇩"), app.Span().Class("btn-word").Text(T("table.export"))).
		OnClick(export)
}
