package deck

import (
	"fmt"
	"slices"
	"testing"
)

// TestLookOpensToOneMore: a card held by one party (its draw) is opened to
// one more (a look): exactly the two know it, the looker answers the
// holder's sealed share with an acknowledgement, and when the looker later
// shows the card to all it hands out the holder's share with its own, so
// every party checks it without the holder.
func TestLookOpensToOneMore(t *testing.T) {
	for _, n := range []int{3, 4} {
		t.Run(fmt.Sprintf("%d parties", n), func(t *testing.T) {
			tb := newTable(t, 60+uint64(n), n, devCards)
			holder, looker := 1, 0
			tb.open(3, holder)
			card := tb.cardAt(holder, 3)
			tb.openAmong(3, holder, looker)
			if tb.cardAt(looker, 3) != card {
				t.Fatalf("the looker sees %d, want %d", tb.cardAt(looker, 3), card)
			}
			for o := range n {
				if o != holder && o != looker {
					outsiderSees(t, tb, o, 3)
				}
				if !tb.decks[o].Answered(3, holder, looker) || tb.decks[o].Accused(3, holder, looker) != -1 {
					t.Fatalf("party %d: the look is not answered, or accused", o)
				}
			}
			// The looker shows it: its own share and the holder's.
			d := tb.decks[looker]
			others := d.ShownShares(3)
			if len(others) != 1 || others[0].Party != holder {
				t.Fatalf("the looker holds %d shares to hand out", len(others))
			}
			if out, err := d.Open(3, All); err != nil || len(out) != 0 {
				t.Fatalf("the looker owes %d messages to show (%v): its share is public already", len(out), err)
			}
			own := d.PublicShare(3, looker)
			for o := range n {
				if o == looker {
					continue
				}
				if _, err := tb.decks[o].CheckShown(3, own); err == nil && o != holder {
					t.Fatalf("party %d checked the shown card without the holder's share", o)
				}
				got, err := tb.decks[o].CheckShownWith(3, own, others)
				if err != nil || got != card {
					t.Fatalf("party %d checks the shown card as %d (%v), want %d", o, got, err, card)
				}
				forged := *others[0]
				forged.D = own.D
				if _, err := tb.decks[o].CheckShownWith(3, own, []*ShareMsg{&forged}); err == nil {
					t.Fatalf("party %d took a forged share of the holder's", o)
				}
			}
		})
	}
}

// TestLookWrongEnvelopeNamed: a holder that seals a wrong share to the
// looker is named by every party, with the sealed share and the
// looker's accusation as the proof; the card stays closed to the looker
// and hidden from the rest.
func TestLookWrongEnvelopeNamed(t *testing.T) {
	for _, n := range []int{3, 4} {
		t.Run(fmt.Sprintf("%d parties", n), func(t *testing.T) {
			holder, looker, outsider := 1, 0, 2
			tb := &table{t: t, left: map[int]bool{}}
			tb.tamper = wrongSealed(tb, holder, looker, 3, false)
			tb = startTable(tb, 70+uint64(n), n, devCards)
			tb.open(3, holder)
			tb.openAmong(3, holder, looker)
			for p, d := range tb.decks {
				cs := d.Cheats()
				if got := named(cs); !slices.Equal(got, []int{holder}) {
					t.Fatalf("party %d names %v, want [%d]", p, got, holder)
				}
				if len(cs[0].Evidence) != 2 || cs[0].Evidence[0][0] != kindSealedShare || cs[0].Evidence[1][0] != kindAccuse {
					t.Fatalf("party %d's evidence is not the sealed share and the accusation", p)
				}
				if !d.Answered(3, holder, looker) || d.Accused(3, holder, looker) != holder {
					t.Fatalf("party %d: the accusation is not settled against the holder", p)
				}
			}
			if tb.cardAt(looker, 3) != -1 {
				t.Fatal("the looker took the wrong share")
			}
			outsiderSees(t, tb, outsider, 3)
		})
	}
}
