package agricolaui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/app/table"
	"tabula/engine"
	"tabula/engine/agricola"
)

// The header says why the table waits, in each seat's words: the person
// deciding reads "You: …", the others read the decider's name; the phone's
// chips give every seat's score, cards in hand and food.
func TestTurnAndChips(t *testing.T) {
	tbl, err := table.New(table.Config{Game: agricola.ID, Seats: []engine.SeatInfo{{Name: "Ana"}, {Name: "Bo"}}, Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	env := func(s *agricola.State, seat engine.Seat) *gameui.Env {
		return &gameui.Env{Table: tbl, Viewer: seat, State: s, View: s.View(seat), Legal: s.Legal(seat), Styles: gameui.Palette[:2]}
	}
	r := New()
	wait := func(s *agricola.State, seat engine.Seat) string {
		w := gameui.Waits(r, env(s, seat))
		if len(w) != 1 || w[0].Seat != s.Decider() {
			t.Fatalf("waits %+v, want one for seat %d", w, s.Decider())
		}
		return w[0].Text
	}

	s := newGame(t, 2)
	if got, want := wait(s, 0), T("agricola.turn.you.place"); got != want {
		t.Errorf("the person placing reads %q, want %q", got, want)
	}
	if got, want := wait(s, 1), T("agricola.turn.other.place", "Ana"); got != want {
		t.Errorf("the other reads %q, want %q", got, want)
	}

	a := animalsDecision(t)
	if got, want := wait(a, 0), T("agricola.turn.you.animals"); got != want {
		t.Errorf("housing animals: %q, want %q", got, want)
	}
	if got, want := wait(a, 1), T("agricola.turn.other.animals", "Ana"); got != want {
		t.Errorf("housing animals, the other: %q, want %q", got, want)
	}

	// The draft: the seat picking keeps cards of its packet.
	ds, err := agricola.Game{}.New(engine.Setup{Game: agricola.ID, Players: 2, Options: map[string]string{agricola.OptionDraft: "on"}})
	if err != nil {
		t.Fatal(err)
	}
	dr := ds.(*agricola.State)
	(&game{t: t, s: dr}).chance()
	if d := dr.ViewOf(dr.Decider()).Decision; d == nil || d.Kind != agricola.FramePick {
		t.Fatalf("not at a draft pick: %+v", d)
	}
	picker := dr.Decider()
	if got, want := wait(dr, picker), T("agricola.turn.you.pick"); got != want {
		t.Errorf("the draft: %q, want %q", got, want)
	}
	if got, want := wait(dr, 1-picker), T("agricola.turn.other.pick", []string{"Ana", "Bo"}[picker]); got != want {
		t.Errorf("the draft, the other: %q, want %q", got, want)
	}

	// Every language has the header's words.
	for _, l := range []i18n.Lang{i18n.Portuguese, i18n.Russian} {
		i18n.SetLang(l)
		got := wait(a, 1)
		i18n.SetLang(i18n.English)
		if got == T("agricola.turn.other.animals", "Ana") || !strings.Contains(got, "Ana") {
			t.Errorf("%s: %q is not in its own words", l, got)
		}
	}

	st := r.Standings(env(s, 1))
	v := s.ViewOf(1)
	if len(st) != 2 {
		t.Fatalf("%d chips, want 2", len(st))
	}
	for p, c := range st {
		fv := v.Farms[p]
		cards := fv.HandSize
		if v.Family {
			cards = -1 // no hands to count
		}
		if c.Seat != engine.Seat(p) || c.Points != fv.Score.Total || c.Cards != cards || c.Note != i18n.N("agricola.n.food", fv.Goods[agricola.Food]) {
			t.Errorf("chip %d: %+v, want score %d, %d cards, %d food", p, c, fv.Score.Total, cards, fv.Goods[agricola.Food])
		}
	}
	if r.Dice(env(s, 0)) != nil {
		t.Error("Agricola shows dice")
	}
	if html := renderChips(env(s, 1), r); !strings.Contains(html, "Ana") || !strings.Contains(html, "Bo") {
		t.Errorf("chips: %s", html)
	}
}

func renderChips(env *gameui.Env, r *Renderer) string {
	return app.HTMLString(gameui.Chips(env, r, gameui.Waits(r, env)))
}
