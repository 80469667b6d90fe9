//go:build !js

package main

import (
	"context"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"tabula/app/i18n"
	"tabula/engine"
	"tabula/engine/sim"
)

// TestBrowserStats: the statistics screen of a Catan game opens from the
// table during play (the viewer's knowledge only: the hidden-cards notice),
// from the end screen (everything revealed) and in a replay (the log up to
// the replay's point); every chart is drawn with one series per player or
// category, fits a 390×844 phone, follows the language, and downloads as
// one SVG image holding every chart.
func TestBrowserStats(t *testing.T) {
	ctx, _, dir, _ := openSite(t, startServer)
	var figs figures
	catan := []string{"dice", "points", "gained", "lost"}

	// 1. From the table: seat 0 a person, three greedy bots.
	newCatan(t, ctx, "human")
	waitJS(t, ctx, `document.querySelector("#stats-open")`, 10*time.Second)
	click(t, ctx, "#stats-open")
	waitJS(t, ctx, `document.querySelectorAll("#stats svg.stats-chart").length === 4`, 10*time.Second)
	checkCharts(t, ctx, catan, 4)
	if !exists(t, ctx, "#stats-hidden") {
		t.Error("statistics during play do not say that hidden cards are left out")
	}
	phoneView(t, ctx)
	fit := eval[[]float64](t, ctx, `(() => { const c = document.querySelector(".stats-card"),
		s = [...document.querySelectorAll("#stats svg.stats-chart")].map(e => e.getBoundingClientRect());
		return [c.scrollWidth - c.clientWidth, Math.max(...s.map(r => r.right)), Math.min(...s.map(r => r.width)),
			Math.min(...[...document.querySelectorAll("#stats .btn")].map(b => b.getBoundingClientRect().height))]; })()`)
	if fit[0] > 0 || fit[1] > 390 || fit[2] < 340 || fit[3] < 44 {
		t.Errorf("on a 390 px phone: card overflows by %v px, charts reach x=%v and are at least %v px wide, buttons %v px high", fit[0], fit[1], fit[2], fit[3])
	}
	if b := eval[[]float64](t, ctx, `(r => [r.width, r.height, r.right])(document.querySelector("#stats-open").getBoundingClientRect())`); b[0] < 44 || b[1] < 44 || b[2] > 390 {
		t.Errorf("the statistics button on the phone's bar: %v×%v px, right edge at %v", b[0], b[1], b[2])
	}
	// Labels are 11 of the chart's 360 units: their size on the phone.
	figs.add("phone: charts %.0f px wide, labels %.1f px, buttons %.0f px high", fit[2], fit[2]/360*11, fit[3])
	shot(t, ctx, dir, "stats-phone")
	desktopView(t, ctx)
	// Escape closes the statistics, as it closes the rules.
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, `!document.querySelector("#stats")`, 3*time.Second)

	// 2. From the end screen: four greedy bots play a game out.
	click(t, ctx, "#home")
	waitJS(t, ctx, `document.querySelector("#new-catan")`, 5*time.Second)
	newCatan(t, ctx, "bot:greedy")
	waitJS(t, ctx, `document.querySelector("#end")`, 90*time.Second)
	entries, _ := strconv.Atoi(attr(t, ctx, "entries"))
	click(t, ctx, "#end-stats")
	waitJS(t, ctx, `document.querySelectorAll("#stats svg.stats-chart").length === 4`, 10*time.Second)
	checkCharts(t, ctx, catan, 4)
	if exists(t, ctx, "#stats-hidden") {
		t.Error("statistics after the game still say hidden cards are left out")
	}
	// The last points of the winner's line reach the game's target.
	if top := eval[float64](t, ctx, `Math.max(...[...document.querySelectorAll("#stats-fig-points polyline")].map(p => {
			const pts = p.getAttribute("points").trim().split(" "); return -parseFloat(pts[pts.length-1].split(",")[1]); }))`); top == 0 {
		t.Error("no points line rises")
	}
	rolls := eval[float64](t, ctx, `[...document.querySelectorAll("#stats-fig-dice rect[data-series=key-rolled] title")].reduce((n, e) => n + +e.textContent.split(": ").pop(), 0)`)
	if rolls < 20 {
		t.Errorf("the dice chart counts %v rolls in a whole game", rolls)
	}
	exportStats(t, ctx, catan)

	// 3. In the replay: the log up to the replay's point.
	closeStats(t, ctx)
	click(t, ctx, "#replay")
	waitJS(t, ctx, `document.querySelector("#replay-bar")`, 5*time.Second)
	at := entries / 2
	eval[bool](t, ctx, fmt.Sprintf(`(() => { const r = document.querySelector("#rp-range"); r.value = %d; r.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`, at))
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector("#rp-range").value == %d`, at), 5*time.Second)
	phoneView(t, ctx)
	if b := eval[[]float64](t, ctx, `(r => [r.width, r.height, r.right])(document.querySelector("#rp-stats").getBoundingClientRect())`); b[0] < 44 || b[1] < 44 || b[2] > 390 {
		t.Errorf("the replay bar's statistics button on a phone: %v×%v px, right edge at %v", b[0], b[1], b[2])
	}
	desktopView(t, ctx)
	click(t, ctx, "#rp-stats")
	waitJS(t, ctx, `document.querySelectorAll("#stats svg.stats-chart").length === 4`, 10*time.Second)
	checkCharts(t, ctx, catan, 4)
	i18n.SetLang(i18n.English)
	if got, want := eval[string](t, ctx, `document.querySelector("#stats-at").textContent`), i18n.T("stats.at", at, entries); got != want {
		t.Errorf("replay statistics say %q, want %q", got, want)
	}
	half := eval[float64](t, ctx, `[...document.querySelectorAll("#stats-fig-dice rect[data-series=key-rolled] title")].reduce((n, e) => n + +e.textContent.split(": ").pop(), 0)`)
	if half <= 0 || half >= rolls {
		t.Errorf("the replay at %d of %d entries counts %v rolls, the whole game %v", at, entries, half, rolls)
	}

	// 4. In Russian and Portuguese.
	closeStats(t, ctx)
	for _, lang := range []i18n.Lang{i18n.Russian, i18n.Portuguese} {
		setSelect(t, ctx, "#lang-pick", string(lang))
		i18n.SetLang(lang)
		click(t, ctx, "#rp-stats")
		waitJS(t, ctx, `document.querySelectorAll("#stats svg.stats-chart").length === 4`, 10*time.Second)
		if got := eval[string](t, ctx, `document.querySelector("#stats-h").textContent + "|" + document.querySelector("#stats-fig-dice svg text").textContent`); got != i18n.T("stats.title")+"|"+i18n.T("stats.chart.dice") {
			t.Errorf("%s: statistics read %q", lang, got)
		}
		shot(t, ctx, dir, "stats-"+string(lang))
		closeStats(t, ctx)
	}
	i18n.SetLang(i18n.English)
	figs.print(t.Name())
}

// newCatan starts a 4-seat Catan game (seed 3): seat 0 played by first,
// the others by greedy bots.
func newCatan(t *testing.T, ctx context.Context, first string) {
	t.Helper()
	click(t, ctx, "#new-catan")
	waitJS(t, ctx, `document.querySelector("#new-form")`, 5*time.Second)
	click(t, ctx, "#players-4")
	waitJS(t, ctx, `document.querySelector("#kind-3")`, 3*time.Second)
	for i, k := range []string{first, "bot:greedy", "bot:greedy", "bot:greedy"} {
		setSelect(t, ctx, "#kind-"+strconv.Itoa(i), k)
	}
	setInput(t, ctx, "#seed", "3")
	click(t, ctx, "#new-start")
	waitJS(t, ctx, `document.querySelector("#board svg")`, 10*time.Second)
}

func closeStats(t *testing.T, ctx context.Context) {
	t.Helper()
	click(t, ctx, "#stats-close")
	waitJS(t, ctx, `!document.querySelector("#stats")`, 3*time.Second)
}

// checkCharts: each chart is drawn, in order, with its series: a line per
// player, eleven bars and eleven expectation marks for the dice, a stack
// layer per category.
func checkCharts(t *testing.T, ctx context.Context, ids []string, seats int) {
	t.Helper()
	got := eval[[]string](t, ctx, `[...document.querySelectorAll("#stats svg.stats-chart")].map(s => s.dataset.chart)`)
	if strings.Join(got, ",") != strings.Join(ids, ",") {
		t.Fatalf("charts %v, want %v", got, ids)
	}
	series := func(id string) []string {
		return eval[[]string](t, ctx, fmt.Sprintf(`[...new Set([...document.querySelectorAll("#stats-fig-%s [data-series]")].map(e => e.dataset.series))]`, id))
	}
	if s := series("points"); len(s) != seats || s[0] != "seat-0" {
		t.Errorf("points chart series %v, want one line per seat", s)
	}
	if n := eval[[]int](t, ctx, `["rect[data-series=key-rolled]", "line[data-series=key-expected]"].map(q => document.querySelectorAll("#stats-fig-dice " + q).length)`); n[0] != 11 || n[1] != 11 {
		t.Errorf("dice chart: %d bars and %d expectation marks, want 11 and 11", n[0], n[1])
	}
	legend := func(id string) string {
		return strings.Join(eval[[]string](t, ctx, fmt.Sprintf(`[...document.querySelectorAll("#stats-fig-%s [data-legend]")].map(e => e.dataset.legend)`, id)), ",")
	}
	if l := legend("gained"); l != "key-production,key-trade,key-steal,key-card,key-other" {
		t.Errorf("cards gained chart legend %s", l)
	}
	if l := legend("lost"); l != "key-seven,key-robbed,key-traded,key-taken" {
		t.Errorf("cards lost chart legend %s", l)
	}
	if l := legend("points"); l != "seat-0,seat-1,seat-2,seat-3"[:seats*7-1] {
		t.Errorf("points chart legend %s", l)
	}
	if h := eval[float64](t, ctx, `Math.min(...[...document.querySelectorAll("#stats svg.stats-chart")].map(s => s.getBoundingClientRect().height))`); h < 150 {
		t.Errorf("a chart is drawn %v px high", h)
	}
}

// exportStats downloads the statistics image and reads it as XML: one SVG
// holding every chart.
func exportStats(t *testing.T, ctx context.Context, ids []string) {
	t.Helper()
	dl := t.TempDir()
	if _, err := chromedp.CallBrowser(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dl}); err != nil {
		t.Fatalf("download behaviour: %v", err)
	}
	click(t, ctx, "#stats-export")
	var file string
	for deadline := time.Now().Add(10 * time.Second); file == ""; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no statistics image downloaded")
		}
		if m, _ := filepath.Glob(filepath.Join(dl, "*.svg")); len(m) > 0 {
			file = m[0]
		}
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		XMLName xml.Name
		Charts  []struct {
			Chart string `xml:"data-chart,attr"`
		} `xml:"svg"`
	}
	if err := xml.Unmarshal(b, &doc); err != nil {
		t.Fatalf("the statistics image is not XML: %v", err)
	}
	var got []string
	for _, c := range doc.Charts {
		got = append(got, c.Chart)
	}
	if doc.XMLName.Local != "svg" || strings.Join(got, ",") != strings.Join(ids, ",") || filepath.Base(file) != "tabula-catan-statistics.svg" {
		t.Errorf("downloaded %s: <%s> with charts %v, want %v", filepath.Base(file), doc.XMLName.Local, got, ids)
	}
}

// finishedGame plays game id to its end natively (sim, seed) and writes
// its file for the import button.
func finishedGame(t *testing.T, id string, players int, seed uint64, bots string) (string, int) {
	t.Helper()
	g, err := engine.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	r := sim.Direct(sim.Spec{Game: g, Setup: engine.Setup{Game: id, Players: players}, Seed: seed,
		Bots: []string{bots}, MaxActions: 20000, Record: true, Check: sim.CheckEnd})
	if r.Err != nil || !r.Over {
		t.Fatalf("%s: %v (over %v)", id, r.Err, r.Over)
	}
	file := filepath.Join(t.TempDir(), id+".json")
	if err := os.WriteFile(file, r.Save.Encode(), 0o644); err != nil {
		t.Fatal(err)
	}
	return file, len(r.Save.Entries)
}

// TestBrowserStatsEveryGame: a finished game of each other game, imported,
// shows its own charts from the end screen, each with a legend entry per
// player or category.
func TestBrowserStatsEveryGame(t *testing.T) {
	ctx, _, dir, _ := openSite(t, startServer)
	for _, c := range []struct {
		game    string
		players int
		charts  string
		legends map[string]string
	}{
		{"cities-knights", 4, "dice,points,gained,lost,barbarians", map[string]string{"barbarians": "key-barbarians,key-knights,mark-"}},
		{"traders-barbarians", 3, "dice,points,gained,lost,deliveries", map[string]string{"deliveries": "seat-0,seat-1,seat-2"}},
		{"burgundy", 2, "phases,sources,rounds", map[string]string{
			"phases":  "key-phase-a,key-phase-b,key-phase-c,key-phase-d,key-phase-e,key-final",
			"sources": "key-regions,key-animals,key-buildings,key-bonus-tiles,key-sold,key-end-goods,key-end-silver,key-end-workers,key-end-knowledge,key-other",
			"rounds":  "seat-0,seat-1"}},
		{"agricola", 2, "score,food,begging", map[string]string{"score": "seat-0,seat-1", "food": "seat-0,seat-1", "begging": "seat-0,seat-1"}},
	} {
		file, _ := finishedGame(t, c.game, c.players, 5, "greedy")
		// The end screen covers the table: Home from script.
		eval[bool](t, ctx, `(document.querySelector("#home") && document.querySelector("#home").click(), true)`)
		importGame(t, ctx, file)
		waitJS(t, ctx, `document.querySelector("#end-stats")`, 30*time.Second)
		if exists(t, ctx, "#stats") {
			t.Errorf("%s: the statistics of the game left open show over the next one", c.game)
		}
		click(t, ctx, "#end-stats")
		waitJS(t, ctx, `document.querySelectorAll("#stats svg.stats-chart").length > 0`, 10*time.Second)
		got := strings.Join(eval[[]string](t, ctx, `[...document.querySelectorAll("#stats svg.stats-chart")].map(s => s.dataset.chart)`), ",")
		if got != c.charts {
			t.Errorf("%s: charts %s, want %s", c.game, got, c.charts)
		}
		for id, want := range c.legends {
			l := strings.Join(eval[[]string](t, ctx, fmt.Sprintf(`[...document.querySelectorAll("#stats-fig-%s [data-legend]")].map(e => e.dataset.legend)`, id)), ",")
			if !strings.HasPrefix(l, want) {
				t.Errorf("%s: %s chart legend %s, want %s…", c.game, id, l, want)
			}
			if n := eval[int](t, ctx, fmt.Sprintf(`document.querySelectorAll("#stats-fig-%s [data-series]").length`, id)); n == 0 {
				t.Errorf("%s: the %s chart draws nothing", c.game, id)
			}
		}
		shot(t, ctx, dir, "stats-"+c.game)
		// Left open: the next game, opened from home, starts without it.
	}
}

// TestBrowserStatsLongGame measures opening the statistics of a finished
// 1,707-entry Catan game (random bots, sim seed 17) in the page: from the
// click on the end screen's button to the frame after the four charts are
// in the page (folding the log in wasm, drawing, go-app's update), five
// times. A figure, not an assertion.
func TestBrowserStatsLongGame(t *testing.T) {
	file, entries := finishedGame(t, "catan", 4, 17, "random")
	ctx, _, _, _ := openSite(t, startServer)
	importGame(t, ctx, file)
	waitJS(t, ctx, `document.querySelector("#end-stats")`, 30*time.Second)
	var ms []float64
	for i := 0; i < 5; i++ {
		ms = append(ms, eval[float64](t, ctx, `new Promise(done => { const t0 = performance.now();
			document.querySelector("#end-stats").click();
			const f = () => document.querySelectorAll("#stats svg.stats-chart").length === 4 ?
				requestAnimationFrame(() => done(performance.now() - t0)) : requestAnimationFrame(f);
			f(); })`))
		checkCharts(t, ctx, []string{"dice", "points", "gained", "lost"}, 4)
		closeStats(t, ctx)
	}
	slices.Sort(ms)
	t.Logf("statistics of a %d-entry Catan game, click to drawn: median %.0f ms (of %v)", entries, ms[2], ms)
}

// netStatsInPlay: on the network table the statistics open from the bar
// during play, the guest's own view (the hidden-cards notice). With
// netStatsAtEnd, they are checked on the game of
// TestBrowserP2PSealedCardsStayHidden (one network game played to its end
// for both).
func netStatsInPlay(t *testing.T, guest *page, dir string) {
	t.Helper()
	guest.click("#stats-open")
	guest.wait(`document.querySelectorAll("#stats svg.stats-chart").length === 4`, 10*time.Second)
	checkCharts(t, guest.ctx, netCatanCharts, 3)
	if !exists(t, guest.ctx, "#stats-hidden") {
		t.Error("network statistics during play do not say that hidden cards are left out")
	}
	guest.shot(dir, "stats-net-play")
	closeStats(t, guest.ctx)
}

// netStatsAtEnd: on the network table the statistics open from the end
// screen, everything revealed (no hidden-cards notice).
func netStatsAtEnd(t *testing.T, guest *page, dir string) {
	t.Helper()
	guest.wait(`document.querySelector("#end-stats")`, 10*time.Second)
	guest.click("#end-stats")
	guest.wait(`document.querySelectorAll("#stats svg.stats-chart").length === 4`, 10*time.Second)
	checkCharts(t, guest.ctx, netCatanCharts, 3)
	if exists(t, guest.ctx, "#stats-hidden") {
		t.Error("network statistics after the game still say hidden cards are left out")
	}
	guest.shot(dir, "stats-net-end")
}

// netCatanCharts are the charts of a 3-seat network Catan game.
var netCatanCharts = []string{"dice", "points", "gained", "lost"}
