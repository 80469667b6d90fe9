package burgundy

import (
	"encoding/json"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/engine/rng"
)

// Complete games with a random legal-action policy: they end, every
// invariant holds, scores are plausible and the winner follows the
// tie-break order.
func TestRandomGames(t *testing.T) {
	for players := 2; players <= 4; players++ {
		for seed := uint64(1); seed <= 3; seed++ {
			m, n := randomPlay(t, players, seed, true)
			s := m.State.(*State)
			st := s.Status()
			if !st.Over || len(st.Winners) != 1 {
				t.Fatalf("status %+v", st)
			}
			rank := s.Ranking()
			if st.Winners[0] != rank[0] {
				t.Fatalf("winner %v, ranking %v", st.Winners, rank)
			}
			for i := 1; i < len(rank); i++ {
				a, b := &s.Seats[rank[i-1]], &s.Seats[rank[i]]
				if a.VP < b.VP || (a.VP == b.VP && a.emptySpaces() > b.emptySpaces()) {
					t.Fatalf("ranking out of order: %v scores %v", rank, s.Scores())
				}
			}
			for i, p := range s.Seats {
				if p.End == nil || p.VP < p.End.Total || p.VP > 400 || p.VP < 5 {
					t.Fatalf("seat %d implausible final score %d (%+v)", i, p.VP, p.End)
				}
			}
			if min := 50 * players; n < min {
				t.Fatalf("%d actions, want at least %d die actions", n, min)
			}
			t.Logf("%dp seed %d: %d actions, scores %v winners %v", players, seed, n, s.Scores(), s.Winners)
		}
	}
}

