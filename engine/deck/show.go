package deck

import "fmt"

// CheckShown checks, without changing anything, a party's public share of
// the card at pos that it holds and now shows to every party (a card
// played): the share's proof must hold and, with it, the card must come
// out of the deck. It returns the card. A network layer checks a shown
// card this way before it takes the entry that carries it, and only then
// calls Open(pos, All) and Receive(m), which then succeed; so a refused
// entry leaves the deck as it was.
func (d *Deck) CheckShown(pos int, m *ShareMsg) (int, error) {
	if d.Phase() != PhaseReady || pos < 0 || pos >= d.cards || d.opens[pos] == nil {
		return -1, ErrNotNow
	}
	return d.checkShown(pos, m, nil)
}

// checkShown is CheckShown with the shares of other parties handed out
// with m (extra[i], nil when not), checked already.
func (d *Deck) checkShown(pos int, m *ShareMsg, extra []*point) (int, error) {
	if m == nil || m.Pos != pos || m.Party < 0 || m.Party >= d.n {
		return -1, fmt.Errorf("deck: a share of another card or party shown for card %d", pos)
	}
	o := d.opens[pos]
	c := d.final()[pos]
	D, ok, err := d.shareProof(m)
	if err != nil {
		return -1, err
	}
	if !ok {
		return -1, cheat(m.Party, fmt.Sprintf("a wrong decryption share of card %d shown to all (its DLEQ proof fails)", pos), m)
	}
	M := c.B
	for i := range d.n {
		di := o.d[i]
		if i == m.Party {
			di = D
		}
		if di == nil && extra != nil {
			di = extra[i]
		}
		if di == nil && d.secret[i] != nil && (i == d.me || d.gone[i] || d.audits[i] != nil) {
			di = mul(d.secret[i], c.A)
		}
		if di == nil {
			return -1, fmt.Errorf("%w: party %d's share of card %d is missing", ErrHidden, i, pos)
		}
		M = sub(M, di)
	}
	card, ok := d.cardOf[[pointLen]byte(encPoint(M))]
	if !ok {
		return -1, ErrNotACard
	}
	return card, nil
}
