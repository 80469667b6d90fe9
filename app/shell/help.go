package shell

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/app/rules"
)

// The language picker and the rules dialog, on every screen.

// langPicker is the language select (element id id).
func (r *Root) langPicker(id string) app.UI {
	return gameui.LangPicker(id, func(ctx app.Context, l i18n.Lang) { r.keepLang(l) })
}

// keepLang stores the chosen language for the next visit; the next render
// words everything in it. A half-made choice (an offer being composed, an
// open panel) stays as it was: renderers keep choices, not words.
func (r *Root) keepLang(l i18n.Lang) {
	r.settings.Lang = string(l)
	_ = r.games.SaveSettings(r.settings)
	if r.screen == screenNet {
		r.net.Refresh()
	}
}

func hasRules(game string) bool {
	_, ok := rules.Lookup(game)
	return ok
}

// openRules shows game's rules over the screen, at the section that
// matters for view (nil: from the top).
func (r *Root) openRules(game string, view any) {
	b, ok := rules.Lookup(game)
	if !ok {
		return
	}
	r.rulesGame, r.rulesAt = game, b.Section(view)
	if r.hasCtx {
		at := r.rulesAt
		gameui.Later(r.ctx, 0, func(ctx app.Context) {
			rules.Scroll(at)
			ctx.PreventUpdate()
		})
	}
}

// tableRules opens the rules of the game on the table, where it stands.
func (r *Root) tableRules() {
	if r.tbl == nil {
		return
	}
	env := r.env()
	r.openRules(r.tbl.Game().ID(), env.View)
}

func (r *Root) renderRules() app.UI {
	title := r.rulesGame
	if e, ok := gameui.Lookup(r.rulesGame); ok {
		title = T(e.Title)
	}
	return rules.Page(r.rulesGame, title, r.rulesAt, r.langPicker("rules-lang"),
		func(ctx app.Context) { r.rulesGame = "" })
}

// helpButton is the table's "?" button.
func (r *Root) helpButton() app.UI {
	if !hasRules(r.tbl.Game().ID()) {
		return app.Text("")
	}
	return app.Button().Class("btn ghost").ID("help").Type("button").Text("?").
		Title(T("rules.help")).Aria("label", T("rules.help")).
		OnClick(func(ctx app.Context, e app.Event) { r.tableRules() })
}

// listenKeys: "?" (or F1) opens the rules of the game on screen, Escape
// closes them (or the statistics, or a sheet). Keys typed into a field are
// left alone.
func (r *Root) listenKeys() {
	if r.keys != nil {
		return
	}
	r.keys = app.FuncOf(func(this app.Value, args []app.Value) any {
		ev := args[0]
		key := ev.Get("key").String()
		if key != "?" && key != "F1" && key != "Escape" {
			return nil
		}
		if tag := ev.Get("target").Get("tagName"); tag.Truthy() {
			switch tag.String() {
			case "INPUT", "TEXTAREA", "SELECT":
				if key != "Escape" {
					return nil
				}
			}
		}
		if key == "F1" {
			ev.Call("preventDefault")
		}
		r.ctx.Dispatch(func(ctx app.Context) {
			switch {
			case key == "Escape":
				switch {
				case r.rulesGame != "":
					r.rulesGame = ""
				case r.statsOpen():
					r.stats = nil
				case r.screen == screenNet && r.net.CloseSheets():
				case r.frame.CloseSheets():
				default:
					ctx.PreventUpdate()
				}
			case r.rulesGame != "":
				ctx.PreventUpdate()
			case r.screen == screenTable && r.tbl != nil:
				r.tableRules()
			case r.screen == screenNet:
				if game, view, ok := r.net.HelpTarget(); ok {
					r.openRules(game, view)
				}
			case r.screen == screenNew:
				r.openRules(r.form.entry.ID, nil)
			default:
				ctx.PreventUpdate()
			}
		})
		return nil
	})
	app.Window().Call("addEventListener", "keydown", r.keys)
}
