//go:build !js

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"tabula/app/i18n"
	"tabula/app/table"
	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
)

// TestBrowserAgricola plays Agricola in headless Chromium: one person
// clicking every decision of a whole 2-player game against a random bot,
// to the end screen. On the way she builds fences by clicking fence edges
// (a refused set first, then a pasture, checked against the engine's
// preview and, after Build, against the engine's farm), houses animals by
// clicking the arrangement's steppers (checked against the engine's herd),
// places a person with the keyboard, makes a move while the bots' moves
// are shown above the board (the board must stay the same elements), and
// the table is shot on a 390×844 phone.
func TestBrowserAgricola(t *testing.T) {
	ctx, _, dir, _ := openSite(t, startServer)
	if !exists(t, ctx, "#new-agricola") {
		t.Fatal("home screen has no Agricola new-game button (is web/app.wasm older than app/agricolaui? run make wasm)")
	}
	t0 := time.Now()
	newAgricola(t, ctx, 2, "human", "bot:random", "17")
	waitJS(t, ctx, `document.querySelector("#board .ag-acts") && document.querySelector("#board .ag-farm")`, 10*time.Second)
	shot(t, ctx, dir, "ag-01-start")
	p := &agricolaPlayer{t: t, ctx: ctx, dir: dir}
	p.play()
	fmt.Fprintf(os.Stderr, "agricola browser: %d decisions by clicks (%d by keyboard, one on a phone), fences built %v, animals housed by clicks %d times; game in %v\n",
		p.decisions, p.keys, p.fenced, p.housed, time.Since(t0).Round(time.Millisecond))
	if !p.fenced || p.housed == 0 || p.keys < 2 || p.phone != 2 || !p.steady {
		t.Fatalf("the game ended before fences were built (%v) and animals housed (%d) by clicks and a key (%d), or a move made while the bots' moves were shown (%v)", p.fenced, p.housed, p.keys, p.steady)
	}

	// The end screen: the score table by category, totals as the engine's.
	waitJS(t, ctx, `document.querySelector("#end .scores")`, 20*time.Second)
	time.Sleep(300 * time.Millisecond)
	shot(t, ctx, dir, "ag-09-end")
	s := settled(t, ctx)
	if !s.Over {
		t.Fatal("end screen shown but the stored game is not over")
	}
	heads := eval[[]string](t, ctx, `[...document.querySelectorAll("#end .scores thead th")].map(x => x.textContent)`)
	if len(heads) != 16 || heads[1] != "Fields" || heads[len(heads)-1] != "Total" {
		t.Errorf("score columns %q", heads)
	}
	totals := eval[[]string](t, ctx, `[...document.querySelectorAll("#end .scores tbody td.total")].map(x => x.textContent)`)
	for i, want := range s.Scores() {
		if i >= len(totals) || totals[i] != strconv.Itoa(want) {
			t.Errorf("end screen totals %q, engine %v", totals, s.Scores())
		}
	}
	click(t, ctx, "#end-close")
	time.Sleep(150 * time.Millisecond)
	shot(t, ctx, dir, "ag-10-final-board")
	if n := eval[int](t, ctx, `document.querySelectorAll(".log-lines li").length`); n < 60 {
		t.Errorf("log shows %d lines after a whole game", n)
	}
}

