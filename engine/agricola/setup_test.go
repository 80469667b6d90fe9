package agricola

import (
	"slices"
	"testing"

	"tabula/engine"
	"tabula/engine/agricola/farmyard"
)

func boardIDs(s *State) []string {
	var ids []string
	for _, sp := range s.Board {
		if s.Def(sp.ID).Stage == 0 {
			ids = append(ids, sp.ID)
		}
	}
	return ids
}

// Set-up per player count (fact sheet §2, §5, §14): the base board, the
// 3- and 4-player spaces, the Side Job tile with 2–4 players, no Lessons
// in the family game, starting food by seat, the solo game's 0 food.
func TestSetUpPerPlayerCount(t *testing.T) {
	base := []string{"farm-expansion", "meeting-place", "grain-seeds", "farmland", "day-laborer", "forest", "clay-pit", "reed-bank", "fishing"}
	want := map[int][]string{
		1: base,
		2: append(slices.Clone(base), "side-job"),
		3: append(slices.Clone(base), "grove", "hollow", "resource-market", "side-job"),
		4: append(slices.Clone(base), "copse", "grove", "hollow", "resource-market", "traveling-players", "side-job"),
	}
	for players := 1; players <= 4; players++ {
		s := newGame(t, players)
		if got := boardIDs(s); !slices.Equal(got, want[players]) {
			t.Errorf("%d players: board %v, want %v", players, got, want[players])
		}
		for i, p := range s.Seats {
			food := 3
			if i == 0 {
				food = 2
			}
			if players == 1 {
				food = 0
			}
			if p.Goods[Food] != food || p.People != 2 || p.House != Wood || p.Yard.Rooms != farmyard.Of(6, 11) {
				t.Errorf("%d players seat %d: %+v", players, i, p)
			}
		}
		checkOK(t, s)
	}
	// Amounts that depend on the count.
	if newGame(t, 1).space("forest").Goods[Wood] != 2 || newGame(t, 2).space("forest").Goods[Wood] != 3 {
		t.Error("Forest: 2 wood solo, else 3")
	}
	if newGame(t, 3).space("hollow").Goods[Clay] != 1 || newGame(t, 4).space("hollow").Goods[Clay] != 2 {
		t.Error("Hollow: 1 clay with 3 players, 2 with 4")
	}
	if newGame(t, 2).space("meeting-place").Goods[Food] != 1 {
		t.Error("family Meeting Place accumulates 1 food")
	}
}

// The starting player is drawn by chance among the players; seat 2
// starting gets 2 food, the others 3.
func TestStartingPlayerByChance(t *testing.T) {
	st, _ := Game{}.New(familySetup(3))
	s := st.(*State)
	req := s.Status().Chance
	if req == nil || req.Kind != "start-player" || !slices.Equal(req.Ranges, []int{3}) {
		t.Fatalf("chance %+v", req)
	}
	if err := s.Resolve(engine.Outcome{3}); err == nil {
		t.Fatal("outcome out of range accepted")
	}
	if err := s.Resolve(engine.Outcome{2}); err != nil {
		t.Fatal(err)
	}
	if s.Start != 2 || s.Seats[2].Goods[Food] != 2 || s.Seats[0].Goods[Food] != 3 {
		t.Fatalf("start %d food %v", s.Start, []int{s.Seats[0].Goods[Food], s.Seats[2].Goods[Food]})
	}
	s.reveal(t)
	if s.Decider() != 2 {
		t.Fatalf("round 1 starts with seat %d", s.Decider())
	}
}

// Stage cards come out shuffled within their stages: the draw of round r
// is among the cards left of r's stage, one per round, a draw only when
// more than one is left.
func TestStageCardsByStage(t *testing.T) {
	st, _ := Game{}.New(familySetup(1))
	s := st.(*State)
	var sizes []int
	for s.Round < 14 {
		if req := s.Status().Chance; req != nil {
			sizes = append(sizes, req.Ranges[0])
			if err := s.Resolve(engine.Outcome{req.Ranges[0] - 1}); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if s.top() == nil {
			p := &s.Seats[0]
			p.Placed = p.People - p.Newborns
			s.advance()
			continue
		}
		if err := s.Apply(s.Decider(), s.Options(s.Decider())[0]); err != nil {
			t.Fatal(err)
		}
	}
	// Stage 1: 4, 3, 2 (then 1 left: no draw); stage 2: 3, 2; stages 3–5: 2.
	if !slices.Equal(sizes, []int{4, 3, 2, 3, 2, 2, 2, 2}) {
		t.Fatalf("draw sizes %v", sizes)
	}
	for r := 1; r <= 14; r++ {
		if d := StageCard(s.Rounds[r].Card); d == nil || d.Stage != StageOf(r) {
			t.Fatalf("round %d: %q", r, s.Rounds[r].Card)
		}
	}
	if s.Rounds[14].Card != "farm-redevelopment" {
		t.Fatal("round 14 is Farm Redevelopment")
	}
}

// Preparation: accumulation spaces add their goods each round on top of
// what lies there; the user takes all.
func TestAccumulation(t *testing.T) {
	s := newGame(t, 2, "sheep-market")
	if s.space("forest").Goods[Wood] != 3 || s.space("sheep-market").Goods[Sheep] != 1 {
		t.Fatal("round 1 fill")
	}
	endWork(t, s)
	if s.Round != 2 || s.space("forest").Goods[Wood] != 6 || s.space("sheep-market").Goods[Sheep] != 2 {
		t.Fatalf("round 2: forest %v, sheep market %v", s.space("forest").Goods, s.space("sheep-market").Goods)
	}
	do(t, s, 0, place("forest"))
	if s.Seats[0].Goods[Wood] != 6 || !s.space("forest").Goods.IsZero() {
		t.Fatal("take all")
	}
	endWork(t, s)
	if s.space("forest").Goods[Wood] != 3 {
		t.Fatal("refill after taking")
	}
}
