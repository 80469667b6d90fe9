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
	"tabula/engine/catan"
	tb "tabula/engine/catan/traders"
)

// TestBrowserTraders plays Catan: Traders & Barbarians in one headless
// Chromium session: a person against two bots founds, rolls and moves
// the wagon by keyboard and by clicks (the engine's stored game checked
// after each move), on a phone too (a tap shows the way, a second tap
// goes); the table and the rules in Portuguese and Russian show no
// English; then a bots-only game is played to the win screen, whose score
// columns (deliveries, wagon) match the engine.
func TestBrowserTraders(t *testing.T) {
	ctx, _, dir, _ := openSite(t, startServer)
	if !exists(t, ctx, "#new-traders-barbarians") {
		t.Fatal("home screen has no Traders & Barbarians button (is web/app.wasm older than app/catanui/traders? run make wasm)")
	}
	t0 := time.Now()

	// 1. Ana against two greedy bots.
	newTraders(t, ctx, "human", "bot:greedy", "bot:greedy", "5")
	waitJS(t, ctx, `document.querySelector("#board svg .cargo-stack")`, 10*time.Second)
	if n := eval[int](t, ctx, `document.querySelectorAll("#board .cargo-stack").length`); n != tb.NumTradeHexes {
		t.Fatalf("%d cargo stacks on the board", n)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#board .barbarian").length`); n != tb.NumBarbarians {
		t.Fatalf("%d barbarians on the board", n)
	}
	moves := playTradersHuman(t, ctx, dir)
	fmt.Fprintf(os.Stderr, "traders browser: person founded, rolled and moved the wagon by keyboard and clicks (%s) in %v\n", moves, time.Since(t0).Round(time.Millisecond))
	tHuman := time.Since(t0)

	// 2. The table in Portuguese and Russian, and its rules.
	t1 := time.Now()
	for _, lang := range []i18n.Lang{i18n.Russian, i18n.Portuguese} {
		useLang(t, ctx, lang)
		i18n.SetLang(lang)
		waitJS(t, ctx, `document.querySelector("#traders-side")`, 5*time.Second)
		noEnglish(t, ctx, lang, "traders table")
		shot(t, ctx, dir, "tb-lang-"+string(lang))
		want := tradersRulesAt(t, ctx)
		click(t, ctx, "#help")
		waitJS(t, ctx, fmt.Sprintf(`document.querySelector("#rules[data-game='traders-barbarians'][data-lang='%s']")`, lang), 5*time.Second)
		if at := eval[string](t, ctx, `document.querySelector("#rules").dataset.at`); at != want {
			t.Errorf("%s: the rules opened at %q, the table is at %q", lang, at, want)
		}
		wantText(t, ctx, "#rules", i18n.T("rules.traders.wagon"), i18n.T("rules.traders.readings"))
		for _, id := range []string{"#rules-tradehexes", "#rules-steps", "#rules-wagons", "#rules-chronicle"} {
			if !exists(t, ctx, id) {
				t.Errorf("%s rules: no %s", lang, id)
			}
		}
		noEnglish(t, ctx, lang, "traders rules")
		shot(t, ctx, dir, "tb-rules-"+string(lang))
		click(t, ctx, "#rules-close")
		waitJS(t, ctx, `!document.querySelector("#rules")`, 3*time.Second)
	}
	useLang(t, ctx, i18n.English)
	i18n.SetLang(i18n.English)
	tLang := time.Since(t1)

	// 3. Bots only, to the win screen.
	eval[bool](t, ctx, `(document.querySelector("#home").click(), true)`)
	waitJS(t, ctx, `document.querySelector("#new-traders-barbarians")`, 5*time.Second)
	tb0 := time.Now()
	newTraders(t, ctx, "bot:greedy", "bot:greedy", "bot:greedy", "8")
	waitJS(t, ctx, `document.querySelector("#end")`, 150*time.Second)
	botGame := time.Since(tb0)
	entries, _ := strconv.Atoi(attr(t, ctx, "entries"))
	shot(t, ctx, dir, "tb-end")
	m := storedGame(t, ctx)
	s := m.State.(*catan.State)
	if !s.Status().Over {
		t.Fatal("end screen shown but the stored game is not over")
	}
	heads := eval[[]string](t, ctx, `[...document.querySelectorAll("#end .scores thead tr:first-child th")].map(x => x.textContent)`)
	if len(heads) < 4 || heads[len(heads)-3] != "Deliveries" || heads[len(heads)-2] != "Wagon" || heads[len(heads)-1] != "Total" {
		t.Errorf("score columns %q", heads)
	}
	x := tb.ViewOf(s)
	rows := eval[[][]string](t, ctx, `[...document.querySelectorAll("#end .scores tbody tr")].map(r => [...r.querySelectorAll("td")].map(c => c.textContent))`)
	deliveries := 0
	for p := 0; p < s.Players; p++ {
		r := rows[p]
		want := []string{strconv.Itoa(len(x.Wagons[p].Delivered)), strconv.Itoa(x.Wagons[p].Card.VP), strconv.Itoa(s.Points(p))}
		if strings.Join(r[len(r)-3:], " ") != strings.Join(want, " ") {
			t.Errorf("seat %d end row %q, engine deliveries/wagon/total %q", p, r, want)
		}
		deliveries += len(x.Wagons[p].Delivered)
	}
	if w := int(s.Winner); w < 0 || s.Points(w) < tb.WinningPoints || !exists(t, ctx, "#end .scores tr.winner") {
		t.Errorf("winner %d with %d points", w, s.Points(w))
	}
	click(t, ctx, "#end-close")
	time.Sleep(150 * time.Millisecond)
	logText := eval[string](t, ctx, `document.querySelector("#log").innerText`)
	for _, want := range []string{"wagon goes to", "turns over a cargo card", "delivers"} {
		if !strings.Contains(logText, want) {
			t.Errorf("the log of a whole game never says %q", want)
		}
	}
	fmt.Fprintf(os.Stderr, "traders browser: person's turns %v; languages and rules %v; bots-only game %d entries, %d deliveries, in %v; whole test %v\n",
		tHuman.Round(time.Millisecond), tLang.Round(time.Millisecond), entries, deliveries, botGame.Round(time.Millisecond), time.Since(t0).Round(time.Millisecond))
}