// settled is the saved game once the page and the save agree (a bot may
// move between reading the one and the other).
func settled(t *testing.T, ctx context.Context) *agricola.State {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); ; {
		id := attr(t, ctx, "game")
		file := storedFile(t, ctx, id)
		hash := attr(t, ctx, "hash")
		if m, _, err := engine.Load(file); err == nil && engine.HashHex(m.State) == hash {
			return m.State.(*agricola.State)
		}
		if time.Now().After(deadline) {
			t.Fatal("the saved game never matched the page")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// newAgricola opens the new-game form and starts a family game (no
// occupations or minor improvements: the option of the form) of n
// players.
func newAgricola(t *testing.T, ctx context.Context, n int, kinds ...string) {
	t.Helper()
	newAgricolaGame(t, ctx, agricola.CardsNone, n, kinds...)
}

// newAgricolaGame starts a game of n players with the cards option given.
func newAgricolaGame(t *testing.T, ctx context.Context, cards string, n int, kinds ...string) {
	t.Helper()
	seed := kinds[len(kinds)-1]
	kinds = kinds[:len(kinds)-1]
	click(t, ctx, "#new-agricola")
	waitJS(t, ctx, `document.querySelector("#new-form")`, 5*time.Second)
	setSelect(t, ctx, "#opt-"+agricola.OptionCards, cards)
	click(t, ctx, fmt.Sprintf("#players-%d", n))
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector("#kind-%d") && !document.querySelector("#kind-%d")`, n-1, n), 3*time.Second)
	for i, k := range kinds {
		setSelect(t, ctx, fmt.Sprintf("#kind-%d", i), k)
	}
	setInput(t, ctx, "#seed", seed)
	click(t, ctx, "#new-start")
}

// agricolaPlayer is seat 0, deciding from the engine's state (read from
// the page's saved game) and acting only by clicks and keys on the page.
type agricolaPlayer struct {
	t         *testing.T
	ctx       context.Context
	dir       string
	decisions int
	keys      int
	fenced    bool
	housed    int
	phone     int // 0 not yet, 1 on the phone now, 2 done
	steady    bool
}

func (p *agricolaPlayer) play() {
	t, ctx := p.t, p.ctx
	for step := 0; step < 800; step++ {
		waitIdle(t, ctx)
		if attr(t, ctx, "over") == "true" {
			return
		}
		s := settled(t, ctx)
		if s.Over {
			return
		}
		if st := s.Status(); st.Chance != nil || len(st.Deciders) == 0 || st.Deciders[0] != 0 {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		p.decisions++
		v := s.ViewOf(0)
		switch d := v.Decision; {
		case d == nil:
			p.place(s)
		case d.Kind == agricola.FrameMenu && d.Ops&agricola.OpFences != 0 && !p.fenced && len(fenceSets(s)) > 0:
			p.fences(s)
		case d.Kind == agricola.FrameAnimals:
			p.animals(s)
		default:
			p.other(s, d)
		}
		if p.phone == 1 {
			p.desktop()
		}
		if p.phone == 0 && p.fenced && p.housed > 0 {
			p.phoneShots()
		}
	}
	t.Fatal("the game did not end in 800 decisions")
}

// place puts a person on a space: wood, a fence space or animals while
// they serve the test's aims, else the first lit space. The first
// placement is made with the keyboard.
func (p *agricolaPlayer) place(s *agricola.State) {
	t, ctx := p.t, p.ctx
	v := s.ViewOf(0)
	usable := map[string]bool{}
	for _, a := range s.Options(0) {
		if a.Name == agricola.ActPlace {
			usable[a.Space] = true
		}
	}
	lit := eval[[]string](t, ctx, `[...document.querySelectorAll("#board .ag-sp.spot")].map(e => e.dataset.space)`)
	if len(lit) != len(usable) {
		t.Fatalf("lit spaces %v, engine's placements %v", lit, usable)
	}
	for _, id := range lit {
		if !usable[id] {
			t.Fatalf("space %s lit but not a legal placement", id)
		}
	}
	fv := v.Farms[0]
	wood := fv.Goods[agricola.Wood]
	var want []string
	sheep := 0
	if sp := s.SpaceByID("sheep-market"); sp != nil {
		sheep = sp.Goods[agricola.Sheep]
	}
	room := 0
	for _, h := range fv.Holders {
		room += h.Cap
	}
	switch {
	case p.housed == 0 && sheep+fv.Animals.Total() > room:
		want = append(want, "sheep-market") // too many: a keep decision
	case !p.fenced && wood >= 4:
		want = append(want, "fencing", "farm-redevelopment")
	case p.fenced && p.housed < 2 && sheep > 0:
		want = append(want, "sheep-market")
	}
	if !p.fenced {
		want = append(want, "forest", "grove", "copse")
	}
	want = append(want, "fishing", "day-laborer", "grain-seeds", "meeting-place")
	pick := ""
	for _, id := range want {
		if usable[id] {
			pick = id
			break
		}
	}
	if pick == "" {
		pick = lit[0]
	}
	sel := fmt.Sprintf(`#board .ag-sp.spot[data-space=%q]`, pick)
	if p.keys == 0 {
		before := attr(t, ctx, "entries")
		if !eval[bool](t, ctx, fmt.Sprintf(`(document.querySelector(%q).focus(), document.activeElement.dataset.space === %q)`, sel, pick)) {
			t.Fatalf("focusing space %s: the focus is on %s", pick, eval[string](t, ctx, `document.activeElement.outerHTML.slice(0, 120)`))
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
			t.Fatal(err)
		}
		waitJS(t, ctx, fmt.Sprintf(`document.getElementById("tabula").dataset.entries !== %q`, before), 5*time.Second)
		p.keys++
	} else if !p.steady && exists(t, ctx, "#bot-moves") {
		p.steadyMove(sel)
	} else {
		act(t, ctx, sel)
	}
	after := settled(t, ctx)
	found := false
	for _, sp := range after.Board {
		if sp.ID == pick {
			for _, who := range sp.People {
				found = found || who == 0
			}
		}
	}
	if !found && after.Seats[0].Placed > 0 {
		t.Fatalf("clicked %s but seat 0 stands not there", pick)
	}
}

// steadyMove clicks a space while the bots' latest moves are shown above
// the board: the move hides that line, the bot's answer shows it again,
// and the table's layout and board must stay the same elements meanwhile
// (built anew, they lost the focus and the board's scroll, and a click
// pressed on the old board and released on the new one was lost).
func (p *agricolaPlayer) steadyMove(sel string) {
	t, ctx := p.t, p.ctx
	eval[bool](t, ctx, `(() => { window.agLayout = document.querySelector(".table-screen .layout"); window.agBoard = document.getElementById("board");
		window.agMovesGone = false;
		window.agMovesObs = new MutationObserver(() => { if (!document.getElementById("bot-moves")) window.agMovesGone = true; });
		window.agMovesObs.observe(document.querySelector(".table-screen"), {childList: true, subtree: true});
		return true; })()`)
	act(t, ctx, sel)
	waitIdle(t, ctx)
	got := eval[[]bool](t, ctx, `(window.agMovesObs.disconnect(), [window.agMovesGone, window.agLayout.isConnected, window.agBoard.isConnected])`)
	if !got[0] {
		t.Fatal("the bots' moves stayed on show through a move of the person's: the layout's steadiness was not tried")
	}
	if !got[1] || !got[2] {
		t.Errorf("the bots' moves line went and came back, and the table was built anew: layout kept %v, board kept %v", got[1], got[2])
	}
	p.steady = true
}

// fenceSets are the engine's canonical fence sets for seat 0 now.
func fenceSets(s *agricola.State) []agricola.Action {
	var out []agricola.Action
	for _, a := range s.Options(0) {
		if a.Name == agricola.ActFences {
			out = append(out, a)
		}
	}
	return out
}

// edge clicks fence edge e on the farm (its hit area).
func (p *agricolaPlayer) edge(e farmyard.Edge) {
	sel := fmt.Sprintf(`#board .ag-farm .edge-spot[data-edge="%d"]`, e)
	before := eval[string](p.t, p.ctx, fmt.Sprintf(`document.querySelector(%q).getAttribute("aria-pressed")`, sel))
	click(p.t, p.ctx, sel)
	waitJS(p.t, p.ctx, fmt.Sprintf(`document.querySelector(%q).getAttribute("aria-pressed") !== %q`, sel, before), 3*time.Second)
}

// fences builds a pasture by clicking its edges: first one edge alone
// (refused, with the reason), then the edges of the engine's first
// canonical set; the preview must agree with the engine's before Build,
// and the engine's farm must have exactly those fences after.
func (p *agricolaPlayer) fences(s *agricola.State) {
	t, ctx := p.t, p.ctx
	set := fenceSets(s)[0]
	edges := set.Fences.Edges()
	if n := eval[int](t, ctx, `document.querySelectorAll("#board .ag-farm .edge-spot").length`); n != farmyard.Edges-s.Seats[0].Yard.Fences.Len() {
		t.Fatalf("%d fence edges clickable", n)
	}
	// The first edge by keyboard: focus its hit area, press Enter.
	first := fmt.Sprintf(`#board .ag-farm .edge-spot[data-edge="%d"]`, edges[0])
	if !eval[bool](t, ctx, fmt.Sprintf(`(document.querySelector(%q).focus(), document.activeElement.dataset.edge === "%d")`, first, edges[0])) {
		t.Fatalf("focusing fence edge %d: the focus is on %s", edges[0], eval[string](t, ctx, `document.activeElement.outerHTML.slice(0, 120)`))
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector(%q).getAttribute("aria-pressed") === "true"`, first), 3*time.Second)
	p.keys++
	if len(edges) > 1 {
		waitJS(t, ctx, `document.querySelector("#fence-preview").dataset.ok === "false"`, 3*time.Second)
		if !exists(t, ctx, `#fence-build.off`) {
			t.Fatal("Build is enabled for a lone fence")
		}
		shot(t, ctx, p.dir, "ag-03-fence-refused")
	}
	for _, e := range edges[1:] {
		p.edge(e)
	}
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector("#fence-preview").dataset.ok === "true" && document.querySelector("#fence-preview").dataset.fences === "%d"`, len(edges)), 3*time.Second)
	pv := s.PreviewFences(0, set.Fences)
	text := eval[string](t, ctx, `document.querySelector("#fence-preview").textContent`)
	room := 0
	for _, pa := range pv.Pastures {
		room += pa.Capacity
	}
	if !strings.Contains(text, fmt.Sprintf("room for %d animal", room)) || !strings.Contains(text, fmt.Sprintf("%d fence", len(edges))) {
		t.Errorf("preview %q, engine: %d fences, room for %d", text, len(edges), room)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#board .ag-farm .ag-preview").length`); n < 1 {
		t.Error("no pasture shaded in the preview")
	}
	shot(t, ctx, p.dir, "ag-04-fence-preview")
	// Toggling an edge re-runs the engine's preview and redraws the farm:
	// timed from the click to the frame that shows it (off and on again,
	// so the set is the same after).
	ms := eval[[]float64](t, ctx, fmt.Sprintf(`(async () => {
		const sel = '#board .ag-farm .edge-spot[data-edge="%d"]', dom = [], paint = [];
		for (let i = 0; i < 8; i++) {
			const before = document.querySelector(sel).getAttribute("aria-pressed"), t0 = performance.now();
			const changed = new Promise(done => {
				const obs = new MutationObserver(() => {
					const e = document.querySelector(sel);
					if (e && e.getAttribute("aria-pressed") !== before) { obs.disconnect(); done(performance.now()); }
				});
				obs.observe(document.getElementById("board"), {subtree: true, childList: true, attributes: true});
			});
			document.querySelector(sel).dispatchEvent(new MouseEvent("click", {bubbles: true}));
			const t1 = await changed;
			await new Promise(r => requestAnimationFrame(r));
			dom.push(t1 - t0); paint.push(performance.now() - t0);
		}
		dom.sort((a, b) => a - b); paint.sort((a, b) => a - b);
		return [dom[4], dom[7], paint[4], paint[7]]; })()`, edges[len(edges)-1]))
	waitJS(t, ctx, `document.querySelector("#fence-preview").dataset.ok === "true"`, 3*time.Second)
	fmt.Fprintf(os.Stderr, "agricola browser: a fence edge click → page updated with the preview in %.1f ms median (%.1f max), painted %.1f ms median (%.1f max), of 8\n", ms[0], ms[1], ms[2], ms[3])
	act(t, ctx, "#fence-build")
	after := settled(t, ctx)
	if got := after.Seats[0].Yard.Fences &^ s.Seats[0].Yard.Fences; got != set.Fences {
		t.Fatalf("engine built fences %v, clicked %v", got.Edges(), edges)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#board .ag-farm[data-seat="0"] .ag-fence').length`); n != after.Seats[0].Yard.Fences.Len() {
		t.Errorf("farm draws %d fences, engine has %d", n, after.Seats[0].Yard.Fences.Len())
	}
	shot(t, ctx, p.dir, "ag-05-fenced")
	p.fenced = true
}

