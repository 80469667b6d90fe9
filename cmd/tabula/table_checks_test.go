//go:build !js

package main

import (
	"context"
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Checks of the table screen that every game shares (issue 14: phone
// chips, log sheet, touch targets, tips, focus, contrast, fonts), called
// from the games' browser tests so they run in those tests' Chromium
// sessions. Each prints its figures for the closing notes.

// desktopView and phoneView are the two screens the issue names.
func desktopView(t *testing.T, ctx context.Context) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1366, 768)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, `innerWidth === 1366 && !document.querySelector(".table-screen.compact")`, 3*time.Second)
}

func phoneView(t *testing.T, ctx context.Context) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateTouch)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, `innerWidth === 390 && (!document.querySelector(".table-screen") || document.querySelector(".table-screen.compact"))`, 3*time.Second)
}

// figures collects the numbers the checks measure, printed at the end of
// a test (for the closing note).
type figures []string

func (f *figures) add(format string, args ...any) { *f = append(*f, fmt.Sprintf(format, args...)) }

func (f figures) print(test string) {
	fmt.Fprintf(os.Stderr, "%s figures:\n  %s\n", test, strings.Join(f, "\n  "))
}

// checkTurnLine: the header names who must act and why, with the seat's
// chip, in one of the sentences want.
func checkTurnLine(t *testing.T, ctx context.Context, want ...string) string {
	t.Helper()
	got := eval[string](t, ctx, `[...document.querySelectorAll("#turn .wait")].map(w => w.textContent.trim()).join(" · ")`)
	for _, w := range want {
		if got == w {
			if !exists(t, ctx, "#turn .wait svg.chip") {
				t.Errorf("turn line %q has no seat chip", got)
			}
			return got
		}
	}
	t.Errorf("turn line says %q, want one of %q", got, want)
	return got
}

// checkContrast: every disabled control on screen keeps a contrast of at
// least 4.5:1 between its text and what is behind it (colours composited
// with every opacity on the way up). Returns the lowest ratio.
func checkContrast(t *testing.T, ctx context.Context) (float64, int) {
	t.Helper()
	res := eval[[]any](t, ctx, `(() => {
		const rgba = s => { const m = s.match(/rgba?\(([^)]+)\)/); if (!m) return [0,0,0,0];
			const p = m[1].split(/[ ,\/]+/).filter(x => x).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
		const over = (top, a, bot) => top.map((c, i) => c * a + bot[i] * (1 - a));
		const bgOf = el => { // what is painted behind el, from the page up
			const chain = []; for (let e = el; e; e = e.parentElement) chain.push(e);
			let bg = rgba(getComputedStyle(document.documentElement).backgroundColor).slice(0, 3);
			for (const e of chain.reverse()) { const c = rgba(getComputedStyle(e).backgroundColor); if (c[3] > 0) bg = over(c.slice(0, 3), c[3], bg); }
			return bg; };
		const opacity = el => { let o = 1; for (let e = el; e; e = e.parentElement) o *= +getComputedStyle(e).opacity; return o; };
		const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
			return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
		let min = 99, n = 0, worst = "";
		for (const el of document.querySelectorAll('.btn.off, button:disabled, [aria-disabled="true"]')) {
			const r = el.getBoundingClientRect(); if (!r.width || !r.height || !el.textContent.trim()) continue;
			const bg = bgOf(el), fg = rgba(getComputedStyle(el).color);
			const ink = over(fg.slice(0, 3), fg[3] * opacity(el), bg);
			const a = lum(ink), b = lum(bg), ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
			n++; if (ratio < min) { min = ratio; worst = (el.id || el.className) + " " + el.textContent.trim().slice(0, 30); }
		}
		return [min, n, worst]; })()`)
	min, n, worst := res[0].(float64), int(res[1].(float64)), res[2].(string)
	if n == 0 {
		t.Error("no disabled control on screen to check")
	}
	if min < 4.5 {
		t.Errorf("disabled control %q has a contrast of %.2f:1, below 4.5:1", worst, min)
	}
	return min, n
}

