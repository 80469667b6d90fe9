//go:build !js

package main

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// phoneThrottle is the CPU slowdown Chromium applies to stand for a
// phone-class CPU.
const phoneThrottle = 4

// TestBrowserSearchBot: a hard search bot plays Catan against three greedy
// bots in the page, on a CPU throttled to phone class. While it thinks
// the page says so and still takes input (the log opens mid-search), and
// its moves are played. The search times of its moves are logged.
//
// With TABULA_BOT_TIMING=n it is the measurement instead: up to n moves
// of a hard bot in Catan (against three greedy) and in Burgundy (against
// one greedy), each to the end of the game at most, with the distribution
// of the search times per move. TABULA_BOT_THROTTLE=1 measures without
// throttling, and then also the renderer's CPU time per search (times 4:
// a phone-class CPU with nothing else running, which a loaded machine's
// clock cannot show). TABULA_BOT_GAME=cities-knights (or any other
// game id) measures that game alone instead, with TABULA_BOT_PLAYERS
// players (4 when unset): the hard bot in seat 0, greedy bots in the
// others; TABULA_BOT_FORM_WAIT=s leaves its new-game form open s seconds
// first.
func TestBrowserSearchBot(t *testing.T) {
	moves, _ := strconv.Atoi(os.Getenv("TABULA_BOT_TIMING"))
	timeout := 170 * time.Second
	if moves > 0 {
		timeout = 0 // the measurement takes as long as it takes
	}
	ctx, stop := chromium(t, timeout)
	t.Cleanup(stop)
	srv := startServer(t)
	t.Cleanup(srv.Close)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?speed=instant")); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, clientStarted, 20*time.Second)
	throttle := float64(phoneThrottle)
	if v, err := strconv.ParseFloat(os.Getenv("TABULA_BOT_THROTTLE"), 64); err == nil && v >= 1 {
		throttle = v // for comparing measurements
	}
	if _, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: throttle}); err != nil {
		t.Fatal(err)
	}

	if g := os.Getenv("TABULA_BOT_GAME"); g != "" && moves > 0 {
		// One game measured alone: the hard bot in seat 0 against
		// greedy bots.
		players := 4
		if n, err := strconv.Atoi(os.Getenv("TABULA_BOT_PLAYERS")); err == nil && n >= 1 {
			players = n
		}
		click(t, ctx, "#new-"+g)
		waitJS(t, ctx, `document.querySelector("#new-form")`, 10*time.Second)
		if exists(t, ctx, fmt.Sprintf("#players-%d", players)) {
			click(t, ctx, fmt.Sprintf("#players-%d", players))
		}
		waitJS(t, ctx, fmt.Sprintf(`document.querySelector("#kind-%d") && !document.querySelector("#kind-%d")`, players-1, players), 3*time.Second)
		setSelect(t, ctx, "#kind-0", "bot:mcts-hard")
		for i := 1; i < players; i++ {
			setSelect(t, ctx, "#kind-"+strconv.Itoa(i), "bot:greedy")
		}
		setInput(t, ctx, "#seed", "16")
		// TABULA_BOT_FORM_WAIT=s keeps the form open s seconds, as a
		// person reading it would, while the page readies the search's
		// code (table.Warm); 0 starts at once.
		if s, err := strconv.ParseFloat(os.Getenv("TABULA_BOT_FORM_WAIT"), 64); err == nil && s > 0 {
			time.Sleep(time.Duration(s * float64(time.Second)))
		}
		click(t, ctx, "#new-start")
		waitJS(t, ctx, `document.querySelector("#board")`, 20*time.Second)
		ms, cpu := searchTimes(t, ctx, 0, moves)
		reportSearchTimes(t, fmt.Sprintf("%s %dp, hard vs greedy", g, players), throttle, ms, cpu)
		return
	}

	// Catan: the hard bot in seat 0, greedy bots in seats 1–3.
	click(t, ctx, "#new-catan")
	waitJS(t, ctx, `document.querySelector("#new-form")`, 10*time.Second)
	click(t, ctx, "#players-4")
	for i, k := range []string{"bot:mcts-hard", "bot:greedy", "bot:greedy", "bot:greedy"} {
		setSelect(t, ctx, "#kind-"+strconv.Itoa(i), k)
	}
	setInput(t, ctx, "#seed", "16")
	click(t, ctx, "#new-start")
	waitJS(t, ctx, `document.querySelector("#board svg")`, 20*time.Second)
	if moves == 0 {
		respondsWhileThinking(t, ctx)
		waitJS(t, ctx, `document.getElementById("tabula").dataset.botMs.split(",").length >= 4`, 120*time.Second)
		reportSearchTimes(t, "catan", throttle, botMs(t, ctx), nil)
		return
	}
	ms, cpu := searchTimes(t, ctx, 0, moves)
	reportSearchTimes(t, "catan, hard vs 3 greedy", throttle, ms, cpu)
	before := len(ms)

	// The end screen may cover the table: press Home from script.
	eval[bool](t, ctx, `(document.querySelector("#home").click(), true)`)
	waitJS(t, ctx, `document.querySelector("#new-burgundy")`, 10*time.Second)
	newBurgundy(t, ctx, "bot:mcts-hard", "bot:greedy", "16")
	waitJS(t, ctx, `document.querySelector("#board .bg-main")`, 20*time.Second)
	ms, cpu = searchTimes(t, ctx, before, moves)
	reportSearchTimes(t, "burgundy, hard vs greedy", throttle, ms, cpu)
}

