package sim_test

import (
	"errors"
	"strings"
	"testing"

	"tabula/engine"
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
