package burgundyui

import (
	"testing"

	"tabula/app/gameui"
	"tabula/app/table"
	"tabula/engine"
	"tabula/engine/burgundy"
)

// BenchmarkRender: one full render (board, side, dock) of a 4-player game
// in phase C, for the seat on turn.
func BenchmarkRender(b *testing.B) {
	var mid *burgundy.State
	steps := 0
	playRandom(b, 4, 5, func(s *burgundy.State, seat engine.Seat) {
		steps++
		if mid == nil && s.Phase == 2 && len(s.Pending) == 0 {
			mid = s.Clone().(*burgundy.State)
		}
	})
	if mid == nil {
		b.Fatal("no phase C position")
	}
	tbl, err := table.New(table.Config{Game: "burgundy", Seats: append(seats, engine.SeatInfo{Name: "Dora"}), Seed: 1}, nil)
	if err != nil {
		b.Fatal(err)
	}
	seat := mid.Status().Deciders[0]
	env := &gameui.Env{Table: tbl, Viewer: seat, State: mid, View: mid.View(seat), Legal: mid.Legal(seat), Styles: gameui.Palette[:4]}
	r := &Renderer{shown: -2}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		env.View = mid.View(seat)
		_ = r.Board(env)
		_ = r.Side(env)
		_ = r.Dock(env)
	}
}
