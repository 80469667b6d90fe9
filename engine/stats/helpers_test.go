package stats_test

import (
	"testing"

	"tabula/engine"
	"tabula/engine/bot"
	_ "tabula/engine/games"
	"tabula/engine/rng"
	"tabula/engine/stats"
)

// played is a game played to its end by bots, with what the test saw on
// the way (see play's visit).
func play(t testing.TB, id string, players int, seed uint64, kind string, opts map[string]string, visit func(m *engine.Match, seat engine.Seat, a engine.Action)) *engine.Match {
	t.Helper()
	g, err := engine.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	m, err := engine.NewMatch(g, engine.Setup{Game: id, Players: players, Options: opts}, rng.Seeded{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]bot.Bot, players)
	for p := range bots {
		if bots[p], err = bot.New(kind, seed+uint64(p)); err != nil {
			t.Fatal(err)
		}
	}
	for n := 0; !m.State.Status().Over; n++ {
		if n > 20000 {
			t.Fatalf("%s seed %d: not over after %d actions", id, seed, n)
		}
		seat := m.State.Status().Deciders[0]
		a := bots[seat].Choose(m.State, seat)
		if visit != nil {
			visit(m, seat, a)
		}
		if err := m.Do(seat, a); err != nil {
			t.Fatalf("%s seed %d: %v", id, seed, err)
		}
	}
	return m
}

func compute(t testing.TB, m *engine.Match, entries []engine.Entry, viewer engine.Seat) *stats.Report {
	t.Helper()
	r, err := stats.Compute(m.Game, m.Setup, entries, viewer)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func chart(t testing.TB, r *stats.Report, id string) *stats.Chart {
	t.Helper()
	c, ok := r.Chart(id)
	if !ok {
		t.Fatalf("no %q chart in the %s report", id, r.Game)
	}
	return c
}

func series(t testing.TB, c *stats.Chart, seat engine.Seat, key string) []float64 {
	t.Helper()
	s, ok := c.Find(seat, key)
	if !ok {
		t.Fatalf("chart %s has no series seat %d key %q", c.ID, seat, key)
	}
	return s.Values
}
