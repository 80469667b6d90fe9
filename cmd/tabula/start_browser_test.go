//go:build !js

package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// BenchmarkBrowserStart measures how fast the app starts in headless
// Chromium, from navigation to the first working button (the home screen's
// New game once the client has set data-client). It serves built static
// sites the way a host with pre-compressed files does (make build's site,
// TABULA_BENCH_SITE, brotli to a browser that accepts it) and loads each
//
//   - cold: a fresh profile, nothing cached, no service worker;
//   - warm: the same profile again, after a first visit that had time for
//     the browser's background work (the service worker's install, keeping
//     compiled code);
//   - cold and warm with the CPU throttled 4× (Chrome's emulation).
//
// TABULA_BENCH_BASE names a second built site (a baseline, such as main's
// `make build SITE=…`): its runs alternate with this site's in the same
// browser, so a busy machine weighs on both alike. It prints every run and
// the medians; it asserts nothing.
//
//	make bench-start [BASE=dir]
func BenchmarkBrowserStart(b *testing.B) {
	runs := 10
	if n, err := strconv.Atoi(os.Getenv("TABULA_BENCH_RUNS")); err == nil && n > 0 {
		runs = n
	}
	dir := os.Getenv("TABULA_BENCH_SITE")
	if dir == "" {
		dir = filepath.Join(repoRoot(), "site")
	}
	sites := []*benchSite{{name: "this", dir: dir}}
	if base := os.Getenv("TABULA_BENCH_BASE"); base != "" {
		sites = append(sites, &benchSite{name: "base", dir: base})
	}
	for _, s := range sites {
		if _, err := os.Stat(filepath.Join(s.dir, "index.html")); err != nil {
			b.Fatalf("no built site in %s (make build first): %v", s.dir, err)
		}
		s.srv = httptest.NewServer(staticSite(s.dir))
		defer s.srv.Close()
		s.runs = map[string][]probe{}
	}
	modes := []struct {
		name     string
		throttle float64
		warm     bool
	}{{"cold", 1, false}, {"warm", 1, true}, {"cold x4", 4, false}, {"warm x4", 4, true}}

	// Cold: a new incognito-like context each time. Warm: each site has
	// its own browser whose default (on-disk) profile keeps what a
	// returning visitor's browser keeps; Chromium keeps no compiled code
	// for incognito contexts.
	bctx, stop := chromium(b, 0)
	defer stop()
	for _, s := range sites {
		ctx, stop := chromium(b, 0)
		defer stop()
		tab, cancel := chromedp.NewContext(ctx)
		defer cancel()
		addProbe(b, tab)
		s.tab = tab
		s.load(b, tab)
		waitJS(b, tab, `navigator.serviceWorker.controller && caches.match(tabulaWasm.url || "web/app.wasm").then(r => !!r)`, 60*time.Second) // (a baseline before the URL named the build)
		// A visitor who comes back stayed a while the first time.
		time.Sleep(5 * time.Second)
	}
	for _, m := range modes {
		for range runs {
			for _, s := range sites {
				tab := s.tab
				cancel := func() {}
				if !m.warm {
					tab, cancel = chromedp.NewContext(bctx, chromedp.WithNewBrowserContext())
					addProbe(b, tab)
				}
				throttle(b, tab, m.throttle)
				s.runs[m.name] = append(s.runs[m.name], s.load(b, tab))
				throttle(b, tab, 1)
				cancel()
			}
		}
	}
	for _, s := range sites {
		fmt.Fprintf(os.Stderr, "site %s (%s): app.wasm %.2f MB on the wire\n", s.name, s.dir, s.runs["cold"][0].Wire/1e6)
		for _, m := range modes {
			report(b, s.name, m.name, s.runs[m.name])
		}
	}
}

type benchSite struct {
	name, dir string
	srv       *httptest.Server
	tab       context.Context // warm runs: a tab of the site's own browser
	runs      map[string][]probe
}

func (s *benchSite) load(tb testing.TB, tab context.Context) probe {
	if err := chromedp.Do(tab, chromedp.Navigate(s.srv.URL+"/")); err != nil {
		tb.Fatal(err)
	}
	return readProbe(tb, tab)
}

// throttle sets the tab's CPU slowdown (1 is none).
func throttle(tb testing.TB, tab context.Context, rate float64) {
	err := chromedp.Do(tab, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: rate})
		return err
	}))
	if err != nil {
		tb.Fatalf("CPU throttling: %v", err)
	}
}

// report prints the steps of one site's runs of one mode and reports the
// median to the first working button.
func report(b *testing.B, site, mode string, runs []probe) {
	steps := []struct {
		what string
		at   func(probe) float64
	}{
		{"page in", func(p probe) float64 { return p.Page }},
		{"scripts run", func(p probe) float64 { return p.Scripts }},
		{"app.wasm asked", func(p probe) float64 { return p.Fetch }},
		{"app.wasm in", func(p probe) float64 { return p.Wasm }},
		{"compiled", func(p probe) float64 { return p.Compiled }},
		{"instantiated", func(p probe) float64 { return p.Instance }},
		{"first working button", func(p probe) float64 { return p.Live }},
	}
	fmt.Fprintf(os.Stderr, "  %s, %s start, ms from navigation (median of %d; every run):\n", site, mode, len(runs))
	for _, st := range steps {
		var v []float64
		for _, p := range runs {
			v = append(v, st.at(p))
		}
		fmt.Fprintf(os.Stderr, "    %-21s %5.0f  (%s)\n", st.what, median(v), msList(v))
		if st.what == "first working button" {
			b.ReportMetric(median(v), site+"-"+strings.ReplaceAll(mode, " ", "")+"-ms")
		}
	}
}

// staticSite serves a built site as a static host with pre-compressed
// copies does (Caddy's precompressed, nginx's brotli_static): a .wasm
// file's .br copy to a browser that accepts brotli, every file with its
// modification time for revalidation.
func staticSite(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		p := path.Clean("/" + r.URL.Path)
		if strings.HasSuffix(p, ".wasm") {
			w.Header().Set("Vary", "Accept-Encoding")
			if accepts(r.Header.Get("Accept-Encoding"), "br") {
				if f, err := os.Open(filepath.Join(dir, filepath.FromSlash(p)+".br")); err == nil {
					defer f.Close()
					st, err := f.Stat()
					if err == nil {
						w.Header().Set("Content-Encoding", "br")
						w.Header().Set("Content-Type", "application/wasm")
						http.ServeContent(w, r, "", st.ModTime(), f)
						return
					}
				}
			}
		}
		files.ServeHTTP(w, r)
	})
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func msList(v []float64) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = fmt.Sprintf("%.0f", x)
	}
	return strings.Join(parts, " ")
}
