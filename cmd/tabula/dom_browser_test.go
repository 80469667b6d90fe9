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

// TestBrowserDOMAcrossGames: bots-only Catan games played to the end one
// after another in one tab, back to the home screen after each, leave no
// DOM nodes behind. After each game the page's garbage is collected and
// Chromium's DOM node counter (live and detached nodes still held) read;
// from the first game's count to the last, the counter grows by less than
// a few nodes per game. TABULA_DOM_GAMES=20 plays 20 games (the measure of
// the issue) instead of the suite's 4.
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

	nodes := make([]int64, 0, games)
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
		n, live := domNodes(t, ctx)
		nodes = append(nodes, n)
		t.Logf("after game %d: %d DOM nodes (%d in the document)", g, n, live)
	}
	per := float64(nodes[games-1]-nodes[0]) / float64(games-1)
	t.Logf("DOM nodes per game from game 1 to game %d: %+.1f", games, per)
	if per > 20 {
		t.Errorf("the DOM grows by %.1f nodes per finished game (after each game: %v)", per, nodes)
	}
}

// domNodes collects the page's garbage (twice: go-app's wasm releases its
// references to JS objects in finalizers run by the first) and returns
// Chromium's DOM node counter and the number of nodes in the document.
func domNodes(t *testing.T, ctx context.Context) (int64, int) {
	t.Helper()
	for i := 0; i < 3; i++ {
		if _, err := chromedp.Call(ctx, heapprofiler.CollectGarbage, cdp.Empty{}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(200 * time.Millisecond)
	}
	c, err := chromedp.Call(ctx, memory.GetDOMCounters, cdp.Empty{})
	if err != nil {
		t.Fatal(err)
	}
	// Every node in the document, text included, as the counter counts.
	live := eval[int](t, ctx, `(() => { const w = document.createTreeWalker(document); let n = 1; while (w.nextNode()) n++; return n; })()`)
	return c.Nodes, live
}
