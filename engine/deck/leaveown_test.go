package deck

import (
	"slices"
	"testing"
)

// A party that leaves its own deck (its seat handed to the bot) keeps
// following it: it sends nothing more, takes the others' shares of its own
// key, reads every card opened to all (its own part comes from its key,
// which is now everyone's), and audits the deck at the end with the
// others, its rebuilt key standing in for its reveal. So its device can
// take the seat back later.
func TestLeaverFollowsItsDeck(t *testing.T) {
	for parties := 3; parties <= 4; parties++ {
		const leaver = 2
		tb := newTable(t, 31, parties, 12)
		tb.open(0, leaver) // the leaver's hand
		hand := tb.cardAt(leaver, 0)
		if tb.cardAt(0, 0) != -1 {
			t.Fatal("a card opened to the leaver alone is known to party 0 before it leaves")
		}
		sent := len(tb.log)
		tb.each(func(d *Deck) ([]Msg, error) { return d.Leave(leaver) })
		tb.open(1, All) // a draw opened to all after it left
		for _, b := range tb.log[sent:] {
			m, err := Decode(b)
			if err != nil {
				t.Fatal(err)
			}
			if m.From() == leaver {
				t.Fatalf("%d parties: the leaver sent %T after it left", parties, m)
			}
		}
		for p := range parties {
			if got := tb.cardAt(p, 0); got != hand {
				t.Fatalf("%d parties: party %d reads the leaver's card as %d, want %d", parties, p, got, hand)
			}
			if got, want := tb.cardAt(p, 1), tb.cardAt(0, 1); got != want || got < 0 {
				t.Fatalf("%d parties: party %d reads the open card as %d, party 0 as %d", parties, p, got, want)
			}
			if _, who := tb.decks[p].Waiting(); len(who) != 0 {
				t.Fatalf("%d parties: party %d waits on %v", parties, p, who)
			}
		}
		// The audit: the others reveal, the leaver does not (its key is in).
		tb.each(func(d *Deck) ([]Msg, error) {
			if d.Me() == leaver {
				return nil, nil
			}
			return d.Reveal()
		})
		var order []int
		for p, d := range tb.decks {
			rep, err := d.Audit()
			if err != nil {
				t.Fatalf("%d parties: party %d audit: %v", parties, p, err)
			}
			if len(rep.Cheats) != 0 {
				t.Fatalf("%d parties: party %d names %v", parties, p, named(rep.Cheats))
			}
			if order == nil {
				order = rep.Cards
			} else if !slices.Equal(order, rep.Cards) {
				t.Fatalf("%d parties: party %d audits another order", parties, p)
			}
		}
	}
}
