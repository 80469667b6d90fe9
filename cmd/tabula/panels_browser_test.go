//go:build !js

package main

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"
	"time"

	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/catan"
	ck "tabula/engine/catan/citiesknights"
)

// Boards keep a usable size whatever panel is open, and everything a
// finger can press on a phone is at least 44 px (issue 25, items 3 and 5):
// every panel of the Catan table, Cities & Knights' Alchemist, Agricola's
// hand of 14 cards and an occupation to play, and Burgundy's follow-up
// decisions are opened, each at 1366×768 and on a 390×844 phone; the
// board is measured on both, the touch targets on the phone, and also on
// each game's new-game form and the home screen.

// Least board sizes: the shorter side of the board at 1366×768 (the
// table's board without any panel is about 560 px there), and the shorter
// side of the board a phone shows above its dock.
const (
	minDesktopBoard = 440
	minPhoneBoard   = 300
)

// touchJS measures what a finger can press on the screen: buttons,
// fields, pickers, summaries and links outside running text (a radio or
// check box by its label, which takes the tap too). The board's own spots
// are measured by checkTouchTargets. It returns the smallest side and the
// targets under 44 px.
const touchJS = `(() => {
	let min = 1e9; const small = [];
	for (const e of document.querySelectorAll('button, select, input:not([type=hidden]), textarea, summary, a[href], [role=button], label.btn')) {
		if (e.closest("svg") || (e.matches("a") && e.closest("p, li"))) continue;
		const t = (e.matches("input[type=radio], input[type=checkbox], input[type=file]") && (e.closest("label") || (e.labels && e.labels[0]))) || e;
		const r = t.getBoundingClientRect(), s = getComputedStyle(t);
		if (!r.width || !r.height || s.visibility === "hidden" || s.display === "none") continue;
		const m = Math.min(r.width, r.height);
		min = Math.min(min, m);
		if (m < 43.5) small.push("#" + (e.id || e.tagName.toLowerCase() + "." + String(e.className).split(" ").join(".")) + " " + Math.round(r.width) + "×" + Math.round(r.height));
	}
	return [min, [...new Set(small)].join(", ")];
})()`

// boardJS measures the board: the shorter side of what is visible of the
// board area, inside the window and above the dock where the dock lies
// over it (the phone's dock stays at the bottom of the screen).
const boardJS = `(() => {
	const b = document.querySelector(".board-area").getBoundingClientRect(), d = document.querySelector(".dock").getBoundingClientRect();
	let top = Math.max(b.top, 0), bottom = Math.min(b.bottom, innerHeight);
	if (d.height && d.top < bottom && d.bottom > top) bottom = Math.min(bottom, d.top);
	const w = Math.min(b.right, innerWidth) - Math.max(b.left, 0);
	return Math.round(Math.max(0, Math.min(w, bottom - top)));
})()`

// boardSizes measures the board with a panel open on both screens; open
// opens the panel (again after a change of screen, which may draw the
// table afresh) and ready says it is open.
type boardSizes struct {
	t     *testing.T
	ctx   context.Context
	rows  []string
	touch map[string]float64 // the smallest touch target per game
}

// touches measures the touch targets of the phone's screen, for game.
func (b *boardSizes) touches(game, screen string) {
	b.t.Helper()
	res := eval[[]any](b.t, b.ctx, touchJS)
	m, small := res[0].(float64), res[1].(string)
	if old, ok := b.touch[game]; !ok || m < old {
		b.touch[game] = m
	}
	if small != "" {
		b.t.Errorf("%s on a phone: touch targets under 44 px: %s", screen, small)
	}
}

func (b *boardSizes) measure(game, name, ready string, open func()) {
	t, ctx := b.t, b.ctx
	t.Helper()
	var got [2]int
	for i, phone := range []bool{false, true} {
		if phone {
			phoneView(t, ctx)
		} else {
			desktopView(t, ctx)
		}
		if open != nil && !eval[bool](t, ctx, "!!("+ready+")") {
			open()
		}
		waitJS(t, ctx, ready, 5*time.Second)
		time.Sleep(120 * time.Millisecond) // the zoom box settles after a resize
		eval[bool](t, ctx, `(document.querySelector(".layout").scrollTop = 0, scrollTo(0, 0), true)`)
		got[i] = eval[int](t, ctx, boardJS)
		if phone {
			b.touches(game, name)
		}
	}
	desktopView(t, ctx)
	b.rows = append(b.rows, fmt.Sprintf("%-28s 1366×768: %3d px   390×844: %3d px", name, got[0], got[1]))
	if got[0] < minDesktopBoard {
		t.Errorf("%s open: the board is %d px at 1366×768, want ≥ %d", name, got[0], minDesktopBoard)
	}
	if got[1] < minPhoneBoard {
		t.Errorf("%s open: the phone shows %d px of the board, want ≥ %d", name, got[1], minPhoneBoard)
	}
}