// animals houses the animals by clicking the steppers: one animal taken
// out and put back, or moved into a pasture; what is kept must be what
// the arrangement shows, and the engine must keep exactly that.
func (p *agricolaPlayer) animals(s *agricola.State) {
	t, ctx := p.t, p.ctx
	waitJS(t, ctx, `document.querySelector("#arrange") && document.querySelector("#arr-keep")`, 3*time.Second)
	if p.housed == 0 {
		shot(t, ctx, p.dir, "ag-06-animals")
	}
	fv := s.ViewOf(0).Farms[0]
	kinds := []string{"sheep", "boar", "cattle"}
	// Every stepper that adds to a holder: try each, in order, and keep
	// the arrangement whenever the engine's check is happy.
	for i := range fv.Holders {
		for _, k := range kinds {
			sel := fmt.Sprintf("#arr-%d-%s-plus", i, k)
			if !exists(t, ctx, sel) || !enabled(t, ctx, sel) {
				continue
			}
			p.step(fmt.Sprintf("#arr-%d-%s", i, k), "plus")
			if eval[string](t, ctx, `document.querySelector("#arr-check").dataset.ok`) != "true" {
				p.step(fmt.Sprintf("#arr-%d-%s", i, k), "minus")
				waitJS(t, ctx, `document.querySelector("#arr-check").dataset.ok === "true"`, 3*time.Second)
			}
		}
	}
	var keep farmyard.Herd
	for i := range fv.Holders {
		for k, name := range kinds {
			n, _ := strconv.Atoi(eval[string](t, ctx, fmt.Sprintf(`document.querySelector("#arr-%d-%s").textContent`, i, name)))
			keep[k] += n
		}
	}
	if eval[string](t, ctx, `document.querySelector("#arr-check").dataset.ok`) != "true" {
		t.Fatalf("arrangement refused: %s", eval[string](t, ctx, `document.querySelector("#arr-check").textContent`))
	}
	if p.housed == 0 {
		shot(t, ctx, p.dir, "ag-07-animals-arranged")
	}
	act(t, ctx, "#arr-keep")
	after := settled(t, ctx)
	if got := after.Seats[0].Goods.Herd(); got != keep {
		t.Fatalf("arranged %v by clicks, engine keeps %v", keep, got)
	}
	p.housed++
}

