//go:build !js

package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"tabula/app/i18n"
	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/burgundy"
	"tabula/engine/catan"
	ck "tabula/engine/catan/citiesknights"
	tb "tabula/engine/catan/traders"
)

// TestBrowserTableDetails: the smaller things a newcomer tripped over
// (issue 25, item 6), each on the screen where it showed: the header's
// Log button on the header's row; Agricola's cards whole, its round
// header in view while its spaces scroll, no zoom buttons over its spaces
// on a phone and one scroll for the page, the fence planner's "2
// animals"; Traders & Barbarians' chronicle card in the costs and its
// header once the wagon's movement is over; Cities & Knights' red,
// yellow and event dice where the roll is shown; a tip that goes when
// its control is enabled; Burgundy's goods named by colour; a replay
// without the live game's prompt.
func TestBrowserTableDetails(t *testing.T) {
	ckFile := positionsOf(t, ck.Game, 3, 11, nil, nil, 0, map[string]due{
		"main": func(st engine.State) bool {
			s := st.(*catan.State)
			return s.Phase == catan.PhaseMain && s.Active == 0 && s.Turn > 8
		},
	})["main"]
	moved := positionsOf(t, tb.Game, 3, 5, nil, nil, 0, map[string]due{
		"moved": func(st engine.State) bool {
			s := st.(*catan.State)
			m := tb.ViewOf(s).Movement
			return s.Active == 0 && s.Phase == tb.PhaseMove && m != nil && m.Seat == 0 && m.Begun && (m.Over || len(m.Reachable) == 0)
		},
	})["moved"]
	warehouse := positionsOf(t, burgundy.Game{}, 2, 5, nil, nil, 2, map[string]due{
		"warehouse": func(st engine.State) bool {
			s := st.(*burgundy.State)
			n := len(s.Pending)
			return n > 0 && s.Pending[n-1].Seat == 0 && s.Pending[n-1].Kind == burgundy.FrameWarehouse
		},
	})["warehouse"]
	over, _ := finishedGame(t, "burgundy", 2, 3, "greedy")
	fences := agricolaPositions(t)["fences"]

	ctx, _, dir, _ := openSite(t, startServer)
	defer i18n.SetLang(i18n.English)
	home := func() {
		if exists(t, ctx, "#home") {
			click(t, ctx, "#home")
		}
		waitJS(t, ctx, `document.querySelector("#import-file")`, 5*time.Second)
	}
	load := func(file, ready string) {
		t.Helper()
		home()
		importGame(t, ctx, file)
		waitJS(t, ctx, ready, 10*time.Second)
	}

	// Agricola's card game at 1366×768.
	newAgricolaGame(t, ctx, agricola.CardsAB, 2, "human", "bot:random", "23")
	waitJS(t, ctx, `document.querySelector("#hand [data-card]") && document.querySelector("#majors")`, 10*time.Second)
	desktopView(t, ctx)
	logOnHeaderRow(t, ctx, "agricola 1366")
	// Every card whole: nothing of it (a "1 point") outside its box.
	for _, open := range []bool{false, true} {
		if open {
			if !exists(t, ctx, "#majors [id^=info-]") {
				t.Error("the majors have no info button") // TestBrowserAgricolaHelp tells more
				break
			}
			click(t, ctx, "#majors [id^=info-]")
			waitJS(t, ctx, `document.querySelector("#majors .ag-effect")`, 3*time.Second)
		}
		if bad := eval[string](t, ctx, `(() => { const out = [];
			for (const c of document.querySelectorAll(".ag-card")) { const r = c.getBoundingClientRect();
				for (const e of c.querySelectorAll("*")) { const b = e.getBoundingClientRect();
					if (b.width && (b.right > r.right + 0.5 || b.left < r.left - 0.5 || b.bottom > r.bottom + 0.5)) out.push((c.dataset.major || c.dataset.card) + ": " + e.textContent.trim().slice(0, 20)); } }
			return [...new Set(out)].join("; "); })()`); bad != "" {
			t.Errorf("Agricola cards clipped (text open %v): %s", open, bad)
		}
	}
	shot(t, ctx, dir, "details-01-agricola-cards")
	// The round header stays whole while the spaces scroll under it.
	res := eval[[]float64](t, ctx, `(() => { const l = document.querySelector(".ag-left"); l.scrollTop = 240;
		const a = l.getBoundingClientRect(), h = document.querySelector("#ag-status").getBoundingClientRect();
		return [l.scrollTop, h.top - a.top, h.height]; })()`)
	if res[0] > 0 && res[1] < -0.5 {
		t.Errorf("the round header is cut by %.0f px when its panel scrolls %.0f px", -res[1], res[0])
	}
	shot(t, ctx, dir, "details-02-agricola-scrolled")
	eval[bool](t, ctx, `(document.querySelector(".ag-left").scrollTop = 0, true)`)
	// On a phone, in Russian: no zoom buttons over the spaces, one scroll.
	useLang(t, ctx, i18n.Russian)
	phoneView(t, ctx)
	time.Sleep(200 * time.Millisecond)
	logOnHeaderRow(t, ctx, "agricola phone ru")
	res = eval[[]float64](t, ctx, `(() => {
		const ctl = [...document.querySelectorAll(".zoom-ctl .btn")].map(b => b.getBoundingClientRect()).filter(r => r.width);
		let covered = 0;
		for (const s of document.querySelectorAll(".ag-sp")) { const r = s.getBoundingClientRect();
			if (ctl.some(c => c.left < r.right && c.right > r.left && c.top < r.bottom && c.bottom > r.top)) covered++; }
		let scrolls = 0;
		for (let e = document.querySelector(".ag-sp"); e; e = e.parentElement) { const s = getComputedStyle(e);
			if (/(auto|scroll)/.test(s.overflowY) && e.scrollHeight > e.clientHeight + 1) scrolls++; }
		return [covered, scrolls]; })()`)
	if res[0] > 0 {
		t.Errorf("phone: the zoom buttons cover %.0f action spaces", res[0])
	}
	if res[1] > 1 {
		t.Errorf("phone: the action spaces sit in %.0f nested scroll areas", res[1])
	}
	shot(t, ctx, dir, "details-03-agricola-phone-ru")
	desktopView(t, ctx)
	logOnHeaderRow(t, ctx, "agricola 1366 ru")
	useLang(t, ctx, i18n.English)

	// The fence planner names the room in animals.
	load(fences, `document.querySelector("#fencing") && document.querySelector(".edge-spot")`)
	s := settled(t, ctx)
	set := fenceSets(s)[0]
	p := &agricolaPlayer{t: t, ctx: ctx, dir: dir}
	for _, e := range set.Fences.Edges() {
		p.edge(e)
	}
	waitJS(t, ctx, `document.querySelector("#fence-preview").dataset.ok === "true"`, 5*time.Second)
	caps := eval[[]string](t, ctx, `[...document.querySelectorAll("#board .ag-cap text")].map(e => e.textContent)`)
	pv := s.PreviewFences(0, set.Fences)
	if len(caps) != len(pv.Pastures) {
		t.Errorf("fence planner labels %q for %d pastures", caps, len(pv.Pastures))
	}
	for i, pa := range pv.Pastures {
		if want := fmt.Sprintf("%d animals", pa.Capacity); i < len(caps) && caps[i] != want {
			t.Errorf("pasture %d labelled %q, want %q", i, caps[i], want)
		}
	}
	shot(t, ctx, dir, "details-04-fences")

	// Traders & Barbarians: the wagon has moved all it can.
	load(moved, `document.querySelector("#costs") && document.querySelector("#turn .wait")`)
	logOnHeaderRow(t, ctx, "traders 1366")
	if costs := eval[string](t, ctx, `document.querySelector("#costs").textContent`); strings.Contains(costs, "Development card") || !strings.Contains(costs, "Chronicle card") {
		t.Errorf("Traders & Barbarians' costs say %q, its buttons chronicle cards", short(costs))
	}
	if turn := eval[string](t, ctx, `document.querySelector("#turn").textContent`); strings.Contains(turn, "move your wagon") {
		t.Errorf("with the movement over the header says %q", turn)
	}
	shot(t, ctx, dir, "details-05-traders-moved")

	// Cities & Knights: the roll where the roll is shown; a tip that goes.
	load(ckFile, `document.querySelector("#ck-hand, #ck-actions")`)
	logOnHeaderRow(t, ctx, "cities-knights 1366")
	res2 := eval[[]string](t, ctx, `(() => { const d = document.querySelector(".side .dice-row"); if (!d) return ["", ""];
		return [d.id, d.textContent.trim()]; })()`)
	if res2[0] != "ck-dice" {
		t.Errorf("the side's dice row is %q (%s), not the red, yellow and event dice", res2[0], res2[1])
	}
	tipFollowsReason(t, ctx)
	shot(t, ctx, dir, "details-06-ck-dice")

	// Burgundy: the Warehouse sells goods named by colour.
	load(warehouse, `document.querySelector("#dock #prompt") && document.querySelector("#dock [id^=act-]")`)
	logOnHeaderRow(t, ctx, "burgundy 1366")
	labels := eval[string](t, ctx, `[...document.querySelectorAll("#dock #actions .btn")].map(b => b.textContent).join(" | ")`)
	named := false
	for k := 1; k <= 6; k++ {
		named = named || strings.Contains(labels, i18n.T(fmt.Sprintf("burgundy.kind.%d", k))+" goods")
	}
	if strings.Contains(labels, "of kind") || !named {
		t.Errorf("Burgundy's goods are not named by colour: %s", labels)
	}
	shot(t, ctx, dir, "details-07-burgundy-goods")

	// A replay shows the replay bar, not the live game's prompt.
	load(over, `document.querySelector("#end .scores")`)
	click(t, ctx, "#replay")
	waitJS(t, ctx, `document.querySelector("#replay-bar")`, 5*time.Second)
	click(t, ctx, "#rp-prev")
	if n := eval[int](t, ctx, `[...document.querySelectorAll(".dock .prompt")].filter(p => p.getClientRects().length && getComputedStyle(p).display !== "none").length`); n > 0 {
		t.Errorf("the replay shows %d prompts of the live game: %s", n, eval[string](t, ctx, `document.querySelector(".dock .prompt").textContent`))
	}
	shot(t, ctx, dir, "details-08-replay")
}

