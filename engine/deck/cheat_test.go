package deck

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

// asCheat returns err as a *CheatError naming party, or fails.
func asCheat(t *testing.T, err error, party int) *CheatError {
	t.Helper()
	var ce *CheatError
	if !errors.As(err, &ce) {
		t.Fatalf("want a cheat by party %d, got %v", party, err)
	}
	if ce.Party != party {
		t.Fatalf("cheat names party %d, want %d: %v", ce.Party, party, ce)
	}
	for _, b := range ce.Evidence {
		if _, err := Decode(b); err != nil {
			t.Fatalf("evidence does not decode: %v", err)
		}
	}
	return ce
}

// A party that puts a card of its choice into the deck in its shuffle (a
// second knight for a card it removes) is caught at the audit: its shuffle
// is not the one its revealed key commits to. Proof: its key, its shuffle
// and its reveal.
func TestShuffleSubstitutionCaughtAtAudit(t *testing.T) {
	tb := &table{t: t, left: map[int]bool{}}
	tb.tamper = func(m Msg) Msg {
		s, ok := m.(*ShuffleMsg)
		if !ok || s.Party != 1 {
			return m
		}
		d := tb.decks[1]
		r := smallScalar(123457) // the cheater's own randomness
		forged := encDeck([]ct{{mulG(r), add(d.cardPts[0], mul(r, d.H))}})[0]
		out := slices.Clone(s.Out)
		out[5] = forged
		return &ShuffleMsg{Party: 1, Out: out}
	}
	tb = startTable(tb, 11, 3, devCards)
	for pos := range devCards {
		tb.open(pos, All)
	}
	// During the game the deck holds two knights number 0 and lacks one card;
	// nobody can tell who did it before the keys are out.
	zeros := 0
	for pos := range devCards {
		if tb.cardAt(0, pos) == 0 {
			zeros++
		}
	}
	if zeros != 2 {
		t.Fatalf("the forged card is in the deck %d times besides, want 2 in all", zeros)
	}
	for p, rep := range tb.audit() {
		if got := named(rep.Cheats); !slices.Equal(got, []int{1}) {
			t.Fatalf("party %d's audit names %v, want [1]", p, got)
		}
		ce := rep.Cheats[0]
		ev, _ := Decode(ce.Evidence[1])
		if string(Encode(ev)) != string(Encode(tb.decks[0].shuffles[1])) {
			t.Fatal("the evidence is not the cheater's logged shuffle")
		}
		if !slices.Contains(rep.Cards, -1) {
			t.Fatalf("audit: the deck should not be a permutation: %v", rep.Cards)
		}
	}
}

// A shuffle that copies a ciphertext (so a public opening of one would
// open the other) is refused at once.
func TestShuffleCopiedCiphertextRefusedAtOnce(t *testing.T) {
	tb := newTable(t, 12, 3, devCards)
	d := tb.decks[0]
	// A fresh deck at the shuffle phase: party 0's shuffle, copied entry.
	e, _ := New(Config{ID: d.id, Cards: devCards, Parties: 3, Me: 1, Rand: seededRand(99, 1)})
	e.keys, e.X, e.Y, e.H = d.keys, d.X, d.Y, d.H
	e.escrows = d.escrows
	bad := &ShuffleMsg{Party: 0, Out: slices.Clone(d.shuffles[0].Out)}
	bad.Out[3] = bad.Out[4]
	before := fingerprint(e)
	_, err := e.Receive(bad)
	asCheat(t, err, 0)
	if fingerprint(e) != before {
		t.Fatal("a refused shuffle changed the deck")
	}
}

