package deck

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// heldShares opens cards 0..cards-1 to party 0 at a 4-party table and
// keeps party 1's and party 2's shares off the log: party 3's deck has
// none of them yet, and they are returned in card order, party 1's first.
func heldShares(t *testing.T, game uint64, cards int, challenge bool) (*table, []*ShareMsg) {
	tb := startTable(&table{t: t, left: map[int]bool{}, challengeProofs: challenge}, game, 4, 16)
	var held []*ShareMsg
	tb.drop = func(m Msg) bool {
		s, ok := m.(*ShareMsg)
		if ok && (s.Party == 1 || s.Party == 2) {
			held = append(held, s)
		}
		return ok && (s.Party == 1 || s.Party == 2)
	}
	for pos := range cards {
		tb.open(pos, 0)
	}
	slices.SortStableFunc(held, func(a, b *ShareMsg) int { return a.Party - b.Party })
	if len(held) != 2*cards {
		t.Fatalf("%d shares held, want %d", len(held), 2*cards)
	}
	return tb, held
}

// spoiled is s with one part of its statement or proof changed (kind
// 0..4): the response, R1, R2, D, or the card.
func spoiled(s *ShareMsg, kind int) *ShareMsg {
	bad := *s
	bad.Commit = new([2 * pointLen]byte)
	*bad.Commit = *s.Commit
	bump := func(b []byte) {
		P, _ := decPoint(b)
		copy(b, encPoint(add(P, base())))
	}
	switch kind {
	case 0:
		sc, _ := decScalar(s.Proof[scalarLen:])
		copy(bad.Proof[scalarLen:], encScalar(addS(sc, smallScalar(1))))
	case 1:
		bump(bad.Commit[:pointLen])
	case 2:
		bump(bad.Commit[pointLen:])
	case 3:
		bump(bad.D[:])
	case 4:
		bad.Pos = (s.Pos + 15) % 16 // a valid proof moved to another card
	}
	return &bad
}

// The batched check accepts exactly what the one-by-one check accepts:
// batches of valid shares (of two parties, of one) and batches with any
// number of spoiled shares, of every kind of spoiling, drawn at random.
func TestBatchAcceptsWhatOneByOneAccepts(t *testing.T) {
	tb, held := heldShares(t, 41, 8, false)
	d := tb.decks[3]
	for _, s := range held {
		if s.Commit == nil || !d.checkCommitted(s) {
			t.Fatalf("party %d's share of card %d: not a valid commitment-form share", s.Party, s.Pos)
		}
	}
	rnd := rand.New(rand.NewPCG(41, 1))
	accepted, refused := 0, 0
	for round := range 300 {
		n := 2 + rnd.IntN(len(held)-1)
		batch := make([]*ShareMsg, n)
		for i := range batch {
			batch[i] = held[rnd.IntN(len(held))]
		}
		if round%2 == 1 {
			for range 1 + rnd.IntN(3) {
				i := rnd.IntN(n)
				batch[i] = spoiled(batch[i], rnd.IntN(5))
			}
		}
		want := true
		for _, s := range batch {
			want = want && d.checkCommitted(s)
		}
		if got := d.checkBatch(batch); got != want {
			t.Fatalf("round %d: batch says %v, one by one %v", round, got, want)
		}
		if want {
			accepted++
		} else {
			refused++
		}
	}
	if accepted < 100 || refused < 100 {
		t.Fatalf("%d batches accepted, %d refused: the test did not cover both", accepted, refused)
	}
}

// The commitment form is the challenge form's proof sent otherwise: the
// same party's deck, from the same seed, makes the same D and response,
// and the challenge hashed from the commitments is the one it sent.
func TestCommittedShareIsTheChallengeProof(t *testing.T) {
	_, committed := heldShares(t, 42, 4, false)
	tb, challenge := heldShares(t, 42, 4, true)
	d := tb.decks[3]
	for i, s := range committed {
		c := challenge[i]
		cs, ok := d.decodeCommitted(s)
		if !ok || c.Commit != nil || s.D != c.D || [scalarLen]byte(s.Proof[scalarLen:]) != [scalarLen]byte(c.Proof[scalarLen:]) ||
			[scalarLen]byte(encScalar(cs.c)) != [scalarLen]byte(c.Proof[:scalarLen]) {
			t.Fatalf("share %d: the two forms differ beyond the challenge's place", i)
		}
	}
}

// ReceiveAll of a run with one spoiled share, at every place in the run
// and of every kind: refused, naming the share's party and card, with the
// shares before it taken and none after; the valid run is taken whole
// and opens the cards.
func TestReceiveAllNamesTheWrongShare(t *testing.T) {
	const cards = 5
	for k := range cards {
		tb, held := heldShares(t, 43, cards, false)
		run := held[:cards] // party 1's
		d := tb.decks[3]
		bad := slices.Clone(run)
		bad[k] = spoiled(run[k], k%5)
		ms := make([]Msg, len(bad))
		for i, s := range bad {
			ms[i] = s
		}
		_, err := d.ReceiveAll(ms)
		ce := asCheat(t, err, 1)
		if !strings.Contains(ce.What, fmt.Sprintf("share of card %d ", bad[k].Pos)) {
			t.Fatalf("spoiled share %d: the cheat says %q", k, ce.What)
		}
		for pos := range cards {
			if in := d.opens[pos].shares[1] != nil; in != (pos < k) {
				t.Fatalf("spoiled share %d: party 1's share of card %d in: %v", k, pos, in)
			}
		}
		for i, s := range run {
			ms[i] = s
		}
		if _, err := d.ReceiveAll(ms); err != nil {
			t.Fatal(err)
		}
		if _, err := tb.decks[0].ReceiveAll(append(ms, sharesAsMsgs(held[cards:])...)); err != nil {
			t.Fatal(err)
		}
		for pos := range cards {
			if tb.cardAt(0, pos) < 0 {
				t.Fatalf("card %d not opened to party 0 by the runs", pos)
			}
		}
	}
}

func sharesAsMsgs(ss []*ShareMsg) []Msg {
	ms := make([]Msg, len(ss))
	for i, s := range ss {
		ms[i] = s
	}
	return ms
}
