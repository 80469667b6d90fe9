//go:build !js

package main

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabula/app/netplay"
)

// The browser tests drive headless Chromium against the app served by the
// test itself. When run as root with unshare available, the whole test
// binary re-executes in a private network namespace with only loopback,
// so the browser never touches a real network.

const netnsEnv = "TABULA_TEST_NETNS"

func TestMain(m *testing.M) {
	// The sites the tests serve name no relay: no page reaches the public
	// brokers; a test that wants one names the suite's own broker.
	if _, ok := os.LookupEnv(netplay.RelaysEnv); !ok {
		os.Setenv(netplay.RelaysEnv, "none")
	}
	if os.Getenv(netnsEnv) == "" && chromiumPath() != "" && wantsBrowser() {
		if err := ensureWasm(); err != nil {
			fmt.Fprintln(os.Stderr, "building web/app.wasm:", err)
			os.Exit(1)
		}
		if code, ok := reexecInNetns(); ok {
			os.Exit(code)
		}
	}
	code := m.Run()
	stopSharedBrowsers()
	os.Exit(code)
}

// wantsBrowser reports whether -test.run could select a browser test or
// -test.bench a browser benchmark.
func wantsBrowser() bool {
	run := true
	for _, a := range os.Args[1:] {
		if v, ok := strings.CutPrefix(a, "-test.run="); ok {
			run = strings.Contains(v, "Browser") || v == "" || v == "."
		}
		if v, ok := strings.CutPrefix(a, "-test.bench="); ok && (strings.Contains(v, "Browser") || v == ".") {
			return true
		}
	}
	return run
}

func repoRoot() string {
	abs, _ := filepath.Abs(filepath.Join("..", ".."))
	return abs
}

// ensureWasm builds web/app.wasm when missing, so `go test ./...` works
// without `make wasm` first.
func ensureWasm() error {
	out := filepath.Join(repoRoot(), "web", "app.wasm")
	if _, err := os.Stat(out); err == nil {
		return nil
	}
	fmt.Fprintln(os.Stderr, "browser tests: building web/app.wasm (about a minute)…")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, "./cmd/tabula")
	cmd.Dir = repoRoot()
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	return cmd.Run()
}

func reexecInNetns() (int, bool) {
	if runtime.GOOS != "linux" || os.Geteuid() != 0 {
		return 0, false
	}
	if _, err := exec.LookPath("unshare"); err != nil {
		return 0, false
	}
	if exec.Command("unshare", "-n", "true").Run() != nil {
		return 0, false // not permitted here: run as is
	}
	self, err := os.Executable()
	if err != nil {
		return 0, false
	}
	args := append([]string{"-n", "sh", "-c", `ip link set lo up 2>/dev/null; exec "$0" "$@"`, self}, os.Args[1:]...)
	cmd := exec.Command("unshare", args...)
	cmd.Env = append(os.Environ(), netnsEnv+"=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err = cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), true
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "re-exec in network namespace:", err)
		return 1, true
	}
	return 0, true
}

func chromiumPath() string {
	for _, p := range []string{"/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	for _, n := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return ""
}

// chromium starts one headless Chromium for the test, with a fresh
// profile, the flags every browser test needs and extra; a timeout above
// zero bounds the whole session.
func chromium(t testing.TB, timeout time.Duration, extra ...chromedp.ExecAllocatorOption) (context.Context, func()) {
	t.Helper()
	path := chromiumPath()
	if path == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("chromium is not installed (CI must have it: .ci/run installs it)")
		}
		t.Skip("chromium not installed")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
	}
	opts = append(append(opts, extra...), chromedp.WindowSize(1280, 860))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelB := chromedp.NewContext(actx)
	cancelT := func() {}
	if timeout > 0 {
		ctx, cancelT = context.WithTimeout(ctx, timeout)
	}
	stop := func() { cancelT(); cancelB(); cancelA() }
	if err := chromedp.Do(ctx); err != nil {
		stop()
		t.Fatalf("starting chromium: %v", err)
	}
	return ctx, stop
}

// browser starts one headless Chromium for the test, with a fresh profile,
// keeping its console errors for failure messages.
func browser(t testing.TB) (context.Context, func()) {
	t.Helper()
	ctx, stop := chromium(t, 170*time.Second)
	go func() {
		for m, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException || os.Getenv("TABULA_TEST_CONSOLE") != "" {
				consoleMu.Lock()
				consoleLog = append(consoleLog, string(m.Type)+": "+m.Text)
				consoleMu.Unlock()
			}
		}
	}()
	return ctx, stop
}

var (
	consoleMu  sync.Mutex
	consoleLog []string
)

func consoleDump() string {
	consoleMu.Lock()
	defer consoleMu.Unlock()
	n := len(consoleLog)
	if n > 15 {
		return strings.Join(consoleLog[n-15:], "\n")
	}
	return strings.Join(consoleLog, "\n")
}

// openSite starts Chromium and newServer's site, loads the site at instant
// speed until the client runs, and returns the browser, the server, the
// screenshots folder and how long the load took. Browser and server stop
// when the test ends.
func openSite(t *testing.T, newServer func(testing.TB) *httptest.Server) (context.Context, *httptest.Server, string, time.Duration) {
	t.Helper()
	ctx, stop := browser(t)
	t.Cleanup(stop)
	srv := newServer(t)
	t.Cleanup(srv.Close)
	dir := shotsDir(t)
	t0 := time.Now()
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?speed=instant")); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, clientStarted, 20*time.Second)
	return ctx, srv, dir, time.Since(t0)
}

