//go:build !js

package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// BenchmarkBrowserDeck runs engine/deck's benchmarks (the hidden-card
// dealing of docs/p2p.md) in headless Chromium with the CPU throttled 4×:
// the package's test binary for js/wasm, served on loopback with Go's
// wasm_exec.js, started with the benchmark flags, its console output
// collected and printed. TABULA_DECK_WASM names a binary built already
// (make bench-deck builds one); without it the benchmark builds its own.
// TABULA_DECK_BENCH picks the benchmarks (a -test.bench pattern, "." by
// default) and TABULA_DECK_BENCHTIME their -test.benchtime (3x). It
// reports the figures of the goals (a draw, a reveal, Agricola's
// deal, each real game's decks set up: BenchmarkRealDecks4) and asserts
// nothing.
//
//	make bench-deck
func BenchmarkBrowserDeck(b *testing.B) {
	pattern, benchtime := envOr("TABULA_DECK_BENCH", "."), envOr("TABULA_DECK_BENCHTIME", "3x")
	out := wasmBench(b, "./engine/deck", os.Getenv("TABULA_DECK_WASM"), pattern, benchtime)
	for name, metric := range map[string]string{
		"BenchmarkPrivateDraw4":         "draw-ms",
		"BenchmarkPublicReveal4":        "reveal-ms",
		"BenchmarkShuffle/48_cards":     "shuffle48-ms",
		"BenchmarkAgricolaDeal4":        "agricola-deal-ms",
		"BenchmarkAgricolaDeal4:device": "agricola-device-ms",
		// Each real game's decks set up (and dealt) at 4 parties.
		"BenchmarkRealDecks4/catan_development_25":         "catan-setup-ms",
		"BenchmarkRealDecks4/catan_development_25:device":  "catan-device-ms",
		"BenchmarkRealDecks4/cities-knights_3x18":          "ck-setup-ms",
		"BenchmarkRealDecks4/cities-knights_3x18:device":   "ck-device-ms",
		"BenchmarkRealDecks4/traders-barbarians_26":        "tb-setup-ms",
		"BenchmarkRealDecks4/traders-barbarians_26:device": "tb-device-ms",
		"BenchmarkRealDecks4/agricola_2x48_deal_7+7:chain": "agricola-chain-ms",
	} {
		if v, ok := benchFigure(out, name); ok {
			b.ReportMetric(v, metric)
		}
	}
}

// wasmBench runs a package's benchmarks in headless Chromium with the CPU
// throttled 4×: its test binary for js/wasm (bin, or built here when ""),
// served on loopback with Go's wasm_exec.js and started with the benchmark
// flags; it prints the program's console output and returns it.
func wasmBench(b *testing.B, pkg, bin, pattern, benchtime string) string {
	if bin == "" {
		bin = filepath.Join(b.TempDir(), "bench.wasm")
		build := exec.Command("go", "test", "-c", "-o", bin, pkg)
		build.Dir = repoRoot()
		build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if out, err := build.CombinedOutput(); err != nil {
			b.Fatalf("building %s's tests for wasm: %v\n%s", pkg, err, out)
		}
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		b.Fatal(err)
	}
	execJS := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js")
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!doctype html><script src="wasm_exec.js"></script>`)
	})
	mux.HandleFunc("/wasm_exec.js", func(w http.ResponseWriter, r *http.Request) { http.ServeFile(w, r, execJS) })
	mux.HandleFunc("/bench.wasm", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/wasm")
		http.ServeFile(w, r, bin)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	ctx, stop := chromium(b, 0)
	defer stop()
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		b.Fatal(err)
	}
	throttle(b, ctx, 4)
	// wasm_exec.js writes the program's output with console.log, a line at
	// a time: keep the lines, run the binary as `go test` would.
	run := fmt.Sprintf(`(async () => {
		const lines = [], log = console.log;
		console.log = (...a) => { lines.push(a.join(" ")); log(...a); };
		const go = new Go();
		go.argv = ["bench.wasm", "-test.run=^$", "-test.bench=%s", "-test.benchtime=%s"];
		let code = -1;
		go.exit = c => { code = c; };
		const r = await WebAssembly.instantiateStreaming(fetch("bench.wasm"), go.importObject);
		await go.run(r.instance);
		console.log = log;
		return JSON.stringify({code, out: lines.join("\n")});
	})()`, pattern, benchtime)
	start := time.Now()
	res, err := chromedp.Run[string](ctx, chromedp.Evaluate[string](run, chromedp.EvalAwaitPromise))
	if err != nil {
		b.Fatal(err)
	}
	var got struct {
		Code int
		Out  string
	}
	if err := json.Unmarshal([]byte(res), &got); err != nil {
		b.Fatal(err)
	}
	fmt.Fprintf(os.Stderr, "%s benchmarks in headless Chromium, CPU throttled 4x (-test.bench=%s -test.benchtime=%s, %.0f s):\n%s\n",
		pkg, pattern, benchtime, time.Since(start).Seconds(), got.Out)
	if got.Code != 0 {
		b.Fatalf("the test binary exited with %d", got.Code)
	}
	return got.Out
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

// benchFigure finds a benchmark's line in go test's output and gives its
// ns/op in ms, or with name:metric (device for device-ms) that metric.
func benchFigure(out, name string) (float64, bool) {
	name, metric, _ := strings.Cut(name, ":")
	unit := "ns/op"
	if metric != "" {
		unit = metric + "-ms"
	}
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) < 4 || (f[0] != name && !strings.HasPrefix(f[0], name+"-")) {
			continue
		}
		for i := 2; i+1 < len(f); i++ {
			if f[i+1] == unit {
				v, err := strconv.ParseFloat(f[i], 64)
				if err != nil {
					return 0, false
				}
				if unit == "ns/op" {
					v /= 1e6
				}
				return v, true
			}
		}
	}
	return 0, false
}