// respondsWhileThinking waits for the hard bot to think, checks that the
// turn line says so, and opens (or closes) the log: the page must handle
// the click, and draw its result, while the same search is still running.
// The click and the check run in the page, so no round trip to the test
// delays them; a search may still end first, and then the next is tried.
func respondsWhileThinking(t *testing.T, ctx context.Context) {
	t.Helper()
	const js = `new Promise(done => {
		const root = document.getElementById("tabula"), btn = document.querySelector("#log-toggle");
		const seat = root.dataset.thinking, entries = root.dataset.entries;
		const turn = document.querySelector("#turn").textContent, marked = !!document.querySelector("#turn .wait.thinking");
		const was = btn.getAttribute("aria-expanded");
		btn.click();
		const t0 = performance.now();
		const check = () => {
			if (btn.getAttribute("aria-expanded") !== was) {
				done({turn, marked, mid: root.dataset.thinking === seat && root.dataset.entries === entries});
			} else if (performance.now() - t0 > 20000) {
				done({turn, marked, mid: false, stuck: true});
			} else {
				requestAnimationFrame(check);
			}
		};
		requestAnimationFrame(check);
	})`
	type result struct {
		Turn   string `json:"turn"`
		Marked bool   `json:"marked"`
		Mid    bool   `json:"mid"`
		Stuck  bool   `json:"stuck"`
	}
	for try := 0; try < 8; try++ {
		waitJS(t, ctx, `document.getElementById("tabula").dataset.thinking === "0"`, 60*time.Second)
		r := eval[result](t, ctx, js)
		if r.Stuck {
			t.Fatal("the log button did not answer for 20 s")
		}
		if !r.Marked {
			t.Fatalf("while the bot thinks the turn line does not mark it thinking: %q", r.Turn)
		}
		if r.Mid {
			return // the click was handled mid-search
		}
	}
	t.Fatal("no search lasted long enough to click during it")
}

// searchTimes lets the game run until the hard bot has searched n moves
// after the first skip or the game is over, and returns its search times
// in milliseconds. It also returns, per search seen from its start, the
// CPU time the browser's renderer processes used during it: CPU throttling
// leaves that unchanged, and unlike the time on the clock it does not grow
// when other programs load the machine.
func searchTimes(t *testing.T, ctx context.Context, skip, n int) (ms []int, cpu []int) {
	t.Helper()
	proc := chromedp.FromContext(ctx).Browser.Process()
	seen := skip
	var start time.Duration
	in := false // a search is timed from its start
	for {
		ms = botMs(t, ctx)
		if len(ms) > seen {
			if len(ms) == seen+1 && in {
				cpu = append(cpu, int((rendererCPU(proc) - start).Milliseconds()))
			}
			seen, in = len(ms), false
		}
		if attr(t, ctx, "thinking") == "" {
			in = false
		} else if !in {
			in, start = true, rendererCPU(proc)
		}
		if len(ms)-skip >= n || attr(t, ctx, "over") == "true" {
			return ms[min(skip, len(ms)):], cpu
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// rendererCPU is the CPU time used so far by the renderer processes
// started by the browser process p (Linux /proc; 0 elsewhere).
func rendererCPU(p *os.Process) time.Duration {
	if p == nil {
		return 0
	}
	parent := map[int]int{}
	ticks := map[int]int64{}
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + d.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid … utime stime: fields 4, 14 and 15.
		f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
		if len(f) < 13 {
			continue
		}
		parent[pid], _ = strconv.Atoi(f[1])
		u, _ := strconv.ParseInt(f[11], 10, 64)
		s, _ := strconv.ParseInt(f[12], 10, 64)
		ticks[pid] = u + s
	}
	var total int64
	for pid, tk := range ticks {
		cmd, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
		if !strings.Contains(string(cmd), "--type=renderer") {
			continue
		}
		for q := parent[pid]; q > 1; q = parent[q] {
			if q == p.Pid {
				total += tk
				break
			}
		}
	}
	return time.Duration(total) * time.Second / 100 // USER_HZ
}

func botMs(t *testing.T, ctx context.Context) []int {
	var out []int
	for _, f := range strings.Split(attr(t, ctx, "botMs"), ",") {
		if v, err := strconv.Atoi(f); err == nil {
			out = append(out, v)
		}
	}
	return out
}

// reportSearchTimes prints the distribution of search times per move on
// the clock, and, from an unthrottled run, of the renderer's CPU time per
// search times phoneThrottle: the time on a CPU that much slower with
// nothing else running. (Under CPU throttling the renderer's CPU time
// grows with the throttle, so it tells nothing then.)
func reportSearchTimes(t *testing.T, what string, throttle float64, ms, cpu []int) {
	if len(ms) == 0 {
		t.Errorf("%s: no search timed", what)
		return
	}
	s := slices.Clone(ms)
	slices.Sort(s)
	q := func(p float64) int { return s[min(len(s)-1, int(p*float64(len(s))))] }
	over := 0
	for _, v := range s {
		if v > 2000 {
			over++
		}
	}
	fmt.Fprintf(os.Stderr, "search bot in the browser (wasm, CPU throttled %g×): %s: %d moves, ms p50 %d p90 %d p95 %d p99 %d max %d; over 2 s: %d\n",
		throttle, what, len(s), q(0.5), q(0.9), q(0.95), q(0.99), s[len(s)-1], over)
	fmt.Fprintf(os.Stderr, "  ms by move: %v\n", ms) // which decisions are the slow ones
	if len(cpu) > 0 && throttle == 1 {
		c := slices.Clone(cpu)
		slices.Sort(c)
		q := func(p float64) int { return phoneThrottle * c[min(len(c)-1, int(p*float64(len(c))))] }
		fmt.Fprintf(os.Stderr, "  renderer CPU per search × %d: %d moves, ms p50 %d p90 %d p95 %d p99 %d max %d\n",
			phoneThrottle, len(c), q(0.5), q(0.9), q(0.95), q(0.99), phoneThrottle*c[len(c)-1])
	}
}
