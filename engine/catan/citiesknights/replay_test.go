package citiesknights

import (
	"fmt"
	"testing"

	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/catan"
	"tabula/engine/rng"
)

// playGame plays a seeded game with the named bots to the end, recording
// its log in a Match.
func playGame(t *testing.T, setup engine.Setup, seed uint64, kind string) *engine.Match {
	t.Helper()
	m, err := engine.NewMatch(Game, setup, rng.Seeded{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	b, err := bot.New(kind, seed)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; ; n++ {
		st := m.State.Status()
		if st.Over {
			return m
		}
		if n > 30000 {
			t.Fatal("no end")
		}
		seat := st.Deciders[0]
		if err := m.Do(seat, b.Choose(m.State, seat)); err != nil {
			t.Fatal(err)
		}
	}
}

// A game replays, saves and loads to the same state.
func TestReplaySaveLoad(t *testing.T) {
	setup := engine.Setup{Game: ID, Players: 4, Options: map[string]string{catan.OptBoard: catan.BoardRandom}}
	a := playGame(t, setup, 7, "random")
	h := engine.HashHex(a.State)
	r, err := engine.Replay(Game, setup, a.Entries)
	if err != nil {
		t.Fatal(err)
	}
	if engine.HashHex(r.State) != h {
		t.Fatal("replay differs")
	}
	save := engine.NewSave(a, []engine.SeatInfo{{Name: "a"}, {Name: "b"}, {Name: "c"}, {Name: "d"}}, engine.ChanceInfo{}, nil)
	m, _, err := engine.Load(save.Encode())
	if err != nil {
		t.Fatal(err)
	}
	if engine.HashHex(m.State) != h {
		t.Fatal("loaded game differs")
	}
}

// TestPinnedGameHash pins the final hash of one seeded game: it changes
// only when the rules or the state encoding change (then bump
// RulesVersion), and it must be the same natively and under wasm.
func TestPinnedGameHash(t *testing.T) {
	m := playGame(t, engine.Setup{Game: ID, Players: 4, Options: map[string]string{catan.OptBoard: catan.BoardRandom}}, 2024, "random")
	s := m.State.(*catan.State)
	got := fmt.Sprintf("%s %d %d", engine.HashHex(s)[:16], len(m.Entries), s.Winner)
	const want = "5a5eba015fd1e192 3070 1"
	if got != want {
		t.Fatalf("pinned game: got %q, want %q", got, want)
	}
}
