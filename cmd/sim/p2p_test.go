//go:build !js

package main

import (
	"encoding/json"
	"strings"
	"testing"

	"tabula/engine/p2p"
)

// -p2p plays every seat as its own WebRTC peer and reports agreement and
// entry latency in the summary.
func TestP2PRunner(t *testing.T) {
	var out, errb strings.Builder
	code := run([]string{"-game", "catan", "-players", "3", "-games", "2", "-bots", "greedy", "-p2p", "-quiet"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var s map[string]any
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &s); err != nil {
		t.Fatal(err)
	}
	if s["runner"] != "p2p" || s["completed"] != 2.0 || s["p2p_hash_mismatches"] != 0.0 {
		t.Fatalf("summary %v", s)
	}
	p50, ok := s["p2p_entry_latency_ms_p50"].(float64)
	if !ok || p50 <= 0 {
		t.Fatalf("latency p50 %v", s["p2p_entry_latency_ms_p50"])
	}
	if p95, ok := s["p2p_entry_latency_ms_p95"].(float64); !ok || p95 < p50 {
		t.Fatalf("latency p95 %v below p50 %v", s["p2p_entry_latency_ms_p95"], p50)
	}
	if _, ok := s["p2p_entry_latency_ms_p99"].(float64); !ok {
		t.Fatal("no p99")
	}
	if p, _ := s["p2p_play_latency_ms_p50"].(float64); p <= 0 {
		t.Fatalf("play latency p50 %v", s["p2p_play_latency_ms_p50"])
	}
	// By kind: a plain game's actions and chance entries, and no deck.
	kinds, _ := s["p2p_entries_by_kind"].(map[string]any)
	if a, _ := kinds["action"].(float64); a < 1 || kinds["chance"] == nil || kinds["deck"] != nil {
		t.Fatalf("entries by kind %v", kinds)
	}
	if p, _ := s["p2p_entry_latency_ms_p50_by_kind"].(map[string]any)["action"].(float64); p <= 0 {
		t.Fatalf("latency by kind %v", s["p2p_entry_latency_ms_p50_by_kind"])
	}
	// The direct runner's summary has no p2p fields.
	out.Reset()
	if code := run([]string{"-game", "catan", "-players", "3", "-games", "1", "-quiet"}, &out, &errb); code != 0 {
		t.Fatal(errb.String())
	}
	if strings.Contains(out.String(), "p2p_") {
		t.Fatalf("p2p fields without -p2p: %s", out.String())
	}
}

// The network path is generic: The Castles of Burgundy (simultaneous dice,
// tile draws, follow-up decisions) plays to the end over WebRTC peers, every
// peer on the same final hash.
func TestP2PRunnerBurgundy(t *testing.T) {
	var out, errb strings.Builder
	if code := run([]string{"-game", "burgundy", "-players", "3", "-games", "1", "-seed", "5", "-bots", "greedy", "-p2p", "-quiet"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var s map[string]any
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &s); err != nil {
		t.Fatal(err)
	}
	if s["completed"] != 1.0 || s["p2p_hash_mismatches"] != 0.0 {
		t.Fatalf("summary %v", s)
	}
	// A whole game: five phases of five rounds is hundreds of actions.
	if n, _ := s["actions_per_game"].(float64); n < 100 {
		t.Fatalf("%v actions in a finished game", s["actions_per_game"])
	}
}

// Sealed games over real pion WebRTC on loopback (Race, and Agricola,
// the first real game sealed): the cards are dealt by cryptography, every
// peer ends on the same agreed hash, the audit names nobody, and every
// device's knowledge is its seat's view at every entry (p2p.CheckSealed).
func TestP2PRunnerSealed(t *testing.T) {
	for _, c := range []struct {
		game, players, games string
	}{{"test-race", "3", "2"}, {"agricola", "2", "1"}} {
		var out, errb strings.Builder
		if code := run([]string{"-game", c.game, "-players", c.players, "-games", c.games, "-seed", "3", "-bots", "greedy", "-p2p", "-opt", "sealed=1", "-quiet"}, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", c.game, code, errb.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		var s map[string]any
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &s); err != nil {
			t.Fatal(err)
		}
		n := float64(c.games[0] - '0')
		if s["completed"] != n || s["p2p_hash_mismatches"] != 0.0 || s["p2p_sealed_checked"] != n || s["p2p_sealed_cheats"] != nil {
			t.Fatalf("%s: summary %v", c.game, s)
		}
		// A sealed game's latency by kind has its deck entries.
		kinds, _ := s["p2p_entries_by_kind"].(map[string]any)
		p50s, _ := s["p2p_entry_latency_ms_p50_by_kind"].(map[string]any)
		for _, k := range []string{"action", "deck"} {
			if m, _ := kinds[k].(float64); m < 1 || p50s[k] == nil {
				t.Fatalf("%s: no %s entries timed: %v, %v", c.game, k, kinds, p50s)
			}
		}
	}
}

// Play starts at the first move of any kind a seat or its bot makes; the
// set-up entries before it (a sealed deal's deck entries, chance) are not
// play, and a log without a move has no play at all.
func TestFirstMove(t *testing.T) {
	cases := []struct {
		kinds []p2p.Kind
		want  uint64
	}{
		{[]p2p.Kind{p2p.KindChance, p2p.KindDeck, p2p.KindDeck, p2p.KindAction, p2p.KindDeck}, 4},
		{[]p2p.Kind{p2p.KindAction, p2p.KindChance}, 1},
		{[]p2p.Kind{p2p.KindDeck, p2p.KindBatch}, 2},
		{[]p2p.Kind{p2p.KindChance, p2p.KindBot}, 2},
		{[]p2p.Kind{p2p.KindDeck, p2p.KindChance}, 3},
		{nil, 1},
	}
	for _, c := range cases {
		if got := firstMove(c.kinds); got != c.want {
			t.Errorf("firstMove(%v) = %d, want %d", c.kinds, got, c.want)
		}
	}
}
