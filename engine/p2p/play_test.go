package p2p

import (
	"testing"
	"time"

	"tabula/engine"
)

func TestPlayersFinishRaceIdentically(t *testing.T) {
	for players := 2; players <= 4; players++ {
		for seed := uint64(1); seed <= 3; seed++ {
			n := newMemnet(t, seed, players)
			if !n.run(10 * time.Minute) {
				t.Fatalf("%d players seed %d: game did not finish (now %v)", players, seed, n.now)
			}
			n.sameLogs()
			n.noRejections()
			seq, _ := n.peers[0].Head()
			if seq < 10 {
				t.Fatalf("suspiciously short game: %d entries", seq)
			}
			for s := range n.peers {
				if n.count(s, EvGenesis) != 1 || n.count(s, EvOver) != 1 {
					t.Fatalf("seat %d: genesis %d over %d events", s, n.count(s, EvGenesis), n.count(s, EvOver))
				}
			}
			// The p2p log replays to the same engine log as a plain Match.
			m := n.peers[1].Match()
			r, err := engine.Replay(m.Game, m.Setup, m.Entries)
			if err != nil || engine.HashHex(r.State) != engine.HashHex(m.State) {
				t.Fatalf("replay: %v", err)
			}
		}
	}
}
