package shell

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/app/store"
)

// nearlyFull is the share of the quota past which the home screen warns.
const nearlyFull = 0.8

// refreshUsage reads how much the device's storage holds (the browser's
// estimate), for the settings.
func (r *Root) refreshUsage() {
	if s, ok := r.KV.(store.Sizer); ok {
		r.usage, r.hasUsage = s.Usage()
	}
}

// megabytes writes a byte count for people: "0.3 MB", "12 MB", "1.2 GB".
func megabytes(n int64) string {
	mb := float64(n) / 1e6
	switch {
	case mb >= 1000:
		return fmt.Sprintf("%.1f GB", mb/1000)
	case mb >= 10:
		return fmt.Sprintf("%.0f MB", mb)
	}
	return fmt.Sprintf("%.1f MB", mb)
}

// renderStorage is the settings' line on storage, and near the quota a
// warning with what the player can do: export the games, or delete the
// finished ones. Nothing is ever deleted without the player's say.
func (r *Root) renderStorage(saved []store.Summary) app.UI {
	if !r.hasUsage {
		return nil
	}
	u := r.usage
	line := T("settings.storage", megabytes(u.Used))
	if u.Quota > 0 {
		line = T("settings.storageof", megabytes(u.Used), megabytes(u.Quota))
	}
	var over []store.Summary
	for _, s := range saved {
		if s.Over {
			over = append(over, s)
		}
	}
	parts := []app.UI{app.P().ID("storage-used").Class("small").Text(line)}
	if u.Quota > 0 && float64(u.Used) > nearlyFull*float64(u.Quota) {
		parts = append(parts,
			app.P().ID("storage-warning").Class("notice").Role("alert").Text(T("settings.nearlyfull", len(over))),
			app.Div().Class("form-actions").Body(
				app.Button().Class("btn").ID("export-all").Type("button").Text(T("settings.exportall")).
					OnClick(func(ctx app.Context, e app.Event) { r.exportGames(saved) }),
				app.If(len(over) > 0, func() app.UI {
					return app.Button().Class("btn").ID("delete-finished").Type("button").Text(i18n.N("settings.deletefinished", len(over))).
						OnClick(func(ctx app.Context, e app.Event) { r.deleteFinished(over) })
				}),
			),
		)
	}
	return app.Div().Class("storage").Body(parts...)
}

// exportGames downloads every listed game's file.
func (r *Root) exportGames(saved []store.Summary) {
	for _, s := range saved {
		if b, err := r.games.Get(s.ID); err == nil {
			gameui.Download("tabula-"+s.Game+"-"+s.ID+".json", b)
		}
	}
}

// deleteFinished deletes the finished games, once the player confirms.
func (r *Root) deleteFinished(over []store.Summary) {
	if app.IsClient && !app.Window().Call("confirm", T("settings.deleteask", len(over))).Bool() {
		return
	}
	ids := make([]string, len(over))
	for i, s := range over {
		ids[i] = s.ID
	}
	if err := r.games.DeleteAll(ids); err != nil {
		r.notice = gameui.ErrorText(err)
	} else {
		r.notice = i18n.N("settings.deleted", len(ids))
	}
	r.refreshUsage()
}
