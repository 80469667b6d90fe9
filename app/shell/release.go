package shell

import (
	"runtime"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// releaseTable runs once a game has left the screen. Its table's elements
// (thousands) are detached from the page by then, but each one go-app
// touched is held from the Go side by a js.Value, and wasm only lets a
// JavaScript object go when the Go collector has found its js.Value
// unreachable. The home screen allocates little, so without a collection
// here the last game's elements stayed in the tab's memory until the next
// game's play had allocated enough to start one: a finished game's board
// lingered after every game. A collection once the next screen is drawn
// releases them, and a second a moment later catches what the first left:
// with the first alone, the board was still held after 2 games of 6
// (presumably js.Values that callbacks receive as the screen changes,
// such as the tips' observer's records of the removed elements).
func releaseTable() {
	if !app.IsClient {
		return
	}
	for _, ms := range []int{0, 1000} {
		var cb app.Func
		cb = app.FuncOf(func(this app.Value, args []app.Value) any {
			cb.Release()
			runtime.GC()
			return nil
		})
		// A timer: it fires after go-app has drawn the next screen, when the
		// old elements are dismounted and Go no longer reaches them.
		app.Window().Call("setTimeout", cb, ms)
	}
}