// step clicks a stepper of count id and waits for the count to change.
func (p *agricolaPlayer) step(id, dir string) {
	before := eval[string](p.t, p.ctx, fmt.Sprintf(`document.querySelector(%q).textContent`, id))
	click(p.t, p.ctx, id+"-"+dir)
	waitJS(p.t, p.ctx, fmt.Sprintf(`document.querySelector(%q).textContent !== %q`, id, before), 3*time.Second)
}

// other answers any other decision by clicking what the page offers:
// a lit cell of the farm, then the panel's buttons, then "done".
func (p *agricolaPlayer) other(s *agricola.State, d *agricola.DecisionView) {
	t, ctx := p.t, p.ctx
	before := attr(t, ctx, "entries")
	switch d.Kind {
	case agricola.FrameFeed:
		act(t, ctx, "#act-feed")
		return
	case agricola.FrameBreed:
		act(t, ctx, "#panel-breed button")
		return
	case agricola.FrameChoose:
		act(t, ctx, "#panel-choose button:not(.off)")
		return
	}
	for _, sel := range []string{"#board .ag-farm .spot[data-act]", "#majors button.primary", "#actions button[id^='act-']:not(.off):not(#act-done)", "#act-done:not(.off)", "#fencing [id^='fence-opt-']"} {
		if !exists(t, ctx, sel) {
			continue
		}
		if strings.HasPrefix(sel, "#fencing") {
			// Fences once more: fill in a suggested set and build it.
			click(t, ctx, sel)
			waitJS(t, ctx, `document.querySelector("#fence-preview").dataset.ok === "true"`, 3*time.Second)
			act(t, ctx, "#fence-build")
			return
		}
		click(t, ctx, sel)
		waitJS(t, ctx, fmt.Sprintf(`document.getElementById("tabula").dataset.entries !== %q || document.querySelector("#chooser") || document.querySelector("#error")`, before), 5*time.Second)
		if exists(t, ctx, "#error") {
			t.Fatalf("clicking %s: %s", sel, eval[string](t, ctx, `document.querySelector("#error").textContent`))
		}
		if exists(t, ctx, "#chooser") {
			act(t, ctx, "#choice-0")
		}
		return
	}
	t.Fatalf("nothing to click for %s (%s)", d.Kind, d.Via)
}

