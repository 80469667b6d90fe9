package stats_test

import (
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/catan/citiesknights"
	"tabula/engine/catan/traders"
	"tabula/engine/stats"
)

// tally is what a Catan test counts itself while the game is played, from
// the actions and the chance requests, to check the report against.
type tally struct {
	dice   [13]float64
	seven  [catan.MaxPlayers]float64 // cards discarded on a 7
	steal  [catan.MaxPlayers]float64 // cards stolen
	robbed [catan.MaxPlayers]float64 // cards lost to a steal
	bank   [catan.MaxPlayers]float64 // cards given in maritime trades
	yop    [catan.MaxPlayers]float64 // Year of Plenty cards
	turns  int
}

func playCatan(t *testing.T, id string, seed uint64) (*engine.Match, *tally) {
	var y tally
	m := play(t, id, 4, seed, "greedy", nil, func(m *engine.Match, seat engine.Seat, a engine.Action) {
		ca := a.(catan.Action)
		switch ca.Type {
		case catan.ActDiscard:
			y.seven[seat] += float64(ca.Give.Total())
		case catan.ActMaritimeTrade:
			y.bank[seat] += float64(ca.Give.Total())
		case catan.ActPlayYearOfPlenty:
			y.yop[seat] += float64(ca.Get.Total())
		}
	})
	// The chance entries, read against the state that asked for them.
	r, err := engine.Replay(m.Game, m.Setup, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range m.Entries {
		s := r.State.(*catan.State)
		if e.IsChance() {
			switch s.Status().Chance.Kind {
			case "dice":
				y.dice[e.Chance[0]+e.Chance[1]+2]++
			case "steal":
				if s.Victim >= 0 && s.Hand[s.Victim].InHand() > 0 {
					y.steal[s.Active]++
					y.robbed[s.Victim]++
				}
			}
		}
		if err := r.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	y.turns = r.State.(*catan.State).Turn
	return m, &y
}

func TestCatanReportAgainstTheLog(t *testing.T) {
	m, y := playCatan(t, "catan", 9160)
	r := compute(t, m, m.Entries, engine.Spectator)
	if !r.Revealed || r.Entries != len(m.Entries) || r.Players != 4 {
		t.Fatalf("report head %+v", r)
	}
	dice := chart(t, r, "dice")
	rolled, expected := series(t, dice, -1, "rolled"), series(t, dice, -1, "expected")
	n := 0.0
	for sum := 2; sum <= 12; sum++ {
		if rolled[sum-2] != y.dice[sum] {
			t.Errorf("sum %d rolled %v times, the log says %v", sum, rolled[sum-2], y.dice[sum])
		}
		n += y.dice[sum]
	}
	if n == 0 || expected[5] != n/6 || expected[0] != n/36 || expected[10] != n/36 {
		t.Errorf("expected 7s %v of %v rolls (2s %v, 12s %v)", expected[5], n, expected[0], expected[10])
	}

	gained, lost := chart(t, r, "gained"), chart(t, r, "lost")
	any := [4]bool{}
	for p := 0; p < 4; p++ {
		if got := series(t, lost, -1, "seven")[p]; got != y.seven[p] {
			t.Errorf("seat %d lost %v cards to 7s, discarded %v", p, got, y.seven[p])
		}
		if got := series(t, gained, -1, "steal")[p]; got != y.steal[p] {
			t.Errorf("seat %d stole %v cards, the log says %v", p, got, y.steal[p])
		}
		if got := series(t, lost, -1, "robbed")[p]; got != y.robbed[p] {
			t.Errorf("seat %d was robbed of %v cards, the log says %v", p, got, y.robbed[p])
		}
		if got := series(t, lost, -1, "traded")[p]; got < y.bank[p] {
			t.Errorf("seat %d traded away %v cards, but gave %v to the bank alone", p, got, y.bank[p])
		}
		if got := series(t, gained, -1, "card")[p]; got < y.yop[p] {
			t.Errorf("seat %d took %v cards by cards, but %v by Year of Plenty alone", p, got, y.yop[p])
		}
		any[0] = any[0] || y.seven[p] > 0
		any[1] = any[1] || y.steal[p] > 0
		any[2] = any[2] || y.bank[p] > 0
		if series(t, gained, -1, "production")[p] == 0 {
			t.Errorf("seat %d produced nothing", p)
		}
	}
	if o := series(t, gained, -1, "other"); o[0]+o[1]+o[2]+o[3] != 0 {
		t.Errorf("cards gained from no known source: %v", o)
	}
	if !any[0] || !any[1] || !any[2] {
		t.Errorf("the game has no discard, steal or bank trade to check (%v): choose another seed", any)
	}

	points := chart(t, r, "points")
	final := m.State.(*catan.State)
	for p := 0; p < 4; p++ {
		v := series(t, points, engine.Seat(p), "")
		if len(v) != y.turns+1 {
			t.Fatalf("seat %d has %d points samples for %d turns", p, len(v), y.turns)
		}
		if v[len(v)-1] != float64(final.Points(p)) || v[0] != 2 {
			t.Errorf("seat %d points go %v … %v, final %d", p, v[0], v[len(v)-1], final.Points(p))
		}
	}
}

// TestCatanHiddenPoints: while the game runs, a Victory Point card counts
// only in its holder's own report; once the game is over, in everyone's.
func TestCatanHiddenPoints(t *testing.T) {
	m, _ := playCatan(t, "catan", 9160)
	r, err := engine.Replay(m.Game, m.Setup, nil)
	if err != nil {
		t.Fatal(err)
	}
	holder, at := -1, 0
	for i, e := range m.Entries {
		if err := r.Append(e); err != nil {
			t.Fatal(err)
		}
		s := r.State.(*catan.State)
		for p := 0; p < 4 && holder < 0; p++ {
			if s.Dev[p][catan.VictoryPoint] > 0 && !s.Status().Over {
				holder, at = p, i+1
			}
		}
		if holder >= 0 {
			break
		}
	}
	if holder < 0 {
		t.Fatal("nobody holds a Victory Point card during the game: choose another seed")
	}
	s := r.State.(*catan.State)
	other := engine.Seat((holder + 1) % 4)
	last := func(viewer engine.Seat) float64 {
		v := series(t, chart(t, compute(t, m, m.Entries[:at], viewer), "points"), engine.Seat(holder), "")
		return v[len(v)-1]
	}
	if got, want := last(other), float64(s.PublicPoints(holder)); got != want {
		t.Errorf("seat %d sees seat %d at %v points, the table shows %v", other, holder, got, want)
	}
	if got, want := last(engine.Spectator), float64(s.PublicPoints(holder)); got != want {
		t.Errorf("a spectator sees seat %d at %v points, the table shows %v", holder, got, want)
	}
	if got, want := last(engine.Seat(holder)), float64(s.Points(holder)); got != want || got == float64(s.PublicPoints(holder)) {
		t.Errorf("seat %d sees itself at %v points, holding %v (public %d)", holder, got, want, s.PublicPoints(holder))
	}
	end := compute(t, m, m.Entries, other)
	v := series(t, chart(t, end, "points"), engine.Seat(holder), "")
	if !end.Revealed || v[len(v)-1] != float64(m.State.(*catan.State).Points(holder)) {
		t.Errorf("after the game seat %d sees seat %d end at %v, revealed %v", other, holder, v[len(v)-1], end.Revealed)
	}
}

func TestCitiesKnightsAttacks(t *testing.T) {
	m, _ := playCatan(t, "cities-knights", 3)
	r := compute(t, m, m.Entries, 0)
	c := chart(t, r, "barbarians")
	noOther(t, r)
	x := m.State.(*catan.State).Ext.(*citiesknights.Ext)
	b, k := series(t, c, -1, "barbarians"), series(t, c, -1, "knights")
	if len(b) != int(x.Attacks) || len(c.Marks) != len(b) || len(b) == 0 {
		t.Fatalf("%d attacks charted (%d marks), the game had %d", len(b), len(c.Marks), x.Attacks)
	}
	last := len(b) - 1
	if b[last] != float64(x.LastAttack.Barbarians) || k[last] != float64(x.LastAttack.Defence) {
		t.Errorf("last attack %v against %v, the state says %+v", b[last], k[last], x.LastAttack)
	}
	for i := range b {
		won := k[i] >= b[i]
		if won == (c.Marks[i].Key == "pillaged") {
			t.Errorf("attack %d: barbarians %v, knights %v, outcome %q", i+1, b[i], k[i], c.Marks[i].Key)
		}
		if c.Marks[i].Key == "pillaged" && c.Marks[i].Seats == 0 {
			t.Errorf("attack %d pillaged nobody", i+1)
		}
	}
}

func TestTradersDeliveries(t *testing.T) {
	m, _ := playCatan(t, "traders-barbarians", 5)
	r := compute(t, m, m.Entries, 0)
	c := chart(t, r, "deliveries")
	noOther(t, r)
	x := m.State.(*catan.State).Ext.(*traders.Caravans)
	total := 0
	for p := 0; p < 4; p++ {
		v := series(t, c, engine.Seat(p), "")
		for i := 1; i < len(v); i++ {
			if v[i] < v[i-1] {
				t.Fatalf("seat %d deliveries fall at turn %d: %v", p, i, v)
			}
		}
		if v[len(v)-1] != float64(x.Delivered[p].Total()) {
			t.Errorf("seat %d delivered %v, the state says %d", p, v[len(v)-1], x.Delivered[p].Total())
		}
		total += x.Delivered[p].Total()
	}
	if total == 0 {
		t.Error("nothing delivered: choose another seed")
	}
}

// noOther: every card gained has a known source.
func noOther(t *testing.T, r *stats.Report) {
	t.Helper()
	for p, v := range series(t, chart(t, r, "gained"), -1, "other") {
		if v != 0 {
			t.Errorf("seat %d gained %v cards from no known source", p, v)
		}
	}
}

// TestCatanPointsAsTheViewShows: during play, every point of every line is
// what the viewer's own view of the table showed at that moment (a seat's
// total where the view shows it, its public points elsewhere), for each
// seat and a spectator.
func TestCatanPointsAsTheViewShows(t *testing.T) {
	m, _ := playCatan(t, "catan", 9160)
	at := len(m.Entries) * 4 / 5
	viewers := []engine.Seat{engine.Spectator, 0, 1, 2, 3}
	shown := map[engine.Seat][][4]float64{}
	r, err := engine.Replay(m.Game, m.Setup, nil)
	if err != nil {
		t.Fatal(err)
	}
	sample := func() {
		s := r.State.(*catan.State)
		for _, v := range viewers {
			var row [4]float64
			for p, sv := range s.ViewOf(v).Seats {
				row[p] = float64(sv.Points)
				if sv.TotalPoints != nil {
					row[p] = float64(*sv.TotalPoints)
				}
			}
			shown[v] = append(shown[v], row)
		}
	}
	turn, hidden := 0, false
	for _, e := range m.Entries[:at] {
		if err := r.Append(e); err != nil {
			t.Fatal(err)
		}
		s := r.State.(*catan.State)
		for ; s.Turn > turn; turn++ {
			sample()
		}
		for p := 0; p < 4; p++ {
			hidden = hidden || s.Dev[p][catan.VictoryPoint] > 0
		}
	}
	sample()
	if r.State.Status().Over || !hidden {
		t.Fatalf("entry %d: over %v, a Victory Point card held %v: choose another point", at, r.State.Status().Over, hidden)
	}
	for _, v := range viewers {
		c := chart(t, compute(t, m, m.Entries[:at], v), "points")
		for p := 0; p < 4; p++ {
			got := series(t, c, engine.Seat(p), "")
			if len(got) != len(shown[v]) {
				t.Fatalf("viewer %d: %d samples, the replay %d", v, len(got), len(shown[v]))
			}
			for i := range got {
				if got[i] != shown[v][i][p] {
					t.Errorf("viewer %d, seat %d, turn %d: %v points, the view showed %v", v, p, i, got[i], shown[v][i][p])
					break
				}
			}
		}
	}
}
