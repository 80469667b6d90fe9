//go:build !js

package main

import (
	"testing"
	"time"

	"tabula/app/gameui"
	"tabula/app/table"
)

// TestBrowserBoardStaysPutOnRedraw: once a move is drawn, a redraw of the
// table that changes nothing on the board (here the Log button, in a
// network game a message or a clock) keeps the board's elements. The
// board used to drop its "just placed" marks on the first redraw after a
// move, which rewrote its markup: the browser replaced every element of
// it, and a click pressed on the old ones and released on the new ones
// was lost (a network test's click on a lit spot did nothing, now and
// then), while the placing animation played again.
func TestBrowserBoardStaysPutOnRedraw(t *testing.T) {
	ctx, _, _, _ := openSite(t, startServer)
	newGame(t, ctx, "12", table.Human, table.BotGreedy, table.BotGreedy)
	waitJS(t, ctx, `document.querySelector("#board .spot-vertex[data-act]")`, 10*time.Second)
	act(t, ctx, "#board .spot-vertex[data-act]")
	waitIdle(t, ctx)
	waitJS(t, ctx, `document.querySelector("#board .fresh")`, 5*time.Second)
	// Past the end of any bots' marks (gameui.HighlightFor), which come
	// off the page by themselves.
	time.Sleep(gameui.HighlightFor + 500*time.Millisecond)
	eval[bool](t, ctx, `(document.querySelector("#board svg").tabulaMark = true)`)
	for i := 0; i < 2; i++ {
		click(t, ctx, "#log-toggle")
		waitJS(t, ctx, `document.querySelector("#log-toggle").getAttribute("aria-expanded") === `+map[int]string{0: `"false"`, 1: `"true"`}[i], 5*time.Second)
	}
	if !eval[bool](t, ctx, `!!document.querySelector("#board svg").tabulaMark`) {
		t.Fatal("a redraw with nothing changed on the board replaced the board's elements")
	}
	if !exists(t, ctx, "#board .fresh") {
		t.Fatal("the settlement just placed lost its mark on a redraw")
	}
	// The next move is drawn: the board changes, and the new road is the
	// one marked.
	act(t, ctx, "#board .spot-edge[data-act]")
	waitJS(t, ctx, `document.querySelector("#board .road.fresh")`, 5*time.Second)
}
