package catan

import (
	"fmt"
	"testing"

	"tabula/engine"
	"tabula/engine/rng"
)

// randomPlayer is the uniformly random legal-action policy of these tests
// (the real bots live in engine/bot): at each step a random seat among the
// deciders picks a uniformly random action among its legal ones.
type randomPlayer struct {
	r   splitMix
	buf []Action
	dec []engine.Seat
}

func newRandomPlayer(seed uint64) *randomPlayer {
	return &randomPlayer{r: splitMix(seed)}
}

// splitMix is a small fast PRNG for the test policy (SplitMix64).
type splitMix uint64

func (r *splitMix) next() uint64 {
	*r += 0x9e3779b97f4a7c15
	z := uint64(*r)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// IntN is in [0, n) (multiply-shift; the bias is far below what a test
// policy could notice).
func (r *splitMix) IntN(n int) int {
	if n <= 1 {
		return 0
	}
	return int((r.next() >> 32) * uint64(n) >> 32)
}

func (rp *randomPlayer) pick(s *State) (engine.Seat, Action, bool) {
	rp.dec = s.deciders(rp.dec[:0])
	if len(rp.dec) == 0 {
		return 0, Action{}, false
	}
	seat := rp.dec[0]
	if len(rp.dec) > 1 {
		seat = rp.dec[rp.r.IntN(len(rp.dec))]
	}
	rp.buf = s.LegalActions(seat, rp.buf[:0])
	if len(rp.buf) == 0 {
		return seat, Action{}, false
	}
	return seat, rp.buf[rp.r.IntN(len(rp.buf))], true
}

// playRandomGame plays s to the end with seeded chance; it returns the
// number of actions and chance outcomes. step, if set, runs after each.
func playRandomGame(tb testing.TB, s *State, seed uint64, maxTurns int, step func()) (actions, chances int) {
	src := rng.Seeded{Seed: seed}
	rp := newRandomPlayer(seed)
	var rbuf [32]int
	for s.Phase != PhaseOver {
		if s.isChance() {
			kind, ranges := s.appendChance(rbuf[:0])
			if err := s.Resolve(src.Outcome(chances, engine.ChanceRequest{Kind: kind, Ranges: ranges})); err != nil {
				tb.Fatalf("resolve %s: %v", kind, err)
			}
			chances++
		} else {
			seat, a, ok := rp.pick(s)
			if !ok {
				tb.Fatalf("phase %v: nobody can act (deciders %v)", s.Phase, s.Status().Deciders)
			}
			if err := s.Do(seat, a); err != nil {
				tb.Fatalf("legal action %v of seat %d refused: %v", a, seat, err)
			}
			actions++
		}
		if step != nil {
			step()
		}
		if s.Turn > maxTurns {
			tb.Fatalf("no winner after %d turns", maxTurns)
		}
	}
	return actions, chances
}

func TestRandomGamesFinishWithAWinner(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	totalTurns, totalActions := 0, 0
	for g := 0; g < games; g++ {
		players := 3 + g%2
		board := BoardBeginner
		if g%3 != 0 {
			board = BoardRandom
		}
		s, err := NewState(engine.Setup{Players: players, Options: map[string]string{OptBoard: board}})
		if err != nil {
			t.Fatal(err)
		}
		n, _ := playRandomGame(t, s, uint64(1000+g), 2000, nil)
		checkInvariants(t, s)
		st := s.Status()
		if !st.Over || len(st.Winners) != 1 {
			t.Fatalf("game %d: status %+v", g, st)
		}
		w := int(st.Winners[0])
		if s.Points(w) < WinningPoints || int(s.Active) != w {
			t.Fatalf("game %d: winner %d has %d points, active %d", g, w, s.Points(w), s.Active)
		}
		if sc := s.Scores(); sc[w] != s.Points(w) {
			t.Fatalf("final scores %v", sc)
		}
		totalTurns += s.Turn
		totalActions += n
	}
	t.Logf("%d games: %.0f turns, %.0f actions per game", games, float64(totalTurns)/float64(games), float64(totalActions)/float64(games))
}

// Determinism: the same seed and the same actions give the same final
// hash, through engine.Match, a replay of its log and a save file.
func TestDeterminism(t *testing.T) {
	setup := engine.Setup{Game: ID, Players: 4, Options: map[string]string{OptBoard: BoardRandom}}
	run := func() *engine.Match {
		m, err := engine.NewMatch(Game{}, setup, rng.Seeded{Seed: 77})
		if err != nil {
			t.Fatal(err)
		}
		rp := newRandomPlayer(5)
		for i := 0; i < 3000 && !m.State.Status().Over; i++ {
			seat, a, ok := rp.pick(m.State.(*State))
			if !ok {
				t.Fatal("stuck")
			}
			if err := m.Do(seat, a); err != nil {
				t.Fatal(err)
			}
		}
		return m
	}
	a, b := run(), run()
	ha, hb := engine.HashHex(a.State), engine.HashHex(b.State)
	if ha != hb || len(a.Entries) != len(b.Entries) {
		t.Fatalf("two runs differ: %s vs %s", ha, hb)
	}
	r, err := engine.Replay(Game{}, setup, a.Entries)
	if err != nil {
		t.Fatal(err)
	}
	if engine.HashHex(r.State) != ha {
		t.Fatal("replay differs")
	}
	save := engine.NewSave(a, []engine.SeatInfo{{Name: "a"}, {Name: "b"}, {Name: "c"}, {Name: "d"}}, engine.ChanceInfo{}, nil)
	m, _, err := engine.Load(save.Encode())
	if err != nil {
		t.Fatal(err)
	}
	if engine.HashHex(m.State) != ha {
		t.Fatal("loaded game differs")
	}
	// A rewind to the middle and forward again reaches the same state.
	mid := len(a.Entries) / 2
	if err := r.Rewind(mid); err != nil {
		t.Fatal(err)
	}
	for _, e := range a.Entries[mid:] {
		if err := r.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	if engine.HashHex(r.State) != ha {
		t.Fatal("rewind and re-append differ")
	}
}

// TestPinnedGameHash pins the final hash of one seeded game: it changes
// only when the rules or the state encoding change (then bump
// RulesVersion), and it must be the same natively and under wasm.
func TestPinnedGameHash(t *testing.T) {
	s, _ := NewState(engine.Setup{Players: 4, Options: map[string]string{OptBoard: BoardRandom}})
	actions, chances := playRandomGame(t, s, 2024, 2000, nil)
	got := fmt.Sprintf("%s %d %d %d", engine.HashHex(s)[:16], actions, chances, s.Winner)
	const want = "c083e87672ddb9e8 1516 258 0"
	if got != want {
		t.Fatalf("pinned game: got %q, want %q", got, want)
	}
}
