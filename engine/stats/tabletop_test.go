package stats_test

import (
	"testing"

	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/burgundy"
	"tabula/engine/stats"
)

func TestBurgundyPoints(t *testing.T) {
	var sold, regions [4]float64
	m := play(t, "burgundy", 3, 11, "greedy", nil, func(m *engine.Match, seat engine.Seat, a engine.Action) {
		s, ba := m.State.(*burgundy.State), a.(burgundy.Action)
		switch ba.Name {
		case burgundy.ActSell:
			sold[seat] += float64(s.Seats[seat].Goods[ba.Value] * burgundy.GoodsPoints(3))
		case burgundy.ActPlace:
			// The tile completes its region when every other space of
			// the region is covered.
			r := burgundy.Regions()[burgundy.Space(ba.Space).Region-1]
			done := true
			for _, sp := range r.Spaces {
				done = done && (sp == ba.Space || s.Seats[seat].Estate[sp] != 0)
			}
			if done {
				regions[seat] += float64(burgundy.RegionPoints(len(r.Spaces), s.Phase))
			}
		}
	})
	s := m.State.(*burgundy.State)
	r := compute(t, m, m.Entries, 1)
	phases, sources, line := chart(t, r, "phases"), chart(t, r, "sources"), chart(t, r, "rounds")
	for p := 0; p < 3; p++ {
		vp, end := float64(s.Seats[p].VP), s.Seats[p].End
		sum := func(c *stats.Chart) float64 {
			n := 0.0
			for _, se := range c.Series {
				n += se.Values[p]
			}
			return n
		}
		if sum(phases) != vp || sum(sources) != vp {
			t.Errorf("seat %d: phases add up to %v, sources to %v, the game to %v", p, sum(phases), sum(sources), vp)
		}
		if got := series(t, phases, -1, "final")[p]; got != float64(end.Total) {
			t.Errorf("seat %d final scoring %v, the game says %d", p, got, end.Total)
		}
		for k, want := range map[string]int{"end-goods": end.Goods, "end-silver": end.Silver, "end-workers": end.Workers, "end-knowledge": end.Knowledge} {
			if got := series(t, sources, -1, k)[p]; got != float64(want) {
				t.Errorf("seat %d %s: %v, the game says %d", p, k, got, want)
			}
		}
		bonus := 0
		for c := range s.Bonus {
			for i, large := range []bool{true, false} {
				if s.Bonus[c][i] == p {
					bonus += burgundy.BonusPoints(3, large)
				}
			}
		}
		if got := series(t, sources, -1, "bonus-tiles")[p]; got != float64(bonus) {
			t.Errorf("seat %d bonus tiles %v, holds %d", p, got, bonus)
		}
		if got := series(t, sources, -1, "sold")[p]; got != sold[p] {
			t.Errorf("seat %d sold goods for %v, the sales say %v", p, got, sold[p])
		}
		if got := series(t, sources, -1, "regions")[p]; got != regions[p] {
			t.Errorf("seat %d completed regions for %v, the placements say %v", p, got, regions[p])
		}
		if got := series(t, sources, -1, "other")[p]; got != 0 {
			t.Errorf("seat %d scored %v from no known source", p, got)
		}
		v := series(t, line, engine.Seat(p), "")
		if len(v) != 25 || v[24] != vp {
			t.Fatalf("seat %d: %d rounds ending at %v (VP %v)", p, len(v), v[len(v)-1], vp)
		}
		for i := 1; i < len(v); i++ {
			if v[i] < v[i-1] {
				t.Errorf("seat %d points fall in round %d: %v", p, i+1, v)
			}
		}
	}
	if sold == [4]float64{} || regions == [4]float64{} {
		t.Error("nobody sold goods or completed a region: choose another seed")
	}
}

func TestAgricolaScoreAndFood(t *testing.T) {
	m := play(t, "agricola", 2, 7, "greedy", nil, nil)
	// The supplies at the end of each round, as a replay of the log
	// shows them before the entry that begins the next round.
	var food, begging [][2]float64
	r, err := engine.Replay(m.Game, m.Setup, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range m.Entries {
		s := r.State.(*agricola.State)
		was := s.Round
		now := [2][2]float64{}
		for p := 0; p < 2; p++ {
			now[0][p], now[1][p] = float64(s.Seats[p].Goods[agricola.Food]), float64(s.Seats[p].Begging)
		}
		if err := r.Append(e); err != nil {
			t.Fatal(err)
		}
		if r.State.(*agricola.State).Round > was && was > 0 {
			food, begging = append(food, now[0]), append(begging, now[1])
		}
	}
	s := m.State.(*agricola.State)
	last := [2][2]float64{}
	for p := 0; p < 2; p++ {
		last[0][p], last[1][p] = float64(s.Seats[p].Goods[agricola.Food]), float64(s.Seats[p].Begging)
	}
	food, begging = append(food, last[0]), append(begging, last[1])

	rep := compute(t, m, m.Entries, 0)
	for p := 0; p < 2; p++ {
		f, b := series(t, chart(t, rep, "food"), engine.Seat(p), ""), series(t, chart(t, rep, "begging"), engine.Seat(p), "")
		if len(f) != 14 || len(b) != 14 || len(food) != 14 {
			t.Fatalf("seat %d: %d rounds of food, %d of begging; the log has %d", p, len(f), len(b), len(food))
		}
		for i := range f {
			if f[i] != food[i][p] || b[i] != begging[i][p] {
				t.Errorf("seat %d round %d: food %v begging %v, the log says %v and %v", p, i+1, f[i], b[i], food[i][p], begging[i][p])
			}
		}
	}
	sheets := s.ScoreSheets()
	score := chart(t, rep, "score")
	for p := 0; p < 2; p++ {
		v := series(t, score, engine.Seat(p), "")
		total := 0.0
		for _, x := range v {
			total += x
		}
		if total != float64(sheets[p].Total) || v[0] != float64(sheets[p].Fields) || v[13] != float64(sheets[p].Begging) || v[10] != float64(sheets[p].People) {
			t.Errorf("seat %d scores %v (total %v), the pad says %+v", p, v, total, sheets[p])
		}
	}
}
