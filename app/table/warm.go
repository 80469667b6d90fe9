package table

import (
	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/rng"
)

// WarmPieces is how many short searches Warm runs at most: together about
// half a hard decision, enough for the browser to have optimised the code
// a search runs most.
const WarmPieces = 12

// warmIterations is the search iterations of one piece of Warm.
const warmIterations = 8

// Warm runs short searches of game (players seats, options) from its start,
// and discards them, so that a page has its code ready before a bot first
// thinks at a table of that game. A browser compiles WebAssembly lazily
// and optimises a function only once it has run a while: the first search
// of a page ran about 2.5 times as long as the same search after it (the
// first hard decision of Agricola, 4 players, in Node: 925 ms, then 368;
// 486 with every function optimised up front), and a new game often opens
// on a bot's decision. The searches touch nothing of any table and no
// choice depends on them.
//
// Every two iterations it calls pause (the page runs), and between pieces
// (WarmPieces at most) stop: it ends as soon as stop says so (the game has
// started, and its own search would wait for the rest). It returns the
// number of pieces run.
func Warm(game string, players int, options map[string]string, stop func() bool, pause func()) int {
	g, err := engine.Lookup(game)
	if err != nil {
		return 0
	}
	m, err := engine.NewMatch(g, engine.Setup{Game: game, Players: players, Options: options}, rng.Seeded{Seed: 1})
	if err != nil {
		return 0
	}
	st := m.State.Status()
	if st.Over || len(st.Deciders) == 0 {
		return 0
	}
	seat := st.Deciders[0]
	for i := 0; i < WarmPieces; i++ {
		b, _ := bot.NewMCTS("easy", uint64(i))
		b.Iterations = warmIterations
		if pause != nil { // within a piece too: the page keeps taking input
			b.Pause, b.PauseEvery = func(int, int) { pause() }, 2
		}
		b.ChooseMove(m.State.Clone(), seat, i)
		if stop != nil && stop() {
			return i + 1
		}
	}
	return WarmPieces
}