// phoneShots takes the table on a 390×844 phone: the board above, the
// farm full width, the dock reachable.
func (p *agricolaPlayer) phoneShots() {
	t, ctx := p.t, p.ctx
	p.phone = 1
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2))); err != nil {
		t.Fatal(err)
	}
	waitLayout(t, ctx, true)
	shot(t, ctx, p.dir, "ag-08-phone")
	eval[bool](t, ctx, `(document.querySelector("#board .ag-farm").scrollIntoView({block: "start"}), document.scrollingElement.scrollTop = 0, true)`)
	time.Sleep(100 * time.Millisecond)
	shot(t, ctx, p.dir, "ag-08-phone-farm")
	if w := eval[float64](t, ctx, `document.querySelector("#board .ag-farm").getBoundingClientRect().width`); w < 330 {
		t.Errorf("phone: farm only %.0f px wide", w)
	}
	if w := eval[float64](t, ctx, `document.querySelector("#board .ag-sp").getBoundingClientRect().width`); w < 90 {
		t.Errorf("phone: action spaces only %.0f px wide", w)
	}
	if h := eval[float64](t, ctx, `Math.min(...[...document.querySelectorAll(".ag-dock .btn")].map(b => b.getBoundingClientRect().height))`); h < 44 {
		t.Errorf("phone: a dock button only %.0f px high", h)
	}
}

