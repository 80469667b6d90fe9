package bot_test

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/enginetest"
	"tabula/engine/rng"
	"tabula/engine/sim"
)

func race(t testing.TB) engine.Game {
	t.Helper()
	g, err := engine.Lookup(enginetest.ID)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func newRace(t testing.TB, players int) *enginetest.State {
	t.Helper()
	st, err := engine.NewState(race(t), engine.Setup{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*enginetest.State)
}

func TestNewRefusesUnknownKind(t *testing.T) {
	if _, err := bot.New("clever", 1); err == nil {
		t.Fatal("unknown kind accepted")
	}
	for _, k := range bot.Kinds() {
		if b, err := bot.New(k, 1); err != nil || b == nil {
			t.Fatalf("kind %s: %v", k, err)
		}
	}
}

func encode(t testing.TB, a engine.Action) string {
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Over many whole games, every choice is one of Legal(seat) and applies.
func TestBotsChooseLegalActions(t *testing.T) {
	for _, kind := range bot.Kinds() {
		seeds := uint64(20)
		if strings.HasPrefix(kind, "mcts") {
			seeds = 1 // the search costs; mcts_test.go tests it further
		}
		for players := 2; players <= 4; players++ {
			for seed := uint64(0); seed < seeds; seed++ {
				st := newRace(t, players)
				b, _ := bot.New(kind, seed)
				src := rng.Seeded{Seed: seed}
				chance, steps := 0, 0
				for !st.Status().Over {
					if steps++; steps > 5000 {
						t.Fatalf("%s seed %d: game does not end", kind, seed)
					}
					s := st.Status()
					if s.Chance != nil {
						if err := st.Resolve(src.Outcome(chance, *s.Chance)); err != nil {
							t.Fatal(err)
						}
						chance++
						continue
					}
					seat := s.Deciders[steps%len(s.Deciders)]
					before := engine.HashHex(st)
					a := b.Choose(st, seat)
					if engine.HashHex(st) != before {
						t.Fatalf("%s: Choose changed the state", kind)
					}
					found := false
					for _, l := range st.Legal(seat) {
						found = found || encode(t, l) == encode(t, a)
					}
					if !found {
						t.Fatalf("%s seed %d: chose %s, not among %v", kind, seed, encode(t, a), st.Legal(seat))
					}
					if err := st.Apply(seat, a); err != nil {
						t.Fatalf("%s seed %d: chosen action refused: %v", kind, seed, err)
					}
				}
			}
		}
	}
}

func TestNoLegalActionGivesNil(t *testing.T) {
	st := newRace(t, 2)
	for _, kind := range bot.Kinds() {
		b, _ := bot.New(kind, 1)
		if a := b.Choose(st, 1); a != nil {
			t.Fatalf("%s chose %v for a seat that is not to act", kind, a)
		}
	}
	if err := st.Apply(0, enginetest.Action{Type: "roll"}); err != nil {
		t.Fatal(err)
	}
	for _, kind := range bot.Kinds() {
		b, _ := bot.New(kind, 1)
		if a := b.Choose(st, 0); a != nil {
			t.Fatalf("%s chose %v while the game waits on the die", kind, a)
		}
	}
}

// The same seeds replay the same games; another bot seed plays differently.
func TestDeterministic(t *testing.T) {
	g := race(t)
	play := func(seed uint64, kinds ...string) sim.Result {
		r := sim.Direct(sim.Spec{Game: g, Setup: engine.Setup{Players: 3}, Seed: seed, Bots: kinds, Record: true})
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		return r
	}
	for _, kinds := range [][]string{{"random"}, {"greedy"}, {"greedy", "random", "random"}, {"mcts-easy", "greedy", "random"}} {
		a, b := play(7, kinds...), play(7, kinds...)
		if a.Hash != b.Hash || a.Actions != b.Actions || string(a.Save.Encode()) != string(b.Save.Encode()) {
			t.Fatalf("%v: same seed, different games", kinds)
		}
	}
	// Same position, different bot seeds: the random bot's choices differ.
	st := newRace(t, 2)
	st.Hands[0] = []int{1, 2, 3}
	seq := func(seed uint64) string {
		b, _ := bot.New("random", seed)
		s := ""
		for range 20 {
			s += encode(t, b.Choose(st, 0))
		}
		return s
	}
	if seq(1) != seq(1) {
		t.Fatal("random bot with one seed is not repeatable")
	}
	if seq(1) == seq(2) {
		t.Fatal("random bot ignores its seed")
	}
}

// The one-decision rating is exact where outcomes are few: from the start,
// rolling is worth the mean die (3.5) and drawing half the mean card (1.0).
func TestGreedyRatesChanceByItsMean(t *testing.T) {
	st := newRace(t, 2)
	g := bot.NewGreedy(1)
	if r := g.Rate(st, 0, enginetest.Action{Type: "roll"}); r != 3.5 {
		t.Fatalf("roll rated %v, want 3.5", r)
	}
	if r := g.Rate(st, 0, enginetest.Action{Type: "draw"}); r != 1.0 {
		t.Fatalf("draw rated %v, want 1.0", r)
	}
	// The rival term: seat 1 at 4 costs seat 0 half of it.
	st.Pos[1] = 4
	if r := g.Rate(st, 0, enginetest.Action{Type: "roll"}); r != 1.5 {
		t.Fatalf("roll against a rival at 4 rated %v, want 1.5", r)
	}
	if r := g.Rate(st, 1, enginetest.Action{Type: "roll"}); !math.IsInf(r, -1) {
		t.Fatalf("an out-of-turn action rated %v, want -Inf", r)
	}
	if a := g.Choose(st, 0); a.Kind() != "roll" {
		t.Fatalf("greedy chose %s over roll", a.Kind())
	}
}

// Beyond Exhaustive outcomes the rating is a mean over sampled outcomes.
func TestGreedySamplesLargeChance(t *testing.T) {
	st := newRace(t, 2)
	g := bot.NewGreedy(3)
	g.Exhaustive, g.Samples = 0, 2000
	r := g.Rate(st, 0, enginetest.Action{Type: "roll"})
	if math.Abs(r-3.5) > 0.2 {
		t.Fatalf("sampled roll rated %v, want about 3.5", r)
	}
	g.Samples = 1
	if r := g.Rate(st, 0, enginetest.Action{Type: "roll"}); r != math.Trunc(r) || r < 1 || r > 6 {
		t.Fatalf("one sampled roll rated %v, want a die face", r)
	}
}

// A move that wins at once beats any evaluation, even a worse-looking one.
func TestGreedyTakesTheWin(t *testing.T) {
	st := newRace(t, 2)
	// Playing the 3 wins surely; rolling wins only on 3–6, though it
	// would keep the card and often go further.
	st.Pos[0] = enginetest.Goal - 3
	st.Hands[0] = []int{3}
	for seed := uint64(0); seed < 10; seed++ {
		if a := bot.NewGreedy(seed).Choose(st, 0); encode(t, a) != `{"type":"play","card":3}` {
			t.Fatalf("seed %d: chose %s instead of the winning card", seed, encode(t, a))
		}
	}
}

// scoresOnly hides Race's Evaluate: greedy must fall back to Scores.
type scoresOnly struct{ engine.State }

func (s scoresOnly) Clone() engine.State { return scoresOnly{s.State.Clone()} }

func TestGreedyFallsBackToScores(t *testing.T) {
	st := newRace(t, 2)
	st.Hands[0] = []int{3}
	g := bot.NewGreedy(1)
	// Evaluate counts a card in hand at half its value: rolling keeps the
	// 3 (1.5) and moves 3.5 on average.
	if r := g.Rate(st, 0, enginetest.Action{Type: "roll"}); r != 5 {
		t.Fatalf("roll rated %v with Evaluate, want 5", r)
	}
	// Scores count positions only.
	s := scoresOnly{st}
	if r := g.Rate(s, 0, enginetest.Action{Type: "play", Card: 3}); r != 3 {
		t.Fatalf("play 3 rated %v by Scores, want 3", r)
	}
	if r := g.Rate(s, 0, enginetest.Action{Type: "roll"}); r != 3.5 {
		t.Fatalf("roll rated %v by Scores, want 3.5", r)
	}
}

// idle is a game where seat 0 may "propose" (nothing measurable changes)
// or "end" (the turn passes): both rate the same.
type idle struct {
	Turn      engine.Seat `json:"turn"`
	Proposals int         `json:"proposals"`
}

type idleAction string

func (a idleAction) Kind() string { return string(a) }

func (s *idle) Status() engine.Status { return engine.Status{Deciders: []engine.Seat{s.Turn}} }
func (s *idle) Legal(seat engine.Seat) []engine.Action {
	if seat != s.Turn {
		return nil
	}
	var l []engine.Action
	for range 5 { // many proposals, one way on
		l = append(l, idleAction("propose"))
	}
	return append(l, idleAction("end"))
}
func (s *idle) Apply(seat engine.Seat, a engine.Action) error {
	if a == idleAction("end") {
		s.Turn = 1 - s.Turn
	} else {
		s.Proposals++
	}
	return nil
}
func (s *idle) Resolve(engine.Outcome) error { return engine.ErrNoChance }
func (s *idle) View(engine.Seat) any         { return s }
func (s *idle) Clone() engine.State          { c := *s; return &c }
func (s *idle) Scores() []int                { return []int{0, 0} }

// Equal ratings go to the action kind chosen least lately, so the bot ends
// its turn instead of proposing forever.
func TestGreedyDoesNotLoopOnTies(t *testing.T) {
	for seed := uint64(0); seed < 50; seed++ {
		g := bot.NewGreedy(seed)
		s := &idle{}
		for k := 0; s.Turn == 0; k++ {
			if k == 2 {
				t.Fatalf("seed %d: still proposing after %d decisions", seed, k)
			}
			a := g.Choose(s, 0)
			_ = s.Apply(0, a)
		}
	}
}

// winRate plays games greedy (seat alternating) against random bots and
// returns greedy's share of wins.
func winRate(t testing.TB, players, games int) float64 {
	g := race(t)
	wins := 0
	for i := range games {
		kinds := make([]string, players)
		for s := range kinds {
			kinds[s] = "random"
		}
		seat := i % players
		kinds[seat] = "greedy"
		r := sim.Direct(sim.Spec{Game: g, Setup: engine.Setup{Players: players}, Seed: uint64(1000 + i), Bots: kinds})
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		for _, w := range r.Winners {
			if int(w) == seat {
				wins++
			}
		}
	}
	return float64(wins) / float64(games)
}

// Greedy beats random clearly at Race. The games are fixed by their seeds,
// so the rates are exact numbers, not samples that could flake; the
// thresholds sit far below them and far above the fair share.
func TestGreedyBeatsRandom(t *testing.T) {
	for _, c := range []struct {
		players int
		min     float64
	}{{2, 0.75}, {4, 0.55}} {
		r := winRate(t, c.players, 400)
		t.Logf("%d players: greedy wins %.1f%% (fair share %.1f%%)", c.players, 100*r, 100/float64(c.players))
		if r < c.min {
			t.Fatalf("%d players: greedy won %.3f of games, want ≥ %.2f", c.players, r, c.min)
		}
	}
}

// indexedRace is Race with engine.IndexedLegal answered from Legal, and a
// count of the calls, so the test sees the bot take that path.
type indexedRace struct {
	*enginetest.State
	calls *int
}

func (x indexedRace) LegalCount(seat engine.Seat) int { *x.calls++; return len(x.Legal(seat)) }
func (x indexedRace) LegalAt(seat engine.Seat, i int) engine.Action {
	l := x.Legal(seat)
	if i < 0 || i >= len(l) {
		return nil
	}
	return l[i]
}
func (x indexedRace) Clone() engine.State {
	return indexedRace{x.State.Clone().(*enginetest.State), x.calls}
}

// The random bot picks the same action through IndexedLegal as through
// Legal, so a game plays the same either way.
func TestRandomPicksTheSameThroughIndexedLegal(t *testing.T) {
	for seed := uint64(0); seed < 10; seed++ {
		plain, ix := newRace(t, 3), newRace(t, 3)
		calls := 0
		wrapped := indexedRace{ix, &calls}
		bp, _ := bot.New("random", seed)
		bi, _ := bot.New("random", seed)
		src := rng.Seeded{Seed: seed}
		chance := 0
		for steps := 0; !plain.Status().Over; steps++ {
			if steps > 5000 {
				t.Fatal("game does not end")
			}
			s := plain.Status()
			if s.Chance != nil {
				o := src.Outcome(chance, *s.Chance)
				chance++
				if plain.Resolve(o) != nil || wrapped.Resolve(o) != nil {
					t.Fatal("outcome refused")
				}
				continue
			}
			seat := s.Deciders[0]
			a, b := bp.Choose(plain, seat), bi.Choose(wrapped, seat)
			if encode(t, a) != encode(t, b) {
				t.Fatalf("seed %d step %d: %s through Legal, %s through IndexedLegal", seed, steps, encode(t, a), encode(t, b))
			}
			if plain.Apply(seat, a) != nil || wrapped.Apply(seat, b) != nil {
				t.Fatal("chosen action refused")
			}
		}
		if calls == 0 {
			t.Fatal("the bot never used IndexedLegal")
		}
		if engine.HashHex(plain) != engine.HashHex(wrapped) {
			t.Fatalf("seed %d: the games differ", seed)
		}
	}
}
