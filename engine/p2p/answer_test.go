package p2p

import (
	"crypto/ed25519"
	"errors"
	"testing"

	"tabula/engine/deck"
)

// drawAnswers counts seat 0's log's hidden draws of a deck answered by a
// hidden entry and by the deck entry of their last shares (deckAnswers).
func drawAnswers(t *testing.T, n *memnet) (hidden, byShares int) {
	t.Helper()
	for _, e := range n.peers[0].Entries() {
		switch {
		case e.Kind == KindHidden:
			hidden++
		case e.Kind == KindDeck && answersDraw(e.Body):
			if _, ms, err := deckMsgs(e.Body); err != nil || !allShares(ms) {
				t.Fatalf("a deck entry answering a draw holds %v (%v)", ms, err)
			}
			byShares++
		}
	}
	return hidden, byShares
}

func allShares(ms []deck.Msg) bool {
	for _, m := range ms {
		if _, ok := m.(*deck.ShareMsg); !ok {
			return false
		}
	}
	return true
}

// A hidden draw is answered by the entry of its last shares: in a 4-device
// Agricola game each of the deal's 8 draws is (no hidden entry is left),
// and the game ends alike everywhere, every device's knowledge checked and
// its file verified with the audit.
func TestSealedDrawAnsweredByItsLastShares(t *testing.T) {
	n, bots := newGreedyNet(t, "agricola", 6, true)
	playGreedy(t, n, bots)
	endsChecked(t, n)
	if hidden, byShares := drawAnswers(t, n); hidden != 0 || byShares != 8 {
		t.Fatalf("%d draws answered by a hidden entry, %d by their last shares; want 0 and the deal's 8", hidden, byShares)
	}
}

// A log written before (a hidden entry after a draw's last shares) still
// applies and restores: a device restored in the middle of such a deal
// goes on answering draws with their last shares, and the game ends alike
// everywhere, checked and verified.
func TestSealedHiddenEntriesStillRestore(t *testing.T) {
	answerWithShares = false
	defer func() { answerWithShares = true }()
	n, bots := newGreedyNet(t, "agricola", 7, true)
	restoredMidDeal(t, n, bots, func() bool { hidden, _ := drawAnswers(t, n); return hidden >= 3 }, func() { answerWithShares = true })
	hidden, byShares := drawAnswers(t, n)
	if hidden < 3 || byShares == 0 || hidden+byShares != 8 {
		t.Fatalf("%d draws answered by a hidden entry, %d by their last shares", hidden, byShares)
	}
	endsChecked(t, n)
}

// The last shares of a draw, answering it, with one share wrong (its DLEQ
// proof fails): every other device refuses the entry and names its author
// with the signed entry, answer and all, as the proof; the game goes on
// with the author's true entry and ends alike.
func TestSealedWrongShareInAnsweringRunCaught(t *testing.T) {
	wrongShareInRun(t, 3, true) // seat 3 owes the last shares of seat 0's draws
}

// An entry answering a draw is refused when the draw still waits after
// it, or when its post is not the public game's after the answer; the
// last shares without the answer are refused when their post is the
// answer's. Each is checked on a device's log replayed to just before the
// entry, where the true entry is then taken.
func TestSealedAnswerRefused(t *testing.T) {
	n, bots := newGreedyNet(t, "agricola", 8, true)
	playGreedy(t, n, bots)
	var first, last *Entry // of the first draw: a run that does not answer it, and the one that does
	for _, e := range n.peers[0].Entries() {
		if e.Kind != KindDeck || e.Body[0]&deckRun == 0 {
			continue
		}
		if answersDraw(e.Body) {
			last = &e
			break
		}
		if first == nil {
			first = &e
		}
	}
	if first == nil || last == nil {
		t.Fatal("no runs of the first draw")
	}
	p := n.peers[(last.Author+1)%4]
	lie := func(e Entry, change func(e *Entry)) Entry {
		e.Body = append([]byte(nil), e.Body...)
		change(&e)
		e.Sig = ed25519.Sign(n.peers[e.Author].priv, e.signBytes())
		return e
	}
	for _, c := range []struct {
		name string
		true Entry
		lie  Entry
		want error
	}{
		{"answers a draw that still waits", *first, lie(*first, func(e *Entry) { e.Body[0] |= deckAnswers }), ErrOutOfTurn},
		{"a post other than the answer's", *last, lie(*last, func(e *Entry) { e.Post = p.led.entries[last.Seq-2].Post }), ErrBadPost},
		{"the last shares without the answer", *last, lie(*last, func(e *Entry) { e.Body[0] &^= deckAnswers }), ErrBadPost},
	} {
		led, err := p.replayTo(c.true.Seq - 1)
		if err != nil {
			t.Fatal(err)
		}
		if err := led.apply(c.lie); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
		if err := led.apply(c.true); err != nil {
			t.Errorf("%s: the true entry after the refused one: %v", c.name, err)
		}
	}
}
