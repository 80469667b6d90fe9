package citiesknights

// A progress-card deck (docs/cities-knights.md "Progress cards"): shuffled
// once, face down; played and discarded cards go under it and it is never
// reshuffled. The shuffled cards still in it are known only as counts
// (Fresh): drawing one is a chance outcome at draw time, uniform over them,
// which is exactly the top card of a shuffled pile nobody has seen. Cards
// put under the deck come back, in the order they went under, once the
// fresh cards are gone (Under), with no chance.
type Deck struct {
	Fresh  [NumCards]int8 // shuffled cards not yet drawn, by kind
	Under  [DeckSize]Card // cards put under the deck, oldest first
	UnderN int8           // how many of Under are in use
}

// NewDeck is track t's full deck.
func NewDeck(t Track) Deck {
	var d Deck
	for _, c := range DeckCards(t) {
		d.Fresh[c] = int8(Cards[c].Count)
	}
	return d
}

// FreshLeft is the number of shuffled cards not yet drawn: the range of the
// chance outcome of the next draw (0: the next card comes from Under).
func (d *Deck) FreshLeft() int {
	n := 0
	for _, c := range d.Fresh {
		n += int(c)
	}
	return n
}

// Len is the number of cards in the deck.
func (d *Deck) Len() int { return d.FreshLeft() + int(d.UnderN) }

// DrawFresh takes fresh card number k (0 ≤ k < FreshLeft), counting the
// kinds in Card order.
func (d *Deck) DrawFresh(k int) Card {
	for c := range d.Fresh {
		if k < int(d.Fresh[c]) {
			d.Fresh[c]--
			return Card(c)
		}
		k -= int(d.Fresh[c])
	}
	panic("citiesknights: draw outside the deck")
}

// DrawUnder takes the oldest card put under the deck; call it only when no
// fresh card is left and UnderN > 0.
func (d *Deck) DrawUnder() Card {
	c := d.Under[0]
	copy(d.Under[:], d.Under[1:d.UnderN])
	d.UnderN--
	d.Under[d.UnderN] = 0
	return c
}

// PutUnder puts a played or discarded card under the deck.
func (d *Deck) PutUnder(c Card) {
	d.Under[d.UnderN] = c
	d.UnderN++
}
