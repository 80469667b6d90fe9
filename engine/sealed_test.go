package engine_test

import (
	"errors"
	"testing"

	"tabula/engine"
)

func TestHiddenOutcomesFit(t *testing.T) {
	plain := engine.ChanceRequest{Kind: "draw", Ranges: []int{30}}
	hidden := engine.ChanceRequest{Kind: "draw", Ranges: []int{30, 30}, Deck: "cards", Cards: []int{4, 5}, Audience: []engine.Seat{1}}
	for _, c := range []struct {
		req engine.ChanceRequest
		o   engine.Outcome
		ok  bool
	}{
		{plain, engine.Outcome{engine.Unknown}, false},
		{plain, engine.Outcome{29}, true},
		{hidden, engine.Outcome{3, 29}, true},
		{hidden, engine.Outcome{engine.Unknown, engine.Unknown}, true},
		{hidden, engine.Outcome{3, engine.Unknown}, false},
		{hidden, engine.Outcome{30, 1}, false},
		{engine.ChanceRequest{Kind: "draw", Ranges: []int{30}, Deck: "cards"}, engine.Outcome{1}, false}, // no positions
	} {
		err := c.req.Fits(c.o)
		if (err == nil) != c.ok || (err != nil && !errors.Is(err, engine.ErrBadOutcome)) {
			t.Errorf("%+v fits %v: %v, want ok=%v", c.req, c.o, err, c.ok)
		}
	}
	if !hidden.Opens(1) || hidden.Opens(0) || !plain.Opens(0) {
		t.Fatal("Opens names the wrong seats")
	}
	if m := engine.Masked(hidden, engine.Outcome{3, 29}, []engine.Seat{0, 2}); m[0] != engine.Unknown || m[1] != engine.Unknown {
		t.Fatalf("masked for seats 0 and 2: %v", m)
	}
	if m := engine.Masked(hidden, engine.Outcome{3, 29}, []engine.Seat{0, 1}); m[0] != 3 {
		t.Fatalf("masked for a device playing seat 1: %v", m)
	}
}
