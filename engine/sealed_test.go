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

// A secret is one hidden value with no deck: known or every value
// Unknown, opened only to its audience; a request that opens it is public.
func TestSecretOutcomesFit(t *testing.T) {
	secret := engine.ChanceRequest{Kind: "steal", Ranges: []int{5}, Secret: 3, Audience: []engine.Seat{0, 2}}
	open := engine.ChanceRequest{Kind: "steal-open", Ranges: []int{5}, OpensSecret: 3}
	for _, c := range []struct {
		req engine.ChanceRequest
		o   engine.Outcome
		ok  bool
	}{
		{secret, engine.Outcome{4}, true},
		{secret, engine.Outcome{engine.Unknown}, true},
		{secret, engine.Outcome{5}, false},
		{engine.ChanceRequest{Kind: "steal", Ranges: []int{5, 5}, Secret: 1}, engine.Outcome{1, 1}, false},
		{engine.ChanceRequest{Kind: "steal", Ranges: []int{5}, Secret: 1, Deck: "cards", Cards: []int{0}}, engine.Outcome{1}, false},
		{open, engine.Outcome{engine.Unknown}, false},
		{open, engine.Outcome{2}, true},
	} {
		err := c.req.Fits(c.o)
		if (err == nil) != c.ok || (err != nil && !errors.Is(err, engine.ErrBadOutcome)) {
			t.Errorf("%+v fits %v: %v, want ok=%v", c.req, c.o, err, c.ok)
		}
	}
	if !secret.Hidden() || open.Hidden() || !secret.Opens(2) || secret.Opens(1) || !open.Opens(1) {
		t.Fatal("Hidden or Opens is wrong for secrets")
	}
	if m := engine.Masked(secret, engine.Outcome{4}, []engine.Seat{1}); m[0] != engine.Unknown {
		t.Fatalf("masked for seat 1: %v", m)
	}
	with := engine.Setup{Players: 3, Options: map[string]string{engine.Sealed: "1", engine.Secrets: "1"}}
	without := engine.Setup{Players: 3, Options: map[string]string{engine.Secrets: "1"}}
	if !with.HasSecrets() || without.HasSecrets() {
		t.Fatal("secrets are only for sealed games")
	}
}