// checkTip: hovering the disabled control sel shows its reason in the
// tip, entirely inside the window. Returns the tip's box.
func checkTip(t *testing.T, ctx context.Context, sel string) []float64 {
	t.Helper()
	xy := eval[[]float64](t, ctx, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return [r.left + r.width/2, r.top + r.height/2]; })()`, sel))
	if err := chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 1, 1), chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, xy[0], xy[1])); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, fmt.Sprintf(`(() => { const tip = document.getElementById("tip"); return tip && !tip.hidden && tip.textContent === document.querySelector(%q).dataset.reason; })()`, sel), 3*time.Second)
	box := eval[[]float64](t, ctx, `(() => { const r = document.getElementById("tip").getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom, innerWidth, innerHeight]; })()`)
	if box[0] < 1 || box[1] < 1 || box[2] > box[4]-1 || box[3] > box[5]-1 {
		t.Errorf("tip of %s at %v runs outside the %vx%v window", sel, box[:4], box[4], box[5])
	}
	return box
}

func hideTip(t *testing.T, ctx context.Context) {
	_ = chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 2, 300))
	eval[bool](t, ctx, `(document.activeElement && document.activeElement.blur && document.activeElement.blur(), true)`)
}

// checkKeyboardOnBoard: Enter on a focused lit spot acts (or opens a
// chooser) and the focus is still on the board afterwards, on a spot
// showing a ring of at least 3 px.
func checkKeyboardOnBoard(t *testing.T, ctx context.Context, dir, name string) string {
	t.Helper()
	before := attr(t, ctx, "entries")
	if !eval[bool](t, ctx, `(() => { const s = document.querySelector("#board .spot"); s.focus(); return document.activeElement === s; })()`) {
		t.Fatal("a lit spot does not take the focus")
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, fmt.Sprintf(`document.getElementById("tabula").dataset.entries !== %q || document.querySelector("#chooser, .spot.picked")`, before), 3*time.Second)
	waitJS(t, ctx, `(() => { const a = document.activeElement, b = document.getElementById("board");
		return a && b && b.contains(a) && a !== document.body; })()`, 3*time.Second)
	ring := eval[[]string](t, ctx, `(() => { const a = document.activeElement, s = getComputedStyle(a);
		return [a.getAttribute("class") || a.id, String(a.matches(":focus-visible")), s.outlineStyle, s.outlineWidth, s.outlineColor]; })()`)
	shot(t, ctx, dir, name)
	if ring[1] == "true" && (ring[2] == "none" || parsePx(ring[3]) < 3) {
		t.Errorf("the focused %s shows no ring: outline %s %s %s", ring[0], ring[2], ring[3], ring[4])
	}
	if !strings.Contains(ring[0], "spot") {
		t.Logf("focus went to %s (no lit spot left on the board)", ring[0])
	}
	return fmt.Sprintf("focus after Enter on %s (focus-visible %s, ring %s %s %s)", ring[0], ring[1], ring[2], ring[3], ring[4])
}

func parsePx(s string) float64 {
	v, _ := strconv.ParseFloat(strings.TrimSuffix(s, "px"), 64)
	return v
}

// checkTouchTargets: on a phone every lit spot of the board is at least
// 44×44 px and is what a finger at its centre hits. Returns the smallest
// side and the zoom the board took.
func checkTouchTargets(t *testing.T, ctx context.Context) (float64, string, int) {
	t.Helper()
	waitJS(t, ctx, `document.querySelector("#zoombox")`, 3*time.Second)
	time.Sleep(200 * time.Millisecond) // the zoom settles after the render
	res := eval[[]any](t, ctx, `(() => {
		let min = 1e9, bad = [], n = 0;
		for (const s of document.querySelectorAll("#zoombox .spot")) {
			s.scrollIntoView({block: "center", inline: "center"});
			const r = s.getBoundingClientRect(); n++;
			min = Math.min(min, r.width, r.height);
			const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
			if (r.width < 44 || r.height < 44) bad.push(s.dataset.act + " " + Math.round(r.width) + "x" + Math.round(r.height));
			else if (!hit || hit.closest(".spot") !== s) bad.push(s.dataset.act + " covered by " + (hit ? hit.getAttribute("class") || hit.tagName : "nothing"));
		}
		return [min, document.getElementById("zoombox").dataset.zoom, n, bad.join("; ")]; })()`)
	min, zoom, n, bad := res[0].(float64), res[1].(string), int(res[2].(float64)), res[3].(string)
	if n == 0 {
		t.Error("no lit spot on the phone's board to measure")
	}
	if bad != "" {
		t.Errorf("touch targets under 44 px or not hit at their centre (zoom %s): %s", zoom, bad)
	}
	return min, zoom, n
}

// checkPinch: two fingers moving apart on the board zoom it in, and the
// minus button zooms it out again.
func checkPinch(t *testing.T, ctx context.Context) (string, string) {
	t.Helper()
	eval[bool](t, ctx, `(document.getElementById("zoombox").scrollIntoView({block: "start"}), true)`)
	r := eval[[]float64](t, ctx, `(() => { const r = document.getElementById("zoombox").getBoundingClientRect();
		const top = Math.max(r.top, 0), bottom = Math.min(r.bottom, innerHeight * 0.55);
		return [r.left + r.width / 2, (top + bottom) / 2]; })()`)
	before := eval[string](t, ctx, `document.getElementById("zoombox").dataset.zoom`)
	touch := func(typ input.DispatchTouchEventType, d float64) {
		var pts []*input.TouchPoint
		if d > 0 {
			pts = []*input.TouchPoint{{X: r[0] - d, Y: r[1]}, {X: r[0] + d, Y: r[1]}}
		}
		if _, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts}); err != nil {
			t.Fatalf("touch %s: %v", typ, err)
		}
	}
	touch(input.DispatchTouchEventTypeTouchStart, 40)
	for d := 50.0; d <= 100; d += 10 {
		touch(input.DispatchTouchEventTypeTouchMove, d)
	}
	touch(input.DispatchTouchEventTypeTouchEnd, 0)
	waitJS(t, ctx, fmt.Sprintf(`+document.getElementById("zoombox").dataset.zoom > %s * 1.5`, before), 3*time.Second)
	after := eval[string](t, ctx, `document.getElementById("zoombox").dataset.zoom`)
	click(t, ctx, "#zoom-out")
	waitJS(t, ctx, fmt.Sprintf(`+document.getElementById("zoombox").dataset.zoom < %s`, after), 3*time.Second)
	return before, after
}

// checkChips: on a phone every seat has a chip above the board, fully on
// screen, the seats the table waits for marked, and the dice beside them.
func checkChips(t *testing.T, ctx context.Context, seats int) string {
	t.Helper()
	res := eval[[]any](t, ctx, `(() => {
		const chips = [...document.querySelectorAll("#chips .pchip")];
		const out = chips.filter(c => { const r = c.getBoundingClientRect(); return r.left < 0 || r.right > innerWidth || r.top < 0 || r.bottom > innerHeight; });
		const board = document.querySelector(".layout").getBoundingClientRect(), bar = document.getElementById("chips").getBoundingClientRect();
		return [chips.length, out.length, chips.filter(c => c.classList.contains("on")).map(c => c.dataset.seat).join(","),
			bar.bottom <= board.top + 1, chips.map(c => c.getAttribute("aria-label")).join(" | "), bar.height]; })()`)
	if n := int(res[0].(float64)); n != seats {
		t.Errorf("%d player chips on the phone, want %d", n, seats)
	}
	if res[1].(float64) > 0 {
		t.Errorf("%v player chips run off the screen", res[1])
	}
	if res[2].(string) == "" {
		t.Error("no chip marks the seat the table waits for")
	}
	if !res[3].(bool) {
		t.Error("the chips are not above the board")
	}
	return fmt.Sprintf("%s (bar %.0f px tall, waiting: seat %s)", res[4], res[5], res[2])
}

// checkLogSheet: on a phone the Log button opens the log as a sheet over
// the screen, every line with a chip, and it closes again.
func checkLogSheet(t *testing.T, ctx context.Context, dir, name string) int {
	t.Helper()
	click(t, ctx, "#log-toggle")
	waitJS(t, ctx, `document.querySelector("#log-sheet .log")`, 3*time.Second)
	shot(t, ctx, dir, name) // also lets the sheet's entry animation end
	res := eval[[]float64](t, ctx, `(() => { const r = document.querySelector("#log-sheet .sheet").getBoundingClientRect();
		const lines = [...document.querySelectorAll("#log-sheet .log-lines li")];
		return [lines.length, lines.filter(l => !l.querySelector("svg.chip")).length, r.height, innerHeight, r.bottom]; })()`)
	if res[0] == 0 || res[1] > 0 {
		t.Errorf("log sheet: %v lines, %v without a chip", res[0], res[1])
	}
	if res[2] < 120 || res[4] > res[3]+1 {
		t.Errorf("log sheet %v px tall, bottom at %v of %v", res[2], res[4], res[3])
	}
	click(t, ctx, "#log-sheet-close")
	waitJS(t, ctx, `!document.querySelector("#log-sheet")`, 3*time.Second)
	return int(res[0])
}

// checkLogChips: every line of the log (beside the board) has a chip.
func checkLogChips(t *testing.T, ctx context.Context) int {
	t.Helper()
	res := eval[[]float64](t, ctx, `(() => { const lines = [...document.querySelectorAll("#log .log-lines li")];
		return [lines.length, lines.filter(l => !l.querySelector("svg.chip")).length]; })()`)
	if res[0] == 0 || res[1] > 0 {
		t.Errorf("log: %v lines, %v without a chip", res[0], res[1])
	}
	return int(res[0])
}

// checkFonts: every piece of text inside scope (a CSS selector) is drawn
// with the app's own fonts (web fonts), none with a system font — which is
// also where a missing glyph would fall back to. Returns the fonts used.
func checkFonts(t *testing.T, ctx context.Context, scope string) string {
	t.Helper()
	n := eval[int](t, ctx, fmt.Sprintf(`(() => { let n = 0;
		for (const e of document.querySelectorAll(%q)) {
			e.removeAttribute("data-fontcheck");
			const r = e.getBoundingClientRect();
			if (r.width && [...e.childNodes].some(c => c.nodeType === 3 && c.textContent.trim())) { e.setAttribute("data-fontcheck", ""); n++; }
		} return n; })()`, scope+", "+scope+" *"))
	if n == 0 {
		t.Fatalf("no text in %s", scope)
	}
	if _, err := chromedp.Call(ctx, dom.Enable, dom.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, css.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	depth := int64(1)
	doc, err := chromedp.Call(ctx, dom.GetDocument, dom.GetDocumentParams{Depth: &depth})
	if err != nil {
		t.Fatal(err)
	}
	nodes, err := chromedp.Call(ctx, dom.QuerySelectorAll, dom.QuerySelectorAllParams{NodeID: doc.Root.NodeID, Selector: "[data-fontcheck]"})
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]float64{}
	var foreign []string
	for _, id := range nodes.NodeIDs {
		f, err := chromedp.Call(ctx, css.GetPlatformFontsForNode, css.GetPlatformFontsForNodeParams{NodeID: id})
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range f.Fonts {
			used[u.FamilyName] += u.GlyphCount
			if !u.IsCustomFont && len(foreign) < 10 {
				h, _ := chromedp.Call(ctx, dom.GetOuterHTML, dom.GetOuterHTMLParams{NodeID: id})
				if len(h.OuterHTML) > 120 {
					h.OuterHTML = h.OuterHTML[:120]
				}
				foreign = append(foreign, fmt.Sprintf("%s (%.0f glyphs) in %s", u.FamilyName, u.GlyphCount, h.OuterHTML))
			}
		}
	}
	if len(foreign) > 0 {
		t.Errorf("text in %s drawn with system fonts, not the app's:\n%s", scope, strings.Join(foreign, "\n"))
	}
	var names []string
	for k, v := range used {
		names = append(names, fmt.Sprintf("%s %.0f glyphs", k, v))
	}
	sort.Strings(names)
	return fmt.Sprintf("%d text elements: %s", len(nodes.NodeIDs), strings.Join(names, ", "))
}

// checkReloadPassesDevice: a hot-seat game reloaded shows the pass-device
// screen, not the hand of whoever looked last.
func checkReloadPassesDevice(t *testing.T, ctx context.Context, dir, name string) {
	t.Helper()
	reloadKeepsHash(t, ctx)
	if !exists(t, ctx, "#handover") || attr(t, ctx, "viewer") != "-1" {
		t.Fatalf("reload opened on seat %s's view, not on the pass-device screen", attr(t, ctx, "viewer"))
	}
	shot(t, ctx, dir, name)
	click(t, ctx, "#reveal")
	waitJS(t, ctx, `document.getElementById("tabula").dataset.viewer !== "-1"`, 5*time.Second)
}

// reloadKeepsHash reloads the page: the game on the table resumes at the
// same state hash.
func reloadKeepsHash(t *testing.T, ctx context.Context) {
	t.Helper()
	hash := attr(t, ctx, "hash")
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, clientStarted+` && document.getElementById("tabula").dataset.hash`, 20*time.Second)
	if got := attr(t, ctx, "hash"); got != hash {
		t.Fatalf("reload resumed at hash %s, want %s", got, hash)
	}
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }
