//go:build !js

package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// probeJS runs in each new document before the page's own scripts. It
// records what the loader shows (the progress bar's values, the label
// with the megabytes), whether the server-drawn buttons look inactive
// while the app loads, and when the first button works: the client has
// set data-client on the root and the home screen's button is there
// (performance.now() counts from the navigation's start).
const probeJS = `(() => {
	const P = window.tabulaProbe = {progress: [], label: "", inactive: null, live: 0};
	const check = (records) => {
		const root = document.getElementById("tabula"), btn = document.getElementById("new-catan");
		// Read the bar from the records: the loader removes it right after its last move.
		for (const r of records) {
			if (r.type !== "attributes" || r.attributeName !== "aria-valuenow" || !r.target.classList.contains("load-bar")) continue;
			const v = +r.target.getAttribute("aria-valuenow");
			if (P.progress[P.progress.length - 1] !== v) P.progress.push(v);
			// The loader runs after the stylesheets: the page's look is final.
			if (P.inactive === null && btn && root && !root.dataset.client) {
				P.inactive = getComputedStyle(btn).pointerEvents === "none";
			}
		}
		const label = document.getElementById("app-wasm-loader-label");
		if (label && label.textContent.includes("MB")) P.label = label.textContent;
		if (!P.live && root && root.dataset.client === "wasm" && btn) P.live = performance.now();
	};
	new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
})()`

type probe struct {
	Progress []int   `json:"progress"`
	Label    string  `json:"label"`
	Inactive *bool   `json:"inactive"`
	Live     float64 `json:"live"`
	Page     float64 `json:"page"`     // index.html received
	Scripts  float64 `json:"scripts"`  // app.js ran (DOMContentLoaded)
	Fetch    float64 `json:"fetch"`    // app.wasm's request started (its cached response in hand)
	Wasm     float64 `json:"wasm"`     // app.wasm's download finished
	Compiled float64 `json:"compiled"` // loader's mark: app.wasm compiled
	Instance float64 `json:"instance"` // loader's mark: instantiated, about to run
	Wire     float64 `json:"wire"`     // app.wasm's bytes on the wire (cold start)
}

// addProbe installs probeJS in the tab of ctx for every later navigation.
func addProbe(tb testing.TB, ctx context.Context) { addScript(tb, ctx, probeJS) }

// addScript installs js in the tab of ctx to run in every later document
// before the page's own scripts.
func addScript(tb testing.TB, ctx context.Context, js string) {
	tb.Helper()
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: js})
		return err
	}))
	if err != nil {
		tb.Fatalf("installing a script for new documents: %v", err)
	}
}

