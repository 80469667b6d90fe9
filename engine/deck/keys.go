package deck

import "fmt"

// Keys: party i draws x_i and y_i, publishes X_i = x_i·G with a Schnorr
// proof of knowledge of x_i bound to the deck and the party, and
// Y_i = y_i·G. The joint key is H = ΣX_i; nobody knows its secret Σx_i
// unless every party's x is known.

func keyContext(deckID []byte, party int, X *point) *transcript {
	return newTranscript("tabula/deck/key/v1").bytes(deckID).int(party).points(X)
}

func (d *Deck) makeKey() (*KeyMsg, error) {
	t := newTranscript("tabula/deck/secret/v1").bytes(d.id).int(d.me)
	x, err := randScalar(d.rnd, t)
	if err != nil {
		return nil, err
	}
	y, err := randScalar(d.rnd, t)
	if err != nil {
		return nil, err
	}
	X, Y := mulG(x), mulG(y)
	pf, err := proveDLEQ(d.rnd, keyContext(d.id, d.me, X), x, X, nil, nil)
	if err != nil {
		return nil, err
	}
	d.x, d.y = x, y
	m := &KeyMsg{Party: d.me, X: [pointLen]byte(encPoint(X)), Y: [pointLen]byte(encPoint(Y)), Proof: [proofLen]byte(pf.encode())}
	return m, nil
}

func (d *Deck) applyKey(m *KeyMsg) error {
	if d.keys[m.Party] != nil {
		return cheat(m.Party, "two different keys", d.keys[m.Party], m)
	}
	X, err := decPoint(m.X[:])
	if err != nil {
		return err
	}
	Y, err := decPoint(m.Y[:])
	if err != nil {
		return err
	}
	pf, err := decProof(m.Proof[:])
	if err != nil {
		return err
	}
	if isZero(X) || isZero(Y) {
		return cheat(m.Party, "a key that is the identity", m)
	}
	if !verifyDLEQ(keyContext(d.id, m.Party, X), pf, X, nil, nil) {
		return cheat(m.Party, "a key without a valid proof of knowledge (a rogue key)", m)
	}
	for i, k := range d.keys {
		if k != nil && (k.X == m.X || k.Y == m.Y) {
			return cheat(m.Party, fmt.Sprintf("a key copied from party %d", i), k, m)
		}
	}
	d.keys[m.Party], d.X[m.Party], d.Y[m.Party] = m, X, Y
	if m.Party == d.me {
		d.secret[d.me] = d.x
	}
	if d.keysIn() == d.n {
		H := newPoint()
		for _, X := range d.X {
			H = add(H, X)
		}
		d.H = H
	}
	return nil
}
