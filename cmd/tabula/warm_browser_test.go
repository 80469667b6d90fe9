//go:build !js

package main

import (
	"encoding/binary"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserWarmStart follows one visitor's browser across visits and
// builds. Two sites are built from the same client with a different
// custom section ("tabula-build": A, B), so their versions differ and the
// page can tell which module it compiled.
//
//   - A return visit compiles the module kept in the service worker's
//     cache of this version, with no request for app.wasm.
//   - A kept copy that does not compile is fetched again: the app starts,
//     and the next visit uses the repaired copy, again with no request.
//   - Once B is deployed, a page of B never runs A's module: not from an
//     address the old worker does not hold (its page comes from the
//     network while A's worker is still in control), and not after B's
//     worker has replaced A's.
func TestBrowserWarmStart(t *testing.T) {
	sites := map[string]http.Handler{"A": staticSite(taggedSite(t, "A")), "B": staticSite(taggedSite(t, "B"))}
	var deployed atomic.Value
	deployed.Store("A")
	var asked atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/app.wasm") {
			asked.Add(1)
		}
		// The two sites were built within the same second: a check by
		// date would call B's files unchanged.
		r.Header.Del("If-Modified-Since")
		sites[deployed.Load().(string)].ServeHTTP(w, r)
	}))
	defer srv.Close()
	ctx, stop := chromium(t, 3*time.Minute)
	defer stop()

	type start struct {
		Build     string `json:"build"`
		Cached    bool   `json:"cached"`
		Refetched bool   `json:"refetched"`
		Asked     int32  `json:"-"`
	}
	visit := func(url string) start {
		t.Helper()
		before := asked.Load()
		if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, clientStarted+` && document.querySelector("#new-catan")`, 30*time.Second)
		s := eval[start](t, ctx, `tabulaWasm.module.then(m => {
			const tag = WebAssembly.Module.customSections(m, "tabula-build")[0];
			return {build: tag ? new TextDecoder().decode(tag) : "", cached: tabulaWasm.cached, refetched: tabulaWasm.refetched};
		})`)
		s.Asked = asked.Load() - before
		return s
	}
	kept := func() {
		t.Helper()
		waitJS(t, ctx, `navigator.serviceWorker.controller && caches.match(tabulaWasm.url, {cacheName: tabulaWasm.cache}).then(r => r && r.arrayBuffer()).then(b => b && b.byteLength > 1e6)`, 60*time.Second)
	}

	// (The worker's install, soon after the start, may have asked too.)
	if s := visit(srv.URL + "/"); s.Build != "A" || s.Cached || s.Asked < 1 {
		t.Fatalf("first visit: %+v, want build A from the network", s)
	}
	kept()
	if s := visit(srv.URL + "/"); s.Build != "A" || !s.Cached || s.Asked != 0 {
		t.Errorf("return visit: %+v, want build A from the cache, no request", s)
	}

	// A broken copy in the cache (a truncated module).
	eval[bool](t, ctx, `caches.open(tabulaWasm.cache).then(c => c.put(tabulaWasm.url,
		new Response(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 9]), {headers: {"Content-Type": "application/wasm"}}))).then(() => true)`)
	if s := visit(srv.URL + "/"); s.Build != "A" || s.Cached || !s.Refetched || s.Asked != 1 {
		t.Errorf("visit with a broken cached module: %+v, want build A fetched again, one request", s)
	}
	click(t, ctx, "#new-catan")
	waitJS(t, ctx, `document.querySelector("#new-form")`, 5*time.Second)
	kept()
	if s := visit(srv.URL + "/"); s.Build != "A" || !s.Cached || s.Asked != 0 {
		t.Errorf("visit after the repair: %+v, want build A from the cache, no request", s)
	}

	// B is deployed. An address A's worker does not hold: B's page, from
	// the network, with A's worker still answering the page's requests.
	deployed.Store("B")
	if s := visit(srv.URL + "/?from=link"); s.Build != "B" {
		t.Errorf("B's page with A's worker in control: %+v, want build B", s)
	}
	// The browser's check for a new worker (made on navigations, when it
	// sees fit, and at least daily) finds B's: it takes over and drops A's
	// cache.
	eval[bool](t, ctx, `navigator.serviceWorker.getRegistration().then(r => r.update()).then(() => true)`)
	waitJS(t, ctx, `caches.keys().then(k => k.length === 1 && k[0] === tabulaWasm.cache)`, 60*time.Second)
	kept()
	if s := visit(srv.URL + "/"); s.Build != "B" || !s.Cached || s.Asked != 0 {
		t.Errorf("return visit after B's worker took over: %+v, want build B from the cache, no request", s)
	}
}

// taggedSite builds the static site (no compressed copies) from the
// client in web/ with a custom section "tabula-build" holding tag
// appended: a build of its own, with its own version.
func taggedSite(t *testing.T, tag string) string {
	t.Helper()
	web := filepath.Join(t.TempDir(), "web")
	copyWeb(t, web, func(n string, b []byte) []byte {
		if n == "app.wasm" {
			b = appendCustomSection(b, "tabula-build", []byte(tag))
		}
		return b
	})
	out := t.TempDir()
	if _, err := buildSite(out, web, -1); err != nil {
		t.Fatal(err)
	}
	return out
}

// copyWeb copies the shipped files of the repository's web/ into dir,
// each as edit returns it (nil: left out).
func copyWeb(t testing.TB, dir string, edit func(name string, b []byte) []byte) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(repoRoot(), "web")
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !shipped(e) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if b = edit(e.Name(), b); b == nil {
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// appendCustomSection appends a custom section (id 0) to a module.
func appendCustomSection(module []byte, name string, payload []byte) []byte {
	body := binary.AppendUvarint(nil, uint64(len(name)))
	body = append(append(body, name...), payload...)
	out := append(append([]byte(nil), module...), 0)
	out = binary.AppendUvarint(out, uint64(len(body)))
	return append(out, body...)
}
