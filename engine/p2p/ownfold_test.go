package p2p

import (
	"testing"

	"tabula/engine"
)

// A sealed device folds the entries it writes once, in their trial, and
// the others in place (agreed.go, appendOwn, foldOwn): its own game and
// the public game must be what folding every entry afresh gives. Whole
// 4-device games; the trials' folds must have been taken (checkOwnFolds
// says the rest).
func TestSealedOwnFoldsAsReplay(t *testing.T) {
	for _, game := range []string{"agricola", "catan"} {
		t.Run(game, func(t *testing.T) {
			n, bots := newGreedyNet(t, game, 21, true)
			playGreedy(t, n, bots)
			for s, p := range n.peers {
				if reused := p.led.sealed.reused; reused < 20 {
					t.Errorf("seat %d took %d entries with their trial's fold", s, reused)
				}
			}
			checkOwnFolds(t, n, -1)
			if err := CheckSealed(n.peers); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// checkOwnFolds: every device of sealed game n but seat without holds its
// own game and the public game as replaying their entries gives
// (engine.Replay, which checks the public game's posts). Its own game
// records no post (its state hash is no other device's, and hashing it for
// nothing would cost a second hash an entry): its agreed hash after every
// entry is the public game's, and AgreedAt says so (the app's mirror spots
// a rollback by it).
func checkOwnFolds(t *testing.T, n *memnet, without int) {
	t.Helper()
	for s, p := range n.peers {
		if s == without {
			continue
		}
		pub := p.led.sealed.public
		if len(pub.Entries) != len(p.Match().Entries) {
			t.Fatalf("seat %d: %d public entries, %d own", s, len(pub.Entries), len(p.Match().Entries))
		}
		for i, e := range p.Match().Entries {
			if e.Post != "" {
				t.Fatalf("seat %d, entry %d: own post %.12s recorded", s, i+1, e.Post)
			}
			if got, want := p.AgreedAt(i+1), pub.Entries[i].Post; got != want || len(want) != 64 {
				t.Fatalf("seat %d, entry %d: AgreedAt %.12s, public post %.12s", s, i+1, got, want)
			}
		}
		for name, m := range map[string]*engine.Match{"own": p.Match(), "public": pub} {
			r, err := engine.Replay(m.Game, m.Setup, m.Entries)
			if err != nil {
				t.Fatalf("seat %d, %s game: %v", s, name, err)
			}
			if got, want := engine.HashHex(r.State), engine.HashHex(m.State); got != want || r.ChanceCount() != m.ChanceCount() {
				t.Fatalf("seat %d, %s game: replayed %s (%d chance), held %s (%d)", s, name, got[:12], r.ChanceCount(), want[:12], m.ChanceCount())
			}
		}
	}
}
