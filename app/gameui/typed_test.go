package gameui

import (
	"testing"

	"tabula/app/i18n"
	"tabula/engine"
)

type testAction struct{ N int }

func (testAction) Kind() string { return "test" }

type testView struct{ Round int }

// Legal lists and views come as values or pointers; both read the same.
func TestTypedAndViewAs(t *testing.T) {
	got := Typed[testAction]([]engine.Action{testAction{1}, &testAction{2}, (*testAction)(nil)})
	if len(got) != 2 || got[0].N != 1 || got[1].N != 2 {
		t.Fatalf("Typed: %v", got)
	}
	if v := ViewAs[testView](testView{3}); v == nil || v.Round != 3 {
		t.Fatalf("ViewAs value: %v", v)
	}
	if v := ViewAs[testView](&testView{4}); v == nil || v.Round != 4 {
		t.Fatalf("ViewAs pointer: %v", v)
	}
	if ViewAs[testView](42) != nil {
		t.Fatal("ViewAs of another type")
	}
	i18n.Add(i18n.English, map[string]string{"test.seat": "Seat %d"})
	name := Namer([]engine.SeatInfo{{Name: "Ana"}, {}}, "test.seat")
	if name(0) != "Ana" || name(1) != "Seat 2" || name(5) != "Seat 6" {
		t.Fatalf("Namer: %q %q %q", name(0), name(1), name(5))
	}
}
