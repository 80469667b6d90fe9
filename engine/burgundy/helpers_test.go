package burgundy

import (
	"fmt"
	"testing"

	"tabula/engine"
	"tabula/engine/rng"
)

// newTestGame starts a game with seat 0 first and all-zero draws, then rolls
// the first round's dice as given (one pair per seat, then the white die).
func newTestGame(t testing.TB, players int, dice ...int) *State {
	t.Helper()
	st, err := Game{}.New(engine.Setup{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	mustResolve(t, s, zeros(len(s.Status().Chance.Ranges)))
	mustResolve(t, s, zeros(len(s.Status().Chance.Ranges)))
	if len(dice) == 0 {
		for i := 0; i < 2*players+1; i++ {
			dice = append(dice, 1)
		}
	}
	roll(t, s, dice...)
	return s
}

func zeros(n int) engine.Outcome { return make(engine.Outcome, n) }

func mustResolve(t testing.TB, s *State, o engine.Outcome) {
	t.Helper()
	if err := s.Resolve(o); err != nil {
		t.Fatalf("resolve %v: %v", o, err)
	}
}

// roll answers a dice request with faces 1–6.
func roll(t testing.TB, s *State, faces ...int) {
	t.Helper()
	o := make(engine.Outcome, len(faces))
	for i, f := range faces {
		o[i] = f - 1
	}
	mustResolve(t, s, o)
}

func mustApply(t testing.TB, s *State, seat engine.Seat, a Action) {
	t.Helper()
	if err := s.Apply(seat, a); err != nil {
		t.Fatalf("apply %v by %d: %v", a, seat, err)
	}
}

// mustRefuse checks that a is illegal and that the state hash is unchanged.
func mustRefuse(t testing.TB, s *State, seat engine.Seat, a Action) error {
	t.Helper()
	before := engine.HashHex(s)
	err := s.Apply(seat, a)
	if err == nil {
		t.Fatalf("apply %v by %d: accepted, want refusal", a, seat)
	}
	if after := engine.HashHex(s); after != before {
		t.Fatalf("refused %v changed the state", a)
	}
	return err
}

// findTile returns an unused catalogue tile matching pred, taken out of
// whatever supply holds it (tests build positions with it).
func findTile(t testing.TB, s *State, pred func(TileInfo) bool) int {
	t.Helper()
	for c := range s.Stacks {
		for i, id := range s.Stacks[c] {
			if pred(catalogue[id]) {
				s.Stacks[c] = append(s.Stacks[c][:i], s.Stacks[c][i+1:]...)
				return id
			}
		}
	}
	for i, id := range s.BlackStack {
		if pred(catalogue[id]) {
			s.BlackStack = append(s.BlackStack[:i], s.BlackStack[i+1:]...)
			return id
		}
	}
	for d := 1; d <= 6; d++ {
		for i, sp := range s.Depots[d].Spaces {
			if sp.Tile != 0 && pred(catalogue[sp.Tile]) {
				s.Depots[d].Spaces[i].Tile = 0
				return sp.Tile
			}
		}
	}
	t.Fatal("no such tile left in the supply")
	return 0
}

func building(b BuildingKind) func(TileInfo) bool {
	return func(t TileInfo) bool { return t.Colour == Building && t.Building == b }
}
func colour(c Colour) func(TileInfo) bool {
	return func(t TileInfo) bool { return t.Colour == c }
}
func knowledge(n int) func(TileInfo) bool {
	return func(t TileInfo) bool { return t.Knowledge == n }
}
func animal(k AnimalKind, n int) func(TileInfo) bool {
	return func(t TileInfo) bool { return t.Animal == k && t.Animals == n }
}

// put places a tile from the supply directly on seat's estate (no effects).
func put(t testing.TB, s *State, seat engine.Seat, space int, pred func(TileInfo) bool) int {
	t.Helper()
	id := findTile(t, s, pred)
	s.Seats[seat].Estate[space] = id
	return id
}

// give puts a tile from the supply into seat's storage.
func give(t testing.TB, s *State, seat engine.Seat, pred func(TileInfo) bool) int {
	t.Helper()
	id := findTile(t, s, pred)
	s.Seats[seat].Storage = append(s.Seats[seat].Storage, id)
	return id
}

// checkInvariants is the game's own invariant check (invariants.go).
func checkInvariants(s *State) error { return s.CheckInvariants() }

// randomPlay drives a whole game with a seeded chance source and a policy
// choosing among the legal actions; it returns the match and the number of
// actions taken.
func randomPlay(t testing.TB, players int, seed uint64, check bool) (*engine.Match, int) {
	t.Helper()
	m, err := engine.NewMatch(Game{}, engine.Setup{Players: players}, rng.Seeded{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	pick := rng.NewStream([]byte(fmt.Sprintf("policy/%d", seed)))
	actions := 0
	for !m.State.Status().Over {
		st := m.State.Status()
		if len(st.Deciders) != 1 {
			t.Fatalf("deciders %v", st.Deciders)
		}
		seat := st.Deciders[0]
		legal := m.State.Legal(seat)
		if len(legal) == 0 {
			t.Fatalf("no legal action for seat %d in %v", seat, m.State)
		}
		a := legal[pick.Intn(len(legal))]
		if err := m.Do(seat, a); err != nil {
			t.Fatalf("legal action %v refused: %v", a, err)
		}
		actions++
		if check {
			if err := checkInvariants(m.State.(*State)); err != nil {
				t.Fatalf("after %v: %v", a, err)
			}
		}
		if actions > 5000 {
			t.Fatal("game does not end")
		}
	}
	return m, actions
}

// myTurn makes seat the player on turn with the given dice, unused.
func myTurn(t testing.TB, s *State, seat engine.Seat, d1, d2 int) *Player {
	t.Helper()
	for i, o := range s.Order {
		if o == seat {
			s.Turn = i
		}
	}
	p := &s.Seats[seat]
	p.Dice = [2]int{d1, d2}
	p.Used = [2]bool{}
	p.Bought = false
	if s.Current() != seat {
		t.Fatalf("seat %d is not on turn", seat)
	}
	return p
}

// hasOption reports whether a is among seat's legal actions.
func hasOption(s *State, seat engine.Seat, a Action) bool {
	for _, o := range s.Options(seat) {
		if o == a {
			return true
		}
	}
	return false
}

// finishTurn uses the remaining dice of the current player to take workers
// and ends the turn.
func finishTurn(t testing.TB, s *State) {
	t.Helper()
	seat := s.Current()
	p := &s.Seats[seat]
	for i := 0; i < 2; i++ {
		if !p.Used[i] {
			mustApply(t, s, seat, TakeWorkers(p.Dice[i]))
		}
	}
	if s.Stage == StagePlay && s.Current() == seat && len(s.Pending) == 0 {
		mustApply(t, s, seat, EndTurn())
	}
}

// balanceGoods takes goods out of (or back into) the face-down stack so that
// a hand-built position keeps 42 goods tiles in all.
func balanceGoods(t testing.TB, s *State) {
	t.Helper()
	total := 0
	for k := 1; k <= 6; k++ {
		total += s.GoodsStack[k]
	}
	for _, k := range s.RoundGoods {
		if k != 0 {
			total++
		}
	}
	for d := 1; d <= 6; d++ {
		total += depotGoods(&s.Depots[d])
	}
	for _, p := range s.Seats {
		for k := 1; k <= 6; k++ {
			total += p.Goods[k] + p.Sold[k]
		}
	}
	for k := 1; total > 42 && k <= 6; k++ {
		for total > 42 && s.GoodsStack[k] > 0 {
			s.GoodsStack[k]--
			total--
		}
	}
	for total < 42 {
		s.GoodsStack[1]++
		total++
	}
	if total != 42 {
		t.Fatal("cannot balance goods")
	}
}
