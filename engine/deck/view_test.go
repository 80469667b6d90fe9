package deck

// blinded is what this party can compute of the card at pos from every
// share it holds: B − ΣD_j over the shares in. For a card opened to
// another party s that is M + x_s·A.
func (d *Deck) blinded(pos int) *point {
	c := d.final()[pos]
	v := c.B
	for _, di := range d.opens[pos].d {
		if di != nil {
			v = sub(v, di)
		}
	}
	return v
}

func (d *Deck) isCardPoint(v *point) bool {
	_, ok := d.cardOf[[pointLen]byte(encPoint(v))]
	return ok
}
