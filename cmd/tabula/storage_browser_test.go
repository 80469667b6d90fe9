//go:build !js

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabula/app/store"
)

// testdata/main-localstorage.json is what the version before the browser
// database kept in localStorage, taken from a page of that version: a
// finished game of four bots (Catan), a game in progress (Burgundy), a
// hosted network game with its seats, and the settings.
func mainLocalStorage(t testing.TB) map[string]string {
	t.Helper()
	b, err := os.ReadFile("testdata/main-localstorage.json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// beforeTheApp starts a browser and the site, on a page of the site's
// origin that does not start the app: the test fills its storage first.
// Both stop when the test ends.
func beforeTheApp(t testing.TB) (context.Context, *httptest.Server) {
	t.Helper()
	ctx, stop := browser(t)
	t.Cleanup(stop)
	srv := serveRoot(t, repoRoot())
	t.Cleanup(srv.Close)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/web/icon.svg")); err != nil {
		t.Fatal(err)
	}
	return ctx, srv
}

// The games an earlier version kept in localStorage move to the browser
// database on the first run, none lost: each opens at the point it was
// stored, the network game is listed and opens, and after a reload
// (from the database) all are still there; localStorage keeps only the
// settings the page's head reads.
func TestBrowserStorageMovesEarlierGames(t *testing.T) {
	old := mainLocalStorage(t)
	var index []store.Summary
	_ = json.Unmarshal([]byte(old["tabula/index"]), &index)
	if len(index) != 2 {
		t.Fatalf("fixture index: %d games", len(index))
	}
	ctx, srv := beforeTheApp(t)
	b, _ := json.Marshal(old)
	eval[bool](t, ctx, fmt.Sprintf(`(() => { const m = %s; localStorage.clear(); for (const k in m) localStorage.setItem(k, m[k]); return true; })()`, b))

	for load := 0; load < 2; load++ {
		// Slow bots: a game opens at its stored point at least a second
		// before a bot moves on.
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?speed=slow")); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, clientStarted, 20*time.Second)
		// The network game on screen when the page was left opens again.
		waitJS(t, ctx, `document.querySelector("#invites")`, 10*time.Second)
		click(t, ctx, "#net-home")
		waitJS(t, ctx, `document.querySelectorAll(".saved-row").length === 2`, 5*time.Second)
		if left := eval[[]string](t, ctx, `Object.keys(localStorage).filter(k => k.startsWith("tabula/"))`); len(left) != 1 || left[0] != "tabula/settings" {
			t.Errorf("load %d: left in localStorage %q, want only the settings", load, left)
		}
		for _, s := range index {
			if load > 0 {
				// Where the last load left it.
				_ = json.Unmarshal([]byte(eval[string](t, ctx, storedJS("tabula/sum/"+s.ID))), &s)
			}
			click(t, ctx, fmt.Sprintf(`.saved-row[data-id=%q] .btn.primary`, s.ID))
			waitJS(t, ctx, fmt.Sprintf(`document.getElementById("tabula").dataset.game === %q`, s.ID), 10*time.Second)
			if h := attr(t, ctx, "hash"); h != s.Hash {
				t.Errorf("load %d: game %s (%s) opens at %.8s, was stored at %.8s", load, s.ID, s.Game, h, s.Hash)
			}
			if s.Over {
				file := old["tabula/game/"+s.ID]
				if n := len(eval[string](t, ctx, storedJS("tabula/game/"+s.ID))); n*5 > len(file) {
					t.Errorf("the finished game takes %d bytes in the database, %d in localStorage", n, len(file))
				} else {
					t.Logf("finished 4-player game: %d bytes in localStorage, %d in the database", len(file), n)
				}
			}
			if s.Over {
				waitJS(t, ctx, `document.querySelector("#end-close")`, 5*time.Second)
				click(t, ctx, "#end-close")
				time.Sleep(200 * time.Millisecond)
			}
			click(t, ctx, "#home")
			// The home list reads the database: slow on a loaded machine.
			waitJS(t, ctx, `document.querySelectorAll(".saved-row").length === 2`, 20*time.Second)
		}
		click(t, ctx, "#net-open")
		waitJS(t, ctx, `document.querySelectorAll(".net-saved-row").length === 1`, 5*time.Second)
		click(t, ctx, ".net-saved-row .saved-actions .btn.primary")
		waitJS(t, ctx, `document.querySelector("#invites") || document.querySelector("#net-notice")`, 10*time.Second)
		if note := eval[string](t, ctx, `document.querySelector("#net-notice") ? document.querySelector("#net-notice").textContent : ""`); note != "" {
			t.Errorf("load %d: the network game does not open: %s", load, note)
		}
		for k, v := range old {
			if strings.HasPrefix(k, "tabula/net/") && strings.Contains(k, "/seat/") && strings.Count(k, "/") == 5 {
				// The host's seats: rewritten as it plays on, but there.
				if got := eval[string](t, ctx, storedJS(k)); got == "" {
					t.Errorf("load %d: %s (%d bytes) not in the database", load, k, len(v))
				}
			}
		}
	}
}
