package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabula/app/table"
	"tabula/engine"
	"tabula/engine/catan"
)

// The bank panel trades what it shows now: after switching what to give,
// a "get" button in the place of one drawn for the first choice trades
// the second (go-app keeps a handler whose code is unchanged; the button
// carries its trade in its event scope). The position: seat 0, a person,
// in its main phase with bank trades in two kinds, imported from a file.
func TestBrowserBankTradesWhatItShows(t *testing.T) {
	file, give := bankPosition(t)
	ctx, _, _, _ := openSite(t, startServer)
	waitJS(t, ctx, `document.querySelector("#import-file")`, 5*time.Second)
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles("#import-file", []string{file})); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, `document.querySelector("#trade-bank, #reveal")`, 15*time.Second)
	if exists(t, ctx, "#reveal") { // the hand-over screen of a hot-seat game
		click(t, ctx, "#reveal")
		waitJS(t, ctx, `document.querySelector("#trade-bank")`, 10*time.Second)
	}
	click(t, ctx, "#trade-bank")
	waitJS(t, ctx, `document.querySelector("#bank-panel")`, 5*time.Second)
	click(t, ctx, "#bank-give-"+give[0].String())
	waitJS(t, ctx, `document.querySelector("#bank-panel [id^=bank-get-]")`, 5*time.Second)
	click(t, ctx, "#bank-give-"+give[1].String())
	waitJS(t, ctx, `document.querySelector("#bank-give-`+give[1].String()+`.on")`, 5*time.Second)
	before := len(storedGame(t, ctx).Entries)
	click(t, ctx, "#bank-panel [id^=bank-get-]")
	waitJS(t, ctx, `!document.querySelector("#bank-panel")`, 5*time.Second)
	m := storedGame(t, ctx)
	if len(m.Entries) != before+1 {
		t.Fatalf("%d entries after the trade, want %d", len(m.Entries), before+1)
	}
	a, err := catan.Game{}.DecodeAction(m.Entries[before].Action)
	if err != nil {
		t.Fatal(err)
	}
	if x := a.(catan.Action); x.Type != catan.ActMaritimeTrade || x.Give[give[1]] == 0 {
		t.Fatalf("the bank took %v, want %s (the kind chosen last)", x.Give, give[1])
	}
}

// bankPosition plays random bots until seat 0 is in its main phase with
// bank trades in two kinds, and saves the game with seat 0 a person.
func bankPosition(t *testing.T) (string, [2]catan.Resource) {
	t.Helper()
	var kinds []catan.Resource
	file := catanPosition(t, "bank", func(tbl *table.Table) bool {
		s := tbl.State().(*catan.State)
		if s.Phase != catan.PhaseMain || s.Active != 0 {
			return false
		}
		kinds = kinds[:0]
		seen := map[catan.Resource]bool{}
		for _, a := range s.Legal(0) {
			x := a.(catan.Action)
			if x.Type != catan.ActMaritimeTrade {
				continue
			}
			for r := range x.Give {
				if x.Give[r] > 0 && !seen[catan.Resource(r)] {
					seen[catan.Resource(r)] = true
					kinds = append(kinds, catan.Resource(r))
				}
			}
		}
		return len(kinds) >= 2
	})
	return file, [2]catan.Resource{kinds[0], kinds[1]}
}

// catanPosition plays random bots (seats Ana, Bo and Cy) until found
// holds, and saves the game there with seat 0 a person, in a file named
// after name.
func catanPosition(t *testing.T, name string, found func(tbl *table.Table) bool) string {
	t.Helper()
	seats := []engine.SeatInfo{{Name: "Ana", Kind: table.BotRandom}, {Name: "Bo", Kind: table.BotRandom}, {Name: "Cy", Kind: table.BotRandom}}
	for seed := uint64(1); seed < 40; seed++ {
		tbl, err := table.New(table.Config{Game: catan.ID, Seats: seats, Seed: seed}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 3000 && !tbl.Status().Over; i++ {
			if found(tbl) {
				tbl.Seats[0].Kind = table.Human
				f := filepath.Join(t.TempDir(), name+".json")
				if err := os.WriteFile(f, tbl.Save(), 0o644); err != nil {
					t.Fatal(err)
				}
				return f
			}
			if _, err := tbl.StepBot(); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatalf("no %s position", name)
	return ""
}
