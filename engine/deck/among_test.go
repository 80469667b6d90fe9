package deck

import (
	"fmt"
	"slices"
	"testing"
)

// outsiderSees fails unless party o cannot know the card at pos: Card
// says hidden, and B − ΣD over every share o holds is no card point.
func outsiderSees(t *testing.T, tb *table, o, pos int) {
	t.Helper()
	if got := tb.cardAt(o, pos); got != -1 {
		t.Fatalf("party %d outside the audience learned card %d: %d", o, pos, got)
	}
	if v := tb.decks[o].blinded(pos); tb.decks[o].isCardPoint(v) {
		t.Fatalf("party %d's view of card %d is a card point", o, pos)
	}
}

// TestOpenAmong: Catan's stolen card at 3 and 4 parties. A card in the
// victim's hand is opened to the thief too: thief and victim learn it,
// nobody else. A fresh card opened to a pair, and at 4 parties to three
// parties, reaches exactly them. The sealed shares are the only new
// messages, their count and size as docs/p2p.md says, and the audit of
// the honest game finds nothing and agrees with what each party saw.
func TestOpenAmong(t *testing.T) {
	for _, n := range []int{3, 4} {
		t.Run(fmt.Sprintf("%d parties", n), func(t *testing.T) {
			tb := newTable(t, 40+uint64(n), n, devCards)
			victim, thief := 1, n-1
			tb.open(0, victim)
			card := tb.cardAt(victim, 0)
			before := len(tb.log)
			tb.openAmong(0, victim, thief) // the steal
			// The victim's share sealed to the thief (the thief's own share
			// went out in public when the card was the victim's), and the
			// thief's answer to it: a card opened to one more party is a
			// look (look.go).
			if got := tb.log[before:]; len(got) != 2 || got[0][0] != kindSealedShare || len(got[0]) != 149 || got[1][0] != kindAck || len(got[1]) != 5 {
				t.Fatalf("the steal put %d messages in the log, want one sealed share of 149 bytes and an acknowledgement of 5", len(got))
			}
			if tb.cardAt(thief, 0) != card || tb.cardAt(victim, 0) != card {
				t.Fatalf("thief sees %d, victim %d, want %d", tb.cardAt(thief, 0), tb.cardAt(victim, 0), card)
			}
			for o := range n {
				if o != victim && o != thief {
					outsiderSees(t, tb, o, 0)
				}
			}
			// A fresh card to a pair: each sends the other its sealed share.
			before = len(tb.log)
			tb.openAmong(1, 0, 2)
			if got := len(tb.log) - before; got != (n-2)+2 {
				t.Fatalf("a pair opening put %d messages in the log, want %d public and 2 sealed", got, n-2)
			}
			if c := tb.cardAt(0, 1); c < 0 || tb.cardAt(2, 1) != c {
				t.Fatalf("pair: party 0 sees %d, party 2 %d", c, tb.cardAt(2, 1))
			}
			outsiderSees(t, tb, 1, 1)
			if n == 4 {
				tb.openAmong(2, 0, 1, 3)
				c := tb.cardAt(0, 2)
				if c < 0 || tb.cardAt(1, 2) != c || tb.cardAt(3, 2) != c {
					t.Fatal("a card opened to three parties does not reach all three")
				}
				outsiderSees(t, tb, 2, 2)
			}
			// Narrowing is refused and changes nothing; widening to all opens it.
			fp := fingerprint(tb.decks[0])
			if _, err := tb.decks[0].Open(1, 0); err == nil || fingerprint(tb.decks[0]) != fp {
				t.Fatalf("narrowing a pair to one party: %v", err)
			}
			tb.open(1, All)
			for o := range n {
				if tb.cardAt(o, 1) != tb.cardAt(0, 1) {
					t.Fatalf("party %d after the pair's card went public: %d", o, tb.cardAt(o, 1))
				}
			}
			for p, rep := range tb.audit() {
				if len(rep.Cheats) != 0 {
					t.Fatalf("party %d's audit of an honest game: %v", p, rep.Cheats[0])
				}
				if rep.Cards[0] != card || rep.Cards[1] != tb.cardAt(0, 1) {
					t.Fatalf("audit says %v, the parties saw %d and %d", rep.Cards[:2], card, tb.cardAt(0, 1))
				}
			}
		})
	}
}

