package stats

import (
	"strings"
	"testing"

	"tabula/app/i18n"
	"tabula/engine"
	_ "tabula/engine/games"
	"tabula/engine/sim"
)

func finished(t *testing.T, id string, players int) (engine.Game, *engine.Save) {
	t.Helper()
	g, err := engine.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	r := sim.Direct(sim.Spec{Game: g, Setup: engine.Setup{Game: id, Players: players}, Seed: 3,
		Bots: []string{"greedy"}, MaxActions: 20000, Record: true, Check: sim.CheckEnd})
	if r.Err != nil || !r.Over {
		t.Fatalf("%v", r.Err)
	}
	return g, r.Save
}

// Every chart is drawn in the reader's language: its title, axes and
// categories, and the barbarian outcomes name the players.
func TestDrawingsInEveryLanguage(t *testing.T) {
	g, save := finished(t, "cities-knights", 3)
	names := []string{"Ana", "Bruno", "Caio"}
	defer i18n.SetLang(i18n.English)
	for _, l := range i18n.Languages {
		i18n.SetLang(l)
		var s Screen
		ds, r, err := s.Draw(Input{Game: g, Setup: save.Setup, Entries: save.Entries, Viewer: 1, Names: names})
		if err != nil {
			t.Fatal(err)
		}
		if len(ds) != len(r.Charts) || len(ds) != 5 {
			t.Fatalf("%s: %d drawings of %d charts", l, len(ds), len(r.Charts))
		}
		for i, d := range ds {
			c := r.Charts[i]
			for _, want := range []string{i18n.T("stats.chart." + c.ID), i18n.T("stats.axis." + c.X), i18n.T("stats.axis." + c.Y)} {
				if !strings.Contains(d.SVG, want) {
					t.Errorf("%s: chart %s lacks %q", l, c.ID, want)
				}
			}
			for _, se := range c.Series {
				want := "Bruno"
				if se.Key != "" {
					want = i18n.T("stats.key." + se.Key)
				}
				if !strings.Contains(d.SVG, want) {
					t.Errorf("%s: chart %s lacks the series %q", l, c.ID, want)
				}
			}
		}
		barb := ds[4].SVG
		if !strings.Contains(barb, "<title>"+strings.Split(i18n.T("stats.mark.pillaged", "\x00"), "\x00")[0]) &&
			!strings.Contains(barb, "<title>"+strings.Split(i18n.T("stats.mark.defender", "\x00"), "\x00")[0]) {
			t.Errorf("%s: no attack outcome names a player", l)
		}
	}
}

// The screen folds the log again only when it changed.
func TestScreenKeepsItsDrawing(t *testing.T) {
	g, save := finished(t, "burgundy", 2)
	var s Screen
	in := Input{Game: g, Setup: save.Setup, Entries: save.Entries[:100], Viewer: 0, Names: []string{"A", "B"}}
	_, r1, _ := s.Draw(in)
	_, r2, _ := s.Draw(in)
	if r1 != r2 {
		t.Error("the same log was folded twice")
	}
	in.Entries = save.Entries[:101]
	_, r3, _ := s.Draw(in)
	if r3 == r1 || r3.Entries != 101 {
		t.Error("a longer log kept the old report")
	}
	in.Viewer = 1
	if _, r4, _ := s.Draw(in); r4 == r3 {
		t.Error("another viewer kept the old report")
	}
}
