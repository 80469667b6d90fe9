package burgundy

import (
	"testing"

	"tabula/engine"
	"tabula/engine/bot"
)

// evalTally is what two-player games leave behind.
type evalTally struct {
	games      int
	workers    [2]int // held at the end
	maxWorkers int
	vp         [2]int
	wins       [2]int
}

// playTwo plays games two-player games from seed on, bots made by mk per
// seat.
func playTwo(t testing.TB, mk func(seat int, seed uint64) bot.Bot, seed uint64, games int) evalTally {
	t.Helper()
	var tl evalTally
	for i := 0; i < games; i++ {
		st, err := Game{}.New(engine.Setup{Players: 2})
		if err != nil {
			t.Fatal(err)
		}
		g := seed + uint64(i)
		bots := []bot.Bot{mk(0, g*8), mk(1, g*8+1)}
		if err := bot.Play(st, bots, g, 20000); err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		tl.games++
		tl.wins[s.Winners[0]]++
		for p := range 2 {
			tl.workers[p] += s.Seats[p].Workers
			tl.maxWorkers = max(tl.maxWorkers, s.Seats[p].Workers)
			tl.vp[p] += s.Seats[p].VP
		}
	}
	return tl
}

func greedyOrRandom(kinds ...string) func(int, uint64) bot.Bot {
	return func(seat int, seed uint64) bot.Bot {
		b, _ := bot.New(kinds[seat], seed)
		return b
	}
}

func report(b *testing.B, tl evalTally) {
	n := float64(tl.games)
	b.ReportMetric(float64(tl.wins[0])/n, "seat0-win-rate")
	b.ReportMetric(float64(tl.workers[0])/n, "seat0-workers/game")
	b.ReportMetric(float64(tl.workers[1])/n, "seat1-workers/game")
	b.ReportMetric(float64(tl.maxWorkers), "max-workers")
	b.ReportMetric(float64(tl.vp[0])/n, "seat0-vp")
	b.ReportMetric(float64(tl.vp[1])/n, "seat1-vp")
}

// BenchmarkGreedyWorkers: greedy against greedy, then against random (one
// game per op), with the workers each holds at the end:
//
//	go test -run '^$' -bench GreedyWorkers -benchtime 400x ./engine/burgundy
func BenchmarkGreedyWorkers(b *testing.B) {
	b.Run("greedy-greedy", func(b *testing.B) { report(b, playTwo(b, greedyOrRandom("greedy", "greedy"), 1, b.N)) })
	b.Run("greedy-random", func(b *testing.B) { report(b, playTwo(b, greedyOrRandom("greedy", "random"), 1, b.N)) })
}

// before is Burgundy as the greedy bot rated it before workers and placed
// tiles were weighed against each other (the evaluation that hoarded
// workers): the yardstick of BenchmarkGreedyAgainstBefore.
type before struct{ *State }

func (s before) Clone() engine.State { return before{s.clone()} }

// beforeWeights: a stored tile 1 (+2 placeable) against a covered space 1,
// regions without the phase bonus, no colour bonus, workers at full value.
var beforeWeights = weights{stored: 1, placeable: 2, covered: 1, region: 0.5}

func (s before) Evaluate(seat engine.Seat) float64 { return s.evaluate(seat, &beforeWeights) }

// beforeBot is a greedy bot rating positions as before.
type beforeBot struct{ g *bot.Greedy }

func (b beforeBot) Choose(s engine.State, seat engine.Seat) engine.Action {
	return b.g.Choose(before{s.(*State)}, seat)
}

// BenchmarkGreedyAgainstBefore: today's greedy bot (seat 0, then seat 1)
// against a greedy bot rating positions as before, one game per op:
//
//	go test -run '^$' -bench GreedyAgainstBefore -benchtime 400x ./engine/burgundy
func BenchmarkGreedyAgainstBefore(b *testing.B) {
	for first := range 2 {
		b.Run([]string{"today-first", "today-second"}[first], func(b *testing.B) {
			tl := playTwo(b, func(seat int, seed uint64) bot.Bot {
				if seat == first {
					return bot.NewGreedy(seed)
				}
				return beforeBot{bot.NewGreedy(seed)}
			}, 1, b.N)
			n := float64(tl.games)
			b.ReportMetric(float64(tl.wins[first])/n, "today-win-rate")
			b.ReportMetric(float64(tl.workers[first])/n, "today-workers")
			b.ReportMetric(float64(tl.workers[1-first])/n, "before-workers")
			b.ReportMetric(float64(tl.vp[first])/n, "today-vp")
			b.ReportMetric(float64(tl.vp[1-first])/n, "before-vp")
		})
	}
}

// A tile in storage that fits next to the start castle, with both dice
// showing that space's number: greedy places it rather than take workers
// or another tile (the old evaluation rated a stored tile above a placed
// one, so it took tiles and workers and never placed).
func TestGreedyPlacesStoredTile(t *testing.T) {
	for _, sp := range estate[StartSpace].Neighbours {
		c := estate[sp].Colour
		if c == Building || len(regions[estate[sp].Region-1].Spaces) < 2 {
			continue // one building per city; a one-space region scores at once anyway
		}
		s := newTestGame(t, 2)
		n := estate[sp].Number
		p := myTurn(t, s, 0, n, n)
		p.Workers = 0
		tile := give(t, s, 0, colour(c))
		a := bot.NewGreedy(1).Choose(s, 0).(Action)
		if a.Name != ActPlace || a.Tile != tile {
			t.Errorf("space %d (%v, %d): greedy chose %v, want to place tile %d", sp, c, n, a, tile)
		}
	}
}

// Over whole games greedy spends its workers: none ends with a hoard (the
// old evaluation ended games holding ~80).
func TestGreedySpendsWorkers(t *testing.T) {
	tl := playTwo(t, greedyOrRandom("greedy", "greedy"), 1, 6)
	for p, w := range tl.workers {
		if mean := float64(w) / float64(tl.games); mean > 20 {
			t.Errorf("seat %d ends with %.1f workers a game", p, mean)
		}
	}
}
