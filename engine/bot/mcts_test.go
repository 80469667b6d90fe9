package bot_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/burgundy"
	"tabula/engine/catan"
	"tabula/engine/enginetest"
	_ "tabula/engine/games"
)

// decisions plays a greedy game of id and keeps every every-th position
// where the seat to act has at least two choices, at most n of them.
func decisions(t *testing.T, id string, players int, seed uint64, every, n int) []engine.State {
	t.Helper()
	g, err := engine.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	st, err := engine.NewState(g, engine.Setup{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	gr := bot.NewGreedy(seed)
	var out []engine.State
	i := 0
	err = bot.Walk(st, []bot.Bot{gr, gr, gr, gr}, seed, 20000, func(st engine.State, seat engine.Seat) bool {
		if len(st.Legal(seat)) >= 2 {
			if i%every == every-1 {
				out = append(out, st.Clone())
			}
			i++
		}
		return len(out) < n
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// peek is a state that hides its Determinizer: a bot searching it reads
// the hidden cards.
type peek struct{ engine.State }

func (p peek) Clone() engine.State { return peek{p.State.Clone()} }
func (p peek) Evaluate(s engine.Seat) float64 {
	return p.State.(engine.Evaluator).Evaluate(s)
}

func viewJSON(t *testing.T, s engine.State, seat engine.Seat) string {
	t.Helper()
	b, err := json.Marshal(s.View(seat))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func searchOf(t *testing.T, s engine.State, seat engine.Seat) (engine.Action, string) {
	m, _ := bot.NewMCTS("easy", 42)
	a := m.ChooseMove(s, seat, 7)
	return a, fmt.Sprintf("%s %v %.6f", encode(t, a), m.Last.Visits, m.Last.Means)
}

// The search bot never reads what its seat cannot see: shown two
// positions its seat cannot tell apart (other hands and decks differ),
// it searches alike and chooses alike. The control: through a state that
// hides its Determinizer, the same bot reads the hidden cards and
// searches the twins differently.
func TestMCTSUsesOnlyItsView(t *testing.T) {
	for _, c := range []struct {
		game    string
		players int
	}{{catan.ID, 4}, {burgundy.ID, 2}} {
		differ, compared := 0, 0
		for i, s := range decisions(t, c.game, c.players, 11, 15, 4) {
			seat := s.Status().Deciders[0]
			twin := s.(bot.Determinizer).Determinize(seat, rand.New(rand.NewPCG(uint64(i), 5)))
			if viewJSON(t, s, seat) != viewJSON(t, twin, seat) {
				t.Fatalf("%s: the twin looks different to seat %d", c.game, seat)
			}
			if engine.HashHex(s) == engine.HashHex(twin) {
				continue // nothing hidden differs here
			}
			compared++
			a1, s1 := searchOf(t, s, seat)
			a2, s2 := searchOf(t, twin, seat)
			if s1 != s2 || encode(t, a1) != encode(t, a2) {
				t.Fatalf("%s position %d: the search depends on hidden cards:\n%s\n%s", c.game, i, s1, s2)
			}
			_, p1 := searchOf(t, peek{s}, seat)
			_, p2 := searchOf(t, peek{twin}, seat)
			if p1 != p2 {
				differ++
			}
		}
		if compared < 3 || differ == 0 {
			t.Fatalf("%s: %d twins compared, %d told apart by a peeking search: the test shows too little", c.game, compared, differ)
		}
	}
}

// One seed, one move number, one choice; the visits add up to the budget.
func TestMCTSRepeatable(t *testing.T) {
	s := decisions(t, catan.ID, 4, 2, 10, 1)[0]
	seat := s.Status().Deciders[0]
	_, a := searchOf(t, s, seat)
	_, b := searchOf(t, s, seat)
	if a != b {
		t.Fatalf("same seed, different searches:\n%s\n%s", a, b)
	}
	m, _ := bot.NewMCTS("easy", 42)
	m.ChooseMove(s, seat, 7)
	total := 0
	for _, v := range m.Last.Visits {
		total += v
	}
	if total != m.Last.Iterations || total == 0 {
		t.Fatalf("root visits %d, budget %d", total, m.Last.Iterations)
	}
}

// Pause is called between batches with the progress, and does not change
// the choice.
func TestMCTSPauses(t *testing.T) {
	s := decisions(t, burgundy.ID, 2, 4, 10, 1)[0]
	seat := s.Status().Deciders[0]
	_, plain := searchOf(t, s, seat)
	m, _ := bot.NewMCTS("easy", 42)
	var calls []int
	m.Pause = func(done, total int) { calls = append(calls, done) }
	m.PauseEvery = 5
	a := m.ChooseMove(s, seat, 7)
	if got := fmt.Sprintf("%s %v %.6f", encode(t, a), m.Last.Visits, m.Last.Means); got != plain {
		t.Fatalf("pausing changed the search:\n%s\n%s", got, plain)
	}
	var want []int
	for done := 5; done <= m.Iterations; done += 5 {
		want = append(want, done)
	}
	if len(want) < 2 || !slices.Equal(calls, want) {
		t.Fatalf("paused after %v, want %v", calls, want)
	}
}

// A card that reaches the goal wins at once; a roll only perhaps: the
// search plays the card.
func TestMCTSTakesTheWin(t *testing.T) {
	st := newRace(t, 2)
	st.Pos[0], st.Hands[0] = 17, []int{1, 3}
	m, _ := bot.NewMCTS("easy", 1)
	a := m.Choose(st, 0)
	if got := encode(t, a); got != `{"type":"play","card":3}` {
		t.Fatalf("chose %s", got)
	}
}

// BenchmarkMCTS: one decision per op, over positions of a greedy game
// (natively; the browser figures are in cmd/tabula's bot timing test):
//
//	go test -run '^$' -bench MCTS ./engine/bot
func BenchmarkMCTS(b *testing.B) {
	for _, c := range []struct {
		game    string
		players int
	}{{catan.ID, 4}, {burgundy.ID, 2}} {
		t := &testing.T{}
		pos := decisions(t, c.game, c.players, 5, 7, 12)
		for _, level := range []string{"easy", "normal", "hard"} {
			b.Run(c.game+"/"+level, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					s := pos[i%len(pos)]
					m, _ := bot.NewMCTS(level, uint64(i))
					m.ChooseMove(s, s.Status().Deciders[0], i)
				}
				b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/decision")
			})
		}
	}
}

// plain is a state that hides its Recycler (and keeps the rest), so the
// search copies it with Clone.
type plain struct{ engine.State }

func (p plain) Clone() engine.State { return plain{p.State.Clone()} }
func (p plain) Evaluate(s engine.Seat) float64 {
	return p.State.(engine.Evaluator).Evaluate(s)
}
func (p plain) Determinize(s engine.Seat, r *rand.Rand) engine.State {
	return plain{p.State.(bot.Determinizer).Determinize(s, r)}
}
func (p plain) SearchHorizon() int { return p.State.(bot.Horizoner).SearchHorizon() }

// Recycling copies (Burgundy's CloneInto) changes nothing the search
// finds.
func TestMCTSRecyclesLikeClones(t *testing.T) {
	pos := decisions(t, burgundy.ID, 2, 8, 9, 3)
	if _, ok := pos[0].(bot.Recycler); !ok {
		t.Fatal("Burgundy is no Recycler")
	}
	for _, s := range pos {
		seat := s.Status().Deciders[0]
		_, a := searchOf(t, s, seat)
		_, b := searchOf(t, plain{s}, seat)
		if a != b {
			t.Fatalf("recycled and cloned searches differ:\n%s\n%s", a, b)
		}
	}
}

// Every registered game that is a Determinizer passes CheckDeterminizer
// along a greedy game (the Catan expansions share the base game's, which
// must keep their views too).
func TestDeterminizersKeepViews(t *testing.T) {
	checked := 0
	for _, id := range engine.Games() {
		g, _ := engine.Lookup(id)
		players := max(g.MinPlayers(), min(3, g.MaxPlayers()))
		for i, s := range decisions(t, id, players, 3, 9, 5) {
			d, ok := s.(bot.Determinizer)
			if !ok {
				break // nothing hidden, or not yet drawn
			}
			seat := s.Status().Deciders[0]
			other := d.Determinize(seat, rand.New(rand.NewPCG(uint64(i), 9)))
			if err := bot.CheckDeterminizer(s, seat, other, 1, 2); err != nil {
				t.Fatalf("%s position %d: %v", id, i, err)
			}
			checked++
		}
	}
	if checked < 15 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// counting is a state whose game asks for a playout horizon (Horizoner)
// and that counts the actions applied to it and its copies.
type counting struct {
	engine.State
	horizon int
	applied *int
}

func (c counting) Clone() engine.State { return counting{c.State.Clone(), c.horizon, c.applied} }
func (c counting) SearchHorizon() int  { return c.horizon }
func (c counting) Apply(s engine.Seat, a engine.Action) error {
	*c.applied++
	return c.State.Apply(s, a)
}

// The game's horizon (Horizoner) bounds the playouts when the bot sets
// none: a horizon of 1 action per seat applies far fewer actions than the
// default, and a bot's own Horizon overrides the game's.
func TestGameHorizon(t *testing.T) {
	s := decisions(t, "catan", 4, 3, 11, 1)[0]
	seat := s.Status().Deciders[0]
	applied := func(horizon, own int) int {
		n := 0
		m, _ := bot.NewMCTS("easy", 7)
		m.Horizon = own
		m.ChooseMove(counting{s, horizon, &n}, seat, 0)
		return n
	}
	def, short := applied(0, 0), applied(1, 0)
	if short*2 > def {
		t.Fatalf("%d actions applied with the game's horizon of 1 a seat, %d with the default", short, def)
	}
	if own := applied(1, bot.HorizonPerSeat*4); own*2 < def {
		t.Fatalf("the bot's own horizon gave way to the game's: %d actions, %d by default", own, def)
	}
}

// mirage is a Race whose determinisations deal seat 0 the card that wins
// at once, which its real hand lacks: as a determinisation of a real game
// may let the seat make a move the real state refuses (Cities & Knights
// dealing the others new hidden hands, where a Commercial Harbor then
// finds an opponent with a commodity).
type mirage struct{ *enginetest.State }

func (m mirage) Determinize(seat engine.Seat, r *rand.Rand) engine.State {
	d := m.State.Clone().(*enginetest.State)
	d.Hands[0] = append(slices.Clone(d.Hands[0]), 3)
	return d
}

// The search chooses among the real state's moves: a move only its
// determinisations allow (however good there) is never its answer.
// Before, the root took such moves as it met them in the determinised
// games, and a 400-game Cities & Knights run lost a game to a refused
// Commercial Harbor.
func TestMCTSChoosesOnlyRealMoves(t *testing.T) {
	st := newRace(t, 2)
	st.Pos[0], st.Hands[0] = 17, []int{1}
	m, _ := bot.NewMCTS("easy", 1)
	a := m.Choose(mirage{st}, 0)
	legal := false
	for _, l := range st.Legal(0) {
		legal = legal || encode(t, l) == encode(t, a)
	}
	if !legal {
		t.Fatalf("chose %s, which the real state refuses (searched %v, visits %v)", encode(t, a), encodeAll(t, m.Last.Actions), m.Last.Visits)
	}
}

func encodeAll(t *testing.T, as []engine.Action) []string {
	var out []string
	for _, a := range as {
		out = append(out, encode(t, a))
	}
	return out
}
