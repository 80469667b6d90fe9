package gameui

import (
	"testing"

	"tabula/app/i18n"
	"tabula/engine/games"
)

// The home screen's games are the list's, in its order: a game whose
// renderer is registered is playable with the engine's player counts; the
// others are "coming soon" with the list's; every title and blurb is in
// the English catalogue; a test game registered besides comes last.
func TestEntriesComeFromTheList(t *testing.T) {
	Register(Entry{ID: "catan", New: func() Renderer { return nil }})
	Register(Entry{ID: "test-extra", New: func() Renderer { return nil }})
	all := All()
	if len(all) != len(games.List)+1 || all[len(all)-1].ID != "test-extra" {
		t.Fatalf("%d entries, last %q", len(all), all[len(all)-1].ID)
	}
	for i, g := range games.List {
		e := all[i]
		if e.ID != g.ID || e.Title != "game."+g.ID || e.Min != g.Min || e.Max != g.Max {
			t.Errorf("entry %d: %+v for line %+v", i, e, g)
		}
		if i18n.T(e.Title) != g.Title || i18n.T(e.Blurb) != g.Blurb {
			t.Errorf("%s: title %q blurb %q", g.ID, i18n.T(e.Title), i18n.T(e.Blurb))
		}
		if want := g.ID == "catan"; e.Playable() != want {
			t.Errorf("%s playable %v", g.ID, e.Playable())
		}
	}
	if _, ok := Lookup("agricola"); !ok {
		t.Fatal("a listed game without packages is not found")
	}
	if _, ok := Lookup("chess"); ok {
		t.Fatal("an unknown game is found")
	}
}
