package p2p

import (
	"crypto/ed25519"
	"errors"
	"fmt"
	"slices"

	"tabula/engine"
	"tabula/engine/deck"
)

// Cards shown to every seat in a sealed game (engine.Shower): the holder's
// device opens them with its own decryption share, which every device
// checks (deck.CheckShown) before it takes the cards. A seat that alone
// decides shows them in KindShow entries before its action; in a round of
// simultaneous decisions its proposal carries them (sealedAction).

// showing is cards of one deck shown by one seat, with its shares.
type showing struct {
	deck   int
	shown  engine.Shown
	shares []*deck.ShareMsg
	// others are other members' shares the shower holds from their
	// envelopes (a card it took after a look: deck.ShownShares), for
	// cards whose other shares are not public.
	others []*deck.ShareMsg
	opens  []*deck.SecretOpenMsg // a show of secrets (deck secretShow)
}

// showBody: the deck's index, the number of cards, then each card's
// position, value and its holder's decryption share (deck.Encode); then,
// only when there are any, the number of other members' shares and each
// (deck.Encode). It is a KindShow entry's body.
func showBody(sg showing) []byte {
	var w writer
	w.byte1(byte(sg.deck))
	w.uvarint(uint64(len(sg.shown.Cards)))
	if sg.deck == secretShow {
		appendSecretShow(&w, sg)
		return w.b
	}
	for k := range sg.shown.Cards {
		w.uvarint(uint64(sg.shown.Cards[k]))
		w.uvarint(uint64(sg.shown.Values[k]))
		w.bytes(deck.Encode(sg.shares[k]))
	}
	if len(sg.others) > 0 {
		w.uvarint(uint64(len(sg.others)))
		for _, m := range sg.others {
			w.bytes(deck.Encode(m))
		}
	}
	return w.b
}

func (l *ledger) decodeShow(body []byte) (showing, error) {
	r := reader{b: body}
	sg := showing{deck: int(r.byte1())}
	n := r.small(deck.MaxCards, "shown cards")
	if sg.deck == secretShow {
		if err := decodeSecretShow(&r, &sg, n); err != nil {
			return sg, err
		}
		if err := r.done(); err != nil || n == 0 {
			return sg, fmt.Errorf("%w: a show of %d secrets: %v", ErrMalformed, n, err)
		}
		return sg, nil
	}
	for k := 0; k < n && r.err == nil; k++ {
		sg.shown.Cards = append(sg.shown.Cards, r.small(deck.MaxCards, "position"))
		sg.shown.Values = append(sg.shown.Values, r.small(deck.MaxCards, "card"))
		m, err := deck.Decode(r.bytes())
		sm, ok := m.(*deck.ShareMsg)
		if err != nil || !ok {
			return sg, fmt.Errorf("%w: a shown card without its share", ErrMalformed)
		}
		sg.shares = append(sg.shares, sm)
	}
	if r.err == nil && len(r.b) > 0 {
		k := r.small(deck.MaxParties*uint64(deck.MaxCards), "other shares")
		for j := 0; j < k && r.err == nil; j++ {
			m, err := deck.Decode(r.bytes())
			sm, ok := m.(*deck.ShareMsg)
			if err != nil || !ok {
				return sg, fmt.Errorf("%w: a shown card with another member's share that is none", ErrMalformed)
			}
			sg.others = append(sg.others, sm)
		}
		if k == 0 {
			return sg, fmt.Errorf("%w: a show with an empty list of other shares", ErrMalformed)
		}
	}
	if err := r.done(); err != nil {
		return sg, err
	}
	if sg.deck >= len(l.sealed.specs) || n == 0 {
		return sg, fmt.Errorf("%w: show of deck %d, %d cards", ErrMalformed, sg.deck, n)
	}
	sg.shown.Deck = l.sealed.specs[sg.deck].Name
	return sg, nil
}

// sealedAction is a proposal's Action in a sealed game: a marker byte, the
// action JSON, then the cards it shows (showBody each). Signed with the
// proposal, so the batch carries the shares verbatim.
const sealedMark = 1

func sealedAction(raw []byte, ss []showing) []byte {
	var w writer
	w.byte1(sealedMark)
	w.bytes(raw)
	w.uvarint(uint64(len(ss)))
	for _, sg := range ss {
		w.bytes(showBody(sg))
	}
	return w.b
}

