package main

import (
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
	waitJS(t, ctx, `[...document.querySelectorAll("#turn .wait")].some(w => w.textContent.includes("You: place a person"))`, 20*time.Second)
	checkTurnLine(t, ctx, "You: place a person")
	phoneView(t, ctx)
	if got := checkChips(t, ctx, 2); !strings.Contains(got, "food") {
		t.Errorf("Agricola's chips have no food: %s", got)
	}
	desktopView(t, ctx)

	click(t, ctx, "#home")
	waitJS(t, ctx, `document.querySelector("#new-traders-barbarians")`, 10*time.Second)
	newTraders(t, ctx, "human", "bot:random", "bot:random", "5")
	waitJS(t, ctx, `[...document.querySelectorAll("#turn .wait")].some(w => w.textContent.includes("You: place a settlement"))`, 20*time.Second)
	checkTurnLine(t, ctx, "You: place a settlement")
	phoneView(t, ctx)
	if got := checkChips(t, ctx, 3); !strings.Contains(got, "gold") {
		t.Errorf("the caravans' chips have no gold: %s", got)
	}
	desktopView(t, ctx)
}
