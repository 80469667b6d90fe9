package p2p

import (
	"bytes"
	"fmt"
	"slices"

	"tabula/engine"
)

// A party that leaves a sealed game (its seat handed to the bot).

// sealLeave: seats were handed to the bot. Each one's party leaves every
// deck: with escrow (3–4 parties) the others publish their shares of its
// key (deck entries), which is then rebuilt and public, so nothing waits
// on it and its cards are shown to all (a left entry). Without escrow
// (2 parties) or too few left, the decks go on waiting on it. The key
// stays public for the rest of the game, a reclaim included: the seat's
// later draws open to all (audience).
func (l *ledger) sealLeave(seats []int) {
	s := l.sealed
	if s == nil {
		return
	}
	for _, seat := range seats {
		p := slices.Index(s.parties, seat)
		if p < 0 {
			continue
		}
		l.secretLeave(p)
		for i, d := range s.decks {
			if !s.log[i].ready() {
				s.note(fmt.Errorf("seat %d left before deck %q was dealt: its cards wait for it (not done yet)", seat, s.specs[i].Name))
				continue
			}
			// Our own seat too: we send nothing more, and follow the deck
			// as a member whose key is public, so the seat can come back.
			out, err := d.Leave(p)
			if err != nil {
				continue // no escrow, or too few left: the deck waits on it
			}
			s.outbox[i] = append(s.outbox[i], out...)
			s.log[i].gone[p] = true
		}
	}
}

// openHand: seat's cards are open to all, so it shows them with no
// share: a bot seat, or a seat taken back after a takeover (its key was
// rebuilt and stays public, so every card it holds or draws is public).
func (l *ledger) openHand(seat int) bool {
	if l.isBot(seat) {
		return true
	}
	s := l.sealed
	if s == nil {
		return false
	}
	p := slices.Index(s.parties, seat)
	return p >= 0 && slices.ContainsFunc(s.log, func(t *dealt) bool { return t.gone[p] })
}

// OpenHand reports whether seat's cards are open to every device in a
// sealed game: played by the bot, or taken back after a takeover (its key
// stays public, so its hand and its later draws are seen by all).
func (p *Peer) OpenHand(seat int) bool {
	return p.led != nil && p.led.sealed != nil && p.led.openHand(seat)
}

// sealedLeavable refuses handing seats to the bot when a deck would then
// wait on one of them for ever (no escrow with 2 parties, too few left to
// rebuild its key, or a deck not dealt yet): the bot could not play its
// cards nor the others draw. The game waits for the seat instead, and a
// reload brings it back. Every device reads the same log, so every device
// refuses alike.
func (l *ledger) sealedLeavable(seats []int) error {
	s := l.sealed
	if s == nil {
		return nil
	}
	var leaving []int
	for _, seat := range seats {
		if p := slices.Index(s.parties, seat); p >= 0 {
			leaving = append(leaving, p)
		}
	}
	if err := l.secretLeavable(leaving); err != nil {
		return err
	}
	for _, p := range leaving {
		for i, d := range s.decks {
			if !s.log[i].ready() {
				return fmt.Errorf("%w: seat %d, deck %q is still being dealt", ErrSealedSeat, s.parties[p], s.specs[i].Name)
			}
			if err := d.CanLeave(p, leaving); err != nil {
				return fmt.Errorf("%w: seat %d, deck %q: %v", ErrSealedSeat, s.parties[p], s.specs[i].Name, err)
			}
		}
	}
	return nil
}

// leftDue is the deck and the positions a left entry must show now (nil
// when none): cards whose every holder left, once a pending hidden draw
// of them is answered.
func (l *ledger) leftDue() (int, []int) {
	s := l.sealed
	if s == nil || l.status().Over {
		return 0, nil
	}
	if _, _, due := l.sealedDue(); due || l.hiddenReady() {
		return 0, nil
	}
	st := l.status()
	for i, t := range s.log {
		var out []int
		for _, pos := range t.leftCards() {
			if st.Chance != nil && st.Chance.Hidden() && st.Chance.Deck == s.specs[i].Name && slices.Contains(st.Chance.Cards, pos) {
				continue // drawn but not yet answered
			}
			out = append(out, pos)
		}
		if out != nil {
			return i, out
		}
	}
	if nums := l.secretsLeftDue(); nums != nil {
		return secretShow, nums
	}
	return 0, nil
}

