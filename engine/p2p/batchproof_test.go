package p2p

import (
	"testing"

	"tabula/engine/deck"
)

// A sealed game whose log holds shares with their proofs in the challenge
// form (as builds before batched checks wrote them) restores from a
// device's snapshot in the middle of the deal and goes on in the
// commitment form (the other devices, started before, keep the old form):
// the restored device takes its own old shares from the log as its own,
// every device checks both forms, the game ends alike
// everywhere, every device's knowledge checked, and its file verifies
// with the audit and no cheat.
func TestSealedChallengeProofsStillRestore(t *testing.T) {
	challengeProofs = true
	defer func() { challengeProofs = false }()
	n, bots := newGreedyNet(t, "agricola", 5, true)
	forms := func(seat int) (challenge, committed int) {
		for _, e := range n.peers[0].Entries() {
			if e.Kind != KindDeck || e.Author != seat {
				continue
			}
			_, ms, err := deckMsgs(e.Body)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range ms {
				if s, ok := m.(*deck.ShareMsg); ok && s.Commit == nil {
					challenge++
				} else if ok {
					committed++
				}
			}
		}
		return challenge, committed
	}
	restoredMidDeal(t, n, bots, func() bool { old, _ := forms(2); return old >= 7 }, func() { challengeProofs = false })
	old, fresh := forms(2)
	if others, _ := forms(1); old < 7 || fresh == 0 || others == 0 {
		t.Fatalf("the restored seat wrote %d shares in the challenge form and %d in the commitment form; seat 1 %d in the challenge form", old, fresh, others)
	}
	endsChecked(t, n)
}