// desktop goes back to the desktop window after a decision on the phone.
func (p *agricolaPlayer) desktop() {
	p.phone = 2
	if err := chromedp.Do(p.ctx, chromedp.EmulateViewport(1280, 860)); err != nil {
		p.t.Fatal(err)
	}
	waitLayout(p.t, p.ctx, false)
}

// waitLayout waits until the table is drawn in the phone's layout
// (compact) or the wide one after the window changed size. go-app tells
// the app of a resize 250 ms after the last resize event, and the new
// layout draws the board anew: a click before that was pressed on the
// old board and released on the new one, and reached no space (the test
// slept 200 ms and lost its next placement when the page was slow).
func waitLayout(t *testing.T, ctx context.Context, compact bool) {
	t.Helper()
	js := `document.querySelector(".table-screen") && !document.querySelector(".table-screen.compact")`
	if compact {
		js = `document.querySelector(".table-screen.compact")`
	}
	waitJS(t, ctx, js, 3*time.Second)
}

// agricolaLanguages checks Agricola's screens in lang: the table of a new
// game and its rules from the table (at the action spaces), then a fence
// decision with a refused edge and an animals decision, imported from the
// positions agricolaPositions wrote. No English may show.
func agricolaLanguages(t *testing.T, ctx context.Context, dir string, lang i18n.Lang, positions map[string]string) {
	t.Helper()
	waitJS(t, ctx, `document.querySelector("#new-agricola")`, 5*time.Second)
	newAgricola(t, ctx, 2, "human", "bot:greedy", "5")
	waitJS(t, ctx, `document.querySelector("#prompt") && document.querySelector("#board .ag-farm")`, 15*time.Second)
	noEnglish(t, ctx, lang, "agricola table")
	shot(t, ctx, dir, "lang-"+string(lang)+"-agricola")
	click(t, ctx, "#help")
	waitJS(t, ctx, `document.querySelector("#rules[data-game=agricola]")`, 5*time.Second)
	if at := eval[string](t, ctx, `document.querySelector("#rules").dataset.at`); at != "spaces" {
		t.Errorf("Agricola rules from the table opened at %q, want the action spaces", at)
	}
	for _, id := range []string{"#rules-spaces", "#rules-majors", "#rules-scoring"} {
		if !exists(t, ctx, id) {
			t.Errorf("Agricola rules have no %s table", id)
		}
	}
	noEnglish(t, ctx, lang, "agricola rules from the table")
	click(t, ctx, "#rules-close")
	waitJS(t, ctx, `!document.querySelector("#rules")`, 3*time.Second)
	click(t, ctx, "#home")
	for _, name := range []string{"fences", "animals"} {
		waitJS(t, ctx, `document.querySelector("#import-file")`, 5*time.Second)
		if err := chromedp.Do(ctx, chromedp.SetUploadFiles("#import-file", []string{positions[name]})); err != nil {
			t.Fatal(err)
		}
		switch name {
		case "fences":
			waitJS(t, ctx, `document.querySelector("#fencing") && document.querySelector(".edge-spot")`, 10*time.Second)
			click(t, ctx, `.edge-spot[data-edge="1"]`)
			waitJS(t, ctx, `document.querySelector("#fence-preview").dataset.ok === "false"`, 3*time.Second)
			click(t, ctx, "#fencing summary")
		case "animals":
			waitJS(t, ctx, `document.querySelector("#arrange")`, 10*time.Second)
		}
		noEnglish(t, ctx, lang, "agricola "+name)
		shot(t, ctx, dir, "lang-"+string(lang)+"-agricola-"+name)
		click(t, ctx, "#home")
	}
}

