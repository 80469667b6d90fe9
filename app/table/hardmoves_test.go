package table

import (
	"fmt"
	"slices"
	"strconv"
	"testing"
	"time"

	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/bot"
	"tabula/engine/catan"
	_ "tabula/engine/games"
)

// hardMove is one decision of a hard bot at a table: what its search is
// handed and its seed, so that the same search can be run again.
type hardMove struct {
	state engine.State
	seat  engine.Seat
	move  int
	seed  uint64
}

// hardMoves plays the game TestBrowserSearchBot measures in the page
// (cmd/tabula, TABULA_BOT_GAME): seed 16, the form's default options, a
// hard bot in seat 0 and greedy bots in the others; it returns the first
// n decisions of the hard bot that searched.
func hardMoves(tb testing.TB, game string, players, n int) []hardMove {
	tb.Helper()
	opts := map[string]string{catan.OptBoard: catan.BoardBeginner}
	if game == agricola.ID {
		opts = map[string]string{agricola.OptionCards: agricola.CardsAB, agricola.OptionDraft: "off"}
	}
	seats := []engine.SeatInfo{{Name: "a", Kind: BotHard}}
	for i := 1; i < players; i++ {
		seats = append(seats, engine.SeatInfo{Name: "b" + strconv.Itoa(i), Kind: BotGreedy})
	}
	t, err := New(Config{Game: game, Seats: seats, Seed: 16, Options: opts}, nil)
	if err != nil {
		tb.Fatal(err)
	}
	var out []hardMove
	for len(out) < n {
		j, ok := t.NextBot()
		if !ok {
			break
		}
		m := hardMove{state: j.state.Clone(), seat: j.Seat, move: j.Move, seed: t.botSeed(j.Seat)}
		a := j.Run(nil)
		if j.Searched {
			out = append(out, m)
		}
		if err := t.Finish(j, a); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// BenchmarkHardAtTable: the hard bot's first decisions in the games the
// browser measurement plays (TestBrowserSearchBot), natively: one op is
// every decision once; the slowest decision is reported beside the mean.
//
//	go test -run '^$' -bench HardAtTable -benchtime 3x ./app/table
func BenchmarkHardAtTable(b *testing.B) {
	for _, c := range []struct {
		game       string
		players, n int
	}{{agricola.ID, 4, 10}, {agricola.ID, 2, 10}, {"cities-knights", 4, 10}} {
		moves := hardMoves(b, c.game, c.players, c.n)
		b.Run(fmt.Sprintf("%s-%dp", c.game, c.players), func(b *testing.B) {
			took := make([]time.Duration, len(moves))
			for i := 0; i < b.N; i++ {
				for k, m := range moves {
					t0 := time.Now()
					h, _ := bot.NewMCTS("hard", m.seed)
					h.ChooseMove(m.state, m.seat, m.move)
					took[k] += time.Since(t0)
				}
			}
			slow := slices.Max(took)
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N*len(moves)), "ms/decision")
			b.ReportMetric(float64(slow.Milliseconds())/float64(b.N), "ms/slowest")
		})
	}
}
