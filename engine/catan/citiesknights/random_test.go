package citiesknights

import (
	"runtime"
	"testing"

	"tabula/engine"
	"tabula/engine/sim"
)

// Random bots play whole games with every invariant checked at every step.
func TestRandomGames(t *testing.T) {
	games := 30
	if testing.Short() || runtime.GOOS == "js" { // wasm in Node is ~20× slower
		games = 5
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		r := sim.Direct(sim.Spec{Game: Game, Setup: engine.Setup{Game: ID, Players: 3 + int(seed%2)},
			Seed: seed, Bots: []string{"random"}, MaxActions: 40000, Check: "step"})
		if r.Err != nil {
			t.Fatalf("seed %d: %v", seed, r.Err)
		}
	}
}
