package sim_test

import (
	"errors"
	"strings"
	"testing"

	"tabula/engine"
	_ "tabula/engine/catan" // a game with cheap invariants and indexed legal lists
	"tabula/engine/enginetest"
	"tabula/engine/sim"
	"tabula/engine/sim/simtest"
)

func lookup(t testing.TB, id string) engine.Game {
	t.Helper()
	g, err := engine.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestDirectPlaysRaceToTheEnd(t *testing.T) {
	g := lookup(t, enginetest.ID)
	for players := 2; players <= 4; players++ {
		for _, kinds := range [][]string{{"random"}, {"greedy"}, {"greedy", "random"}} {
			for seed := uint64(0); seed < 10; seed++ {
				r := sim.Direct(sim.Spec{Game: g, Setup: engine.Setup{Players: players}, Seed: seed, Bots: kinds, Strict: seed < 3})
				if r.Err != nil {
					t.Fatalf("%d players %v seed %d: %v", players, kinds, seed, r.Err)
				}
				if !r.Over || len(r.Winners) != 1 || len(r.Scores) != players || r.Actions == 0 || r.Chance == 0 || r.Seed != seed {
					t.Fatalf("odd result %+v", r)
				}
				if r.Scores[r.Winners[0]] < enginetest.Goal {
					t.Fatalf("winner %d has only %d", r.Winners[0], r.Scores[r.Winners[0]])
				}
			}
		}
	}
}

// Recording changes nothing about the game, and the log loads back.
func TestRecordedGameIsTheSameGame(t *testing.T) {
	g := lookup(t, enginetest.ID)
	for seed := uint64(0); seed < 20; seed++ {
		spec := sim.Spec{Game: g, Setup: engine.Setup{Players: 3}, Seed: seed, Bots: []string{"greedy", "random"}}
		plain := sim.Direct(spec)
		spec.Record = true
		rec := sim.Direct(spec)
		if plain.Err != nil || rec.Err != nil {
			t.Fatal(plain.Err, rec.Err)
		}
		if plain.Hash != rec.Hash || plain.Actions != rec.Actions || plain.Chance != rec.Chance {
			t.Fatalf("seed %d: recording changed the game", seed)
		}
		if plain.Save != nil || rec.Save == nil || len(rec.Save.Entries) != rec.Actions+rec.Chance {
			t.Fatalf("seed %d: save missing or incomplete", seed)
		}
		m, s, err := engine.Load(rec.Save.Encode())
		if err != nil || engine.HashHex(m.State) != rec.Hash {
			t.Fatalf("seed %d: save does not load to the final hash: %v", seed, err)
		}
		if *s.Chance.Seed != seed || s.Seats[0].Kind != "bot:greedy" || s.Seats[1].Kind != "bot:random" {
			t.Fatalf("seed %d: save header %+v", seed, s)
		}
	}
}

func TestBotSeedsDifferPerSeatAndGame(t *testing.T) {
	seen := map[uint64]bool{}
	for seed := uint64(0); seed < 10; seed++ {
		for seat := range 4 {
			s := sim.BotSeed(seed, seat)
			if seen[s] {
				t.Fatalf("bot seed repeats at game %d seat %d", seed, seat)
			}
			seen[s] = true
			if sim.BotSeed(seed, seat) != s {
				t.Fatal("BotSeed is not a function")
			}
		}
	}
}

// Every kind of engine bug is caught, classified, named with the step, and
// strikes again when the failing seed is played alone.
func TestDirectCatchesBrokenGames(t *testing.T) {
	g := lookup(t, simtest.ID)
	for _, c := range []struct {
		mode, msg string
		kind      error
		strict    bool
	}{
		{"invariant", "deliberate invariant failure", sim.ErrInvariant, false},
		{"panic", "deliberate panic", sim.ErrPanic, false},
		{"refuse", "legal action refused", sim.ErrInvariant, false},
		{"status", "exactly one of over/chance/deciders", sim.ErrInvariant, false},
		{"nolegal", "has no legal action", sim.ErrInvariant, false},
		{"leaky", "still changed the state", sim.ErrInvariant, true},
	} {
		spec := sim.Spec{Game: g, Setup: engine.Setup{Players: 2, Options: map[string]string{"break": c.mode}}, Bots: []string{"random"}, Strict: c.strict}
		failed, passed := 0, 0
		for seed := uint64(0); seed < 40; seed++ {
			spec.Seed = seed
			r := sim.Direct(spec)
			if r.Err == nil {
				passed++
				continue
			}
			failed++
			if !errors.Is(r.Err, c.kind) || !strings.Contains(r.Err.Error(), c.msg) {
				t.Fatalf("%s seed %d: error %v, want %v containing %q", c.mode, seed, r.Err, c.kind, c.msg)
			}
			if !strings.Contains(r.Err.Error(), "entry ") {
				t.Fatalf("%s: error does not say where: %v", c.mode, r.Err)
			}
			spec.Record = true
			again := sim.Direct(spec)
			spec.Record = false
			if again.Err == nil || firstLine(again.Err) != firstLine(r.Err) {
				t.Fatalf("%s seed %d: failure does not repeat: %v vs %v", c.mode, seed, again.Err, r.Err)
			}
			// The log up to the failure is kept and loads.
			if again.Save == nil {
				t.Fatalf("%s seed %d: no log salvaged", c.mode, seed)
			}
			if _, _, err := engine.Load(again.Save.Encode()); err != nil {
				t.Fatalf("%s seed %d: salvaged log does not load: %v", c.mode, seed, err)
			}
		}
		if failed == 0 || passed == 0 {
			t.Fatalf("%s: %d failed, %d passed: the fault should strike some seeds only", c.mode, failed, passed)
		}
	}
}

func firstLine(err error) string { return strings.SplitN(err.Error(), "\n", 2)[0] }

func TestDirectStopsAtTheCap(t *testing.T) {
	g := lookup(t, enginetest.ID)
	r := sim.Direct(sim.Spec{Game: g, Setup: engine.Setup{Players: 4}, Seed: 1, Bots: []string{"random"}, MaxActions: 3})
	if !errors.Is(r.Err, sim.ErrCap) || r.Actions != 3 {
		t.Fatalf("want the cap after 3 actions, got %d actions, %v", r.Actions, r.Err)
	}
}

func TestDirectRefusesBadSpecs(t *testing.T) {
	g := lookup(t, enginetest.ID)
	for _, spec := range []sim.Spec{
		{Game: g, Setup: engine.Setup{Players: 2}},
		{Game: g, Setup: engine.Setup{Players: 2}, Bots: []string{"clever"}},
		{Game: g, Setup: engine.Setup{Players: 9}, Bots: []string{"random"}},
	} {
		if r := sim.Direct(spec); r.Err == nil {
			t.Fatalf("spec %+v accepted", spec)
		}
	}
}

// The check modes change what is checked, never the game played.
func TestCheckModesPlayTheSameGames(t *testing.T) {
	for _, id := range []string{enginetest.ID, "catan"} {
		g := lookup(t, id)
		for seed := uint64(0); seed < 4; seed++ {
			var want sim.Result
			for i, mode := range []string{"", sim.CheckStep, sim.CheckSample, sim.CheckEnd} {
				r := sim.Direct(sim.Spec{Game: g, Setup: engine.Setup{Players: 4}, Seed: seed, Bots: []string{"random"}, Check: mode, CheckEvery: 5})
				if r.Err != nil {
					t.Fatalf("%s seed %d check %q: %v", id, seed, mode, r.Err)
				}
				if i == 0 {
					want = r
				} else if r.Hash != want.Hash || r.Actions != want.Actions || r.Chance != want.Chance {
					t.Fatalf("%s seed %d: check %q played another game", id, seed, mode)
				}
			}
		}
	}
	r := sim.Direct(sim.Spec{Game: lookup(t, enginetest.ID), Setup: engine.Setup{Players: 2}, Bots: []string{"random"}, Check: "often"})
	if r.Err == nil || !strings.Contains(r.Err.Error(), "unknown check mode") {
		t.Fatalf("unknown check mode: %v", r.Err)
	}
}

// failing plays seeds 0..39 of a broken game under a check mode and returns
// the error per failing seed.
func failing(t *testing.T, brk, at, mode string, every int) map[uint64]error {
	t.Helper()
	g := lookup(t, simtest.ID)
	out := map[uint64]error{}
	for seed := uint64(0); seed < 40; seed++ {
		r := sim.Direct(sim.Spec{Game: g, Setup: engine.Setup{Players: 2, Options: map[string]string{"break": brk, "at": at}},
			Seed: seed, Bots: []string{"random"}, Check: mode, CheckEvery: every})
		if r.Err != nil {
			out[seed] = r.Err
		}
	}
	return out
}

// What each check mode catches: faults the driver meets itself (panic,
// refusal, no legal action) in every mode; a bad Status in every mode (the
// sampled check at every entry, or the end check once the fault makes the
// game look over); a cheap invariant at the same entry under step and
// sample; an invariant that needs the full check under sample only on the
// seeds where step catches it, at the entry it is sampled, and at every
// entry with a stride of 1; a broken final state in every mode.
func TestCheckModesCatch(t *testing.T) {
	modes := []string{sim.CheckStep, sim.CheckSample, sim.CheckEnd}
	for _, brk := range []string{"panic", "refuse", "nolegal", "status"} {
		step := failing(t, brk, "7", sim.CheckStep, 0)
		if len(step) == 0 {
			t.Fatalf("%s: no seed fails", brk)
		}
		for _, mode := range modes[1:] {
			got := failing(t, brk, "7", mode, 0)
			for seed, err := range step {
				if got[seed] == nil || firstLine(got[seed]) != firstLine(err) {
					t.Fatalf("%s seed %d: check %s says %v, step says %v", brk, seed, mode, got[seed], err)
				}
			}
			if len(got) != len(step) {
				t.Fatalf("%s: check %s fails %d seeds, step %d", brk, mode, len(got), len(step))
			}
		}
	}
	cheapStep, cheapSample := failing(t, "cheap", "7", sim.CheckStep, 0), failing(t, "cheap", "7", sim.CheckSample, 0)
	if len(cheapStep) == 0 || len(cheapSample) != len(cheapStep) {
		t.Fatalf("cheap invariant: %d seeds fail under step, %d under sample", len(cheapStep), len(cheapSample))
	}
	for seed, err := range cheapStep {
		if !strings.Contains(err.Error(), "deliberate cheap invariant failure") || firstLine(cheapSample[seed]) != firstLine(err) {
			t.Fatalf("cheap invariant seed %d: step says %v, sample says %v", seed, err, cheapSample[seed])
		}
	}
	deepStep := failing(t, "invariant", "7", sim.CheckStep, 0)
	deepSample := failing(t, "invariant", "7", sim.CheckSample, 8)
	if len(deepStep) == 0 || len(deepSample) == 0 {
		t.Fatalf("deep invariant: %d seeds fail under step, %d under sample", len(deepStep), len(deepSample))
	}
	for seed, err := range deepSample {
		if deepStep[seed] == nil {
			t.Fatalf("deep invariant seed %d: fails only when sampled: %v", seed, err)
		}
		if !errors.Is(err, sim.ErrInvariant) || !strings.Contains(err.Error(), "sampled checks: found by the full check, which last passed after entry") {
			t.Fatalf("deep invariant seed %d: %v", seed, err)
		}
	}
	every1 := failing(t, "invariant", "7", sim.CheckSample, 1)
	if len(every1) != len(deepStep) {
		t.Fatalf("sample every entry fails %d seeds, step %d", len(every1), len(deepStep))
	}
	// At the goal the fault strikes the final state only: every mode sees it.
	final := failing(t, "invariant", "20", sim.CheckStep, 0)
	if len(final) == 0 {
		t.Fatal("no game ends exactly at the goal")
	}
	for _, mode := range modes[1:] {
		if got := failing(t, "invariant", "20", mode, 0); len(got) != len(final) {
			t.Fatalf("a broken final state: check %s fails %d seeds, step %d", mode, len(got), len(final))
		}
	}
}

// Views: every one at the end of every game under step; one per game,
// rotating with the seed, under sample; under end the same rotation over
// the games whose seed is a multiple of sim.EndViewEvery only.
func TestViewsChecked(t *testing.T) {
	step := failing(t, "view", "7", sim.CheckStep, 0)
	if len(step) != 40 {
		t.Fatalf("step: %d of 40 games fail on a view that never encodes", len(step))
	}
	for _, mode := range []string{sim.CheckSample, sim.CheckEnd} {
		got := failing(t, "view", "7", mode, 0)
		failed := 0
		for seed := uint64(0); seed < 40; seed++ {
			// Two players: the rotation mod 3 picks spectator, seat 0, seat 1.
			want := seed%3 == 2
			if mode == sim.CheckEnd {
				want = seed%sim.EndViewEvery == 0 && seed/sim.EndViewEvery%3 == 2
			}
			if (got[seed] != nil) != want {
				t.Fatalf("%s seed %d: error %v, want a failure: %v", mode, seed, got[seed], want)
			}
			if err := got[seed]; err != nil {
				failed++
				if !strings.Contains(err.Error(), "view of seat 1 does not encode") {
					t.Fatalf("%s seed %d: %v", mode, seed, err)
				}
			}
		}
		if failed == 0 {
			t.Fatalf("%s: no game of 40 checks the broken view", mode)
		}
	}
}
