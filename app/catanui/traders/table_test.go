package traders

import (
	"testing"

	"tabula/app/gameui"
	"tabula/app/i18n"
	"tabula/engine"
	"tabula/engine/catan"
	tb "tabula/engine/catan/traders"
)

// The header names what the scenario's own phases ask (through the base's
// Wording hook), in all three languages; the phone chips carry each seat's
// gold beside the base game's points and cards.
func TestHeaderAndChips(t *testing.T) {
	for _, c := range []struct {
		phase catan.Phase
		id    string
	}{{tb.PhaseMove, "traders.turn.other.move"}, {tb.PhaseBarbarian, "traders.turn.other.move-barbarian"}} {
		tbl := findPosition(t, func(s *catan.State, _ *tb.View) bool { return s.Phase == c.phase })
		s := tbl.State().(*catan.State)
		_, r := newTable(t, 1)
		p := engine.Seat(s.Active)
		for _, l := range []i18n.Lang{i18n.English, i18n.Portuguese, i18n.Russian} {
			i18n.SetLang(l)
			w := gameui.Waits(r, envFor(tbl, s, (p+1)%engine.Seat(s.Players), false))
			want := T(c.id, tbl.Seats[p].Name)
			i18n.SetLang(i18n.English)
			if len(w) != 1 || w[0].Seat != p || w[0].Text != want {
				t.Errorf("%s, %s: header %+v, want %q", c.phase, l, w, want)
			}
		}
	}

	tbl := findPosition(t, func(s *catan.State, x *tb.View) bool { return x.Wagons[s.Active].Gold > 0 })
	s := tbl.State().(*catan.State)
	_, r := newTable(t, 1)
	sum, ok := r.(gameui.Summarizer)
	if !ok {
		t.Fatal("no phone chips")
	}
	x := tb.ViewOf(s)
	v := s.View(0).(*catan.View)
	got := sum.Standings(envFor(tbl, s, 0, true))
	if len(got) != s.Players {
		t.Fatalf("%d chips, want %d", len(got), s.Players)
	}
	for p := range got {
		note := N("traders.gold", x.Wagons[p].Gold)
		if got[p].Seat != engine.Seat(p) || got[p].Cards != v.Seats[p].Cards || got[p].Note != note {
			t.Errorf("chip %d: %+v, want %d cards and note %q", p, got[p], v.Seats[p].Cards, note)
		}
	}
}