// newTraders opens the new-game form and starts a 3-player game.
func newTraders(t *testing.T, ctx context.Context, kind0, kind1, kind2, seed string) {
	t.Helper()
	click(t, ctx, "#new-traders-barbarians")
	waitJS(t, ctx, `document.querySelector("#new-form")`, 5*time.Second)
	click(t, ctx, "#players-3")
	waitJS(t, ctx, `document.querySelector("#kind-2") && !document.querySelector("#kind-3")`, 3*time.Second)
	setSelect(t, ctx, "#kind-0", kind0)
	setSelect(t, ctx, "#kind-1", kind1)
	setSelect(t, ctx, "#kind-2", kind2)
	setInput(t, ctx, "#seed", seed)
	click(t, ctx, "#new-start")
}

// tradersState is the stored game's state and its scenario part.
func tradersState(t *testing.T, ctx context.Context) (*catan.State, *tb.View) {
	t.Helper()
	s := storedGame(t, ctx).State.(*catan.State)
	return s, tb.ViewOf(s)
}

// playTradersHuman plays seat 0 through the founding and its turns,
// answering what the game asks, until it has moved its wagon: once by
// keyboard (Enter on a focused destination), once by a click on a
// destination two steps away, and once on a phone (a tap shows the way,
// the Go button takes it). Each move is checked against the engine.
func playTradersHuman(t *testing.T, ctx context.Context, dir string) string {
	var keyed, clicked, phone bool
	shotMove := false
	for step := 0; step < 600; step++ {
		waitIdle(t, ctx)
		switch {
		case exists(t, ctx, "#board [data-pick^='go:']"):
			s, x := tradersState(t, ctx)
			m := x.Movement
			if m == nil || s.Active != 0 {
				t.Fatalf("destinations shown, but the engine has no movement for seat 0")
			}
			shown := eval[[]string](t, ctx, `[...document.querySelectorAll("#board [data-pick^='go:']")].map(e => e.dataset.pick.slice(3))`)
			if len(shown) != len(m.Reachable) {
				t.Fatalf("%d destinations lit, the engine reaches %d", len(shown), len(m.Reachable))
			}
			if !shotMove {
				shot(t, ctx, dir, "tb-01-movement")
				shotMove = true
			}
			var d *tb.Destination
			for i := range m.Reachable {
				c := &m.Reachable[i]
				if c.Gold > 0 || c.Boost || c.Plaza {
					continue
				}
				if d == nil || (!keyed && c.Cost < d.Cost) || (keyed && len(c.Legs) > len(d.Legs)) {
					d = c
				}
			}
			if d == nil {
				act(t, ctx, "#end-turn")
				continue
			}
			sel := fmt.Sprintf(`#board [data-pick="go:%d"]`, d.Node)
			before := attr(t, ctx, "entries")
			switch {
			case !keyed:
				// Focus shows the way; Enter takes it.
				eval[bool](t, ctx, fmt.Sprintf(`(document.querySelector(%q).focus(), true)`, sel))
				if vis := eval[string](t, ctx, fmt.Sprintf(`getComputedStyle(document.querySelector(%q + " .preview")).display`, sel)); vis == "none" {
					t.Error("a focused destination does not show its way")
				}
				shotOf(t, ctx, dir, "tb-02-focus-preview", "#board svg")
				if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
					t.Fatal(err)
				}
				keyed = true
			case !clicked:
				click(t, ctx, sel+" .glow")
				clicked = true
			default:
				// A phone: the first tap shows the way, Go takes it.
				if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2))); err != nil {
					t.Fatal(err)
				}
				// The metrics override fires no resize: tell the page, as
				// a phone's own size would from the start.
				eval[bool](t, ctx, `(window.dispatchEvent(new Event("resize")), true)`)
				// The phone layout hides the log behind its button.
				waitJS(t, ctx, `!document.querySelector("#log") && document.querySelector("#board [data-pick^='go:']")`, 5*time.Second)
				click(t, ctx, sel+" .glow")
				waitJS(t, ctx, `document.querySelector("#move-go") && document.querySelector("#board .route-chosen")`, 5*time.Second)
				if attr(t, ctx, "entries") != before {
					t.Fatal("on a phone the first tap moved the wagon")
				}
				eval[bool](t, ctx, `(document.querySelector("#board").scrollIntoView({block: "start"}), true)`)
				shot(t, ctx, dir, "tb-03-phone-way")
				eval[bool](t, ctx, `(document.querySelector("#move-go").scrollIntoView({block: "center"}), true)`)
				shot(t, ctx, dir, "tb-04-phone-dock")
				click(t, ctx, "#move-go")
				phone = true
			}
			waitJS(t, ctx, fmt.Sprintf(`document.getElementById("tabula").dataset.entries !== %q || document.querySelector("#error")`, before), 5*time.Second)
			if exists(t, ctx, "#error") {
				t.Fatalf("moving: %s", eval[string](t, ctx, `document.querySelector("#error").textContent`))
			}
			waitIdle(t, ctx)
			_, x2 := tradersState(t, ctx)
			if got := x2.Wagons[0].Node; got != d.Node {
				t.Fatalf("the wagon stands on %d, the destination clicked was %d", got, d.Node)
			}
			if n, _ := strconv.Atoi(before); len(storedGame(t, ctx).Entries) != n+len(d.Legs) {
				t.Fatalf("%d entries after a way of %d steps from entry %d", len(storedGame(t, ctx).Entries), len(d.Legs), n)
			}
			if x2.Movement != nil && x2.Movement.Points != m.Points-d.Cost {
				t.Fatalf("%d points left after a way of %d from %d", x2.Movement.Points, d.Cost, m.Points)
			}
			if phone {
				if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 860)); err != nil {
					t.Fatal(err)
				}
				eval[bool](t, ctx, `(window.dispatchEvent(new Event("resize")), true)`)
				waitJS(t, ctx, `document.querySelector("#log")`, 5*time.Second)
				return "keyboard, click, phone"
			}
		case exists(t, ctx, ".spot-vertex") && !exists(t, ctx, "#build-settlement.on, #build-city.on"):
			act(t, ctx, ".spot-vertex")
		case exists(t, ctx, ".spot-edge") && exists(t, ctx, "#board [data-pick^='barbarian:']"):
			click(t, ctx, "#board [data-pick^='barbarian:']")
			waitJS(t, ctx, `document.querySelector("#board .spot-edge[data-act]")`, 3*time.Second)
			act(t, ctx, "#board .spot-edge[data-act]")
		case exists(t, ctx, ".spot-edge") && !exists(t, ctx, "#build-road.on"):
			act(t, ctx, ".spot-edge")
		case exists(t, ctx, "#discard-panel"):
			discard(t, ctx)
		case exists(t, ctx, "#rob-panel"):
			act(t, ctx, "#rob-panel button")
		case exists(t, ctx, "#answer-panel"):
			act(t, ctx, "#reject")
		case enabled(t, ctx, "#roll"):
			act(t, ctx, "#roll")
		case enabled(t, ctx, "#end-turn"):
			act(t, ctx, "#end-turn")
		default:
			if attr(t, ctx, "over") == "true" {
				t.Fatal("the game ended before seat 0 moved its wagon three times")
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	shot(t, ctx, dir, "tb-stuck")
	t.Fatalf("seat 0 did not move its wagon (keyboard %v, click %v, phone %v); page: %s", keyed, clicked, phone,
		eval[string](t, ctx, `document.body.innerText.slice(0, 800)`))
	return ""
}

