package citiesknights

import "testing"

// Drawing a deck empty by chance values 0 gives every card once; cards put
// under come back afterwards in the order they went under.
func TestDeckDrawsAndReturns(t *testing.T) {
	d := NewDeck(Politics)
	if d.FreshLeft() != DeckSize || d.Len() != DeckSize {
		t.Fatalf("new deck: %d fresh, %d in all", d.FreshLeft(), d.Len())
	}
	got := map[Card]int{}
	var first []Card
	for d.FreshLeft() > 0 {
		c := d.DrawFresh(d.FreshLeft() - 1) // the last kind in Card order
		got[c]++
		if len(first) < 2 {
			first = append(first, c)
		}
	}
	for _, c := range DeckCards(Politics) {
		if got[c] != Cards[c].Count {
			t.Errorf("%v drawn %d times", c, got[c])
		}
	}
	if first[0] != Wedding || first[1] != Wedding {
		t.Errorf("last-index draws gave %v, want Wedding twice", first)
	}
	d.PutUnder(Spy)
	d.PutUnder(Bishop)
	if d.FreshLeft() != 0 || d.Len() != 2 {
		t.Fatalf("after returns: %d fresh, %d in all", d.FreshLeft(), d.Len())
	}
	if c := d.DrawUnder(); c != Spy {
		t.Errorf("first back: %v, want spy", c)
	}
	if c := d.DrawUnder(); c != Bishop || d.Len() != 0 {
		t.Errorf("second back: %v (%d left)", c, d.Len())
	}
	// Fresh draw k counts kinds in Card order.
	s := NewDeck(Science)
	if c := s.DrawFresh(2); c != Crane { // Alchemist ×2, then Crane
		t.Errorf("science card 2 is %v", c)
	}
	if s.Fresh[Crane] != 1 || s.FreshLeft() != DeckSize-1 {
		t.Error("the drawn card left the deck")
	}
}
