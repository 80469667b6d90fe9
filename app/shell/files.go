package shell

import (
	"errors"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/store"
	"tabula/app/table"
	"tabula/engine"
)

func enginSeat(name, kind string) engine.SeatInfo { return engine.SeatInfo{Name: name, Kind: kind} }

// maxImport bounds what is read from a picked file: real saves are far
// smaller, and a huge file would only freeze the page.
const maxImport = 8 << 20

// onImport reads the picked file and imports it if it is a sound game file.
func (r *Root) onImport(ctx app.Context, e app.Event) {
	input := ctx.JSSrc()
	files := input.Get("files")
	if !files.Truthy() || files.Length() == 0 {
		return
	}
	f := files.Index(0)
	if size := f.Get("size").Int(); size > maxImport {
		r.notice = T("import.bad", T("import.toobig", size))
		input.Set("value", "")
		return
	}
	f.Call("arrayBuffer").Then(func(buf app.Value) {
		arr := app.Window().Get("Uint8Array").New(buf)
		data := make([]byte, arr.Length())
		app.CopyBytesToGo(data, arr)
		if r.hasCtx {
			ctx = r.ctx
		}
		ctx.Dispatch(func(ctx app.Context) {
			input.Set("value", "")
			r.importData(ctx, data)
		})
	})
}

// importData imports a game file; a refused file leaves storage untouched.
// A file of a game already in the list, at the same point, adds no copy:
// that game opens.
func (r *Root) importData(ctx app.Context, data []byte) {
	if id, ok := r.games.Same(data); ok {
		r.notice = ""
		r.open(ctx, id)
		return
	}
	t, err := table.Import(r.games, data, r.Now)
	if err != nil {
		switch {
		case errors.Is(err, store.ErrFull):
			r.notice = T("store.fullimport")
		case errors.Is(err, engine.ErrBadSave):
			r.notice = T("import.bad", gameui.RefusalText(err))
		default:
			r.notice = T("import.bad", T("import.read"))
		}
		r.screen = screenHome
		return
	}
	r.notice = ""
	r.seat(ctx, t)
}

// export downloads the game file.
func (r *Root) export(ctx app.Context, e app.Event) {
	if r.tbl == nil || !app.IsClient {
		return
	}
	gameui.Download("tabula-"+r.tbl.Game().ID()+"-"+r.tbl.ID+".json", r.tbl.Save())
}
