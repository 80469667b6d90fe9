//go:build !js

package main

import (
	"context"
	"strings"
	"testing"
	"time"
)

// The table checks of issue 14 on Catan, in TestBrowser's session.

// catanFoundingChecks: the first founding settlement, on a 1366×768
// screen: the header says what to do, the building costs card shows
// beside the board, every text is in the app's fonts (the island's
// numbers too), and the settlement is placed from the keyboard, the focus
// staying on the board.
func catanFoundingChecks(t *testing.T, ctx context.Context, dir string, figs *figures) {
	t.Helper()
	desktopView(t, ctx)
	figs.add("Catan header at founding: %q", checkTurnLine(t, ctx, "You: place a settlement"))
	card := eval[[]float64](t, ctx, `(() => { const c = document.querySelector(".side #refcard"); if (!c) return [];
		const r = c.getBoundingClientRect(); return [r.top, r.bottom, innerHeight, c.querySelectorAll("#costs tr").length]; })()`)
	if len(card) != 4 || card[0] < 0 || card[1] > card[2] || card[3] != 4 {
		t.Errorf("the building costs card is not beside the board in full view: %v", card)
	} else {
		figs.add("Catan costs card: %v rows, in view at %v–%v px", card[3], card[0], card[1])
	}
	figs.add("Catan fonts: %s", checkFonts(t, ctx, "#tabula"))
	figs.add("Catan %s", checkKeyboardOnBoard(t, ctx, dir, "03b-founding-keyboard"))
}

// catanPhoneChecks: the founding road on a 390×844 phone: the players'
// chips above the board, every lit path a 44 px target, the costs card
// one tap away, the log as a sheet with a chip on every line.
func catanPhoneChecks(t *testing.T, ctx context.Context, dir string, figs *figures) {
	t.Helper()
	phoneView(t, ctx)
	figs.add("Catan phone chips: %s", checkChips(t, ctx, 3))
	min, zoom, n := checkTouchTargets(t, ctx)
	figs.add("Catan phone touch targets (founding road): %d lit paths, smallest side %.1f px at zoom %s", n, min, zoom)
	shot(t, ctx, dir, "03c-phone-road")
	click(t, ctx, "#ref-open")
	waitJS(t, ctx, `document.querySelector("#ref-sheet #costs")`, 3*time.Second)
	shot(t, ctx, dir, "03d-phone-costs")
	click(t, ctx, "#ref-sheet-close")
	waitJS(t, ctx, `!document.querySelector("#ref-sheet")`, 3*time.Second)
	figs.add("Catan phone log sheet: %d lines", checkLogSheet(t, ctx, dir, "03e-phone-log"))
}

// catanRollChecks: at the first roll, a phone's vertex and path targets
// in build mode are measured, the disabled End turn (right edge of a
// phone) shows its reason inside the screen, and disabled controls are
// readable on both screens.
func catanRollChecks(t *testing.T, ctx context.Context, dir string, figs *figures) {
	t.Helper()
	lo, n := checkContrast(t, ctx)
	figs.add("Catan desktop: %d disabled controls, lowest contrast %.2f:1", n, lo)
	figs.add("Catan desktop: tip of the disabled End turn at %v", roundAll(checkTip(t, ctx, "#end-turn")[:4]))
	hideTip(t, ctx)
	phoneView(t, ctx)
	lo, n = checkContrast(t, ctx)
	figs.add("Catan phone: %d disabled controls, lowest contrast %.2f:1", n, lo)
	box := checkTip(t, ctx, "#end-turn")
	figs.add("Catan phone: tip of the disabled End turn (right edge) at %v in a 390 px window", roundAll(box[:4]))
	shot(t, ctx, dir, "03f-phone-tip")
	hideTip(t, ctx)
	if r := eval[string](t, ctx, `document.querySelector("#end-turn").dataset.reason`); !strings.Contains(r, "Roll") {
		t.Errorf("End turn before the roll says %q", r)
	}
	desktopView(t, ctx)
}
