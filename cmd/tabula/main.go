// Command tabula is the Tabula app. Compiled for the browser
// (GOOS=js GOARCH=wasm) it is the client; natively it serves the app or
// writes it as a static site:
//
//	tabula serve -addr localhost:8000   # serve the app (after make wasm)
//	tabula build -out site              # write a static site into site/
//
// The server is a plain static server: no game logic runs on it. How a
// visit starts and what its download weighs: docs/start.md. Every
// game's UI package (each imports its rules) is imported by its own
// game_<name>.go; the games and their order are engine/games.List.
package main

import (
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/shell"
)

func main() {
	routes()
	app.RunWhenOnBrowser()
	native()
}

var routeOnce sync.Once

// routes registers the app's one page; the server needs it too (for the
// pre-rendered page and the static site). The site may live in any
// directory of its host (https://example.org/tabula/), so every address
// is that page.
func routes() {
	routeOnce.Do(func() {
		page := func() app.Composer { return shell.New() }
		app.Route("/", page)
		app.RouteWithRegexp("^/", page)
	})
}
