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

	"tabula/app/table"
	"tabula/engine/burgundy"
	ck "tabula/engine/catan/citiesknights"
	tb "tabula/engine/catan/traders"
)

// anyMark finds an element marked as changed by a bot's latest move.
const anyMark = `document.querySelector("#board [data-botmove], #side [data-botmove], .side [data-botmove]")`

// TestBrowserBotMarks: a person plays each game against greedy bots at
// instant speed. A bot's move marks what it changed on the board (the
// pieces and the robber of the Catan family, Burgundy's estate tab, dice
// and depots, Agricola's action space and farm), for about two seconds,
// then the marks go (the board is not drawn again for it); the person's
// own moves are never marked. Where the
// page asks for reduced motion the mark stays still (no animation) and
// shows all the same.
func TestBrowserBotMarks(t *testing.T) {
	ctx, stop := chromium(t, 300*time.Second)
	t.Cleanup(stop)
	srv := startServer(t)
	t.Cleanup(srv.Close)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?speed=instant")); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, clientStarted, 20*time.Second)
	var lasted []string
	// Seeds with the person not last in the founding order.
	for g, seed := range map[string]string{"catan": "12", ck.ID: "12", tb.ID: "13"} {
		reduced := g == ck.ID
		if reduced {
			reduceMotion(t, ctx, true)
		}
		lasted = append(lasted, g+" "+catanMarks(t, ctx, g, seed, reduced).String())
		if reduced {
			reduceMotion(t, ctx, false)
		}
		goHome(t, ctx)
	}
	lasted = append(lasted, "burgundy "+burgundyMarks(t, ctx).String())
	goHome(t, ctx)
	lasted = append(lasted, "agricola "+agricolaMarks(t, ctx).String())
	fmt.Fprintf(os.Stderr, "bot marks seen for (from first seen to gone): %s\n", strings.Join(lasted, ", "))
}

func goHome(t *testing.T, ctx context.Context) {
	t.Helper()
	click(t, ctx, "#home")
	waitJS(t, ctx, `document.querySelector("#new-catan")`, 5*time.Second)
}

// reduceMotion asks the page for reduced motion (or no preference).
func reduceMotion(t *testing.T, ctx context.Context, on bool) {
	t.Helper()
	p := emulation.SetEmulatedMediaParams{}
	if on {
		p.Features = []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, p); err != nil {
		t.Fatal(err)
	}
	if got := eval[bool](t, ctx, `matchMedia("(prefers-reduced-motion: reduce)").matches`); got != on {
		t.Fatalf("reduced motion %v, asked %v", got, on)
	}
}

// checkMarkLook: a marked element animates its halo, or, with reduced
// motion, holds it still.
func checkMarkLook(t *testing.T, ctx context.Context, reduced bool) {
	t.Helper()
	look := eval[[]string](t, ctx, `(() => { const s = getComputedStyle(`+anyMark+`); return [s.animationName, s.filter]; })()`)
	if !strings.Contains(look[1], "drop-shadow") {
		t.Fatalf("a marked element shows no halo: filter %q", look[1])
	}
	if animated := strings.Contains(look[0], "botmove"); animated == reduced {
		t.Fatalf("reduced motion %v, animation %q", reduced, look[0])
	}
}

// waitMarksGone waits for the marks to go, and says how long they were
// on show after since.
func waitMarksGone(t *testing.T, ctx context.Context, since time.Time) time.Duration {
	t.Helper()
	waitJS(t, ctx, `!`+anyMark, 6*time.Second)
	d := time.Since(since)
	if d < time.Second {
		t.Fatalf("the bots' marks went after %v: too short to follow", d)
	}
	return d.Round(100 * time.Millisecond)
}

// catanMarks: the person (seat 0) founds a settlement and a road; the
// bots after them in the founding order found theirs. Exactly the pieces
// the bots placed since are marked; then the marks go, and the person's
// next founding is not marked.
func catanMarks(t *testing.T, ctx context.Context, game, seed string, reduced bool) time.Duration {
	t.Helper()
	startGame(t, ctx, game, seed, table.Human, table.BotGreedy, table.BotGreedy)
	waitJS(t, ctx, `document.querySelector("#board svg")`, 10*time.Second)
	waitIdle(t, ctx)
	// A piece by kind, place and seat (a T&B wagon stands on a node).
	const key = `e => e.classList[0] + ":" + (e.dataset.vertex || e.dataset.edge || e.dataset.node) + ":" + e.dataset.seat`
	const pieces = `[...document.querySelectorAll("#board .building, #board .road, #board .wagon")].map(` + key + `)`
	var marked, placed []string
	var seen time.Time
	for round := 0; round < 2 && len(placed) == 0; round++ {
		act(t, ctx, "#board .spot-vertex")
		if exists(t, ctx, "#board [data-botmove]") {
			t.Fatal(game + ": the person's own settlement is marked")
		}
		before := eval[[]string](t, ctx, pieces)
		act(t, ctx, "#board .spot-edge")
		// The bots after the person found, then the person is asked
		// again (or, last in the order, founds again at once).
		waitJS(t, ctx, `document.querySelector("#board .spot-vertex")`, 20*time.Second)
		seen = time.Now()
		marked = eval[[]string](t, ctx, `[...document.querySelectorAll("#board [data-botmove]")].map(`+key+`)`)
		for _, p := range eval[[]string](t, ctx, pieces) {
			if !slices.Contains(before, p) && !strings.HasSuffix(p, ":0") {
				placed = append(placed, p)
			}
		}
	}
	slices.Sort(marked)
	slices.Sort(placed)
	if len(placed) == 0 || !slices.Equal(marked, placed) {
		t.Fatalf("%s: marked %v, the bots placed %v", game, marked, placed)
	}
	checkMarkLook(t, ctx, reduced)
	eval[bool](t, ctx, `(window.markedBoard = document.querySelector("#board svg"), true)`)
	lasted := waitMarksGone(t, ctx, seen)
	if !eval[bool](t, ctx, `document.querySelector("#board svg") === window.markedBoard`) {
		t.Fatal(game + ": the marks' end drew the board again (its elements replaced under a click)")
	}
	// The person's second founding: nothing is marked (no bot moves
	// until the person's road).
	act(t, ctx, "#board .spot-vertex")
	time.Sleep(300 * time.Millisecond)
	if exists(t, ctx, "#board [data-botmove]") {
		t.Fatal(game + ": the person's own founding is marked")
	}
	return lasted
}

