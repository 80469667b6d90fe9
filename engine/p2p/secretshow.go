package p2p

// Shows of engine.SecretDeck (shows.go, secret.go): each secret's number,
// value, and the shower's opening of both parts (none for a secret drawn
// in public).

import (
	"fmt"

	"tabula/engine"
	"tabula/engine/deck"
)

// secretShow is the deck index of a show of engine.SecretDeck.
const secretShow = 0xff

// makeSecretShow is our show of sh (deck engine.SecretDeck).
func (l *ledger) makeSecretShow(sh engine.Shown) (showing, error) {
	sg := showing{deck: secretShow, shown: sh}
	for _, num := range sh.Cards {
		r := l.sealed.secret(num)
		if r == nil {
			return sg, fmt.Errorf("%w: no secret %d", engine.ErrBadAction, num)
		}
		var om *deck.SecretOpenMsg
		if r.sec != nil {
			var err error
			if om, err = r.sec.Opening(); err != nil {
				return sg, fmt.Errorf("secret %d: %w", num, err)
			}
		}
		sg.opens = append(sg.opens, om)
	}
	return sg, nil
}

func appendSecretShow(w *writer, sg showing) {
	for k := range sg.shown.Cards {
		w.uvarint(uint64(sg.shown.Cards[k]))
		w.uvarint(uint64(sg.shown.Values[k]))
		var b []byte
		if om := sg.opens[k]; om != nil {
			b = deck.Encode(om)
		}
		w.bytes(b)
	}
}

func decodeSecretShow(r *reader, sg *showing, n int) error {
	for k := 0; k < n && r.err == nil; k++ {
		sg.shown.Cards = append(sg.shown.Cards, int(r.uvarint()))
		sg.shown.Values = append(sg.shown.Values, r.small(deck.MaxCards, "value"))
		var om *deck.SecretOpenMsg
		if b := r.bytes(); len(b) > 0 {
			m, err := deck.Decode(b)
			var ok bool
			if om, ok = m.(*deck.SecretOpenMsg); err != nil || !ok {
				return fmt.Errorf("%w: a shown secret without its opening", ErrMalformed)
			}
		}
		sg.opens = append(sg.opens, om)
	}
	sg.shown.Deck = engine.SecretDeck
	return nil
}

// checkSecretShow checks, changing nothing, that party's openings give
// the values it shows. A lie is a *deck.CheatError.
func (l *ledger) checkSecretShow(party int, sg showing) error {
	for k, num := range sg.shown.Cards {
		r, om := l.sealed.secret(num), sg.opens[k]
		switch {
		case r == nil:
			return fmt.Errorf("%w: a show of secret %d, never drawn", engine.ErrBadAction, num)
		case r.sec == nil && om == nil:
			if r.value != sg.shown.Values[k] {
				return &deck.CheatError{Party: party, What: fmt.Sprintf("showed secret %d, drawn in public as %d, as %d", num, r.value, sg.shown.Values[k])}
			}
			continue
		case r.sec == nil || om == nil || om.Party != party || om.Has != 3:
			return fmt.Errorf("%w: secret %d shown without its opening by its shower", ErrMalformed, num)
		}
		if err := r.sec.CheckOpen(om); err != nil {
			return err
		}
		if v := r.sec.OpenedValue(om, r.rng); v != sg.shown.Values[k] {
			return &deck.CheatError{Party: party, What: fmt.Sprintf("showed secret %d as %d; its own opening, signed with the claim, gives %d", num, sg.shown.Values[k], v)}
		}
	}
	return nil
}

// commitSecretShow opens the shown secrets once their show is taken.
func (l *ledger) commitSecretShow(sg showing) {
	for k, num := range sg.shown.Cards {
		r := l.sealed.secret(num)
		r.shown = true
		if om := sg.opens[k]; om != nil {
			l.sealed.note(r.sec.Show(om))
		}
	}
}
