//go:build !js

package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// All five games over real pion WebRTC on loopback, 4 devices, one game
// each: Catan, Cities & Knights, Traders & Barbarians and Agricola sealed
// (their cards dealt by cryptography; every device's knowledge checked
// against its seat's view at every entry by p2p.CheckSealed; the Catan
// family's steals drawn by thief and victim alone), Burgundy plain (it
// draws nothing face down). Every peer ends on the same hash and
// the audit names nobody. The figures: docs/p2p.md, "Measured".
func TestP2PRunnerAllGames(t *testing.T) {
	for _, c := range []struct {
		game   string
		sealed bool
	}{{"catan", true}, {"cities-knights", true}, {"traders-barbarians", true}, {"agricola", true}, {"burgundy", false}} {
		args := []string{"-game", c.game, "-players", "4", "-games", "1", "-seed", "3", "-bots", "greedy", "-p2p", "-quiet"}
		if c.sealed {
			args = append(args, "-opt", "sealed=1")
		}
		var out, errb strings.Builder
		if code := run(args, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", c.game, code, errb.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		var s map[string]any
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &s); err != nil {
			t.Fatal(err)
		}
		checked := s["p2p_sealed_checked"]
		if s["completed"] != 1.0 || s["p2p_hash_mismatches"] != 0.0 || s["p2p_sealed_cheats"] != nil ||
			c.sealed && checked != 1.0 || !c.sealed && checked != nil {
			t.Fatalf("%s: summary %v", c.game, s)
		}
		// The Catan family's steals are drawn by thief and victim alone.
		if steals, _ := s["p2p_secret_steals"].(float64); (c.game != "agricola" && c.game != "burgundy") != (steals > 0) {
			t.Fatalf("%s: %v steals drawn in secret", c.game, s["p2p_secret_steals"])
		}
		t.Logf("%s: %v actions, latency p50 %v ms", c.game, s["actions_per_game"], s["p2p_entry_latency_ms_p50"])
	}
}