func (b *boardSizes) load(file, ready string) {
	b.t.Helper()
	if exists(b.t, b.ctx, "#home") {
		click(b.t, b.ctx, "#home")
	}
	importGame(b.t, b.ctx, file)
	waitJS(b.t, b.ctx, ready, 10*time.Second)
}

// TestBrowserBoardKeepsItsSize opens every panel and measures the board
// and the touch targets.
func TestBrowserBoardKeepsItsSize(t *testing.T) {
	catanFiles := catanScreens(t)
	burgundyFiles := burgundyScreens(t)
	alchemist := positionsOf(t, ck.Game, 3, 11, nil, nil, 0, map[string]due{
		"alchemist": func(st engine.State) bool {
			s := st.(*catan.State)
			return s.Phase == catan.PhaseRoll && s.Active == 0 && s.Ext.(*ck.Ext).Progress[0][ck.Alchemist] > 0
		},
	})["alchemist"]
	ctx, _, _, _ := openSite(t, startServer)
	q := func(sel string) string { return fmt.Sprintf("document.querySelector(%q)", sel) }
	b := &boardSizes{t: t, ctx: ctx, touch: map[string]float64{}}
	defer func() {
		games := make([]string, 0, len(b.touch))
		for g, m := range b.touch {
			games = append(games, fmt.Sprintf("%s: %.0f px", g, math.Floor(m)))
		}
		sort.Strings(games)
		figures(append(b.rows, "smallest touch target on the phone: "+strings.Join(games, ", "))).print("board sizes")
	}()

	// The home screen and each game's new-game form on the phone.
	phoneView(t, ctx)
	b.touches("home", "home")
	for _, g := range []string{"catan", ck.ID, "traders-barbarians", "burgundy", "agricola"} {
		click(t, ctx, "#new-"+g)
		waitJS(t, ctx, q("#new-form"), 5*time.Second)
		b.touches(g, g+" new-game form")
		click(t, ctx, "#new-cancel")
		waitJS(t, ctx, q("#new-"+g), 5*time.Second)
	}
	desktopView(t, ctx)
	panel := func(button, panel string) func() {
		return func() {
			if !exists(t, ctx, panel) {
				click(t, ctx, button)
			}
		}
	}

	// Catan: no panel, then each one.
	b.load(catanFiles["trade"], `document.querySelector("#trade-offer:not([disabled])")`)
	b.measure("catan", "catan (no panel)", q(".board-area"), nil)
	b.measure("catan", "catan offer", q("#offer-panel"), panel("#trade-offer", "#offer-panel"))
	b.measure("catan", "catan bank trade", q("#bank-panel"), panel("#trade-bank", "#bank-panel"))
	b.load(catanFiles["cards"], q("#play-year-of-plenty:not([disabled])"))
	b.measure("catan", "catan year of plenty", q("#yop-panel"), panel("#play-year-of-plenty", "#yop-panel"))
	b.measure("catan", "catan monopoly", q("#mono-panel"), panel("#play-monopoly", "#mono-panel"))
	b.load(catanFiles["answer"], q("#answer-panel #counter"))
	b.measure("catan", "catan answer", q("#answer-panel"), nil)
	b.measure("catan", "catan counter-offer", q("#counter-panel"), panel("#counter", "#counter-panel"))
	for _, x := range []struct{ file, ready string }{
		{"confirm", "#confirm-panel"}, {"discard", "#discard-panel"}, {"rob", "#rob-panel"},
	} {
		b.load(catanFiles[x.file], q(x.ready))
		b.measure("catan", "catan "+x.file, q(x.ready), nil)
	}

	// Cities & Knights: the Alchemist's dice.
	b.load(alchemist, q("#play-alchemist:not([disabled]):not(.off)"))
	b.measure("cities-knights", "cities-knights alchemist", q("#alchemist-play"), panel("#play-alchemist", "#alchemist-play"))

	// Burgundy's follow-up decisions.
	kinds := make([]string, 0, len(burgundyFiles))
	for k := range burgundyFiles {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		b.load(burgundyFiles[k], q("#board"))
		b.measure("burgundy", "burgundy "+k, q("#dock #prompt"), nil)
	}

	// Agricola's card game: a hand of 14 cards in the dock.
	click(t, ctx, "#home")
	waitJS(t, ctx, q("#new-agricola"), 5*time.Second)
	newAgricolaGame(t, ctx, agricola.CardsAB, 2, "human", "bot:random", "23")
	b.measure("agricola", "agricola hand", q("#hand"), nil)
	// An occupation to play: a person on Lessons.
	waitJS(t, ctx, q("#board .ag-sp.spot[data-space=lessons]"), 20*time.Second)
	act(t, ctx, "#board .ag-sp.spot[data-space=lessons]")
	b.measure("agricola", "agricola occupation", q("#hand [id^=act-play-]"), nil)

	// Traders & Barbarians: its table.
	click(t, ctx, "#home")
	waitJS(t, ctx, q("#new-traders-barbarians"), 5*time.Second)
	newTraders(t, ctx, "human", "bot:random", "bot:random", "5")
	b.measure("traders-barbarians", "traders-barbarians", q("#board svg"), nil)

}
