package catan

import (
	"testing"

	"tabula/engine"
)

// checkIndexedLegal checks that LegalCount, LegalAt and ActionAt describe
// exactly the list of LegalActions (and Legal), for every seat and one
// beyond either end.
func checkIndexedLegal(t testing.TB, s *State) {
	t.Helper()
	for seat := engine.Seat(-1); int(seat) <= MaxPlayers; seat++ {
		list := s.LegalActions(seat, nil)
		if n := s.LegalCount(seat); n != len(list) {
			t.Fatalf("phase %v seat %d: LegalCount %d, %d legal actions %v", s.Phase, seat, n, len(list), list)
		}
		if n := len(s.Legal(seat)); n != len(list) {
			t.Fatalf("phase %v seat %d: Legal has %d, LegalActions %d", s.Phase, seat, n, len(list))
		}
		for i, want := range list {
			if got := s.LegalAt(seat, i); got != want {
				t.Fatalf("phase %v seat %d: LegalAt(%d) = %v, want %v", s.Phase, seat, i, got, want)
			}
			if got, ok := s.ActionAt(seat, i); !ok || got != want {
				t.Fatalf("phase %v seat %d: ActionAt(%d) = %v %v, want %v", s.Phase, seat, i, got, ok, want)
			}
		}
		for _, i := range []int{-1, len(list), len(list) + 7} {
			if got := s.LegalAt(seat, i); got != nil {
				t.Fatalf("phase %v seat %d: LegalAt(%d) of %d = %v, want nil", s.Phase, seat, i, len(list), got)
			}
			if _, ok := s.ActionAt(seat, i); ok {
				t.Fatalf("phase %v seat %d: ActionAt(%d) of %d found an action", s.Phase, seat, i, len(list))
			}
		}
	}
}

// The indexed enumeration (engine.IndexedLegal) is the legal list, in
// every position of whole random games: founding, discards on a 7, trades,
// Road Building, cities (both boards, strict phases on some).
func TestIndexedLegalIsTheLegalList(t *testing.T) {
	var _ engine.IndexedLegal = (*State)(nil)
	games := 6
	if testing.Short() {
		games = 2
	}
	phases := map[Phase]int{}
	for g := 0; g < games; g++ {
		opts := map[string]string{OptBoard: BoardRandom}
		if g%2 == 1 {
			opts[OptStrictPhases] = "true"
		}
		s, err := NewState(engine.Setup{Players: 3 + g%2, Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		playRandomGame(t, s, uint64(70+g), 2000, func() {
			phases[s.Phase]++
			checkIndexedLegal(t, s)
		})
	}
	for _, p := range []Phase{PhaseFoundSettlement, PhaseFoundRoad, PhaseRoll, PhaseDiscard, PhaseRobber,
		PhaseRob, PhaseMain, PhaseRoadBuilding, PhaseTradeOffer, PhaseTradeConfirm} {
		if phases[p] == 0 {
			t.Errorf("no position in phase %v was checked", p)
		}
	}
}