// tradersRulesAt is the rules section the table's phase calls for.
func tradersRulesAt(t *testing.T, ctx context.Context) string {
	s, _ := tradersState(t, ctx)
	switch s.Phase {
	case tb.PhaseMove:
		return "wagon"
	case catan.PhaseRoll, catan.PhaseMain:
		return "turn"
	}
	return "barbarians"
}

// shotOf saves a screenshot of the element sel only, at twice the scale.
func shotOf(t *testing.T, ctx context.Context, dir, name, sel string) {
	t.Helper()
	time.Sleep(350 * time.Millisecond)
	b, err := chromedp.Run(ctx, chromedp.ScreenshotScale(chromedp.CSS(sel), 2))
	if err != nil {
		t.Errorf("screenshot %s: %v", name, err)
		return
	}
	_ = os.WriteFile(filepath.Join(dir, name+".png"), b, 0o644)
}

// TestBrowserP2PTraders plays Traders & Barbarians between two pages over
// real WebRTC through the generic network path: the host (seat 0) founds,
// rolls and sends its wagon along a way with one click (the route's
// actions go into the network game one after another) while the guest's
// bot plays; both pages then draw the wagon where it went and hold the
// same log and hash, with no protocol problem shown. (Whole games over the
// network are cmd/sim -p2p's.)
func TestBrowserP2PTraders(t *testing.T) {
	origin, dir, pages := netPages(t, "host", "guest")
	host, guest := pages[0], pages[1]

	host.openLobby(origin)
	setSelect(t, host.ctx, "#net-game", tb.ID)
	host.host("me", "friend", "bot:greedy")
	t0 := time.Now()
	host.paste(1, guest.joinLink(origin, host.inviteLink(1)))
	for _, p := range []*page{host, guest} {
		p.wait(`document.getElementById("net").dataset.view === "table"`, netWait)
	}
	guest.autoplay()

	// The host plays by clicks until its wagon has gone somewhere two
	// steps away.
	moved := false
	for step := 0; step < 300 && !moved; step++ {
		waitNetIdle(host)
		switch {
		case exists(t, host.ctx, "#board [data-pick^='go:']"):
			// The farthest free way: no toll, no grain, not a plaza.
			node := host.eval(`(() => { let best = null, n = 0;
				for (const e of document.querySelectorAll("#board [data-pick^='go:']")) {
					if (e.querySelector("circle[fill='#f6d24a'], circle[fill='#efc53f']")) continue;
					const c = +e.querySelector("text").textContent;
					if (c > n) { n = c; best = e.dataset.pick.slice(3); } }
				return best || ""; })()`)
			if node == "" {
				hostAct(host, "#end-turn")
				continue
			}
			before := host.entries()
			click(t, host.ctx, fmt.Sprintf(`#board [data-pick="go:%s"] .glow`, node))
			host.wait(fmt.Sprintf(`+document.getElementById("net").dataset.entries > %d`, before), netWait)
			for _, p := range []*page{host, guest} {
				p.wait(fmt.Sprintf(`document.querySelector('#board .wagon[data-seat="0"]') && document.querySelector('#board .wagon[data-seat="0"]').dataset.node === %q`, node), netWait)
			}
			if n := host.entries() - before; n < 1 {
				t.Fatalf("the route added %d entries", n)
			}
			host.shot(dir, "tb-p2p-host-moved")
			moved = true
		// Spots that act (data-act), never a wagon's destination lit
		// since the switch began (a click on one only shows its way).
		case exists(t, host.ctx, ".spot-vertex[data-act]"):
			hostAct(host, ".spot-vertex[data-act]")
		case exists(t, host.ctx, "#board [data-pick^='barbarian:']"):
			click(t, host.ctx, "#board [data-pick^='barbarian:']")
			host.wait(`document.querySelector("#board .spot-edge[data-act]")`, 5*time.Second)
			hostAct(host, "#board .spot-edge[data-act]")
		case exists(t, host.ctx, ".spot-edge[data-act]"):
			hostAct(host, ".spot-edge[data-act]")
		case exists(t, host.ctx, "#discard-panel"):
			for i := 0; i < 20 && !enabled(t, host.ctx, "#discard"); i++ {
				sel := host.eval(`(() => { const b = [...document.querySelectorAll("#discard-panel [id^=discard-plus-]")].find(x => !x.disabled); return b ? "#" + b.id : ""; })()`)
				if sel == "" {
					break
				}
				click(t, host.ctx, sel)
				time.Sleep(30 * time.Millisecond)
			}
			hostAct(host, "#discard")
		case exists(t, host.ctx, "#answer-panel"):
			hostAct(host, "#reject")
		case enabled(t, host.ctx, "#roll"):
			hostAct(host, "#roll")
		case enabled(t, host.ctx, "#end-turn"):
			hostAct(host, "#end-turn")
		default:
			time.Sleep(40 * time.Millisecond)
		}
	}
	if !moved {
		t.Fatal("the host never moved its wagon by a click")
	}
	// The game waits for the host now: both pages hold the same log.
	guest.wait(fmt.Sprintf(`+document.getElementById("net").dataset.entries === %d`, host.entries()), netWait)
	h := sameHash(t, host, guest)
	noNotes(t, "", host, guest)
	guest.shot(dir, "tb-p2p-guest")
	fmt.Fprintf(os.Stderr, "traders p2p browser: host founded, rolled and moved its wagon by a click in %v (%d entries, hash %s on both pages)\n",
		time.Since(t0).Round(time.Millisecond), host.entries(), h[:12])
}

// waitNetIdle waits until the network table is not waiting on a bot of
// this page.
func waitNetIdle(p *page) {
	p.wait(`!document.querySelector("#turn") || !document.querySelector("#turn").textContent.includes("thinking")`, netWait)
}

// hostAct clicks sel on a network page and waits for the game to move.
func hostAct(p *page, sel string) {
	p.t.Helper()
	before := p.entries()
	click(p.t, p.ctx, sel)
	p.wait(fmt.Sprintf(`+document.getElementById("net").dataset.entries !== %d || document.querySelector("#error")`, before), netWait)
	if exists(p.t, p.ctx, "#error") {
		p.t.Fatalf("%s: clicking %s: %s", p.name, sel, p.eval(`document.querySelector("#error").textContent`))
	}
}