// leftShows are the shows of a left entry: each card, by the seat that
// held it, with its value; a card no longer in a hand is skipped (the game
// refuses it alike on every device).
func (l *ledger) leftShows(st engine.State, i int, cards []int) ([]engine.Shown, []engine.Seat, error) {
	if i == secretShow {
		return l.secretLeftShows(st, cards)
	}
	s := l.sealed
	var shows []engine.Shown
	var seats []engine.Seat
	for _, pos := range cards {
		c, err := s.decks[i].Card(pos)
		if err != nil {
			return nil, nil, fmt.Errorf("card %d of deck %q after its holder left: %w", pos, s.specs[i].Name, err)
		}
		holder := -1
		aud := s.log[i].opens[pos].aud
		if aud == nil {
			aud = s.log[i].opens[pos].widened
		}
		for p, in := range aud {
			if in && holder < 0 {
				holder = s.parties[p]
			}
		}
		sh := engine.Shown{Deck: s.specs[i].Name, Cards: []int{pos}, Values: []int{c}}
		if engine.ApplyEntry(l.game, st.Clone(), engine.Entry{Seat: engine.Seat(holder), Show: &sh}) != nil {
			continue
		}
		if err := engine.ApplyEntry(l.game, st, engine.Entry{Seat: engine.Seat(holder), Show: &sh}); err != nil {
			return nil, nil, err
		}
		shows, seats = append(shows, sh), append(seats, engine.Seat(holder))
	}
	return shows, seats, nil
}

func leftBody(i int, cards []int) []byte {
	var w writer
	w.byte1(byte(i))
	w.uvarint(uint64(len(cards)))
	for _, c := range cards {
		w.uvarint(uint64(c))
	}
	return w.b
}

func (l *ledger) leftEntry(seq uint64, head Hash, i int, cards []int) (Entry, error) {
	t := l.trial()
	shows, seats, err := l.leftShows(t.own, i, cards)
	if err != nil {
		return Entry{}, err
	}
	for k := range shows {
		if err := t.applyPublic(engine.Entry{Seat: seats[k], Show: &shows[k]}); err != nil {
			return Entry{}, err
		}
	}
	return Entry{Game: l.gen.Game, Seq: seq + 1, Prev: head, Author: -1, Kind: KindLeft, Body: leftBody(i, cards), Post: t.post()}, nil
}

func (l *ledger) applyLeft(e *Entry) error {
	if err := l.noSeal(); err != nil {
		return err
	}
	i, cards := l.leftDue()
	switch {
	case e.Author != -1 || len(e.Sig) != 0:
		return fmt.Errorf("%w: left entries have no author", ErrMalformed)
	case cards == nil || !bytes.Equal(e.Body, leftBody(i, cards)):
		return fmt.Errorf("%w: not the cards of a seat that left that the log waits for", ErrOutOfTurn)
	}
	shows, seats, err := l.leftShows(l.match.State.Clone(), i, cards)
	if err != nil {
		return err
	}
	var es []engine.Entry
	for k := range shows {
		es = append(es, engine.Entry{Seat: seats[k], Show: &shows[k]})
	}
	if err := l.checkPublic(e.Post.String(), es...); err != nil {
		return err
	}
	if err := l.foldOwn(es); err != nil {
		return err // cannot happen: the trial took it
	}
	for _, pos := range cards {
		if i == secretShow {
			l.sealed.secret(pos).shown = true
			continue
		}
		l.sealed.log[i].public[pos] = true
	}
	return nil
}
