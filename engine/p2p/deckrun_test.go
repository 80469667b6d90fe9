package p2p

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/gtank/ristretto255"

	"tabula/engine/bot"
	"tabula/engine/deck"
)

// A deck entry's body: one message, or a run of two or more public shares
// of distinct cards; anything else is refused as malformed.
func TestDeckBody(t *testing.T) {
	share := func(pos int, d byte) *deck.ShareMsg { // D = (d+1)·G
		var k [64]byte
		k[0] = d + 1
		x := ristretto255.NewScalar()
		x.FromUniformBytes(k[:])
		m := &deck.ShareMsg{Party: 1, Pos: pos}
		copy(m.D[:], ristretto255.NewElement().ScalarBaseMult(x).Encode(nil))
		return m
	}
	one := deckBody(2, &deck.AuditMsg{Party: 1})
	if one[0] != 2 {
		t.Fatalf("one message: first byte %d, want the deck's index", one[0])
	}
	run := deckBody(3, share(5, 1), share(9, 2), share(7, 3))
	if run[0] != 3|deckRun {
		t.Fatalf("a run: first byte %#x", run[0])
	}
	i, ms, err := deckMsgs(run)
	if err != nil || i != 3 || len(ms) != 3 {
		t.Fatalf("run decoded as deck %d, %d messages, %v", i, len(ms), err)
	}
	for k, pos := range []int{5, 9, 7} {
		if m := ms[k].(*deck.ShareMsg); m.Pos != pos || m.D != share(0, byte(k+1)).D {
			t.Fatalf("share %d: %+v", k, m)
		}
	}
	if i, ms, err := deckMsgs(one); err != nil || i != 2 || len(ms) != 1 {
		t.Fatalf("one message decoded as deck %d, %d messages, %v", i, len(ms), err)
	}
	runOf := func(ms ...deck.Msg) []byte { // deckBody's run form, whatever ms holds
		b := []byte{deckRun}
		for _, m := range ms {
			enc := deck.Encode(m)
			b = append(append(b, byte(len(enc)>>8), byte(len(enc))), enc...)
		}
		return b
	}
	long := make([]deck.Msg, maxDeckRun+1)
	for k := range long {
		long[k] = share(k, 0)
	}
	for name, b := range map[string][]byte{
		"empty":                 {},
		"a run of one":          runOf(share(1, 0)),
		"an empty run":          {deckRun},
		"a card twice":          runOf(share(1, 0), share(1, 1)),
		"not a share":           runOf(share(1, 0), &deck.AuditMsg{Party: 1}),
		"cut short":             run[:len(run)-3],
		"a length past the end": append(append([]byte{}, run...), 0, 200, 1),
		"too long a run":        runOf(long...),
	} {
		if _, _, err := deckMsgs(b); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: %v, want ErrMalformed", name, err)
		}
	}
}

// A private draw of several cards: each party sends its shares of them
// in one entry. In a 4-device Agricola game the deal's shares come as
// runs, far fewer entries than shares, and the game ends alike everywhere
// with every device's knowledge checked at every entry.
func TestSealedSharesInRuns(t *testing.T) {
	n, bots := newGreedyNet(t, "agricola", 3, true)
	playGreedy(t, n, bots)
	n.sameLogs()
	n.noRejections()
	if err := CheckSealed(n.peers); err != nil {
		t.Fatal(err)
	}
	entries, shares, runs := 0, 0, 0
	for _, e := range n.peers[0].Entries() {
		if e.Kind != KindDeck {
			continue
		}
		_, ms, err := deckMsgs(e.Body)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := ms[0].(*deck.ShareMsg); !ok {
			continue
		}
		entries++
		shares += len(ms)
		if len(ms) > 1 {
			runs++
		}
	}
	// 56 cards dealt privately, each opened by the three other parties.
	if shares < 56*3 || runs == 0 || entries*4 > shares {
		t.Fatalf("%d shares in %d entries (%d runs)", shares, entries, runs)
	}
	t.Logf("%d shares in %d entries", shares, entries)
}

// A run with one wrong share among right ones (its DLEQ proof fails) is
// refused by every other device, which names the sender with the signed
// entry as the proof; the game goes on with the sender's true entry (its
// own log keeps it, and the others take it by sync) and ends alike.
func TestSealedWrongShareInRunCaught(t *testing.T) { wrongShareInRun(t, 1, false) }