func shotsDir(t testing.TB) string {
	dir, err := os.MkdirTemp("", "tabula-shots-")
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(os.Stderr, "browser tests: screenshots in %s\n", dir)
	return dir
}

func shot(t testing.TB, ctx context.Context, dir, name string) {
	t.Helper()
	time.Sleep(350 * time.Millisecond) // let entry animations (≤300 ms) finish
	b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Errorf("screenshot %s: %v", name, err)
		return
	}
	_ = os.WriteFile(filepath.Join(dir, name+".png"), b, 0o644)
}

func eval[T any](t testing.TB, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("eval %q: %v", short(js), err)
	}
	return v
}

func short(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// truthy makes a JS expression into one that yields whether its value is
// truthy, awaiting a promise first: "x && caches.match(u)" is a promise,
// an object that "!!" would call true before the cache answers.
func truthy(js string) string {
	return "Promise.resolve((" + js + ")).then(v => !!v)"
}

// waitJS polls a JS expression (or a promise of one) until it is truthy.
func waitJS(t testing.TB, ctx context.Context, js string, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](truthy(js), chromedp.EvalAwaitPromise))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			body, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body ? document.body.innerText.slice(0, 600) : ""`))
			if b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
				_ = os.WriteFile(filepath.Join(os.TempDir(), "tabula-failure.png"), b, 0o644)
			}
			t.Fatalf("timed out after %v waiting for %s (last error %v)\npage text: %s\nconsole:\n%s", timeout, short(js), err, body, consoleDump())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// click clicks the centre of the first element matching sel with real
// mouse events (scrolling it into view first).
func click(t testing.TB, ctx context.Context, sel string) {
	t.Helper()
	// The point is taken again until the element is what a click there
	// hits (a scroll or a redraw may still move it), for a moment at most.
	js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return null;
		e.scrollIntoView({block: "center", inline: "center", behavior: "instant"});
		const r = e.getBoundingClientRect(), x = r.left + r.width/2, y = r.top + r.height/2;
		const hit = document.elementFromPoint(x, y);
		return [x, y, hit && (hit === e || e.contains(hit)) ? 1 : 0]; })()`, sel)
	var xy []float64
	for try := 0; ; try++ {
		var err error
		xy, err = chromedp.Run(ctx, chromedp.Evaluate[[]float64](js))
		if err != nil || len(xy) != 3 {
			t.Fatalf("click %s: not found (%v)", sel, err)
		}
		if xy[2] == 1 || try == 8 {
			break
		}
		time.Sleep(25 * time.Millisecond)
	}
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(xy[0], xy[1])); err != nil {
		t.Fatalf("click %s: %v", sel, err)
	}
}

// startGame starts game from the home screen with the seed and one seat
// of each kind given.
func startGame(t *testing.T, ctx context.Context, game, seed string, kinds ...string) {
	t.Helper()
	waitJS(t, ctx, `document.querySelector("#new-`+game+`")`, 5*time.Second)
	click(t, ctx, "#new-"+game)
	waitJS(t, ctx, `document.querySelector("#new-form")`, 5*time.Second)
	click(t, ctx, fmt.Sprintf("#players-%d", len(kinds)))
	// the form re-laid out (a click could land where a removed row was)
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector("#kind-%d") && !document.querySelector("#kind-%d")`, len(kinds)-1, len(kinds)), 3*time.Second)
	setInput(t, ctx, "#seed", seed)
	for i, k := range kinds {
		setSelect(t, ctx, fmt.Sprintf("#kind-%d", i), k)
	}
	click(t, ctx, "#new-start")
	waitJS(t, ctx, `!document.querySelector("#new-form") && document.querySelector("#board")`, 10*time.Second)
}

func exists(t testing.TB, ctx context.Context, sel string) bool {
	return eval[bool](t, ctx, fmt.Sprintf(`!!document.querySelector(%q)`, sel))
}

// enabled: present and not an aria-disabled button.
func enabled(t testing.TB, ctx context.Context, sel string) bool {
	return eval[bool](t, ctx, fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && !e.classList.contains("off") && !e.disabled; })()`, sel))
}

func attr(t testing.TB, ctx context.Context, name string) string {
	return eval[string](t, ctx, fmt.Sprintf(`(document.getElementById("tabula")||{dataset:{}}).dataset[%q] || ""`, name))
}

// setSelect sets a <select> and fires change, as a person choosing would.
func setSelect(t testing.TB, ctx context.Context, sel, value string) {
	eval[bool](t, ctx, fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.value = %q;
		e.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, sel, value))
}

// clientStarted: the client runs, and the app's fonts are in (their
// arrival re-lays the page out, which would move what a test clicks).
const clientStarted = `document.getElementById("tabula") && document.getElementById("tabula").dataset.client === "wasm" && document.fonts.status === "loaded"`

func startServer(t testing.TB) *httptest.Server {
	return serveRoot(t, repoRoot())
}

// serveRoot serves the app from root (which holds web/ with app.wasm) on
// a free loopback port.
func serveRoot(t testing.TB, root string) *httptest.Server {
	t.Helper()
	h, err := NewServer(root, "test-"+Version(filepath.Join(root, "web")))
	if err != nil {
		t.Fatalf("serving %s: %v", root, err)
	}
	return httptest.NewServer(h)
}

// setInput types a value into a text field and fires change.
func setInput(t testing.TB, ctx context.Context, sel, value string) {
	eval[bool](t, ctx, fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.value = %q;
		e.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, sel, value))
}