// pickStages answers an Agricola match's chance: seat 0 starts, the stage
// cards come in the order given.
type pickStages struct {
	m     *engine.Match
	order []string
}

func (p *pickStages) Outcome(k int, req engine.ChanceRequest) engine.Outcome {
	if req.Kind == "stage-card" && len(p.order) > 0 {
		s := p.m.State.(*agricola.State)
		for i, id := range s.Stages[agricola.StageOf(s.Round+1)] {
			if id == p.order[0] {
				p.order = p.order[1:]
				return engine.Outcome{i}
			}
		}
	}
	return make(engine.Outcome, len(req.Ranges))
}

// agricolaPositions writes two game files where seat 0 (a person, against
// a bot) decides: fences on the Fencing space with 6 wood, and which of 2
// sheep to keep with room for one.
func agricolaPositions(t *testing.T) map[string]string {
	t.Helper()
	dir := t.TempDir()
	place := func(id string) agricola.Action { return agricola.Action{Name: agricola.ActPlace, Space: id} }
	round1 := []agricola.Action{place("forest"), place("day-laborer"), place("fishing"), place("clay-pit")}
	out := map[string]string{}
	for name, moves := range map[string][]agricola.Action{
		"fences":  append(append([]agricola.Action(nil), round1...), place("forest"), place("reed-bank"), place("fencing")),
		"animals": append(append([]agricola.Action(nil), round1...), place("sheep-market")),
	} {
		m, err := engine.NewMatch(agricola.Game{}, engine.Setup{Game: agricola.ID, Players: 2}, nil)
		if err != nil {
			t.Fatal(err)
		}
		m.Source = &pickStages{m: m, order: []string{"sheep-market", "fencing"}}
		if err := m.Settle(); err != nil {
			t.Fatal(err)
		}
		for i, a := range moves {
			if err := m.Do(engine.Seat(i%2), a); err != nil {
				t.Fatalf("%s: move %d %v: %v", name, i, a, err)
			}
		}
		if d := m.State.(*agricola.State).ViewOf(0).Decision; d == nil || m.State.Status().Deciders[0] != 0 {
			t.Fatalf("%s: seat 0 does not decide (%+v)", name, d)
		}
		seed := uint64(3)
		seats := []engine.SeatInfo{{Name: "Zé", Kind: table.Human}, {Name: "Ёжик", Kind: table.BotGreedy}}
		f := filepath.Join(dir, "agricola-"+name+".json")
		if err := os.WriteFile(f, engine.NewSave(m, seats, engine.ChanceInfo{Seed: &seed}, map[string]string{"id": "ag-" + name}).Encode(), 0o644); err != nil {
			t.Fatal(err)
		}
		out[name] = f
	}
	return out
}