func (l *ledger) unwrapAction(b []byte) ([]byte, []showing, error) {
	r := reader{b: b}
	if r.byte1() != sealedMark {
		return nil, nil, fmt.Errorf("%w: a sealed game's proposal without its shown cards", ErrMalformed)
	}
	raw := r.bytes()
	n := r.small(8, "shows")
	var ss []showing
	for k := 0; k < n && r.err == nil; k++ {
		sg, err := l.decodeShow(r.bytes())
		if err != nil {
			return nil, nil, err
		}
		ss = append(ss, sg)
	}
	if err := r.done(); err != nil {
		return nil, nil, err
	}
	return raw, ss, nil
}

// checkShows checks, changing nothing, that seat's shares open its shown
// cards to exactly the values it claims. A lie is a *deck.CheatError.
func (l *ledger) checkShows(seat int, ss []showing) error {
	s := l.sealed
	party := slices.Index(s.parties, seat)
	for _, sg := range ss {
		if sg.deck == secretShow {
			if err := l.checkSecretShow(party, sg); err != nil {
				return err
			}
			continue
		}
		d := s.decks[sg.deck]
		for k, pos := range sg.shown.Cards {
			if sg.shares[k].From() != party {
				return fmt.Errorf("%w: seat %d shows a share of party %d", ErrForged, seat, sg.shares[k].From())
			}
			card, err := d.CheckShownWith(pos, sg.shares[k], sg.othersOf(pos))
			if err != nil {
				return err
			}
			if card != sg.shown.Values[k] {
				return &deck.CheatError{Party: party, What: fmt.Sprintf("showed card %d of deck %q as %d; its own decryption share, signed with the claim, opens it as %d", pos, sg.shown.Deck, sg.shown.Values[k], card)}
			}
		}
	}
	return nil
}

// othersOf are the other members' shares handed out for the card at pos.
func (sg showing) othersOf(pos int) []*deck.ShareMsg {
	var out []*deck.ShareMsg
	for _, m := range sg.others {
		if m.Pos == pos {
			out = append(out, m)
		}
	}
	return out
}

// commitShows opens the shown cards to all in the decks, once the entry
// that shows them is taken.
func (l *ledger) commitShows(seat int, ss []showing) {
	s := l.sealed
	party := slices.Index(s.parties, seat)
	for _, sg := range ss {
		if sg.deck == secretShow {
			l.commitSecretShow(sg)
			continue
		}
		d, t := s.decks[sg.deck], s.log[sg.deck]
		for k, pos := range sg.shown.Cards {
			out, err := d.Open(pos, deck.All)
			s.note(err)
			if party != s.me {
				s.outbox[sg.deck] = append(s.outbox[sg.deck], out...)
			}
			_, err = d.Receive(sg.shares[k])
			s.note(err)
			t.open(pos, nil)
			t.took(party, sg.shares[k])
			for _, m := range sg.othersOf(pos) {
				if m.Party != s.me { // ours the deck made on opening (its proof differs)
					_, err = d.Receive(m)
					s.note(err)
				}
				t.took(m.Party, m)
			}
			// Our own share of it, made on opening, is in the log already.
			s.outbox[sg.deck] = slices.DeleteFunc(s.outbox[sg.deck], func(m deck.Msg) bool {
				sm, ok := m.(*deck.ShareMsg)
				return ok && sm.Pos == pos && t.opens[pos].shares[sm.Party]
			})
		}
	}
}

func (l *ledger) applyShow(e *Entry) error {
	if err := l.noSeal(); err != nil {
		return err
	}
	if err := l.verifyEntrySig(e); err != nil {
		return err
	}
	st := l.status()
	if st.Chance != nil || !st.Decides(engine.Seat(e.Author)) || len(st.Deciders) != 1 {
		return fmt.Errorf("%w: seat %d shows cards, deciders are %v (a seat that alone decides shows them)", ErrOutOfTurn, e.Author, st.Deciders)
	}
	sg, err := l.decodeShow(e.Body)
	if err != nil {
		return err
	}
	ss := []showing{sg}
	if err := l.checkShows(e.Author, ss); err != nil {
		return err
	}
	if err := l.appendOwn(e.Post.String(), engine.Entry{Seat: engine.Seat(e.Author), Show: &sg.shown}); err != nil {
		return mapHash(err)
	}
	l.commitShows(e.Author, ss)
	return nil
}

