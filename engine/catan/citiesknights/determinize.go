package citiesknights

import (
	"math/rand/v2"

	"tabula/engine/catan"
)

// The expansion's hidden parts for the search bot (catan.Determinizer):
// the base game has redealt the hand cards and development cards; here
// the progress cards are. A seat sees its own progress cards, how many of
// each deck each other seat holds (a card's back shows its deck), the
// cards left in each deck and the victory-point cards shown; the cards
// under a deck were played (shown to all) or discarded (the discard names
// the card in the log), so they stay. What it cannot see are the others'
// cards and which fresh cards are left in each deck: those are drawn
// afresh.

// Shown implements catan.Determinizer: while the active player's Master
// Merchant takes its 2 cards, that player sees the target's whole hand.
func (expansion) Shown(s *catan.State, seat int) (least [catan.MaxPlayers]catan.Resources, lacks [catan.MaxPlayers]uint16) {
	if seat >= 0 && seat == int(s.Active) && s.Phase == PhaseMasterMerchant {
		q := ext(s).Target
		least[q] = s.Hand[q]
	}
	return least, lacks
}

// Determinize implements catan.Determinizer: the progress cards in the
// hands of the other seats (but a Spy's target while the seat looks at its
// cards) and the fresh cards of the decks are shuffled together deck by
// deck, and each hand is dealt back as many cards of each deck as it held
// (a card's back shows its deck), never a victory-point card (those are
// shown as they are drawn); the rest are the deck's fresh cards. So every
// count stays: the cards in each hand, the cards left in each deck.
func (expansion) Determinize(s *catan.State, seat int, r *rand.Rand) {
	x := ext(s)
	if s.Phase == PhaseOpen && x.Sealed != nil && x.Sealed.Wait != nil {
		x.takeEffect(s) // the copy plays plain: the hands are dealt, nothing to open
	}
	sealed := x.Sealed != nil
	hidden := func(p int) bool {
		if p == seat {
			return false
		}
		spied := !sealed && seat >= 0 && seat == int(s.Active) && s.Phase == PhaseSpy && p == int(x.Target)
		return !spied
	}
	var unseen [NumCards]int            // the hidden hands' and the fresh cards, by kind
	var held [MaxPlayers][NumTracks]int // each hidden hand's cards of each deck
	if z := x.Sealed; z != nil {
		// A sealed device's copy plays plain: the cards it holds unknown
		// are dealt like the rest (they stayed counted in the fresh
		// cards), and a victory-point card in hand is laid out.
		for _, sl := range z.Cards {
			switch {
			case sl.Kind < 0:
				held[sl.Seat][sl.Deck]++
			case Cards[sl.Kind].Timing == AtOnce:
				x.Progress[sl.Seat][sl.Kind]--
				x.receive(sl.Seat, Card(sl.Kind))
			}
		}
		x.Sealed = nil
	}
	for p := 0; p < s.Players; p++ {
		if !hidden(p) {
			continue
		}
		for c, n := range x.Progress[p] {
			unseen[c] += int(n)
			held[p][Card(c).Deck()] += int(n)
		}
		x.Progress[p] = [NumCards]int8{}
	}
	for t := range x.Decks {
		for c, n := range x.Decks[t].Fresh {
			unseen[c] += int(n)
		}
		x.Decks[t].Fresh = [NumCards]int8{}
	}
	for t := Track(0); t < NumTracks; t++ {
		// The deck's unseen cards in card order (so the draw depends only
		// on the counts), shuffled; each hand takes its holdable ones.
		var pile []Card
		for _, c := range DeckCards(t) {
			for n := unseen[c]; n > 0; n-- {
				pile = append(pile, c)
			}
		}
		r.Shuffle(len(pile), func(i, j int) { pile[i], pile[j] = pile[j], pile[i] })
		for p := 0; p < s.Players; p++ {
			for n := held[p][t]; n > 0; n-- {
				i := 0
				for Cards[pile[i]].Timing == AtOnce {
					i++
				}
				x.Progress[p][pile[i]]++
				pile = append(pile[:i], pile[i+1:]...)
			}
		}
		for _, c := range pile {
			x.Decks[t].Fresh[c]++
		}
	}
}
