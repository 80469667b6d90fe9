package gameui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/i18n"
)

// LangPicker is the language select every screen shows (element id id).
// Choosing a language switches the catalogue at once, without a reload;
// pick then keeps the choice (the shell stores it for the next visit) and
// may redraw what depends on it (the log is narrated again on display).
func LangPicker(id string, pick func(ctx app.Context, l i18n.Lang)) app.UI {
	opts := make([]app.UI, len(i18n.Languages))
	for i, l := range i18n.Languages {
		opts[i] = app.Option().Value(string(l)).Attr("lang", string(l)).
			Selected(i18n.Current() == l).Text(l.Name())
	}
	return app.Select().ID(id).Class("lang-pick").Aria("label", T("settings.lang")).
		Title(T("settings.lang")).Body(opts...).
		OnChange(func(ctx app.Context, e app.Event) {
			l := i18n.Lang(ctx.JSSrc().Get("value").String())
			if !i18n.Known(l) {
				return
			}
			UseLang(l)
			if pick != nil {
				pick(ctx, l)
			}
		})
}

// UseLang makes l the language of the catalogue and of the page (the
// html element's lang, for screen readers and hyphenation).
func UseLang(l i18n.Lang) {
	i18n.SetLang(l)
	if app.IsClient {
		app.Window().Get("document").Get("documentElement").Set("lang", string(l))
	}
}
