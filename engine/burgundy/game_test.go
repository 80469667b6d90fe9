package burgundy

import (
	"testing"
)

func TestRandomGames(t *testing.T) {
	for players := 2; players <= 4; players++ {
		for seed := uint64(1); seed <= 3; seed++ {
			m, n := randomPlay(t, players, seed, true)
			s := m.State.(*State)
			t.Logf("%dp seed %d: %d actions, scores %v winners %v", players, seed, n, s.Scores(), s.Winners)
		}
	}
}