// Every action Legal offers is accepted by Apply, along a whole game.
func TestLegalActionsAllApply(t *testing.T) {
	m, err := engine.NewMatch(Game{}, engine.Setup{Players: 3}, rng.Seeded{Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	pick := rng.NewStream([]byte("legal-all"))
	for !m.State.Status().Over {
		seat := m.State.Status().Deciders[0]
		legal := m.State.Legal(seat)
		for _, a := range legal {
			if err := m.State.Clone().Apply(seat, a); err != nil {
				t.Fatalf("legal %v refused: %v", a, err)
			}
		}
		if err := m.Do(seat, legal[pick.Intn(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
}

// Same seed and log give the same hash: twice from scratch, by replay of the
// log, and through a save file.
func TestDeterminism(t *testing.T) {
	m1, _ := randomPlay(t, 4, 5, false)
	m2, _ := randomPlay(t, 4, 5, false)
	h := engine.HashHex(m1.State)
	if h != engine.HashHex(m2.State) {
		t.Fatal("same seed, different games")
	}
	r, err := engine.Replay(Game{}, m1.Setup, m1.Entries)
	if err != nil {
		t.Fatal(err)
	}
	if engine.HashHex(r.State) != h {
		t.Fatal("replay differs")
	}
	seed := uint64(5)
	save := engine.NewSave(m1, []engine.SeatInfo{{Name: "a", Kind: "bot:random"}, {Name: "b", Kind: "bot:random"}, {Name: "c", Kind: "bot:random"}, {Name: "d", Kind: "bot:random"}}, engine.ChanceInfo{Seed: &seed}, nil)
	loaded, _, err := engine.Load(save.Encode())
	if err != nil {
		t.Fatal(err)
	}
	if engine.HashHex(loaded.State) != h {
		t.Fatal("loaded game differs")
	}
	// Clones are independent.
	c := m1.State.Clone().(*State)
	c.Seats[0].Storage = append(c.Seats[0].Storage, 1)
	c.Depots[1].Spaces[0].Tile = 99
	if engine.HashHex(m1.State) != h {
		t.Fatal("clone shares memory")
	}
}

// The hash of a seeded game is pinned, so native and wasm builds (and later
// builds of burgundy/1) must agree on it.
func TestPinnedHash(t *testing.T) {
	m, n := randomPlay(t, 4, 1, false)
	const want = "6cd6375ff77b78adb7c1bb7a59d4bfcc179029bd0b9256c6ab8c9c0f0d5b5e24"
	got := engine.HashHex(m.State)
	if got != want {
		t.Fatalf("seed 1, 4 players, %d actions: hash %s, pinned %s", n, got, want)
	}
}

// View: everything to draw the board, the same for every seat but the
// prompt, and encodable.
func TestView(t *testing.T) {
	s := newTestGame(t, 3, 2, 5, 1, 1, 1, 1, 4)
	give(t, s, 0, colour(Ship))
	v := s.View(0).(View)
	if len(v.Depots) != 6 || len(v.Estates) != 3 || len(v.Estates[0].Spaces) != 37 || len(v.BlackDepot) != 6 || len(v.RoundGoods) != 5 || len(v.Bonus) != 6 {
		t.Fatalf("view shape %+v", v)
	}
	if v.Phase != "A" || v.Round != 1 || v.Current != 0 || v.Decider != 0 || v.WhiteDie != 4 {
		t.Fatalf("view header %+v", v)
	}
	sp := v.Estates[0].Spaces[18]
	if sp.ID != 19 || sp.Q != 0 || sp.R != 0 || sp.Tile == nil || sp.Tile.Colour != "castle" {
		t.Fatalf("space 19 %+v", sp)
	}
	if v.Estates[0].Spaces[0].Colour != "animal" || v.Estates[0].Spaces[0].Number != 6 {
		t.Fatalf("space 1 %+v", v.Estates[0].Spaces[0])
	}
	if len(v.Estates[0].Storage) != 1 || v.Estates[0].Storage[0].Help == "" || v.Estates[0].Dice[1].Face != 5 {
		t.Fatalf("estate %+v", v.Estates[0])
	}
	if !strings.Contains(v.Prompt, "2 and 5") || !strings.Contains(s.View(1).(View).Prompt, "Waiting") {
		t.Fatalf("prompts %q / %q", v.Prompt, s.View(1).(View).Prompt)
	}
	pub := s.View(engine.Spectator).(View)
	pub.Seat, pub.Prompt, v.Seat, v.Prompt = 0, "", 0, ""
	a, _ := json.Marshal(pub)
	b, err := json.Marshal(v)
	if err != nil || string(a) != string(b) {
		t.Fatal("seat view differs from the public view beyond the prompt")
	}
	if v.Supply.Goods != 42-9-5 || v.Supply.Tiles["building"] == 0 {
		t.Fatalf("supply %+v", v.Supply)
	}
}

// Evaluate prefers more points and useful holdings.
func TestEvaluate(t *testing.T) {
	s := newTestGame(t, 2)
	base := s.Evaluate(0)
	s.Seats[0].VP += 10
	if s.Evaluate(0) != base+10 {
		t.Fatalf("VP not counted: %v → %v", base, s.Evaluate(0))
	}
	give(t, s, 0, colour(Mine))
	if s.Evaluate(0) <= base+10 {
		t.Fatal("a tile in storage is worth nothing")
	}
	if s.Evaluate(7) != 0 {
		t.Fatal("bad seat")
	}
}

func TestDescribe(t *testing.T) {
	church := 0
	for id := 1; id <= TileCount; id++ {
		if Tile(id).Building == Church {
			church = id
			break
		}
	}
	for a, want := range map[Action]string{
		Take(2, 1, 3, church):  "Take Church from depot 3 (die 2 +1 worker)",
		Place(4, 2, church, 9): "Place Church on space 9 (4) (die 4 +2 workers)",
		TakeWorkers(0):         "Take workers",
		Buy(0, church):         "Buy Church from the black depot (2 silverlings)",
		Sell(5, 0, 5):          "Sell goods 5 (die 5)",
	} {
		if got := Describe(a); got != want {
			t.Errorf("Describe(%v) = %q, want %q", a, got, want)
		}
	}
}
