package citiesknights

import (
	"fmt"
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/engine"
	"tabula/engine/catan"
	ck "tabula/engine/catan/citiesknights"
)

// The header says, in each language, what every phase of the expansion
// asks of the seat it waits for: to that seat ("You: …") and to the
// others (with the seat's name), never the plain "is deciding"; random
// games are played until each of the expansion's deciding phases has come
// up (the chance phases ask nobody).
func TestHeaderSaysWhatEachPhaseAsks(t *testing.T) {
	defer i18n.SetLang(i18n.English)
	phases := map[string]bool{}
	for _, p := range []catan.Phase{ck.PhaseChooseDeck, ck.PhasePillage, ck.PhaseProgressLimit, ck.PhaseAqueduct,
		ck.PhaseMetropolis, ck.PhaseRetreat, ck.PhaseDesert, ck.PhaseDeserterPlace, ck.PhaseDiplomatRoad,
		ck.PhaseWedding, ck.PhaseSabotage, ck.PhaseSpy, ck.PhaseMasterMerchant, ck.PhaseHarbor, ck.PhaseHarborReturn} {
		phases[p.String()] = false
	}
	langs := []i18n.Lang{i18n.English, i18n.Portuguese, i18n.Russian}
	generic := map[string]bool{}
	for _, l := range langs {
		i18n.SetLang(l)
		generic[i18n.T("turn.you")] = true
		for _, n := range []string{"Ana", "Bruno", "Caio"} {
			generic[i18n.T("turn.other", n)] = true
		}
	}
	tb := testTable(t, 3)
	r, _ := newRenderer(t)
	left := len(phases)
	for g := 0; g < 60 && left > 0; g++ {
		seed := uint64(101 + g)
		playGame(t, 3, seed, randomPick(seed), func(s *catan.State, seat engine.Seat) {
			code := s.Phase.String()
			done, ours := phases[code]
			if !ours || done {
				return
			}
			phases[code] = true
			left--
			for _, l := range langs {
				i18n.SetLang(l)
				for viewer := engine.Seat(0); viewer < 3; viewer++ {
					var acted []engine.Action
					waits := gameui.Waits(r, envFor(tb, s, viewer, &acted))
					var mine *gameui.Wait
					for i := range waits {
						if waits[i].Seat == seat {
							mine = &waits[i]
						}
					}
					switch {
					case mine == nil:
						t.Fatalf("%s (%s): the header does not wait for seat %d: %v", code, l, seat, waits)
					case generic[mine.Text] || strings.Contains(mine.Text, "%!"):
						t.Errorf("%s (%s), seen by seat %d: %q", code, l, viewer, mine.Text)
					case viewer != seat && !strings.Contains(mine.Text, tb.Name(seat)):
						t.Errorf("%s (%s), seen by seat %d: %q does not name %s", code, l, viewer, mine.Text, tb.Name(seat))
					}
				}
			}
		})
	}
	for code, seen := range phases {
		if !seen {
			t.Errorf("phase %s never came up in the games played", code)
		}
	}
}

// A phone's chips give each seat's progress cards in hand, and beside
// them the barbarian ship's step and the three dice of the last roll.
func TestChipsProgressAndDice(t *testing.T) {
	tb := testTable(t, 3)
	r, _ := newRenderer(t)
	sum := r.(gameui.Summarizer)
	checked := 0
	playGame(t, 3, 5, randomPick(5), func(s *catan.State, seat engine.Seat) {
		if s.Phase != catan.PhaseMain || s.Turn%5 != 0 {
			return
		}
		x := s.Ext.(*ck.Ext)
		var acted []engine.Action
		env := envFor(tb, s, -1, &acted)
		for _, st := range sum.Standings(env) {
			held := 0 // progress cards in hand (VP cards are shown at once)
			for _, n := range x.Progress[st.Seat] {
				held += int(n)
			}
			want := ""
			if held > 0 {
				want = i18n.T("ck.chip.progress", held)
			}
			if st.Note != want || st.Points != s.Points(int(st.Seat)) {
				t.Fatalf("turn %d, seat %d: chip %+v, engine %d points and %d progress cards", s.Turn, st.Seat, st, s.Points(int(st.Seat)), held)
			}
		}
		d := sum.Dice(env)
		if d == nil {
			t.Fatalf("turn %d: no dice beside the chips", s.Turn)
		}
		xv := ck.ViewOf(s, -1)
		if h := app.HTMLString(d); strings.Count(h, "<svg") != 4 || !strings.Contains(h, `data-event="`+xv.Event+`"`) ||
			!strings.Contains(h, fmt.Sprintf(`data-ship="%d"`, xv.Ship)) {
			t.Fatalf("turn %d: chip dice %s", s.Turn, h)
		}
		checked++
	})
	if checked < 5 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// The building costs card lists, after the base game's road, settlement
// and city (no development card), the expansion's costs from the
// engine's tables.
func TestCostsCard(t *testing.T) {
	tb := testTable(t, 3)
	r, _ := newRenderer(t)
	s := playGame(t, 3, 5, randomPick(5), func(*catan.State, engine.Seat) {})
	var acted []engine.Action
	title, card := r.(gameui.Reference).Reference(envFor(tb, s, 0, &acted))
	h := app.HTMLString(card)
	rows := regexp.MustCompile(`(?s)<tr>.*?</tr>`).FindAllString(h, -1)
	want := []struct {
		label string
		cost  catan.Resources
	}{
		{i18n.T("catan.build.road"), catan.RoadCost}, {i18n.T("catan.build.settlement"), catan.SettlementCost},
		{i18n.T("catan.build.city"), catan.CityCost}, {i18n.T("ck.wall"), ck.WallCost}, {i18n.T("ck.hire"), ck.KnightCost},
		{i18n.T("ck.promote"), ck.KnightCost}, {i18n.T("ck.activate"), ck.ActivateCost},
	}
	if title != i18n.T("catan.costs") || len(rows) != len(want) {
		t.Fatalf("costs card %q with %d rows, want %d: %s", title, len(rows), len(want), h)
	}
	for i, w := range want {
		if !strings.Contains(rows[i], ">"+html.EscapeString(w.label)+"<") || strings.Count(rows[i], "res-ico") != w.cost.Total() {
			t.Errorf("row %d: %s, want %s costing %v", i, rows[i], w.label, w.cost)
		}
	}
}