// makeShows are the cards seat must show before a (MustShow), with this
// device's shares: checked first on a copy of the state with a applied
// after them, and only then are the cards opened in the deck. posts are
// the agreed hashes after each showing.
func (l *ledger) makeShows(seat int, a engine.Action) (ss []showing, posts []Hash, err error) {
	if l.sealed == nil || l.openHand(seat) {
		return nil, nil, nil
	}
	sh, ok := l.match.State.(engine.Shower)
	if !ok {
		return nil, nil, nil
	}
	shows := sh.MustShow(engine.Seat(seat), a)
	t := l.trial()
	for _, s := range shows {
		if err := t.apply(engine.Entry{Seat: engine.Seat(seat), Show: &s}); err != nil {
			return nil, nil, err
		}
		posts = append(posts, t.post())
	}
	if err := t.own.Apply(engine.Seat(seat), a); err != nil {
		return nil, nil, err
	}
	for _, s := range shows {
		if s.Deck == engine.SecretDeck {
			sg, err := l.makeSecretShow(s)
			if err != nil {
				return nil, nil, err
			}
			ss = append(ss, sg)
			continue
		}
		i := l.sealed.deck(s.Deck)
		if i < 0 {
			return nil, nil, fmt.Errorf("%w: no deck %q", engine.ErrBadAction, s.Deck)
		}
		sg := showing{deck: i, shown: s}
		for _, pos := range s.Cards {
			out, err := l.sealed.decks[i].Open(pos, deck.All)
			if err != nil {
				return nil, nil, err
			}
			own := l.sealed.decks[i].PublicShare(pos, l.sealed.me) // a looker's went out before
			for _, m := range out {
				if sm, ok := m.(*deck.ShareMsg); ok && sm.Pos == pos && sm.Party == l.sealed.me {
					own = sm
				}
			}
			if own != nil {
				sg.shares = append(sg.shares, own)
			}
			sg.others = append(sg.others, l.sealed.decks[i].ShownShares(pos)...)
		}
		if len(sg.shares) != len(s.Cards) {
			return nil, nil, errors.New("p2p: the deck made no share for a card shown (bug)")
		}
		ss = append(ss, sg)
	}
	return ss, posts, nil
}

// showEntries are the KindShow entries by which this device's seat shows
// what a needs shown first, signed, following the head.
func (p *Peer) showEntries(seat int, a engine.Action) ([]Entry, error) {
	ss, posts, err := p.led.makeShows(seat, a)
	if err != nil || len(ss) == 0 {
		return nil, err
	}
	seq, head := p.led.head()
	var es []Entry
	for k, sg := range ss {
		e := Entry{Game: p.gameID, Seq: seq + 1 + uint64(k), Prev: head, Author: seat, Kind: KindShow, Body: showBody(sg), Post: posts[k]}
		e.Sig = ed25519.Sign(p.priv, e.signBytes())
		head = e.Hash()
		es = append(es, e)
	}
	return es, nil
}

// proposalParts splits a proposal's Action: the action JSON and, in a
// sealed game, the cards it shows first (checked, nothing changed).
func (l *ledger) proposalParts(seat int, action []byte) ([]byte, []showing, error) {
	if l.sealedGame() && l.isBot(seat) {
		return action, l.botShows(seat, action), nil
	}
	if !l.sealedGame() {
		return action, nil, nil // a reclaimed seat wraps its action, with no cards shown
	}
	if err := l.noSeal(); err != nil {
		return nil, nil, err
	}
	raw, ss, err := l.unwrapAction(action)
	if err != nil {
		return nil, nil, err
	}
	return raw, ss, l.checkShows(seat, ss)
}

// batchEntries are the engine entries of seat's part of a batch: its
// shown cards, then its action.
func batchEntries(seat int, raw []byte, ss []showing) []engine.Entry {
	var es []engine.Entry
	for _, sg := range ss {
		es = append(es, engine.Entry{Seat: engine.Seat(seat), Show: &sg.shown})
	}
	return append(es, engine.Entry{Seat: engine.Seat(seat), Action: raw})
}

// botShows are the cards the bot of seat shows before its move raw, with
// no share: its hand is open to every device (the left entries showed it,
// its later draws open to all), so the public game knows every card; a
// card it drew after the takeover is known but not shown yet, and a rule
// that plays only a shown card would refuse the move on every device
// alike, for ever. Listed (MustShow on the public game) only when the
// public game refuses the move without them, so a move that needed none
// folds as before.
func (l *ledger) botShows(seat int, raw []byte) []showing {
	pub := l.sealed.public.State
	act := engine.Entry{Seat: engine.Seat(seat), Action: raw}
	if engine.ApplyEntry(l.game, pub.Clone(), act) == nil {
		return nil
	}
	sh, ok := pub.(engine.Shower)
	if !ok {
		return nil
	}
	a, err := l.game.DecodeAction(raw)
	if err != nil {
		return nil
	}
	var ss []showing
	for _, s := range sh.MustShow(engine.Seat(seat), a) {
		ss = append(ss, showing{shown: s})
	}
	return ss
}
