//go:build !js

package main

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/heapprofiler"
	"github.com/chromedp/cdproto/memory"
	"github.com/chromedp/chromedp"
)

// heldLimit bounds the DOM nodes Chromium counts outside the document
// once a game is left: a few hundred of the page's own (345 measured),
// far below one Catan table's two thousand and more.
const heldLimit = 1000

// TestBrowserDOMAcrossGames: bots-only Catan games played to the end one
// after another in one tab, back to the home screen after each, leave no
// DOM nodes behind. After each game the page's garbage is collected and
// Chromium's DOM node counter (nodes in the document and detached nodes
// still held) read. Within a few seconds of leaving a game its table is
// released (the counter is at most heldLimit above the document's nodes),
// and from the first game to the last the held nodes do not grow. The
// document itself grows by the home list's row for each saved game.
// TABULA_DOM_GAMES=20 plays 20 games (the measure) instead of 4.
func TestBrowserDOMAcrossGames(t *testing.T) {
	games := 4
	if n, err := strconv.Atoi(os.Getenv("TABULA_DOM_GAMES")); err == nil && n >= 2 {
		games = n
	}
	ctx, stop := chromium(t, time.Duration(games)*90*time.Second)
	t.Cleanup(stop)
	srv := startServer(t)
	t.Cleanup(srv.Close)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?speed=instant")); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, clientStarted, 20*time.Second)

	held := make([]int64, 0, games)
	for g := 1; g <= games; g++ {
		waitJS(t, ctx, `document.querySelector("#new-catan")`, 10*time.Second)
		click(t, ctx, "#new-catan")
		waitJS(t, ctx, `document.querySelector("#kind-3")`, 5*time.Second)
		for i := 0; i < 4; i++ {
			setSelect(t, ctx, "#kind-"+strconv.Itoa(i), "bot:greedy")
		}
		setInput(t, ctx, "#seed", strconv.Itoa(g))
		click(t, ctx, "#new-start")
		waitJS(t, ctx, `document.querySelector("#end")`, 80*time.Second)
		// The end screen covers the table: Home from script.
		eval[bool](t, ctx, `(document.querySelector("#home").click(), true)`)
		waitJS(t, ctx, `document.querySelector("#new-catan") && !document.querySelector("#board")`, 10*time.Second)
		var n int64
		var live int
		for end := time.Now().Add(10 * time.Second); ; {
			n, live = domNodes(t, ctx)
			if n-int64(live) < heldLimit || time.Now().After(end) {
				break
			}
			time.Sleep(500 * time.Millisecond)
		}
		held = append(held, n-int64(live))
		t.Logf("after game %d: %d DOM nodes, %d of them in the document", g, n, live)
		if n-int64(live) >= heldLimit {
			t.Errorf("game %d: 10 s after leaving it, %d DOM nodes are held outside the document", g, n-int64(live))
		}
	}
	per := float64(held[games-1]-held[0]) / float64(games-1)
	t.Logf("nodes held outside the document, per game from game 1 to game %d: %+.1f", games, per)
	if per > 5 {
		t.Errorf("the detached DOM grows by %.1f nodes per finished game (after each game: %v)", per, held)
	}
}

// domNodes collects the page's garbage and returns Chromium's DOM node
// counter and the number of nodes in the document.
func domNodes(t *testing.T, ctx context.Context) (int64, int) {
	t.Helper()
	for i := 0; i < 2; i++ {
		if _, err := chromedp.Call(ctx, heapprofiler.CollectGarbage, cdp.Empty{}); err != nil {
			t.Fatal(err)
		}
	}
	c, err := chromedp.Call(ctx, memory.GetDOMCounters, cdp.Empty{})
	if err != nil {
		t.Fatal(err)
	}
	// Every node in the document, text included, as the counter counts.
	live := eval[int](t, ctx, `(() => { const w = document.createTreeWalker(document); let n = 1; while (w.nextNode()) n++; return n; })()`)
	return c.Nodes, live
}