// wrongShareInRun: the cheater's first run of shares (one that answers a
// draw, if answering, else one that does not) carries another card's
// share as its last; every other device names the cheater with that
// signed entry as the proof, and the game ends alike, checked.
func wrongShareInRun(t *testing.T, cheater int, answering bool) {
	n, bots := newGreedyNet(t, "agricola", 5, true)
	lied := false
	n.tamper = tamperOnce(n, cheater, &lied, func(e *Entry) bool {
		if e.Kind != KindDeck || e.Body[0]&deckRun == 0 || answersDraw(e.Body) != answering {
			return false
		}
		i, ms, err := deckMsgs(e.Body)
		if err != nil {
			t.Fatal(err)
		}
		last := *ms[len(ms)-1].(*deck.ShareMsg)
		last.D = ms[0].(*deck.ShareMsg).D // another card's share: its proof fails
		ms[len(ms)-1] = &last
		b := deckBody(i, ms...)
		b[0] |= e.Body[0] & deckAnswers
		e.Body = b
		return true
	})
	playGreedy(t, n, bots)
	if !lied {
		t.Fatalf("the cheater sent no run of shares (answering a draw: %v)", answering)
	}
	n.sameLogs()
	for s, c := range n.provedCheat(cheater) {
		var ce *deck.CheatError
		if c.proof.Kind != KindDeck || c.proof.Body[0]&deckRun == 0 || answersDraw(c.proof.Body) != answering ||
			!errors.As(c.Err, &ce) || ce.Party != slices.Index(n.peers[s].led.sealed.parties, cheater) {
			t.Fatalf("seat %d: the proof is not the run sent, or %v no deck cheat of the cheater", s, c.Err)
		}
	}
	if err := CheckSealed(n.peers); err != nil {
		t.Fatal(err)
	}
}

// playGreedy plays n to the end with bots, as BenchmarkEntryWork4 does.
func playGreedy(t *testing.T, n *memnet, bots []bot.Bot) {
	t.Helper()
	for steps := 0; steps < 5_000_000 && !(n.allOver() && len(n.queue) == 0) && n.now < 6*time.Hour; steps++ {
		n.step()
		greedyTurns(n, bots)
	}
	if !n.allOver() {
		t.Fatal("the game did not finish")
	}
}

// A sealed game whose log holds the deal's shares one an entry (as builds
// before runs wrote them) restores from a device's snapshot and goes on
// with runs; the game ends alike everywhere, every device's knowledge
// checked, and its file verifies with the audit and no cheat.
func TestSealedSingleSharesStillRestore(t *testing.T) {
	n, bots := newGreedyNet(t, "agricola", 4, true)
	runShares = 1
	defer func() { runShares = maxDeckRun }()
	shares := func() (single, runs int) {
		for _, e := range n.peers[0].Entries() {
			if e.Kind != KindDeck {
				continue
			}
			if _, ms, err := deckMsgs(e.Body); err == nil && len(ms) > 1 {
				runs++
			} else if _, ok := ms[0].(*deck.ShareMsg); err == nil && ok {
				single++
			}
		}
		return single, runs
	}
	restoredMidDeal(t, n, bots, func() bool { single, _ := shares(); return single >= 10 }, func() { runShares = maxDeckRun })
	single, runs := shares()
	if single < 10 || runs == 0 {
		t.Fatalf("the log holds %d single shares and %d runs", single, runs)
	}
	endsChecked(t, n)
}

// restoredMidDeal plays n until far is true, calls then (back to this
// build's way of writing), kills seat 2 and restores it from its snapshot,
// and plays the game to its end.
func restoredMidDeal(t *testing.T, n *memnet, bots []bot.Bot, far func() bool, then func()) {
	t.Helper()
	for steps := 0; steps < 1_000_000 && !far(); steps++ {
		n.step()
		greedyTurns(n, bots)
	}
	then()
	at, _ := n.peers[2].Head()
	n.killAndRestore(2, at)
	playGreedy(t, n, bots)
}

// endsChecked checks a sealed game played to its end: the same log
// everywhere, nothing refused, every device's knowledge checked, and its
// file verified with the audit and no cheat.
func endsChecked(t *testing.T, n *memnet) {
	t.Helper()
	n.sameLogs()
	n.noRejections()
	if err := CheckSealed(n.peers); err != nil {
		t.Fatal(err)
	}
	v := verified(t, n.peers[1])
	if v.Sealed == nil || !v.Sealed.Audited || len(v.Sealed.Cheats) != 0 {
		t.Fatalf("verified sealed part %+v", v.Sealed)
	}
}
