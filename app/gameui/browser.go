package gameui

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Later runs f on the UI goroutine after d. In the browser the wait is a
// JavaScript timer, so the page always gets the event loop back (paints,
// input) before f runs: a Go sleep alone did not yield, and a bots-only
// game at instant speed froze the page until its end.
func Later(ctx app.Context, d time.Duration, f func(app.Context)) {
	if !app.IsClient {
		ctx.After(d, f)
		return
	}
	var cb app.Func
	cb = app.FuncOf(func(this app.Value, args []app.Value) any {
		cb.Release()
		ctx.Dispatch(f)
		return nil
	})
	app.Window().Call("setTimeout", cb, d.Milliseconds())
}

// Download saves data as a JSON file called name (nothing outside the
// browser).
func Download(name string, data []byte) { DownloadAs(name, "application/json", data) }

// DownloadAs saves data as a file called name of media type mime.
func DownloadAs(name, mime string, data []byte) {
	if !app.IsClient {
		return
	}
	arr := app.Window().Get("Uint8Array").New(len(data))
	app.CopyBytesToJS(arr, data)
	blob := app.Window().Get("Blob").New([]any{arr}, map[string]any{"type": mime})
	url := app.Window().Get("URL").Call("createObjectURL", blob)
	a := app.Window().Get("document").Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	app.Window().Get("document").Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
}