// logOnHeaderRow: the header's Log button sits on the header's first row,
// with the way home (its first button).
func logOnHeaderRow(t *testing.T, ctx context.Context, where string) {
	t.Helper()
	waitJS(t, ctx, `document.querySelector("#log-toggle")`, 5*time.Second)
	res := eval[[]float64](t, ctx, `(() => { const h = document.querySelector(".topbar .btn").getBoundingClientRect(), l = document.querySelector("#log-toggle").getBoundingClientRect();
		return [h.top, h.bottom, l.top, l.bottom]; })()`)
	if res[2] >= res[1] || res[3] <= res[0] {
		t.Errorf("%s: Log falls to a second header row (at %.0f–%.0f, the home button at %.0f–%.0f)", where, res[2], res[3], res[0], res[1])
	}
}

// tipFollowsReason: the tip of a disabled control goes when a re-render
// removes the control's reason (it acts now), and follows a new reason.
func tipFollowsReason(t *testing.T, ctx context.Context) {
	t.Helper()
	sel := eval[string](t, ctx, `(() => { const e = [...document.querySelectorAll(".dock [data-reason][id]")].find(e => e.getClientRects().length); return e ? "#" + e.id : ""; })()`)
	if sel == "" {
		t.Error("no disabled control with a reason in the dock")
		return
	}
	checkTip(t, ctx, sel)
	eval[bool](t, ctx, fmt.Sprintf(`(document.querySelector(%q).setAttribute("data-reason", "Something else"), true)`, sel))
	if !within(t, ctx, `document.getElementById("tip").textContent === "Something else"`, 2*time.Second) {
		t.Errorf("the tip of %s still says %q after its reason changed", sel, eval[string](t, ctx, `document.getElementById("tip").textContent`))
	}
	eval[bool](t, ctx, fmt.Sprintf(`(document.querySelector(%q).removeAttribute("data-reason"), true)`, sel))
	if !within(t, ctx, `document.getElementById("tip").hidden`, 2*time.Second) {
		t.Errorf("the tip %q stays over %s once it may act", eval[string](t, ctx, `document.getElementById("tip").textContent`), sel)
	}
	_ = chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 2, 300))
}

// within polls js until it is truthy, for at most d.
func within(t *testing.T, ctx context.Context, js string, d time.Duration) bool {
	t.Helper()
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if eval[bool](t, ctx, "!!("+js+")") {
			return true
		}
	}
	return false
}
