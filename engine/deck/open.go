package deck

import (
	"errors"
	"fmt"
)

// Opening the card at position p of the shuffled deck to party s: every
// other party publishes D_j = x_j·A with a DLEQ proof that
// log_G X_j = log_A D_j. The shares may be public: without x_s, B − ΣD_j
// is M + x_s·A, which tells nothing about M (DDH). s alone computes
// M = B − ΣD_j − x_s·A and finds the card. A share that fails its proof
// is refused at once and names its sender. Opening to All takes every
// party's share, the owner's too (this is how a player shows a card).
// Opening to a set of parties: among.go.

var (
	// ErrHidden: this party may not know, or does not yet know, the card.
	ErrHidden = errors.New("deck: card not known to this party")
	// ErrNotACard: the shares are all valid yet the card is none of the
	// deck's: a shuffle substituted it. The audit names the shuffler.
	ErrNotACard = errors.New("deck: opened value is no card of the deck (a shuffle was tampered with: the audit names who)")
)

// Open asks for the card at pos to be opened to party to (or All); every
// party calls it at the same point of the log. A card opened to one party
// may later be opened to more (OpenAmong) or to All (its owner adds its
// share). It returns this party's share, if it owes one.
func (d *Deck) Open(pos, to int) ([]Msg, error) {
	if to == All {
		return d.open(pos, d.everyone())
	}
	if to < 0 || to >= d.n {
		return nil, fmt.Errorf("deck: open to party %d of %d", to, d.n)
	}
	return d.open(pos, 1<<to)
}

// open opens the card at pos to the audience aud (a set of parties).
func (d *Deck) open(pos int, aud uint8) ([]Msg, error) {
	if d.Phase() != PhaseReady {
		return nil, ErrNotNow
	}
	if pos < 0 || pos >= d.cards {
		return nil, fmt.Errorf("deck: position %d of %d", pos, d.cards)
	}
	o := d.opens[pos]
	switch {
	case o == nil:
		o = &opening{aud: aud, shares: make([]*ShareMsg, d.n), d: make([]*point, d.n), card: -1,
			sealed: make([][]*SealedShareMsg, d.n), accused: make([][]*AccuseMsg, d.n),
			wrong: make([][]bool, d.n), bad: make([]bool, d.n), acked: make([][]bool, d.n), unsealed: make([]*ShareMsg, d.n)}
		for i := range d.n {
			o.sealed[i], o.accused[i], o.wrong[i] = make([]*SealedShareMsg, d.n), make([]*AccuseMsg, d.n), make([]bool, d.n)
			o.acked[i] = make([]bool, d.n)
		}
		d.opens[pos] = o
	case o.aud == aud:
		return nil, nil
	case o.aud&aud == o.aud:
		o.aud = aud // more parties: never fewer
		o.grew = aud != d.everyone()
	default:
		return nil, fmt.Errorf("deck: card %d is already opened to parties %v", pos, o.parties())
	}
	d.fillKnown(pos)
	return d.follow()
}

// parties lists o's audience.
func (o *opening) parties() []int {
	var out []int
	for i := range 8 {
		if o.member(i) {
			out = append(out, i)
		}
	}
	return out
}

// owes tells whether party i's public share is needed for o: it is outside
// the audience, or the audience is everyone.
func (d *Deck) owes(o *opening, i int) bool { return o.aud == d.everyone() || !o.member(i) }

func (d *Deck) final() []ct { return d.decks[d.n] }

func shareContext(deckID []byte, party, pos int) *transcript {
	return newTranscript("tabula/deck/share/v1").bytes(deckID).int(party).int(pos)
}

func (d *Deck) applyShare(m *ShareMsg) error {
	if d.Phase() != PhaseReady || m.Pos >= d.cards || d.opens[m.Pos] == nil {
		return ErrNotNow
	}
	o := d.opens[m.Pos]
	if !d.owes(o, m.Party) {
		return fmt.Errorf("deck: party %d's public share of a card opened to it (not to all)", m.Party)
	}
	D, ok, err := d.shareProof(m)
	if err != nil {
		return err
	}
	if !ok {
		return cheat(m.Party, fmt.Sprintf("a wrong decryption share of card %d (its DLEQ proof fails)", m.Pos), m)
	}
	if o.d[m.Party] != nil {
		return nil // in already (or computed): another proof of the same share adds nothing
	}
	o.shares[m.Party] = m
	o.d[m.Party] = D
	return nil
}

// fillKnown computes the shares of parties whose key is public.
func (d *Deck) fillKnown(pos int) {
	o := d.opens[pos]
	for i, x := range d.secret {
		if x != nil && i != d.me && o.d[i] == nil && d.owes(o, i) && (d.gone[i] || d.audits[i] != nil) {
			o.d[i] = mul(x, d.final()[pos].A)
		}
	}
}

// learnKey makes party l's deck key public here: rebuilt or revealed.
func (d *Deck) learnKey(l int, x *scalar) {
	d.secret[l] = x
	if d.Phase() != PhaseReady {
		return
	}
	for pos, o := range d.opens {
		if o != nil {
			d.fillKnown(pos)
		}
	}
}

// Card is the card at pos (0..Cards-1, its number in the unshuffled deck)
// if this party may and can know it: opened to it (alone, among others, or
// to all), or to parties whose keys are now public.
func (d *Deck) Card(pos int) (int, error) {
	if pos < 0 || pos >= d.cards || d.opens[pos] == nil {
		return -1, ErrHidden
	}
	o := d.opens[pos]
	if o.card >= 0 {
		return o.card, nil
	}
	c := d.final()[pos]
	M := c.B
	for i := range d.n {
		di := o.d[i]
		if di == nil && o.member(i) && d.secret[i] != nil {
			di = mul(d.secret[i], c.A) // an audience member's part: our own, or a public key's
		}
		if di == nil {
			return -1, ErrHidden
		}
		M = sub(M, di)
	}
	card, ok := d.cardOf[[pointLen]byte(encPoint(M))]
	if !ok {
		return -1, ErrNotACard
	}
	o.card = card
	return card, nil
}

// Public tells whether the card at pos is opened to every party.
func (d *Deck) Public(pos int) bool {
	return pos >= 0 && pos < d.cards && d.opens[pos] != nil && d.opens[pos].aud == d.everyone()
}
