package agricola

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/engine/agricola/farmyard"
	"tabula/engine/bot"
	"tabula/engine/rng"
)

// randomPlay plays a whole game with random bots through an engine.Match
// (so the log is kept), checking the invariants at every step when check.
func randomPlay(t *testing.T, players int, seed uint64, check bool) (*engine.Match, int) {
	t.Helper()
	m, err := engine.NewMatch(Game{}, familySetup(players), rng.Seeded{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	b := bot.NewRandom(seed)
	n := 0
	for !m.State.Status().Over {
		seat := m.State.Status().Deciders[0]
		a := b.Choose(m.State, seat)
		if a == nil {
			t.Fatalf("seed %d: seat %d has no legal action (stack %+v)", seed, seat, m.State.(*State).Stack)
		}
		if err := m.Do(seat, a); err != nil {
			t.Fatalf("seed %d: %v: %v", seed, a, err)
		}
		n++
		if check {
			if err := m.State.(*State).CheckInvariants(); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, n, err)
			}
		}
		if n > 3000 {
			t.Fatal("game does not end")
		}
	}
	return m, n
}

// Whole random games end for every player count, with the invariants at
// every step, and a winner chosen by the tie-break order.
func TestRandomGames(t *testing.T) {
	for players := 1; players <= 4; players++ {
		for seed := uint64(1); seed <= 3; seed++ {
			m, n := randomPlay(t, players, seed, true)
			s := m.State.(*State)
			if !s.Over || s.Round != 14 || len(s.Winners) == 0 {
				t.Fatalf("%dp seed %d: over %v round %d winners %v", players, seed, s.Over, s.Round, s.Winners)
			}
			best := s.Scores()[s.Winners[0]]
			for _, sc := range s.Scores() {
				if sc > best {
					t.Fatalf("winner %v scores %v", s.Winners, s.Scores())
				}
			}
			if n < 28*players/2 {
				t.Fatalf("%d actions", n)
			}
		}
	}
}