// A wrong decryption share is refused on arrival by every party: its DLEQ
// proof fails. Proof: the share itself. The deck still waits on its
// sender, and the right share then opens the card.
func TestWrongShareNamedAtOnce(t *testing.T) {
	tb := newTable(t, 13, 3, devCards)
	var held *ShareMsg
	tb.drop = func(m Msg) bool {
		if s, ok := m.(*ShareMsg); ok && s.Party == 2 {
			if s.Pos == 0 {
				held = s
			}
			return true
		}
		return false
	}
	tb.open(0, 0)
	if _, who := tb.decks[0].Waiting(); !slices.Equal(who, []int{2}) {
		t.Fatalf("waiting on %v, want [2]", who)
	}
	D, _ := decPoint(held.D[:])
	forged := *held
	forged.D = [pointLen]byte(encPoint(add(D, base())))
	replayed := *held
	replayed.Pos = 1 // a valid share moved to another card
	tb.open(1, 0)
	for _, bad := range []*ShareMsg{&forged, &replayed} {
		for _, d := range tb.decks[:2] {
			before := fingerprint(d)
			_, err := d.Receive(bad)
			ce := asCheat(t, err, 2)
			if len(ce.Evidence) != 1 {
				t.Fatalf("evidence: %d messages", len(ce.Evidence))
			}
			if fingerprint(d) != before {
				t.Fatal("a refused share changed the deck")
			}
		}
	}
	if tb.cardAt(0, 0) != -1 {
		t.Fatal("card opened without its share")
	}
	tb.drop = nil
	tb.send([]Msg{held})
	if tb.cardAt(0, 0) < 0 {
		t.Fatal("the right share does not open the card")
	}
}

// A party that withholds its share of another party's draw: the deck says
// whom it waits on. With two parties that is all (no escrow). With three
// or four, the others rebuild its key from their escrow shares, the draw
// reaches its owner alone, the leaver's own hand opens to everyone left,
// and a wrong escrow share in the rebuilding is named at once.
func TestWithheldShare(t *testing.T) {
	t.Run("2 parties", func(t *testing.T) {
		tb := newTable(t, 14, 2, devCards)
		tb.drop = func(m Msg) bool { return m.From() == 1 }
		tb.open(0, 0)
		if _, who := tb.decks[0].Waiting(); !slices.Equal(who, []int{1}) {
			t.Fatalf("waiting on %v", who)
		}
		if _, err := tb.decks[0].Leave(1); !errors.Is(err, ErrNoEscrow) {
			t.Fatalf("leave with two parties: %v", err)
		}
	})
	for _, n := range []int{3, 4} {
		t.Run(fmt.Sprintf("%d parties", n), func(t *testing.T) {
			tb := newTable(t, 15+uint64(n), n, devCards)
			leaver := n - 1
			tb.open(0, leaver) // the leaver's hand
			hand := tb.cardAt(leaver, 0)
			tb.drop = func(m Msg) bool { return m.From() == leaver }
			tb.open(1, 0) // party 0's draw: the leaver withholds its share
			if _, who := tb.decks[0].Waiting(); !slices.Equal(who, []int{leaver}) {
				t.Fatalf("waiting on %v, want [%d]", who, leaver)
			}
			// Party 1's wrong share of the leaver's key comes first.
			tb.left[leaver] = true
			tb.drop = nil
			bad := &RecoverMsg{Party: 1, Leaver: leaver, Share: [scalarLen]byte(encScalar(addS(tb.decks[1].held[leaver], smallScalar(1))))}
			var held []Msg
			for _, d := range tb.decks[:leaver] {
				out, err := d.Leave(leaver)
				if err != nil {
					t.Fatal(err)
				}
				held = append(held, out...)
			}
			for _, d := range tb.decks[:leaver] {
				if d.Me() == 1 {
					continue
				}
				before := fingerprint(d)
				_, err := d.Receive(bad)
				ce := asCheat(t, err, 1)
				if len(ce.Evidence) != 2 {
					t.Fatalf("evidence of a wrong escrow share: %d messages", len(ce.Evidence))
				}
				if fingerprint(d) != before {
					t.Fatal("a refused escrow share changed the deck")
				}
			}
			tb.send(held)
			for p := range leaver {
				if _, who := tb.decks[p].Waiting(); len(who) != 0 {
					t.Fatalf("party %d still waits on %v", p, who)
				}
				if _, ok := tb.decks[p].RecoveredKey(leaver); !ok && p != leaver {
					t.Fatalf("party %d did not rebuild the key", p)
				}
				if got := tb.cardAt(p, 0); got != hand {
					t.Fatalf("party %d sees the leaver's card as %d, want %d (open to all remaining)", p, got, hand)
				}
				if p != 0 && tb.cardAt(p, 1) != -1 {
					t.Fatalf("party %d learned party 0's draw", p)
				}
			}
			if tb.cardAt(0, 1) < 0 {
				t.Fatal("party 0 did not get its draw")
			}
			// The game goes on: another draw, and the audit (the leaver's shuffle
			// checked from its rebuilt key).
			tb.open(2, 1)
			if tb.cardAt(1, 2) < 0 {
				t.Fatal("no draw after the leave")
			}
			// Departures are covered while the threshold of parties remains: the
			// first of three, the first two of four.
			if n == 4 {
				tb.leave(2)
				tb.open(3, 0)
				if tb.cardAt(0, 3) < 0 || tb.cardAt(1, 3) != -1 {
					t.Fatal("no private draw after the second leave of four")
				}
			}
			for p, rep := range tb.audit() {
				if rep != nil && len(rep.Cheats) != 0 {
					t.Fatalf("party %d's audit names %v", p, named(rep.Cheats))
				}
			}
			before := fingerprint(tb.decks[0])
			if _, err := tb.decks[0].Leave(1); !errors.Is(err, ErrTooFew) {
				t.Fatalf("the last but one leaves: %v, want ErrTooFew", err)
			}
			if fingerprint(tb.decks[0]) != before {
				t.Fatal("a refused leave changed the deck")
			}
		})
	}
}

