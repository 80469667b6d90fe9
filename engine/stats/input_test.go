package stats_test

import (
	"encoding/json"
	"errors"
	"testing"

	"tabula/engine"
	"tabula/engine/stats"
)

// A log the rules refuse ends the fold with an error that names the entry;
// nothing panics.
func TestBadLogs(t *testing.T) {
	m, _ := playCatan(t, "catan", 9160)
	bad := func(name string, entries []engine.Entry, want error) {
		t.Helper()
		_, err := stats.Compute(m.Game, m.Setup, entries, 0)
		if err == nil || want != nil && !errors.Is(err, want) {
			t.Errorf("%s: error %v, want %v", name, err, want)
		}
	}
	es := append([]engine.Entry(nil), m.Entries...)
	garbled := append(es[:10:10], engine.Entry{Seat: 0, Action: json.RawMessage(`{"type":"fly"}`)})
	bad("unknown action", garbled, nil)
	wrongSeat := append(es[:len(es)-1:len(es)-1], m.Entries[len(es)-1])
	wrongSeat[len(wrongSeat)-1].Seat = (wrongSeat[len(wrongSeat)-1].Seat + 1) % 4
	if !wrongSeat[len(wrongSeat)-1].IsChance() {
		bad("the last action by another seat", wrongSeat, nil)
	}
	extra := append(es[:len(es):len(es)], engine.Entry{Seat: -1, Chance: engine.Outcome{1, 1}})
	bad("a chance outcome nobody asked for", extra, engine.ErrNoChance)
	outOfRange := append(es[:0:0], engine.Entry{Seat: -1, Chance: engine.Outcome{-5}})
	bad("an outcome out of range", outOfRange, engine.ErrBadOutcome)

	g, err := engine.Lookup("catan")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := stats.Compute(g, engine.Setup{Game: "catan", Players: 9}, nil, 0); err == nil {
		t.Error("nine players folded")
	}
}

// An empty log is a report of zeros, not an error: the statistics open
// before the first move.
func TestEmptyLog(t *testing.T) {
	g, err := engine.Lookup("agricola")
	if err != nil {
		t.Fatal(err)
	}
	r, err := stats.Compute(g, engine.Setup{Game: "agricola", Players: 2}, nil, 0)
	if err != nil || r.Revealed || len(r.Charts) != 3 {
		t.Fatalf("%v, %+v", err, r)
	}
	if v := series(t, chart(t, r, "food"), 1, ""); len(v) != 0 {
		t.Errorf("food before the first round: %v", v)
	}
}
