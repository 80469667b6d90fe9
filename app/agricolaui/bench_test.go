package agricolaui

import (
	"testing"

	"tabula/app/gameui"
	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
	"tabula/engine/bot"
)

// midGame plays a 4-player game between greedy bots to round 9 and
// returns it at a placement (whose seat decides).
func midGame(tb testing.TB) (*agricola.State, engine.Seat) {
	st, _ := agricola.Game{}.New(engine.Setup{Game: agricola.ID, Players: 4})
	s := st.(*agricola.State)
	b, _ := bot.New("greedy", 4)
	for n := 0; n < 20000; n++ {
		if c := s.Status().Chance; c != nil {
			_ = s.Resolve(engine.Outcome{n % c.Ranges[0]})
			continue
		}
		seat := s.Status().Deciders[0]
		if s.Round >= 9 && s.ViewOf(seat).Decision == nil {
			return s, seat
		}
		if err := s.Apply(seat, b.Choose(s, seat)); err != nil {
			tb.Fatal(err)
		}
	}
	tb.Fatal("no round-9 placement")
	return nil, 0
}

// BenchmarkRender: one full render (board, side, dock) of a 4-player
// table in round 9, for the seat placing a person: the view, the legal
// actions and every part of the table drawn.
func BenchmarkRender(b *testing.B) {
	s, seat := midGame(b)
	r := New()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		env := &gameui.Env{Viewer: seat, State: s, View: s.View(seat), Legal: s.Legal(seat), Styles: gameui.Palette[:4]}
		_ = r.Board(env)
		_ = r.Side(env)
		_ = r.Dock(env)
	}
}

// BenchmarkRenderFences: a render in a fence decision with edges chosen
// (the engine's preview runs for them, and for each suggested set).
func BenchmarkRenderFences(b *testing.B) {
	s := newGame(b, 4, "fencing")
	s.Seats[0].Goods[agricola.Wood] = 15
	do(b, s, 0, agricola.Action{Name: agricola.ActPlace, Space: "fencing"})
	r := New()
	r.fences = farmyard.Boundary(farmyard.Of(3, 4))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		env := &gameui.Env{Viewer: 0, State: s, View: s.View(0), Legal: s.Legal(0), Styles: gameui.Palette[:4]}
		_ = r.Board(env)
		_ = r.Side(env)
		_ = r.Dock(env)
	}
}