// A dealer that seals a wrong escrow share: its recipient complains with
// their pairwise key and its proof, and every party sees the share fail
// the dealer's commitments and names the dealer. A complaint against a
// valid share names the complainer.
func TestBadEscrowShareNamed(t *testing.T) {
	tb := &table{t: t, left: map[int]bool{}}
	tb.tamper = func(m Msg) Msg {
		e, ok := m.(*EscrowMsg)
		if !ok || e.Party != 0 {
			return m
		}
		d := tb.decks[0]
		bad := *e
		bad.Sealed = slices.Clone(e.Sealed)
		bad.Sealed[1] = seal(mul(d.y, d.Y[1]), d.id, 0, 1, e.Commits, smallScalar(5))
		return &bad
	}
	tb = startTable(tb, 20, 3, devCards)
	for p, d := range tb.decks {
		if got := named(d.Cheats()); !slices.Equal(got, []int{0}) {
			t.Fatalf("party %d names %v, want [0]", p, got)
		}
	}
	// Party 2 complains about party 1's valid share.
	c, err := tb.decks[2].makeComplaint(1)
	if err != nil {
		t.Fatal(err)
	}
	tb.send([]Msg{c})
	for p, d := range tb.decks[:2] {
		if got := named(d.Cheats()); !slices.Equal(got, []int{0, 2}) {
			t.Fatalf("party %d names %v, want [0 2]", p, got)
		}
	}
}

// A key without a valid proof of knowledge is refused, so no party can
// choose a key that cancels the others' (X' = x'·G − X_0 − X_1 makes the
// joint key x'·G, which its maker could decrypt alone).
func TestRogueKeyRefused(t *testing.T) {
	var decks []*Deck
	for i := range 3 {
		d, _ := New(Config{ID: []byte("rogue"), Cards: 5, Parties: 3, Me: i, Rand: seededRand(21, i)})
		decks = append(decks, d)
	}
	k0, _ := decks[0].Start()
	k1, _ := decks[1].Start()
	if _, err := decks[0].Receive(k1[0]); err != nil {
		t.Fatal(err)
	}
	X0, X1 := decks[0].X[0], decks[0].X[1]
	xr := smallScalar(424242)
	rogue := sub(sub(mulG(xr), X0), X1)
	pf, _ := proveDLEQ(seededRand(21, 9), keyContext([]byte("rogue"), 2, mulG(xr)), xr, mulG(xr), nil, nil)
	cases := map[string]*KeyMsg{
		"a proof for another key": {Party: 2, X: [pointLen]byte(encPoint(rogue)), Y: [pointLen]byte(encPoint(mulG(xr))), Proof: [proofLen]byte(pf.encode())},
		"party 0's key replayed":  {Party: 2, X: k0[0].(*KeyMsg).X, Y: [pointLen]byte(encPoint(mulG(xr))), Proof: k0[0].(*KeyMsg).Proof},
	}
	for name, m := range cases {
		before := fingerprint(decks[0])
		_, err := decks[0].Receive(m)
		asCheat(t, err, 2)
		if fingerprint(decks[0]) != before {
			t.Fatalf("%s: refused key changed the deck", name)
		}
		if ph, who := decks[0].Waiting(); ph != PhaseKeys || !slices.Equal(who, []int{2}) {
			t.Fatalf("%s: %v waiting on %v", name, ph, who)
		}
	}
}

