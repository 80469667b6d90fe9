package p2p

import (
	"testing"

	"tabula/engine"
)

// A sealed device folds the entries it writes once, in their trial, and
// the others in place (agreed.go, appendOwn): its own game and the public
// game must be what folding every entry afresh gives. Whole 4-device
// games; each device's game and public game are replayed with every post
// checked (engine.Replay), and the trials' folds must have been taken.
func TestSealedOwnFoldsAsReplay(t *testing.T) {
	for _, game := range []string{"agricola", "catan"} {
		t.Run(game, func(t *testing.T) {
			n, bots := newGreedyNet(t, game, 21, true)
			playGreedy(t, n, bots)
			for s, p := range n.peers {
				reused := p.led.sealed.reused
				if reused < 20 {
					t.Errorf("seat %d took %d entries with their trial's fold", s, reused)
				}
				for name, m := range map[string]*engine.Match{"own": p.Match(), "public": p.led.sealed.public} {
					r, err := engine.Replay(m.Game, m.Setup, m.Entries)
					if err != nil {
						t.Fatalf("seat %d, %s game: %v", s, name, err)
					}
					if got, want := engine.HashHex(r.State), engine.HashHex(m.State); got != want || r.ChanceCount() != m.ChanceCount() {
						t.Fatalf("seat %d, %s game: replayed %s (%d chance), held %s (%d)", s, name, got[:12], r.ChanceCount(), want[:12], m.ChanceCount())
					}
				}
			}
			if err := CheckSealed(n.peers); err != nil {
				t.Fatal(err)
			}
		})
	}
}
