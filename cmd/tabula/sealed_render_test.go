//go:build !js

package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	statsui "tabula/app/stats"
	"tabula/app/table"
	"tabula/engine"
	"tabula/engine/sealedtest"
	engstats "tabula/engine/stats"
)

// Every game that plays sealed is drawn, as a network game's screen draws
// it, from each device's own state (cards it may not know held without a
// number): the board, the side panel, the dock and the log line of every
// entry, in three languages, all through a whole random game, and the
// statistics of the device's whole log. Nothing
// panics, no panel is blank, and the log never names a card in a number
// the device does not know (no "-1" and no "%!").
func TestSealedGamesRenderUnknownCards(t *testing.T) {
	for _, c := range []struct {
		game    string
		players int
		options map[string]string
		every   int // draw the screens every so many entries
	}{
		{"catan", 3, nil, 7},
		{"cities-knights", 3, nil, 11},
		{"traders-barbarians", 3, nil, 11},
		{"agricola", 3, nil, 13},
		{"agricola", 2, map[string]string{"draft": "on"}, 5},
	} {
		t.Run(fmt.Sprintf("%s-%d-%v", c.game, c.players, c.options), func(t *testing.T) {
			defer i18n.SetLang(i18n.English)
			g, err := engine.Lookup(c.game)
			if err != nil {
				t.Fatal(err)
			}
			entry, ok := gameui.Lookup(c.game)
			if !ok || entry.New == nil {
				t.Fatalf("no screen for %s", c.game)
			}
			tb, err := sealedtest.New(g, engine.Setup{Game: c.game, Players: c.players, Options: c.options}, 5)
			if err != nil {
				t.Fatal(err)
			}
			seats := make([]engine.SeatInfo, c.players)
			for i := range seats {
				seats[i] = engine.SeatInfo{Name: fmt.Sprintf("P%d", i+1), Kind: "remote"}
			}
			langs := []i18n.Lang{i18n.English, i18n.Portuguese, i18n.Russian}
			draws := 0
			for step := 0; step < 4000; step++ {
				before := make([]engine.State, c.players)
				for s, m := range tb.Devices {
					before[s] = m.State.Clone()
				}
				more, err := tb.Step(sealedtest.Random)
				if err != nil {
					t.Fatal(err)
				}
				for s, m := range tb.Devices {
					i18n.SetLang(langs[(step+s)%3])
					r := entry.New()
					e := m.Entries[len(m.Entries)-1]
					line := r.Narrate(before[s], m.State, e, seats)
					if pn, ok := r.(gameui.PrivateNarrator); ok {
						line = pn.NarrateFor(engine.Seat(s), before[s], m.State, e, seats)
					}
					if strings.Contains(line, "%!") || strings.Contains(line, "-1") {
						t.Fatalf("entry %d, seat %d reads %q", len(m.Entries)-1, s, line)
					}
					if step%c.every != 0 && more {
						continue
					}
					draws++
					seat := engine.Seat(s)
					tbl := &table.Table{Match: m, Seats: seats, Viewer: seat}
					env := &gameui.Env{Table: tbl, Viewer: seat, State: m.State, View: m.State.View(seat), Styles: gameui.Palette[:c.players],
						Act: func(app.Context, engine.Action) {}}
					if m.State.Status().Decides(seat) {
						env.Legal = m.State.Legal(seat)
					}
					for name, ui := range map[string]func(*gameui.Env) app.UI{"board": r.Board, "side": r.Side, "dock": r.Dock} {
						if h := app.HTMLString(ui(env)); len(h) < 40 {
							t.Fatalf("entry %d, seat %d: the %s is blank: %q", len(m.Entries), s, name, h)
						}
					}
				}
				if !more {
					break
				}
			}
			// The statistics screen folds the log as the device holds it,
			// hidden draws and cards shown and all.
			for s, m := range tb.Devices {
				es := m.Entries
				r, err := engstats.Compute(g, m.Setup, es, engine.Seat(s))
				if err != nil {
					t.Fatalf("seat %d's statistics of %d entries: %v", s, len(es), err)
				}
				statsui.Drawings(r, nil, nil)
			}
			if tb.Hidden == 0 {
				t.Fatal("no device held a card it did not know")
			}
			t.Logf("%d entries, %d hidden outcomes, %d cards shown, %d screens drawn", len(tb.Referee.Entries), tb.Hidden, tb.Shown, draws)
		})
	}
}