// A party that does not reveal its keys at the audit is named; with three
// parties the others rebuild its key and the audit checks its shuffle
// anyway. A reveal of keys that are not its own is refused and named.
func TestAuditRefusal(t *testing.T) {
	for _, n := range []int{2, 3} {
		tb := newTable(t, 22+uint64(n), n, devCards)
		tb.open(0, 0)
		tb.open(1, 1)
		quiet := n - 1
		tb.drop = func(m Msg) bool { _, ok := m.(*AuditMsg); return ok && m.From() == quiet }
		tb.each(func(d *Deck) ([]Msg, error) { return d.Reveal() })
		d0 := tb.decks[0]
		wrong := &AuditMsg{Party: quiet, X: [scalarLen]byte(encScalar(smallScalar(3))), Y: [scalarLen]byte(encScalar(smallScalar(4)))}
		_, err := d0.Receive(wrong)
		asCheat(t, err, quiet)
		if _, err := d0.Audit(); !errors.Is(err, ErrAuditWaiting) {
			t.Fatalf("%d parties: audit without a reveal: %v", n, err)
		}
		ce, err := d0.Refused(quiet)
		if err != nil {
			t.Fatal(err)
		}
		asCheat(t, ce, quiet)
		if again, _ := d0.Refused(quiet); again != ce || len(d0.Cheats()) != 1 {
			t.Fatal("a refusal named twice")
		}
		if len(ce.Evidence) != 2 {
			t.Fatalf("refusal evidence: %d messages, want key and shuffle", len(ce.Evidence))
		}
		if n == 2 {
			continue
		}
		for _, d := range tb.decks[:quiet] {
			if d != d0 {
				d.Refused(quiet)
			}
		}
		tb.drop = nil
		tb.leave(quiet)
		for p, d := range tb.decks[:quiet] {
			rep, err := d.Audit()
			if err != nil {
				t.Fatalf("party %d: %v", p, err)
			}
			if got := named(rep.Cheats); !slices.Equal(got, []int{quiet}) || len(rep.Cheats) != 1 {
				t.Fatalf("party %d's audit names %v (%d findings), want only the refusal of %d", p, got, len(rep.Cheats), quiet)
			}
		}
	}
}

// A party that never shuffles holds the deck up; the deck names it as the
// one it waits on. With three parties the others rebuild its key and
// shuffle for it (its shuffle is a function of its key), and the deal
// goes on.
func TestWithheldShuffle(t *testing.T) {
	tb := &table{t: t, left: map[int]bool{}}
	tb.drop = func(m Msg) bool { _, ok := m.(*ShuffleMsg); return ok && m.From() == 1 }
	n := 3
	for i := range n {
		d, _ := New(Config{ID: []byte("withheld shuffle"), Cards: devCards, Parties: n, Me: i, Rand: seededRand(31, i)})
		tb.decks = append(tb.decks, d)
	}
	tb.each(func(d *Deck) ([]Msg, error) { return d.Start() })
	if ph, who := tb.decks[0].Waiting(); ph != PhaseShuffle || !slices.Equal(who, []int{1}) {
		t.Fatalf("%v waiting on %v, want the shuffle of party 1", ph, who)
	}
	tb.left[1] = true
	var shares []Msg
	for _, p := range []int{0, 2} {
		out, err := tb.decks[p].Leave(1)
		if err != nil {
			t.Fatal(err)
		}
		shares = append(shares, out...)
	}
	if ph, who := tb.decks[0].Waiting(); ph != PhaseShuffle || !slices.Equal(who, []int{2}) {
		t.Fatalf("after the leave: %v waiting on %v, want party 2's escrow share", ph, who)
	}
	tb.send(shares)
	for _, p := range []int{0, 2} {
		if ph, who := tb.decks[p].Waiting(); ph != PhaseReady || len(who) != 0 {
			t.Fatalf("party %d: %v waiting on %v", p, ph, who)
		}
	}
	tb.open(0, 2)
	if tb.cardAt(2, 0) < 0 || tb.cardAt(0, 0) != -1 {
		t.Fatal("the deal does not go on after the shuffle was made for the leaver")
	}
}
