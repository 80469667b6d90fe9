package check_test

import (
	"errors"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/engine/check"
	"tabula/engine/enginetest"
)

// fake is a state whose answers the test sets.
type fake struct {
	status engine.Status
	legal  map[engine.Seat]int // seat → number of legal actions
	scores []int
	broken error
	Data   []int `json:"data"`
	nilOut bool  // Clone drops an empty slice to nil
}

type act struct{}

func (act) Kind() string { return "act" }

func (f *fake) Status() engine.Status { return f.status }
func (f *fake) Legal(seat engine.Seat) []engine.Action {
	var l []engine.Action
	for range f.legal[seat] {
		l = append(l, act{})
	}
	return l
}
func (f *fake) Apply(engine.Seat, engine.Action) error { return engine.ErrNotYourTurn }
func (f *fake) Resolve(engine.Outcome) error           { return engine.ErrNoChance }
func (f *fake) View(engine.Seat) any                   { return f.Data }
func (f *fake) Clone() engine.State {
	c := *f
	if f.nilOut && len(f.Data) == 0 {
		c.Data = nil
	}
	return &c
}
func (f *fake) Scores() []int          { return f.scores }
func (f *fake) CheckInvariants() error { return f.broken }

func TestStatusShapes(t *testing.T) {
	dice := &engine.ChanceRequest{Kind: "dice", Ranges: []int{6, 6}}
	for _, c := range []struct {
		name string
		st   engine.Status
		want string // "" = fine
	}{
		{"one decider", engine.Status{Deciders: []engine.Seat{1}}, ""},
		{"simultaneous", engine.Status{Deciders: []engine.Seat{0, 2}}, ""},
		{"chance", engine.Status{Chance: dice}, ""},
		{"over", engine.Status{Over: true, Winners: []engine.Seat{2}}, ""},
		{"over, shared", engine.Status{Over: true, Winners: []engine.Seat{0, 1}}, ""},
		{"nothing", engine.Status{}, "exactly one"},
		{"chance and deciders", engine.Status{Chance: dice, Deciders: []engine.Seat{0}}, "exactly one"},
		{"over and deciders", engine.Status{Over: true, Deciders: []engine.Seat{0}}, "exactly one"},
		{"seat out of range", engine.Status{Deciders: []engine.Seat{3}}, "out of range"},
		{"spectator decides", engine.Status{Deciders: []engine.Seat{engine.Spectator}}, "out of range"},
		{"twice", engine.Status{Deciders: []engine.Seat{1, 1}}, "named twice"},
		{"winner too early", engine.Status{Deciders: []engine.Seat{0}, Winners: []engine.Seat{0}}, "not over"},
		{"bad winner", engine.Status{Over: true, Winners: []engine.Seat{7}}, "out of range"},
		{"empty chance", engine.Status{Chance: &engine.ChanceRequest{Kind: "x"}}, "no values"},
		{"zero range", engine.Status{Chance: &engine.ChanceRequest{Kind: "x", Ranges: []int{3, 0}}}, "range 1 is 0"},
	} {
		err := check.Status(&fake{status: c.st, scores: []int{0, 0, 0}}, 3)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
	if err := check.Status(&fake{status: engine.Status{Over: true}, scores: []int{0}}, 3); err == nil || !strings.Contains(err.Error(), "Scores") {
		t.Errorf("short Scores: %v", err)
	}
}

func TestStepLegalityAndInvariants(t *testing.T) {
	f := &fake{status: engine.Status{Deciders: []engine.Seat{1}}, scores: []int{0, 0, 0}, legal: map[engine.Seat]int{1: 2}}
	if err := check.Step(f, 3); err != nil {
		t.Fatal(err)
	}
	f.legal[0] = 1
	if err := check.Step(f, 3); err == nil || !strings.Contains(err.Error(), "seat 0 is not a decider") {
		t.Fatalf("non-decider with legal actions: %v", err)
	}
	f.legal[0] = 0
	f.broken = errors.New("seven robbers")
	if err := check.Step(f, 3); err == nil || !strings.Contains(err.Error(), "seven robbers") {
		t.Fatalf("game invariant: %v", err)
	}
}

func TestFinalCatchesLossyClone(t *testing.T) {
	f := &fake{status: engine.Status{Over: true}, scores: []int{0, 0}, Data: []int{}}
	if err := check.Final(f, 2); err != nil {
		t.Fatal(err)
	}
	f.nilOut = true // [] becomes null in the clone: another hash
	if err := check.Final(f, 2); err == nil || !strings.Contains(err.Error(), "clone hash") {
		t.Fatalf("lossy clone: %v", err)
	}
}

func TestRefusalsOnRace(t *testing.T) {
	g, _ := engine.Lookup(enginetest.ID)
	st, _ := engine.NewState(g, engine.Setup{Players: 3})
	if err := check.Refusals(st, 3, enginetest.Action{Type: "roll"}); err != nil {
		t.Fatal(err)
	}
	// A state that accepts anyone's action is caught.
	if err := check.Refusals(anyone{st}, 3, enginetest.Action{Type: "roll"}); err == nil || !strings.Contains(err.Error(), "not a decider, was allowed") {
		t.Fatalf("out-of-turn action accepted silently: %v", err)
	}
}

// anyone lets every seat act for the seat whose turn it is.
type anyone struct{ engine.State }

func (a anyone) Apply(_ engine.Seat, x engine.Action) error {
	return a.State.Apply(a.State.Status().Deciders[0], x)
}
func (a anyone) Clone() engine.State { return anyone{a.State.Clone()} }

// cheap is fake with a cheap part of its invariants.
type cheap struct {
	*fake
	cheapBroken error
}

func (c cheap) CheckCheapInvariants() error { return c.cheapBroken }

// Quick runs the generic checks and only the cheap invariants; Step runs
// the full ones.
func TestQuickRunsOnlyCheapInvariants(t *testing.T) {
	f := &fake{status: engine.Status{Deciders: []engine.Seat{1}}, scores: []int{0, 0, 0}, legal: map[engine.Seat]int{1: 2}}
	f.broken = errors.New("deep trouble")
	c := cheap{fake: f}
	if err := check.Quick(c, 3); err != nil {
		t.Fatalf("Quick ran the costly invariants: %v", err)
	}
	if err := check.Step(c, 3); err == nil || !strings.Contains(err.Error(), "deep trouble") {
		t.Fatalf("Step: %v", err)
	}
	c.cheapBroken = errors.New("cheap trouble")
	if err := check.Quick(c, 3); err == nil || !strings.Contains(err.Error(), "cheap trouble") {
		t.Fatalf("Quick missed the cheap invariant: %v", err)
	}
	// Without a cheap part Quick checks no game invariant, but still the
	// generic ones.
	if err := check.Quick(f, 3); err != nil {
		t.Fatalf("Quick on a game without cheap invariants: %v", err)
	}
	f.legal[0] = 1
	if err := check.Quick(f, 3); err == nil || !strings.Contains(err.Error(), "seat 0 is not a decider") {
		t.Fatalf("Quick: non-decider with legal actions: %v", err)
	}
}

// indexed is fake answering engine.IndexedLegal.
type indexed struct{ *fake }

func (x indexed) LegalCount(seat engine.Seat) int { return x.legal[seat] }
func (x indexed) LegalAt(seat engine.Seat, i int) engine.Action {
	if i < 0 || i >= x.legal[seat] {
		return nil
	}
	return act{}
}
func (x indexed) Legal(engine.Seat) []engine.Action { panic("Legal called though LegalCount exists") }

// The non-decider check counts with IndexedLegal when the state has it.
func TestStepCountsWithIndexedLegal(t *testing.T) {
	f := &fake{status: engine.Status{Deciders: []engine.Seat{1}}, scores: []int{0, 0, 0}, legal: map[engine.Seat]int{1: 2}}
	if err := check.Step(indexed{f}, 3); err != nil {
		t.Fatal(err)
	}
	f.legal[2] = 3
	if err := check.Step(indexed{f}, 3); err == nil || !strings.Contains(err.Error(), "seat 2 is not a decider but has 3") {
		t.Fatalf("non-decider with legal actions: %v", err)
	}
}