// wrongSealed replaces party from's sealed share of pos to party to by
// one with a valid envelope around a wrong share (D + G, the true proof),
// or, with garbage, by bytes that do not open.
func wrongSealed(tb *table, from, to, pos int, garbage bool) func(Msg) Msg {
	return func(m Msg) Msg {
		s, ok := m.(*SealedShareMsg)
		if !ok || s.Party != from || s.To != to || s.Pos != pos {
			return m
		}
		d := tb.decks[from]
		bad := *s
		if garbage {
			bad.Sealed[0] ^= 1
			return &bad
		}
		share, _ := d.makeShare(pos, false)
		D, _ := decPoint(share.D[:])
		e := smallScalar(777) // the cheater's own ephemeral key
		bad.E = [pointLen]byte(encPoint(mulG(e)))
		aead := aeadFor(mul(e, d.Y[to]), shareKeyInfo(d.id, from, to, pos, bad.E[:]))
		payload := append(encPoint(add(D, base())), share.Proof[:]...)
		copy(bad.Sealed[:], aead.Seal(nil, make([]byte, aead.NonceSize()), payload, nil))
		return &bad
	}
}

// TestBadSealedShareNamed: a member that seals a wrong share (a valid
// envelope around a wrong D, or bytes that do not open) to the other
// member is named by every party with the sealed share and the
// recipient's accusation as the proof; the outsider checks it without
// learning the card; the recipient's knowledge is unchanged (the card
// still hidden from it, the deck waiting on the sender) until the sender
// leaves and its key is rebuilt. A false accusation of a valid share
// names the accuser and still hides the card from the outsider. Sealed
// shares and accusations that cannot be right are refused unchanged.
func TestBadSealedShareNamed(t *testing.T) {
	for _, n := range []int{3, 4} {
		for _, garbage := range []bool{false, true} {
			t.Run(fmt.Sprintf("%d parties, garbage %v", n, garbage), func(t *testing.T) {
				tb := &table{t: t, left: map[int]bool{}}
				cheater, victim, outsider := 0, 1, 2
				tb.tamper = wrongSealed(tb, cheater, victim, 0, garbage)
				tb = startTable(tb, 50+uint64(n), n, devCards)
				tb.openAmong(0, cheater, victim)
				for p, d := range tb.decks {
					cs := d.Cheats()
					if got := named(cs); !slices.Equal(got, []int{cheater}) {
						t.Fatalf("party %d names %v, want [%d]", p, got, cheater)
					}
					if len(cs[0].Evidence) != 2 || cs[0].Evidence[0][0] != kindSealedShare || cs[0].Evidence[1][0] != kindAccuse {
						t.Fatalf("party %d's evidence is not the sealed share and the accusation", p)
					}
				}
				// Anyone checks the evidence with the public messages alone: a
				// deck of the outsider's state that has not seen the accusation.
				ev := tb.decks[outsider].Cheats()[0].Evidence
				acc, _ := Decode(ev[1])
				o := tb.decks[outsider].opens[0]
				o.accused[cheater][victim] = nil
				n0 := len(tb.decks[outsider].cheats)
				if _, err := tb.decks[outsider].Receive(acc); err != nil || len(tb.decks[outsider].cheats) != n0+1 {
					t.Fatalf("the outsider's recheck of the accusation: %v", err)
				}
				outsiderSees(t, tb, outsider, 0)
				if tb.cardAt(victim, 0) != -1 || tb.decks[victim].opens[0].d[cheater] != nil {
					t.Fatal("the victim took the wrong share")
				}
				if _, who := tb.decks[victim].Waiting(); !slices.Contains(who, cheater) {
					t.Fatalf("the victim waits on %v, want the cheater %d among them", who, cheater)
				}
				// Refused and unchanged: a second sealed share from the cheater,
				// a sealed share to the outsider, a forged accusation.
				fixed, _ := tb.decks[cheater].makeSealed(0, victim)
				toOutsider := *fixed
				toOutsider.To = outsider
				forged := *(acc.(*AccuseMsg))
				forged.K = [pointLen]byte(encPoint(base()))
				for name, m := range map[string]Msg{"second sealed share": fixed, "sealed to an outsider": &toOutsider} {
					for _, d := range tb.decks[1:] {
						fp := fingerprint(d)
						if _, err := d.Receive(m); err == nil || fingerprint(d) != fp {
							t.Fatalf("%s: party %d took it (%v) or changed", name, d.Me(), err)
						}
					}
				}
				fp := fingerprint(tb.decks[outsider])
				_, err := tb.decks[outsider].Receive(&forged)
				if err == nil || fingerprint(tb.decks[outsider]) != fp {
					t.Fatalf("a forged accusation: %v", err)
				}
				// The takeover: the cheater's key is rebuilt, the victim opens the
				// card, the outsider still cannot.
				tb.tamper = nil
				tb.leave(cheater)
				if tb.cardAt(victim, 0) < 0 {
					t.Fatal("the victim does not open the card after the cheater's key is rebuilt")
				}
				outsiderSees(t, tb, outsider, 0)
			})
		}
	}
	t.Run("false accusation", func(t *testing.T) {
		tb := newTable(t, 60, 3, devCards)
		tb.openAmong(0, 0, 1)
		acc, err := tb.decks[1].makeAccuse(0, 0)
		if err != nil {
			t.Fatal(err)
		}
		out, err := tb.decks[1].emit(acc) // the liar's own deck takes it too
		if err != nil {
			t.Fatal(err)
		}
		tb.send(out)
		for p, d := range tb.decks {
			if got := named(d.Cheats()); !slices.Equal(got, []int{1}) {
				t.Fatalf("party %d names %v, want the accuser [1]", p, got)
			}
		}
		// The accusation made party 0's share public; party 1's is still
		// missing, so the outsider's value is no card.
		d2 := tb.decks[2]
		K, _ := decPoint(acc.K[:])
		D0 := d2.openSealed(K, d2.opens[0].sealed[0][1])
		if D0 == nil {
			t.Fatal("the outsider cannot open the accused envelope")
		}
		if d2.isCardPoint(sub(d2.blinded(0), D0)) {
			t.Fatal("the accusation let the outsider open the card")
		}
		outsiderSees(t, tb, 2, 0)
	})
}

