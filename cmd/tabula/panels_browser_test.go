//go:build !js

package main

import (
	"context"
	"fmt"
	"sort"
	"testing"
	"time"

	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/catan"
	ck "tabula/engine/catan/citiesknights"
)

// Boards keep a usable size whatever panel is open (issue 25, item 3):
// every panel of the Catan table, Cities & Knights' Alchemist, Agricola's
// hand of 14 cards and Burgundy's follow-up decisions are opened, each at
// 1366×768 and on a 390×844 phone, and the board measured.

// Least board sizes: the shorter side of the board at 1366×768 (the
// table's board without any panel is about 560 px there), and the shorter
// side of the board a phone shows above its dock.
const (
	minDesktopBoard = 440
	minPhoneBoard   = 300
)

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
	t    *testing.T
	ctx  context.Context
	rows []string
}

func (b *boardSizes) measure(name, ready string, open func()) {
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

// TestBrowserBoardKeepsItsSize opens every panel and measures the board.
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
	b := &boardSizes{t: t, ctx: ctx}
	defer func() { figures(b.rows).print("board sizes") }()
	panel := func(button, panel string) func() {
		return func() {
			if !exists(t, ctx, panel) {
				click(t, ctx, button)
			}
		}
	}
	q := func(sel string) string { return fmt.Sprintf("document.querySelector(%q)", sel) }

	// Catan: no panel, then each one.
	b.load(catanFiles["trade"], `document.querySelector("#trade-offer:not([disabled])")`)
	b.measure("catan (no panel)", q(".board-area"), nil)
	b.measure("catan offer", q("#offer-panel"), panel("#trade-offer", "#offer-panel"))
	b.measure("catan bank trade", q("#bank-panel"), panel("#trade-bank", "#bank-panel"))
	b.load(catanFiles["cards"], q("#play-year-of-plenty:not([disabled])"))
	b.measure("catan year of plenty", q("#yop-panel"), panel("#play-year-of-plenty", "#yop-panel"))
	b.measure("catan monopoly", q("#mono-panel"), panel("#play-monopoly", "#mono-panel"))
	b.load(catanFiles["answer"], q("#answer-panel #counter"))
	b.measure("catan answer", q("#answer-panel"), nil)
	b.measure("catan counter-offer", q("#counter-panel"), panel("#counter", "#counter-panel"))
	for _, x := range []struct{ file, ready string }{
		{"confirm", "#confirm-panel"}, {"discard", "#discard-panel"}, {"rob", "#rob-panel"},
	} {
		b.load(catanFiles[x.file], q(x.ready))
		b.measure("catan "+x.file, q(x.ready), nil)
	}

	// Cities & Knights: the Alchemist's dice.
	b.load(alchemist, q("#play-alchemist:not([disabled]):not(.off)"))
	b.measure("cities-knights alchemist", q("#alchemist-play"), panel("#play-alchemist", "#alchemist-play"))

	// Burgundy's follow-up decisions.
	kinds := make([]string, 0, len(burgundyFiles))
	for k := range burgundyFiles {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		b.load(burgundyFiles[k], q("#board"))
		b.measure("burgundy "+k, q("#dock #prompt"), nil)
	}

	// Agricola's card game: a hand of 14 cards in the dock.
	click(t, ctx, "#home")
	waitJS(t, ctx, q("#new-agricola"), 5*time.Second)
	newAgricolaGame(t, ctx, agricola.CardsAB, 2, "human", "bot:random", "23")
	b.measure("agricola hand", q("#hand"), nil)

}
