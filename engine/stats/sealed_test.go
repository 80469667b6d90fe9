package stats_test

import (
	"encoding/json"
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/catan/catantest"
	"tabula/engine/stats"
)

// Each device of a sealed game folds its own log, shown cards and unknown
// draws included, into the referee's charts, but for the points of other
// seats' Victory Point cards it was never shown.
func TestSealedLogsFold(t *testing.T) {
	tb := catantest.PlaySealed(t, catan.Game{}, engine.Setup{Players: 3}, 4)
	shown := 0
	catantest.Shows(tb, func(string, int) { shown++ })
	if shown == 0 {
		t.Fatal("the game showed no card")
	}
	ref, err := stats.Compute(tb.Referee.Game, tb.Referee.Setup, tb.Referee.Entries, engine.Spectator)
	if err != nil {
		t.Fatal(err)
	}
	for s, m := range tb.Devices {
		r, err := stats.Compute(m.Game, m.Setup, m.Entries, engine.Spectator)
		if err != nil {
			t.Fatalf("device %d: %v", s, err)
		}
		if r.Entries != ref.Entries || len(r.Charts) != len(ref.Charts) || len(r.Charts) == 0 {
			t.Fatalf("device %d: %d entries, %d charts; referee %d, %d", s, r.Entries, len(r.Charts), ref.Entries, len(ref.Charts))
		}
		for i, c := range r.Charts {
			rc := ref.Charts[i]
			if c.ID != rc.ID || len(c.Series) != len(rc.Series) {
				t.Fatalf("device %d chart %d is %s with %d series, the referee's %s with %d", s, i, c.ID, len(c.Series), rc.ID, len(rc.Series))
			}
			for k, ser := range c.Series {
				// Points count Victory Point cards: another seat's stay
				// unknown to this device unless shown.
				if c.ID == "points" && ser.Seat >= 0 && ser.Seat != engine.Seat(s) {
					continue
				}
				if a, b := mustJSON(t, ser), mustJSON(t, rc.Series[k]); a != b {
					t.Fatalf("device %d chart %s series %d differs from the referee's:\n%s\n%s", s, c.ID, k, a, b)
				}
			}
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
