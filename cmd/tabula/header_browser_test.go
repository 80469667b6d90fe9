package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// Agricola and Traders & Barbarians have the table header's reasons and
// the phone's player chips like Catan and Burgundy: the header says what
// the person is asked, with the seat's chip; on a phone every seat has a
// chip above the board (Agricola's with the food, the caravans' with the
// gold).
func TestBrowserHeaderAndChipsAgricolaTraders(t *testing.T) {
	ctx, _, _, _ := openSite(t, startServer)

	newAgricola(t, ctx, 2, "human", "bot:random", "17")
	waitJS(t, ctx, `document.querySelector("#board .ag-farm") && document.querySelector("#turn .wait")`, 10*time.Second)
	headerAndChips(t, ctx, "You: place a person", 2, "food")

	click(t, ctx, "#home")
	waitJS(t, ctx, `document.querySelector("#new-traders-barbarians")`, 10*time.Second)
	newTraders(t, ctx, "human", "bot:random", "bot:random", "5")
	headerAndChips(t, ctx, "You: place a settlement", 3, "gold")
}

// headerAndChips waits for the header to ask the person what want says,
// then checks it and, on a phone, the chips of seats seats with note.
func headerAndChips(t *testing.T, ctx context.Context, want string, seats int, note string) {
	t.Helper()
	waitJS(t, ctx, fmt.Sprintf(`[...document.querySelectorAll("#turn .wait")].some(w => w.textContent.includes(%q))`, want), 20*time.Second)
	checkTurnLine(t, ctx, want)
	phoneView(t, ctx)
	if got := checkChips(t, ctx, seats); !strings.Contains(got, note) {
		t.Errorf("the chips have no %s: %s", note, got)
	}
	desktopView(t, ctx)
}