// Every action Legal offers is accepted by Apply, along a whole game.
func TestLegalActionsAllApply(t *testing.T) {
	for _, players := range []int{1, 4} {
		m, err := engine.NewMatch(Game{}, familySetup(players), rng.Seeded{Seed: 9})
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
}

// Same seed and log give the same hash: twice from scratch, by replay of
// the log, and through a save file; clones are independent.
func TestDeterminism(t *testing.T) {
	m1, _ := randomPlay(t, 4, 5, false)
	m2, _ := randomPlay(t, 4, 5, false)
	h := engine.HashHex(m1.State)
	if h != engine.HashHex(m2.State) {
		t.Fatal("same seed, different games")
	}
	r, err := engine.Replay(Game{}, m1.Setup, m1.Entries)
	if err != nil || engine.HashHex(r.State) != h {
		t.Fatalf("replay differs: %v", err)
	}
	seed := uint64(5)
	seats := make([]engine.SeatInfo, 4)
	for i := range seats {
		seats[i] = engine.SeatInfo{Name: "bot", Kind: "bot:random"}
	}
	save := engine.NewSave(m1, seats, engine.ChanceInfo{Seed: &seed}, nil)
	loaded, _, err := engine.Load(save.Encode())
	if err != nil || engine.HashHex(loaded.State) != h {
		t.Fatalf("loaded game differs: %v", err)
	}
	c := m1.State.Clone().(*State)
	c.Seats[0].Cards = append(c.Seats[0].Cards, "x")
	c.Board[0].People = append(c.Board[0].People, 3)
	c.Rounds[3].Goods = append(c.Rounds[3].Goods, Delivery{})
	if engine.HashHex(m1.State) != h {
		t.Fatal("clone shares memory")
	}
}

// A game half-played, saved and loaded, continues identically.
func TestSaveLoadMidGame(t *testing.T) {
	m, err := engine.NewMatch(Game{}, familySetup(3), rng.Seeded{Seed: 77})
	if err != nil {
		t.Fatal(err)
	}
	b := bot.NewRandom(77)
	for i := 0; i < 80; i++ {
		seat := m.State.Status().Deciders[0]
		if err := m.Do(seat, b.Choose(m.State, seat)); err != nil {
			t.Fatal(err)
		}
	}
	seed := uint64(77)
	seats := []engine.SeatInfo{{Name: "a", Kind: "human"}, {Name: "b", Kind: "human"}, {Name: "c", Kind: "human"}}
	loaded, _, err := engine.Load(engine.NewSave(m, seats, engine.ChanceInfo{Seed: &seed}, nil).Encode())
	if err != nil {
		t.Fatal(err)
	}
	if engine.HashHex(loaded.State) != engine.HashHex(m.State) {
		t.Fatal("loaded state differs")
	}
	seat := m.State.Status().Deciders[0]
	a := m.State.Legal(seat)[0]
	if err := m.Do(seat, a); err != nil {
		t.Fatal(err)
	}
	if err := loaded.Do(seat, a); err != nil {
		t.Fatal(err)
	}
	if engine.HashHex(loaded.State) != engine.HashHex(m.State) {
		t.Fatal("continued differently")
	}
}

// The hash of a seeded game is pinned, so native and wasm builds (and later
// builds of agricola/1) must agree on it.
func TestPinnedHash(t *testing.T) {
	m, n := randomPlay(t, 4, 1, false)
	const want = "b9db4c9e8c367f08a39e3c9a4add217396d8b7d1a854a3f734b326e256bf2afb"
	if got := engine.HashHex(m.State); got != want {
		t.Fatalf("seed 1, 4 players, %d actions: hash %s, pinned %s", n, got, want)
	}
}

// Bad input: unknown kinds and fields, out-of-range numbers, out-of-turn
// and malformed actions are refused with a kind of error, changing nothing.
func TestBadInput(t *testing.T) {
	for _, raw := range []string{`{"kind":"fly"}`, `{"kind":"place","space":"x","bogus":1}`, `{"kind":"room","cell":16}`,
		`{"kind":"sow","crop":1}`, `{"kind":"bake","n":-1}`, `{"kind":"keep","sheep":-2}`, `[1]`, `{"kind":"done"} {}`} {
		if _, err := (Game{}).DecodeAction([]byte(raw)); !errors.Is(err, engine.ErrBadAction) {
			t.Errorf("%s: %v", raw, err)
		}
	}
	a, err := Game{}.DecodeAction([]byte(`{"kind":"place","space":"forest"}`))
	if err != nil || a.(Action) != place("forest") {
		t.Fatalf("decode: %v %v", a, err)
	}
	s := newGame(t, 2)
	refuse(t, s, 1, place("forest"))
	refuse(t, s, 0, place("nowhere"))
	refuse(t, s, 0, room(7))
	refuse(t, s, 0, done())
	before := engine.HashHex(s)
	if err := s.Apply(0, nil); !errors.Is(err, engine.ErrBadAction) || engine.HashHex(s) != before {
		t.Fatalf("nil action: %v", err)
	}
	if err := s.Resolve(engine.Outcome{0}); !errors.Is(err, engine.ErrNoChance) {
		t.Fatalf("resolve with no chance: %v", err)
	}
	for _, opts := range []map[string]string{{OptionCards: "AB"}, {OptionDraft: "yes"}, {"bogus": "1"}} {
		if _, err := (Game{}).New(engine.Setup{Players: 2, Options: opts}); err == nil {
			t.Fatalf("options %v accepted", opts)
		}
	}
	// The card game (the default) needs the 96 cards registered: this test
	// binary has only the test-only cards.
	if _, err := (Game{}).New(engine.Setup{Players: 2}); err == nil || !strings.Contains(err.Error(), "agricola/cards") {
		t.Fatalf("card game without its cards: %v", err)
	}
	if _, err := (Game{}).New(familySetup(5)); err == nil {
		t.Fatal("5 players")
	}
}

// View: the table for the UI, encodable, hands hidden from other seats,
// the same for all seats but that.
func TestView(t *testing.T) {
	s := newGame(t, 3, "sheep-market")
	s.Seats[1].Hand = []string{"T01"}
	s.Seats[0].Yard.Fences = 0
	v := s.ViewOf(1)
	if len(v.Spaces) != 14 || len(v.Rounds) != 14 || len(v.Majors) != 10 || len(v.Farms) != 3 {
		t.Fatalf("view shape: %d spaces %d rounds %d majors %d farms", len(v.Spaces), len(v.Rounds), len(v.Majors), len(v.Farms))
	}
	if v.Round != 1 || v.NextHarvest != 4 || v.Rounds[0].Card != "sheep-market" || v.Rounds[3].Harvest != true || v.Decider != 0 {
		t.Fatalf("header %+v", v)
	}
	last := v.Spaces[len(v.Spaces)-1]
	if last.ID != "sheep-market" || last.Goods[Sheep] != 1 || last.Round != 1 || last.Accumulate[Sheep] != 1 {
		t.Fatalf("stage card space %+v", last)
	}
	f := v.Farms[0]
	if len(f.Cells) != 15 || f.Cells[5].Tile != "room" || f.FoodNeeded != 4 || f.FencesLeft != 15 || f.StablesLeft != 4 || f.Available != 2 {
		t.Fatalf("farm %+v", f)
	}
	if f.Score.Total != s.Score(0).Total || f.Holders[len(f.Holders)-1].Where != "house" {
		t.Fatal("live score, holders")
	}
	if v.Farms[1].Hand == nil || s.ViewOf(0).Farms[1].Hand != nil || s.ViewOf(engine.Spectator).Farms[1].HandSize != 1 {
		t.Fatal("hands")
	}
	for seat := engine.Spectator; seat < 3; seat++ {
		if _, err := json.Marshal(s.View(seat)); err != nil {
			t.Fatal(err)
		}
	}
	do(t, s, 0, place("sheep-market"))
	if d := s.ViewOf(1).Decision; d != nil {
		t.Fatalf("the sheep fits as a pet: no decision, got %+v", d)
	}
	give(s, 1, One(Wood, 2))
	do(t, s, 1, place("farm-expansion"))
	if d := s.ViewOf(1).Decision; d == nil || d.Kind != FrameMenu || d.Ops != OpRoom|OpStable || !d.Need || d.Via != "farm-expansion" {
		t.Fatalf("decision %+v", d)
	}
}

// Previews: fences with pastures, price and reason; animals with an
// arrangement; a hand-made arrangement checked.
func TestPreviews(t *testing.T) {
	s := newGame(t, 2)
	give(s, 0, One(Wood, 5))
	pv := s.PreviewFences(0, boundaryOf(4, 5))
	if pv.Valid || pv.Reason != "price" || pv.Fences != 6 || len(pv.Pastures) != 1 || pv.Pastures[0].Capacity != 4 || pv.Pay != -1 {
		t.Fatalf("5 wood for 6 fences: %+v", pv)
	}
	pv = s.PreviewFences(0, boundaryOf(5))
	if !pv.Valid || pv.Pay != 0 || pv.Prices[0].Goods != One(Wood, 4) {
		t.Fatalf("4 fences: %+v", pv)
	}
	pv = s.PreviewFences(0, boundaryOf(5)&^farmyard.FencesOf(farmyard.Cell(5).Right()))
	if pv.Valid || pv.Reason != "not-pasture" || pv.Edge == 0 || pv.Message == "" {
		t.Fatalf("open: %+v", pv)
	}
	s.Seats[0].Yard.Fences = boundaryOf(4, 5)
	ap := s.PreviewAnimals(0, [3]int{4, 1, 0})
	if !ap.Fits || ap.Capacity != 5 || len(ap.Placed) != 2 {
		t.Fatalf("animals %+v", ap)
	}
	if ap := s.PreviewAnimals(0, [3]int{4, 2, 0}); ap.Fits || len(ap.Keeps) == 0 {
		t.Fatalf("too many %+v", ap)
	}
	if err := s.CheckArrangement(0, ap.Placed); err != nil {
		t.Fatal(err)
	}
	if err := s.CheckArrangement(0, []farmyard.Herd{{3, 1, 0}, {0, 1, 0}}); err == nil || !strings.Contains(err.Error(), "kinds") {
		t.Fatalf("mixed pasture: %v", err)
	}
	if got := s.Targets(0, OpRoom); got != cellsOf(1, 7, 12) {
		t.Fatalf("room targets %v", got.Cells())
	}
}

// Evaluate rates more points and more people higher; the greedy bot's
// view of a placement includes what it then builds.
func TestEvaluate(t *testing.T) {
	s := newGame(t, 2)
	base := s.Evaluate(0)
	s.Seats[0].Yard.Rooms |= cellsOf(1)
	if s.Evaluate(0) <= base {
		t.Fatal("a room is worth something")
	}
	s.Seats[0].People = 3
	if s.Evaluate(0) <= base+3 {
		t.Fatal("a person is worth more than its 3 points")
	}
	if s.Evaluate(7) != 0 {
		t.Fatal("bad seat")
	}
	// Lookahead: on Farm Expansion with the means for a room, the rating
	// is that of the best build.
	s2 := newGame(t, 2)
	give(s2, 0, One(Wood, 5).With(Reed, 2))
	do(t, s2, 0, place("farm-expansion"))
	best := 0.0
	for i, a := range s2.Options(0) {
		c := s2.clone()
		if err := c.Apply(0, a); err != nil {
			t.Fatal(err)
		}
		if v := c.static(0); i == 0 || v > best {
			best = v
		}
	}
	if s2.Evaluate(0) != best {
		t.Fatalf("lookahead %v, best option %v", s2.Evaluate(0), best)
	}
}

func TestDescribe(t *testing.T) {
	for a, want := range map[Action]string{
		place("forest"): "Place a person on Forest",
		room(7):         "Build a room on cell 7",
		major(Well):     "Build Well (M05)",
		{Name: ActMajor, Card: CookingHearth1, Pay: 1}: "Build Cooking Hearth (M03) (price 2)",
		sowAt(3, Grain):   "Sow grain on cell 3",
		bakeN(2):          "Bake 2 grain",
		keepHerd(1, 2, 0): "Keep 1 sheep, 2 boar, 0 cattle",
	} {
		if got := Describe(a); got != want {
			t.Errorf("Describe(%+v) = %q, want %q", a, got, want)
		}
	}
}

func boundaryOf(cells ...farmyard.Cell) farmyard.Fences {
	return farmyard.Boundary(farmyard.Of(cells...))
}
func cellsOf(cells ...farmyard.Cell) farmyard.Set { return farmyard.Of(cells...) }

// Feeding the family when the food suffices changes nothing Evaluate sees:
// the food of a harvest due is counted as spent before it is paid.
func TestEvaluateFeedingNeutral(t *testing.T) {
	s := toHarvest(t, 2)
	for i := range s.Seats {
		s.Seats[i].Cards = []string{Joinery}
		s.Seats[i].Goods = One(Food, 9).With(Wood, 1)
	}
	endWork(t, s)
	if s.top().Kind != FrameFeed || s.Decider() != 0 {
		t.Fatalf("feed decision expected: %+v", s.Stack)
	}
	before := s.static(0)
	c := s.clone()
	if err := c.Apply(0, Action{Name: ActFeed}); err != nil {
		t.Fatal(err)
	}
	if c.Seats[0].Goods[Food] != 5 || c.Decider() != 1 {
		t.Fatalf("fed: %v, decider %d", c.Seats[0].Goods, c.Decider())
	}
	if after := c.static(0); math.Abs(after-before) > 1e-9 {
		t.Fatalf("feeding moved the rating %v → %v", before, after)
	}
}

// The rounds left count the current round by the share of the table's
// people not yet placed, so the end of a round costs no more than any
// other placement: in the solo game, where the last placement always ends
// the round, the greedy bot used to eat its grain raw rather than place.
func TestEvaluateRoundEnd(t *testing.T) {
	s := newGame(t, 1)
	if got := s.roundsLeft(); got != 13 {
		t.Fatalf("round 1 start: %v rounds left, want 13", got)
	}
	do(t, s, 0, place("day-laborer"))
	if got := s.roundsLeft(); got != 12.5 {
		t.Fatalf("one of two placed: %v, want 12.5", got)
	}
	// The last person on Farmland with 1 grain: plowing ends the round,
	// eating the grain raw (−2 points) does not.
	give(s, 0, One(Grain, 1))
	do(t, s, 0, place("farmland"))
	if a := bot.NewGreedy(1).Choose(s, 0).(Action); a.Name != ActPlow {
		t.Fatalf("greedy chose %s, not a plow", Describe(a))
	}
	do(t, s, 0, plowAt(1))
	if s.Round != 2 || s.roundsLeft() != 12 {
		t.Fatalf("round %d: %v rounds left, want round 2 and 12", s.Round, s.roundsLeft())
	}
	s.Round, s.Seats[0].Placed = 14, 2
	if got := s.roundsLeft(); got != 0 {
		t.Fatalf("round 14 all placed: %v", got)
	}
}

// Sown crops count for the harvests left, so sowing a grain rates above
// keeping it and the field empty.
func TestEvaluateSownCrops(t *testing.T) {
	s := newGame(t, 2)
	p := &s.Seats[0]
	p.Yard.Fields = cellsOf(1)
	give(s, 0, One(Grain, 1))
	unsown := s.static(0)
	p.Goods[Grain] = 0
	p.Crops[0] = Crop{Grain, 3}
	if sown := s.static(0); sown <= unsown {
		t.Fatalf("sown %v ≤ unsown %v", sown, unsown)
	}
}

// Food owed at the next harvest (not this round's) beyond 1 food for each
// placement still to come before it lowers the rating, a point a food.
func TestEvaluateFoodOwedAhead(t *testing.T) {
	s := newGame(t, 1) // solo: 3 food an adult
	s.Round = 8        // next harvest: round 9
	s.Seats[0].Placed = 2
	if got := s.owedAhead(0, 0); got != 4 {
		t.Fatalf("2 adults, 2 placements left, no food: owed %v, want 6-2", got)
	}
	if got := s.owedAhead(0, 4); got != 0 {
		t.Fatalf("with 4 food: owed %v", got)
	}
	before := s.static(0)
	s.Seats[0].Goods[Food] = 4
	if d := s.static(0) - before; d < 4 {
		t.Fatalf("4 food owed raised the rating by %v only", d)
	}
	s.Round, s.Seats[0].Placed = 5, 0 // harvest 7: 2 this round + 2×2
	if got := s.owedAhead(0, 0); got != 0 {
		t.Fatalf("6 placements before the harvest: owed %v", got)
	}
}

// An action applies alike as an Action (the path without unpacking an
// interface, applyAction) and through a pointer (asAction): the same error
// or the same state, for every legal action of random positions and for
// actions of the wrong seat or malformed.
func TestApplyActionAsPointer(t *testing.T) {
	m, err := engine.NewMatch(Game{}, familySetup(3), rng.Seeded{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	b := bot.NewRandom(7)
	for step := 0; step < 400 && !m.State.Status().Over; step++ {
		s := m.State.(*State)
		seat := s.Status().Deciders[0]
		tries := append(s.Legal(seat), Action{Name: "nonsense"}, Action{Name: ActPlace, Space: "forest", Cell: 99})
		for _, other := range s.Legal(seat ^ 1) {
			tries = append(tries, other)
		}
		for _, try := range tries {
			a := try.(Action)
			for _, who := range []engine.Seat{seat, seat ^ 1} {
				x, y := s.Clone().(*State), s.Clone().(*State)
				ex, ey := x.Apply(who, a), y.Apply(who, &a)
				if fmt.Sprint(ex) != fmt.Sprint(ey) || engine.HashHex(x) != engine.HashHex(y) {
					t.Fatalf("step %d: %v by %d: %v / %v as a pointer", step, a, who, ex, ey)
				}
			}
		}
		if err := m.Do(seat, b.Choose(m.State, seat)); err != nil {
			t.Fatal(err)
		}
	}
}
