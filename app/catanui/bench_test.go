package catanui

import (
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tabula/app/gameui"
	"tabula/engine/catan"
)

// BenchmarkRender: board, side and dock of the base game's table in a
// random 3-player game at the main phase of the first turn after the
// 40th, for the seat on turn (what every action re-renders; the
// expansions' BenchmarkRender use the same position of their own games).
func BenchmarkRender(b *testing.B) {
	s, tbl := game(b, 3, func(s *catan.State) bool { return s.Turn > 40 && s.Phase == catan.PhaseMain })
	e, _ := gameui.Lookup("catan")
	r := e.New()
	env := envOf(s, tbl, s.Status().Deciders[0])
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		env.View = s.View(env.Viewer)
		_, _, _ = app.HTMLString(r.Board(env)), app.HTMLString(r.Side(env)), app.HTMLString(r.Dock(env))
	}
}