// burgundyMarks: the person (seat 0) plays against a greedy bot until the
// bot has moved: its estate's tab is marked, the person's never (also not
// after the person's own moves), and the marks go.
func burgundyMarks(t *testing.T, ctx context.Context) time.Duration {
	t.Helper()
	startGame(t, ctx, burgundy.ID, "4243", table.Human, table.BotGreedy)
	waitJS(t, ctx, `document.querySelector("#board .bg-main") && document.querySelector("#board .bg-estate")`, 10*time.Second)
	for step := 0; step < 60; step++ {
		waitIdle(t, ctx)
		if exists(t, ctx, "#estate-tab-0[data-botmove]") {
			t.Fatal("burgundy: the person's estate is marked")
		}
		if exists(t, ctx, "#estate-tab-1[data-botmove]") {
			seen := time.Now()
			if !exists(t, ctx, `.bg-main [data-botmove]`) && !exists(t, ctx, `#board .bg-estate [data-botmove]`) {
				t.Fatal("burgundy: the bot's estate tab is marked, but nothing it took or used")
			}
			checkMarkLook(t, ctx, false)
			return waitMarksGone(t, ctx, seen)
		}
		if n, _ := strconv.Atoi(eval[string](t, ctx, `document.querySelector("#board").dataset.targets || "0"`)); n == 0 && !exists(t, ctx, "#act-end, #act-pass") {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		for _, sel := range []string{"#chooser #choice-0", `.bg-main .spot-tile[data-act^="depot-"]`, ".bg-estate .spot-space", ".spot-store", ".spot-goods", "#act-workers", "#act-pass", "#act-end", "#board [data-act]"} {
			if exists(t, ctx, sel) {
				act(t, ctx, sel)
				if exists(t, ctx, "#chooser") {
					act(t, ctx, "#chooser #choice-0")
				}
				break
			}
		}
		if exists(t, ctx, "#estate-tab-0[data-botmove]") || exists(t, ctx, "#board .bg-estate[data-seat='0'] [data-botmove]") {
			t.Fatal("burgundy: the person's own move is marked")
		}
	}
	t.Fatal("burgundy: no bot move was marked")
	return 0
}

// agricolaMarks: the person (seat 0) places a person on a space, the
// bot then places one: the bot's space is marked (the one its person
// stands on), the person's is not, and the marks go.
func agricolaMarks(t *testing.T, ctx context.Context) time.Duration {
	t.Helper()
	newAgricola(t, ctx, 2, table.Human, table.BotGreedy, "5")
	waitJS(t, ctx, `document.querySelector("#board .ag-acts")`, 10*time.Second)
	p := &agricolaPlayer{t: t, ctx: ctx}
	for step := 0; step < 40; step++ {
		waitIdle(t, ctx)
		s := settled(t, ctx)
		marked := eval[[]string](t, ctx, `[...document.querySelectorAll("#board .ag-sp[data-botmove]")].map(e => e.dataset.space)`)
		var bots, mine []string
		for _, sp := range s.Board {
			if slices.Contains(sp.People, 1) {
				bots = append(bots, sp.ID)
			}
			if slices.Contains(sp.People, 0) {
				mine = append(mine, sp.ID)
			}
		}
		for _, id := range marked {
			if slices.Contains(mine, id) || !slices.Contains(bots, id) {
				t.Fatalf("agricola: space %s marked; the bot stands on %v, the person on %v", id, bots, mine)
			}
		}
		if exists(t, ctx, "#farm-tab-0[data-botmove]") {
			t.Fatal("agricola: the person's farm is marked")
		}
		if len(marked) > 0 {
			seen := time.Now()
			checkMarkLook(t, ctx, false)
			return waitMarksGone(t, ctx, seen)
		}
		if st := s.Status(); st.Chance != nil || len(st.Deciders) == 0 || st.Deciders[0] != 0 {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		if d := s.ViewOf(0).Decision; d != nil {
			p.other(s, d)
			continue
		}
		pick := "#board .ag-sp.spot"
		for _, id := range []string{"forest", "clay-pit", "reed-bank", "fishing", "day-laborer"} {
			if sel := fmt.Sprintf(`#board .ag-sp.spot[data-space=%q]`, id); exists(t, ctx, sel) {
				pick = sel
				break
			}
		}
		act(t, ctx, pick)
	}
	t.Fatal("agricola: no bot move was marked")
	return 0
}
