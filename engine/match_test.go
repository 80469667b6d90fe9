package engine_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/engine/enginetest"
	"tabula/engine/rng"
)

// play drives a Race match with a seeded policy until it ends.
func play(t testing.TB, seed uint64, players int) *engine.Match {
	t.Helper()
	g, err := engine.Lookup(enginetest.ID)
	if err != nil {
		t.Fatal(err)
	}
	m, err := engine.NewMatch(g, engine.Setup{Players: players}, rng.Seeded{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	pick := rng.NewStream(rng.SeedKey(seed, 1<<40))
	for steps := 0; !m.State.Status().Over; steps++ {
		if steps > 10000 {
			t.Fatal("race did not end")
		}
		st := m.State.Status()
		seat := st.Deciders[pick.Intn(len(st.Deciders))]
		legal := m.State.Legal(seat)
		if err := m.Do(seat, legal[pick.Intn(len(legal))]); err != nil {
			t.Fatalf("legal action refused: %v", err)
		}
	}
	return m
}

func TestSameSeedSameGame(t *testing.T) {
	a, b := play(t, 11, 3), play(t, 11, 3)
	if engine.HashHex(a.State) != engine.HashHex(b.State) || len(a.Entries) != len(b.Entries) {
		t.Fatal("same seed gave different games")
	}
	c := play(t, 12, 3)
	if engine.HashHex(a.State) == engine.HashHex(c.State) {
		t.Fatal("different seeds gave the same final state")
	}
}

func TestSaveRoundTrip(t *testing.T) {
	m := play(t, 3, 4)
	seed := uint64(3)
	seats := []engine.SeatInfo{{"Ana", "human"}, {"Bruno", "bot:random"}, {"Caio", "human"}, {"Dani", "bot:greedy"}}
	data := engine.NewSave(m, seats, engine.ChanceInfo{Seed: &seed}, map[string]string{"created": "2026-12-01"}).Encode()
	got, save, err := engine.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	if engine.HashHex(got.State) != engine.HashHex(m.State) {
		t.Fatal("loaded state differs")
	}
	if save.Seats[1].Name != "Bruno" || *save.Chance.Seed != 3 || save.Meta["created"] != "2026-12-01" {
		t.Fatalf("header lost: %+v", save)
	}
	// One entry per line keeps files readable.
	if lines := bytes.Count(data, []byte("\n")); lines < len(m.Entries) {
		t.Fatalf("%d lines for %d entries", lines, len(m.Entries))
	}
}

// Every way a file can be wrong is refused with a message naming the problem.
func TestLoadRefusesBadFiles(t *testing.T) {
	m := play(t, 5, 2)
	good := engine.NewSave(m, []engine.SeatInfo{{"A", "human"}, {"B", "human"}}, engine.ChanceInfo{}, nil)
	edit := func(f func(s *engine.Save)) []byte {
		var s engine.Save
		if err := json.Unmarshal(good.Encode(), &s); err != nil {
			t.Fatal(err)
		}
		f(&s)
		return s.Encode()
	}
	enc := good.Encode()
	cases := []struct {
		name, want string
		data       []byte
	}{
		{"empty", "empty", nil},
		{"truncated", "ends early", enc[:len(enc)/2]},
		{"not json", "broken JSON", []byte("PK\x03\x04 zip file")},
		{"foreign json", "format", []byte(`{"hello":"world"}`)},
		{"wrong format", "format", edit(func(s *engine.Save) { s.Format = "other-app" })},
		{"newer version", "save version 2", edit(func(s *engine.Save) { s.Version = 2 })},
		{"unknown game", "unknown game", edit(func(s *engine.Save) { s.Game = "chess"; s.Setup.Game = "chess" })},
		{"other rules", "rules", edit(func(s *engine.Save) { s.Rules = "test-race/0" })},
		{"seat count", "seats", edit(func(s *engine.Save) { s.Seats = s.Seats[:1] })},
		{"tampered action", "entry 1", edit(func(s *engine.Save) { s.Entries[0].Action = json.RawMessage(`{"type":"fly"}`) })},
		{"tampered outcome", "hash mismatch", edit(func(s *engine.Save) {
			for i, e := range s.Entries {
				if e.IsChance() {
					s.Entries[i].Chance = engine.Outcome{(e.Chance[0] + 1) % 3}
					return
				}
			}
		})},
		{"tampered final hash", "final state hash", edit(func(s *engine.Save) { s.Hash = strings.Repeat("0", 64) })},
		{"dropped entries", "final state hash", edit(func(s *engine.Save) { s.Entries = s.Entries[:len(s.Entries)-1] })},
	}
	for _, c := range cases {
		_, _, err := engine.Load(c.data)
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if !errors.Is(err, engine.ErrBadSave) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %q should wrap ErrBadSave and mention %q", c.name, err, c.want)
		}
	}
}

func TestIllegalActionsChangeNothing(t *testing.T) {
	g, _ := engine.Lookup(enginetest.ID)
	m, err := engine.NewMatch(g, engine.Setup{Players: 2}, rng.Seeded{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	before, n := engine.HashHex(m.State), len(m.Entries)
	for _, try := range []struct {
		seat engine.Seat
		a    enginetest.Action
		want error
	}{
		{1, enginetest.Action{Type: "roll"}, engine.ErrNotYourTurn},
		{0, enginetest.Action{Type: "play", Card: 2}, engine.ErrIllegal},
		{0, enginetest.Action{Type: "discard", Card: 1}, engine.ErrIllegal},
		{0, enginetest.Action{Type: "fly"}, engine.ErrBadAction},
	} {
		if err := m.Do(try.seat, try.a); !errors.Is(err, try.want) {
			t.Errorf("%+v by %d: got %v, want %v", try.a, try.seat, err, try.want)
		}
	}
	if engine.HashHex(m.State) != before || len(m.Entries) != n {
		t.Fatal("a refused action changed the game")
	}
	// Chance cannot be forced while a seat must decide, nor out of range.
	if err := m.Resolve(engine.Outcome{5}); !errors.Is(err, engine.ErrNoChance) {
		t.Fatalf("unexpected chance accepted: %v", err)
	}
	m.Source = nil
	if err := m.Do(0, enginetest.Action{Type: "roll"}); err != nil {
		t.Fatal(err)
	}
	if err := m.Resolve(engine.Outcome{6}); !errors.Is(err, engine.ErrBadOutcome) {
		t.Fatalf("die face 7 accepted: %v", err)
	}
	if err := m.Do(0, enginetest.Action{Type: "roll"}); !errors.Is(err, engine.ErrAwaitChance) {
		t.Fatalf("action accepted while waiting for chance: %v", err)
	}
}

func TestRewindEqualsReplayOfPrefix(t *testing.T) {
	m := play(t, 8, 3)
	full := engine.HashHex(m.State)
	entries := append([]engine.Entry(nil), m.Entries...)
	for _, n := range []int{len(entries), len(entries) / 2, 1, 0} {
		m, err := engine.Replay(m.Game, m.Setup, entries)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Rewind(n); err != nil {
			t.Fatal(err)
		}
		want := ""
		if n > 0 {
			want = entries[n-1].Post
		} else {
			g, _ := engine.Lookup(enginetest.ID)
			s, _ := engine.NewState(g, engine.Setup{Players: 3})
			want = engine.HashHex(s)
		}
		if got := engine.HashHex(m.State); got != want {
			t.Fatalf("rewind to %d: hash %s, log says %s", n, got[:8], want[:8])
		}
	}
	r, err := engine.Replay(m.Game, m.Setup, entries)
	if err != nil || engine.HashHex(r.State) != full {
		t.Fatalf("replay of full log: %v", err)
	}
}

func TestAppendRefusesWrongPostHashAndKeepsState(t *testing.T) {
	m := play(t, 9, 2)
	entries := m.Entries
	r, err := engine.Replay(m.Game, m.Setup, entries[:3])
	if err != nil {
		t.Fatal(err)
	}
	before := engine.HashHex(r.State)
	bad := entries[3]
	bad.Post = strings.Repeat("ab", 32)
	if err := r.Append(bad); !errors.Is(err, engine.ErrHashMismatch) {
		t.Fatalf("got %v", err)
	}
	if engine.HashHex(r.State) != before || len(r.Entries) != 3 || r.ChanceCount() != countChance(entries[:3]) {
		t.Fatal("refused entry changed the match")
	}
	if err := r.Append(entries[3]); err != nil {
		t.Fatalf("the right entry is refused after a wrong one: %v", err)
	}
}

func countChance(es []engine.Entry) int {
	n := 0
	for _, e := range es {
		if e.IsChance() {
			n++
		}
	}
	return n
}

func TestSetupLimits(t *testing.T) {
	g, _ := engine.Lookup(enginetest.ID)
	for _, p := range []int{0, 1, 5} {
		if _, err := engine.NewState(g, engine.Setup{Players: p}); err == nil {
			t.Errorf("%d players accepted", p)
		}
	}
	if _, err := engine.NewState(g, engine.Setup{Game: "catan", Players: 2}); err == nil {
		t.Error("setup for another game accepted")
	}
}

func engineHash(m *engine.Match) string { return engine.HashHex(m.State) }
