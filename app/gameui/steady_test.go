package gameui

import "testing"

// A redraw showing the same thing gives the same markup, marks and all,
// and draws the marks once; a change draws them again.
func TestSteadyKeepsTheMarkupOfTheSameDrawing(t *testing.T) {
	var s Steady
	marks := 0
	mark := func(m string) func() string {
		return func() string { marks++; return m }
	}
	if got := s.Draw("road 3", mark("road 3 fresh")); got != "road 3 fresh" {
		t.Fatalf("first drawing: %q", got)
	}
	if got := s.Draw("road 3", mark("road 3")); got != "road 3 fresh" || marks != 1 {
		t.Fatalf("a redraw with nothing changed gave %q after %d markings", got, marks)
	}
	if got := s.Draw("road 3 road 4", mark("road 3 road 4 fresh")); got != "road 3 road 4 fresh" || marks != 2 {
		t.Fatalf("a change gave %q after %d markings", got, marks)
	}
}