// TestBrowserP2PAgricola plays Agricola between two pages over WebRTC
// through the generic network path: the host picks Agricola in the lobby,
// a friend joins by link and reply code, both let a bot play their seat;
// the guest's page shows the Agricola table in Portuguese, and both end
// on the same state hash with nothing to report.
func TestBrowserP2PAgricola(t *testing.T) {
	origin, dir, pages := netPages(t, "host", "guest")
	host, guest := pages[0], pages[1]

	host.openLobby(origin)
	host.set("#net-game", agricola.ID)
	host.wait(`document.querySelector("#net-players-2")`, 5*time.Second)
	t0 := time.Now()
	host.click("#net-players-2")
	host.wait(`document.querySelector("#net-kind-1") && !document.querySelector("#net-kind-2")`, 5*time.Second)
	setSelect(t, host.ctx, "#net-kind-1", "friend")
	host.click("#net-create")
	host.wait(`document.querySelector("#invites")`, 10*time.Second)
	reply := guest.joinLink(origin, host.inviteLink(1))
	host.paste(1, reply)
	for _, p := range []*page{host, guest} {
		p.wait(`document.getElementById("net").dataset.view === "table" && document.querySelector("#board .ag-farm")`, netWait)
	}
	started := time.Since(t0)
	guest.set("#lang-pick", "pt-BR")
	for _, p := range []*page{host, guest} {
		p.autoplay()
	}
	guest.wait(`+document.getElementById("net").dataset.entries > 60`, 90*time.Second)
	guest.shot(dir, "ag-p2p-guest")
	for _, p := range []*page{host, guest} {
		p.waitOver(240 * time.Second)
	}
	h := sameHash(t, host, guest)
	noNotes(t, "", host, guest)
	i18n.SetLang(i18n.Portuguese)
	defer i18n.SetLang(i18n.English)
	if log := guest.eval(`document.querySelector("#log") ? document.querySelector("#log").textContent : ""`); !strings.Contains(log, i18n.T("agricola.log.round", 14)) {
		t.Errorf("the guest's log does not tell round 14 in Portuguese: %s", short(log))
	}
	fmt.Fprintf(os.Stderr, "p2p browser agricola: joined → table in %v; %d entries in %v, final %s\n",
		started.Round(time.Millisecond), host.entries(), time.Since(t0).Round(time.Millisecond), h[:12])
}