// A wrong sealed share whose recipient keeps quiet (no accusation: the two
// collude, or the recipient did not care) is named at the audit, which
// opens every sealed share with the revealed escrow keys. Proof: the
// sealed share and its recipient's reveal.
func TestQuietWrongSealedShareCaughtAtAudit(t *testing.T) {
	tb := &table{t: t, left: map[int]bool{}}
	tb.tamper = wrongSealed(tb, 2, 0, 3, false)
	tb.drop = func(m Msg) bool { _, ok := m.(*AccuseMsg); return ok }
	tb = startTable(tb, 61, 3, devCards)
	tb.openAmong(3, 0, 2)
	if len(tb.decks[1].Cheats()) != 0 {
		t.Fatal("the outsider names someone before the audit")
	}
	tb.drop = nil
	for p, rep := range tb.audit() {
		// Party 0 accused at once (its accusation never reached the log).
		if got := named(rep.Cheats); !slices.Equal(got, []int{2}) {
			t.Fatalf("party %d's audit names %v, want [2]", p, got)
		}
		for _, c := range rep.Cheats {
			if p != 0 && (len(c.Evidence) != 2 || c.Evidence[0][0] != kindSealedShare || c.Evidence[1][0] != kindAudit) {
				t.Fatalf("party %d: the evidence is not the sealed share and the recipient's reveal", p)
			}
		}
	}
}

// Plain-data messages built with fields out of range are refused without
// a panic and change nothing.
func TestSealedOutOfRangeRefused(t *testing.T) {
	tb := newTable(t, 62, 3, devCards)
	tb.openAmong(0, 0, 1)
	d := tb.decks[2]
	for _, m := range []Msg{
		&SealedShareMsg{Party: 0, To: -1, Pos: 0},
		&SealedShareMsg{Party: 0, To: 1, Pos: -1},
		&SealedShareMsg{Party: 0, To: 7, Pos: devCards},
		&AccuseMsg{Party: 1, Sender: -1, Pos: 0},
		&AccuseMsg{Party: 1, Sender: 0, Pos: -3},
	} {
		fp := fingerprint(d)
		if _, err := d.Receive(m); err == nil || fingerprint(d) != fp {
			t.Fatalf("%+v: taken (%v) or changed", m, err)
		}
	}
}
