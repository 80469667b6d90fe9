package chart

import (
	"testing"

	"tabula/engine"
	_ "tabula/engine/games"
	"tabula/engine/sim"
	"tabula/engine/stats"
)

// longCatan is a 4-player Catan game of random bots (seed 17: 1,707
// entries), as the app's replay holds it.
func longCatan(tb testing.TB) (engine.Game, *engine.Save) {
	tb.Helper()
	g, err := engine.Lookup("catan")
	if err != nil {
		tb.Fatal(err)
	}
	r := sim.Direct(sim.Spec{Game: g, Setup: engine.Setup{Game: "catan", Players: 4}, Seed: 17,
		Bots: []string{"random"}, MaxActions: 20000, Record: true, Check: sim.CheckEnd})
	if r.Err != nil || !r.Over {
		tb.Fatalf("%v (over %v)", r.Err, r.Over)
	}
	return g, r.Save
}

// BenchmarkCatanStatistics is the work of opening the statistics of a
// 1,707-entry Catan game: folding the log (fold), drawing every chart
// (draw), and both (all). Under wasm:
//
//	GOOS=js GOARCH=wasm go test -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run '^$' -bench CatanStatistics ./app/stats/chart
func BenchmarkCatanStatistics(b *testing.B) {
	g, save := longCatan(b)
	b.Logf("%d entries", len(save.Entries))
	fold := func() *stats.Report {
		r, err := stats.Compute(g, save.Setup, save.Entries, 0)
		if err != nil {
			b.Fatal(err)
		}
		return r
	}
	draw := func(r *stats.Report) {
		for i := range r.Charts {
			SVG(&r.Charts[i], testLabels(4), r.Charts[i].ID)
		}
	}
	b.Run("fold", func(b *testing.B) {
		for b.Loop() {
			fold()
		}
	})
	r := fold()
	b.Run("draw", func(b *testing.B) {
		for b.Loop() {
			draw(r)
		}
	})
	b.Run("all", func(b *testing.B) {
		for b.Loop() {
			draw(fold())
		}
	})
}
