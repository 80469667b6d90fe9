package store_test

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"tabula/app/store"
	"tabula/app/table"
	"tabula/engine"
	_ "tabula/engine/catan"
)

// botGame is a Catan game of three bots after n moves.
func botGame(t *testing.T, seed uint64, n int) *table.Table {
	t.Helper()
	seats := []engine.SeatInfo{{Name: "Ana", Kind: table.BotRandom}, {Name: "Bruno", Kind: table.BotRandom}, {Name: "Caio", Kind: table.BotRandom}}
	now := func() time.Time { return time.Date(2025, 5, 1, 10, 0, 0, 0, time.UTC) }
	tb, err := table.New(table.Config{Game: "catan", Seats: seats, Seed: seed}, now)
	if err != nil {
		t.Fatal(err)
	}
	for range n {
		if _, err := tb.StepBot(); err != nil {
			t.Fatal(err)
		}
	}
	return tb
}

// edit rewrites a game file through its JSON.
func edit(t *testing.T, file []byte, change func(*engine.Save)) []byte {
	t.Helper()
	var s engine.Save
	if err := json.Unmarshal(file, &s); err != nil {
		t.Fatal(err)
	}
	change(&s)
	return s.Encode()
}

func TestSameFindsTheStoredGame(t *testing.T) {
	g := store.Games{KV: store.NewMem()}
	a, other := botGame(t, 5, 30), botGame(t, 6, 30)
	for _, tb := range []*table.Table{a, other} {
		if err := table.Persist(g, tb); err != nil {
			t.Fatal(err)
		}
	}
	file := a.Save()
	if id, ok := g.Same(file); !ok || id != a.ID {
		t.Fatalf("the stored game's own file: Same = %q %v, want %q", id, ok, a.ID)
	}
	// Dates, ids, the viewer and spacing do not make another game.
	renamed := edit(t, file, func(s *engine.Save) {
		s.Meta = map[string]string{"id": "elsewhere", "created": "2020-01-01T00:00:00Z"}
	})
	if id, ok := g.Same(bytes.ReplaceAll(renamed, []byte("\n"), []byte("\n  "))); !ok || id != a.ID {
		t.Errorf("the file with other dates and id: Same = %q %v", id, ok)
	}
	// A network game's file has no seed: the same log is the same game.
	if id, ok := g.Same(edit(t, file, func(s *engine.Save) { s.Chance = engine.ChanceInfo{P2P: true} })); !ok || id != a.ID {
		t.Errorf("the file without a seed: Same = %q %v", id, ok)
	}

	// Anything else is another game.
	later := botGame(t, 5, 31)
	for name, f := range map[string][]byte{
		"one move further": later.Save(),
		"one move behind":  botGame(t, 5, 29).Save(),
		"another seed":     edit(t, file, func(s *engine.Save) { x := *s.Chance.Seed + 1; s.Chance.Seed = &x }),
		"another player":   edit(t, file, func(s *engine.Save) { s.Seats[1].Name = "Bia" }),
		"another board":    edit(t, file, func(s *engine.Save) { s.Setup.Options = map[string]string{"board": "random"} }),
		"another action": edit(t, file, func(s *engine.Save) {
			for i := range s.Entries {
				if !s.Entries[i].IsChance() {
					s.Entries[i].Action = json.RawMessage(`{"type":"x"}`)
					break
				}
			}
		}),
		"not a game file": []byte("not json"),
		"empty":           nil,
	} {
		if id, ok := g.Same(f); ok {
			t.Errorf("%s: Same found %q", name, id)
		}
	}
	// A game without its summary is still found.
	kv := store.NewMem()
	g2 := store.Games{KV: kv}
	_ = table.Persist(g2, a)
	_ = kv.Write(store.Del("tabula/sum/" + a.ID))
	if id, ok := g2.Same(file); !ok || id != a.ID {
		t.Errorf("without the summary: Same = %q %v", id, ok)
	}
}
