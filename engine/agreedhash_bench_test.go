package engine_test

import (
	"testing"

	"tabula/engine"
	"tabula/engine/bot"
	_ "tabula/engine/games"
)

// The hash of the public view and status as JSON (engine.AgreedHash, which
// sealed games' devices compared after every entry until they compared the
// public game's state hash instead) against the state hash, at the 200th
// decision of a 4-player game by greedy bots (docs/p2p.md, "Agreed
// hashes"):
//
//	go test -run X -bench AgreedHash ./engine/
func BenchmarkAgreedHash(b *testing.B) {
	for _, id := range []string{"catan", "cities-knights", "traders-barbarians", "agricola"} {
		g, err := engine.Lookup(id)
		if err != nil {
			b.Fatal(err)
		}
		plain := engine.Setup{Game: id, Players: 4}
		st, err := engine.NewState(g, plain)
		if err != nil {
			b.Fatal(err)
		}
		bots := []bot.Bot{bot.NewGreedy(1), bot.NewGreedy(2), bot.NewGreedy(3), bot.NewGreedy(4)}
		var at engine.State
		n := 0
		_ = bot.Walk(st, bots, 7, 10000, func(s engine.State, _ engine.Seat) bool {
			if n++; n < 200 {
				return true
			}
			at = s.Clone()
			return false
		})
		if at == nil {
			b.Fatalf("%s: no 200th decision", id)
		}
		sealed := engine.Setup{Game: id, Players: 4, Options: map[string]string{engine.Sealed: "1"}}
		b.Run(id+"/plain", func(b *testing.B) {
			for b.Loop() {
				engine.AgreedHash(plain, at)
			}
		})
		b.Run(id+"/sealed", func(b *testing.B) {
			for b.Loop() {
				engine.AgreedHash(sealed, at)
			}
		})
	}
}