// readProbe waits until the first button works and returns the probe.
func readProbe(tb testing.TB, ctx context.Context) probe {
	tb.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		p, err := chromedp.Run(ctx, chromedp.Evaluate[probe](`(() => { const P = window.tabulaProbe;
			if (!P || !P.live) return null;
			const m = performance.getEntriesByName("tabula:compiled")[0];
			const i = performance.getEntriesByName("tabula:instantiated")[0];
			const r = performance.getEntriesByName("tabula:wasm-response")[0];
			const n = performance.getEntriesByType("navigation")[0] || {};
			const w = performance.getEntriesByType("resource").find(e => e.name.includes("/web/app.wasm")) || {};
			return Object.assign({}, P, {compiled: m ? m.startTime : 0, instance: i ? i.startTime : 0, page: n.responseEnd || 0,
				scripts: n.domContentLoadedEventStart || 0, fetch: w.startTime || (r ? r.startTime : 0), wasm: w.responseEnd || 0,
				wire: w.encodedBodySize || 0}); })()`))
		if err == nil && p.Live > 0 {
			return p
		}
		if time.Now().After(deadline) {
			tb.Fatalf("the app did not start in 30 s (last error %v)\nconsole:\n%s", err, consoleDump())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestBrowserSubPath builds the static site and serves it from a
// sub-path (/tabula/) with a plain file server that answers nothing
// outside it (and sends app.wasm slowly). One person loads it (the loader
// shows its progress, the buttons drawn before the app runs look
// inactive, the service worker's scope is the sub-path), plays a move,
// imports the file of that game (which adds no copy), comes back (app.wasm
// from the cache, no request) and after the server is gone reloads and
// plays on. Meanwhile a host's invite link points into the sub-path and
// opens the join screen for a guest.
func TestBrowserSubPath(t *testing.T) {
	site := t.TempDir()
	if _, err := buildSite(site, filepath.Join(repoRoot(), "web"), -1); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var outside []string
	var wasmAsked atomic.Int32
	files := slowWasm(http.FileServer(http.Dir(site)))
	mux := http.NewServeMux()
	mux.Handle("/tabula/", http.StripPrefix("/tabula", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/app.wasm") {
			wasmAsked.Add(1)
		}
		files.ServeHTTP(w, r)
	})))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		outside = append(outside, r.URL.Path)
		mu.Unlock()
		http.NotFound(w, r)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	base := srv.URL + "/tabula/"
	dir := shotsDir(t)

	bctx, stop := p2pBrowser(t)
	defer stop()
	solo := newPage(t, bctx, "solo", srv.URL)
	defer solo.stop()
	addProbe(t, solo.ctx)
	solo.nav(base + "?speed=instant")
	pr := readProbe(t, solo.ctx)
	if len(pr.Progress) < 3 || pr.Progress[len(pr.Progress)-1] != 100 || !slices.IsSorted(pr.Progress) {
		t.Errorf("progress bar values %v: want a rising series that ends at 100", pr.Progress)
	}
	if !strings.Contains(pr.Label, "of 12.") && !strings.Contains(pr.Label, " MB") {
		t.Errorf("loader label %q does not show the megabytes", pr.Label)
	}
	if pr.Inactive == nil || !*pr.Inactive {
		t.Errorf("the server-drawn New game button is clickable before the app runs (probe %+v)", pr)
	}
	scope := solo.eval(`navigator.serviceWorker.ready.then(r => r.scope)`)
	if scope != base {
		t.Errorf("service worker scope %q, want %q", scope, base)
	}
	solo.shot(dir, "subpath-01-home")

	// A move, with the site served.
	click(t, solo.ctx, "#new-catan")
	solo.wait(`document.querySelector("#new-form")`, 5*time.Second)
	click(t, solo.ctx, "#players-3")
	waitJS(t, solo.ctx, `document.querySelector("#kind-2") && !document.querySelector("#kind-3")`, 3*time.Second) // the form re-laid out
	setSelect(t, solo.ctx, "#kind-1", "bot:random")
	setSelect(t, solo.ctx, "#kind-2", "bot:random")
	click(t, solo.ctx, "#new-start")
	solo.wait(`document.querySelector("#board svg") && document.querySelector(".spot-vertex")`, 10*time.Second)
	act(t, solo.ctx, ".spot-vertex")
	solo.wait(`document.querySelector(".spot-edge")`, 5*time.Second)
	hash := attr(t, solo.ctx, "hash")

	// Importing the file of that game, already in the list, adds no copy:
	// the game opens.
	id := attr(t, solo.ctx, "game")
	saved := filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(saved, storedFile(t, solo.ctx, id), 0o644); err != nil {
		t.Fatal(err)
	}
	click(t, solo.ctx, "#home")
	solo.wait(`document.querySelector("#import-file") && document.querySelectorAll(".saved-row").length === 1`, 5*time.Second)
	if err := chromedp.Do(solo.ctx, chromedp.SetUploadFiles(chromedp.CSS("#import-file"), []string{saved})); err != nil {
		t.Fatal(err)
	}
	solo.wait(fmt.Sprintf(`document.querySelector("#board svg") && document.getElementById("tabula").dataset.game === %q`, id), 5*time.Second)
	if n := solo.num(storedCountJS("tabula/game/")); n != 1 {
		t.Errorf("importing a game already in the list: %v games stored, want 1", n)
	}
	// The worker takes control only once its cache holds the whole site
	// (go-app's took it at once, with app.wasm still downloading).
	solo.wait(`navigator.serviceWorker.controller`, 30*time.Second)
	if solo.eval(`caches.match(tabulaWasm.url).then(r => r ? "cached" : "missing")`) != "cached" {
		t.Error("the service worker controls the page before app.wasm is in its cache")
	}

	// Back again: app.wasm comes from the service worker's cache, with
	// no request at all, and the game is where it was.
	asked := wasmAsked.Load()
	if err := chromedp.Do(solo.ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	solo.wait(clientStarted+` && document.querySelector("#board svg")`, 20*time.Second)
	if n := wasmAsked.Load() - asked; n != 0 {
		t.Errorf("a return visit asked the server for app.wasm %d times, want none", n)
	}
	if got := attr(t, solo.ctx, "hash"); got != hash {
		t.Errorf("the return visit opened the game at %s, want %s", got, hash)
	}

	// An invite link made under the sub-path points into it.
	host := newPage(t, bctx, "host", srv.URL)
	defer host.stop()
	guest := newPage(t, bctx, "guest", srv.URL)
	defer guest.stop()
	host.openLobby(strings.TrimSuffix(base, "/"))
	host.host("me", "friend", "bot:greedy")
	link := host.inviteLink(1)
	if !strings.HasPrefix(link, base+"#") {
		t.Errorf("invite link %q does not start with %q", link, base+"#")
	}
	if reply := guest.joinLink(strings.TrimSuffix(base, "/"), link); reply == "" {
		t.Error("the guest got no reply code")
	}
	guest.shot(dir, "subpath-02-guest-reply")

	mu.Lock()
	for _, p := range outside {
		t.Errorf("the page asked for %s, outside its directory", p)
	}
	mu.Unlock()

	// Offline: the server is gone; reload and play on.
	srv.Close()
	if err := chromedp.Do(solo.ctx, chromedp.Reload()); err != nil {
		t.Fatalf("offline reload: %v", err)
	}
	solo.wait(clientStarted+` && document.querySelector("#board svg") && document.querySelector(".spot-edge")`, 20*time.Second)
	if got := attr(t, solo.ctx, "hash"); got != hash {
		t.Fatalf("offline reload resumed at %s, want %s", got, hash)
	}
	act(t, solo.ctx, ".spot-edge")
	solo.shot(dir, "subpath-03-offline")
}

// slowWasm sends app.wasm as a slow network would (about a second on
// loopback), so that the page is up and its loader shows the download.
func slowWasm(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/app.wasm") {
			w = slowWriter{w}
		}
		h.ServeHTTP(w, r)
	})
}

// slowWriter pauses after each write (the file server writes 32 KB at a
// time; this type has no ReadFrom, so it cannot send the file at once).
type slowWriter struct{ http.ResponseWriter }

func (w slowWriter) Write(p []byte) (int, error) {
	n, err := w.ResponseWriter.Write(p)
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
	time.Sleep(2 * time.Millisecond)
	return n, err
}
