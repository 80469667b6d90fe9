package p2p

import (
	"testing"

	"tabula/engine"
	"tabula/engine/bot"
	_ "tabula/engine/games"
)

// BenchmarkHostedHardMove is one move of a hosted search bot at the hard
// level (what every device computes for a hosted "bot:mcts-hard" seat), in
// each game, at the 60th decision of a game played by greedy bots. Under
// js/wasm (the slowest device: a phone's browser) it says what such a seat
// costs every player:
//
//	GOOS=js GOARCH=wasm go test -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run '^$' -bench HostedHardMove ./engine/p2p/
func BenchmarkHostedHardMove(b *testing.B) {
	for _, id := range []string{"catan", "cities-knights", "traders-barbarians", "burgundy", "agricola"} {
		b.Run(id, func(b *testing.B) {
			g, err := engine.Lookup(id)
			if err != nil {
				b.Fatal(err)
			}
			st, err := engine.NewState(g, engine.Setup{Game: id, Players: 3})
			if err != nil {
				b.Fatal(err)
			}
			bots := []bot.Bot{bot.NewGreedy(1), bot.NewGreedy(2), bot.NewGreedy(3)}
			var at engine.State
			var seat engine.Seat
			n := 0
			_ = bot.Walk(st, bots, 7, 10000, func(s engine.State, d engine.Seat) bool {
				n++
				if n < 60 || len(s.Legal(d)) < 2 {
					return true
				}
				at, seat = s.Clone(), d
				return false
			})
			if at == nil {
				b.Skip("no decision with a choice")
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := searchChoice(GameID{1}, "hard", int(seat), 60, at, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
