package p2p

import (
	"errors"
	"fmt"

	"tabula/engine"
	"tabula/engine/deck"
)

// A hidden draw in a sealed game (sealed.go): once its cards are opened
// to the audience and every share is in, one hidden entry answers it.

// hiddenReady: the pending hidden draw's cards are opened and every share
// is in, so its entry may be written.
func (l *ledger) hiddenReady() bool {
	s := l.sealed
	if s == nil {
		return false
	}
	st := l.status()
	if l.secretReady(st) {
		return true
	}
	_, _, due := l.sealedDue()
	return !st.Over && st.Chance != nil && st.Chance.Deck != "" && s.opened == l.match.ChanceCount() && !due
}

// hiddenOutcome is the pending hidden draw as this device may know it:
// every value, or every value engine.Unknown.
func (l *ledger) hiddenOutcome() engine.Outcome {
	s := l.sealed
	req := l.status().Chance
	if req.Deck == "" {
		return l.secretOutcome(req)
	}
	d := s.decks[s.deck(req.Deck)]
	o := make(engine.Outcome, len(req.Cards))
	for k, pos := range req.Cards {
		c, err := d.Card(pos)
		if err != nil {
			if errors.Is(err, deck.ErrNotACard) {
				s.note(fmt.Errorf("card %d of deck %q is none of its cards: a shuffle was tampered with (the audit names who)", pos, req.Deck))
			}
			for j := range o {
				o[j] = engine.Unknown
			}
			return o
		}
		o[k] = c
	}
	return l.lookOutcome(req, o)
}

// Hidden entry body: the chance request's number k.
func (l *ledger) applyHidden(e *Entry, post string) error {
	if err := l.noSeal(); err != nil {
		return err
	}
	r := reader{b: e.Body}
	k := r.uvarint()
	if err := r.done(); err != nil {
		return err
	}
	switch {
	case e.Author != -1 || len(e.Sig) != 0:
		return fmt.Errorf("%w: hidden draw entries have no author", ErrMalformed)
	case !l.hiddenReady():
		return fmt.Errorf("%w: no hidden draw is ready", ErrOutOfTurn)
	case k != uint64(l.match.ChanceCount()):
		return fmt.Errorf("%w: hidden draw %d, pending is %d", ErrOutOfTurn, k, l.match.ChanceCount())
	}
	if err := l.appendOwn(post, engine.Entry{Seat: engine.Spectator, Chance: l.hiddenOutcome()}); err != nil {
		return mapHash(err)
	}
	l.chanceSeq = append(l.chanceSeq, e.Seq) // chance requests are counted over both kinds
	return nil
}

// answerTrial folds the answer to the pending hidden draw (this device's
// cards, or engine.Unknown) into a trial of both games: the hidden entry's
// and an answering run's post come from it.
func (l *ledger) answerTrial() (*trial, engine.Entry, error) {
	t := l.trial()
	ee := engine.Entry{Seat: engine.Spectator, Chance: l.hiddenOutcome()}
	return t, ee, t.apply(ee)
}

// hiddenEntry is the entry answering the pending hidden draw.
func (l *ledger) hiddenEntry(seq uint64, headHash Hash) (Entry, error) {
	t, ee, err := l.answerTrial()
	if err != nil {
		return Entry{}, err
	}
	var w writer
	w.uvarint(uint64(l.match.ChanceCount()))
	e := Entry{Game: l.gen.Game, Seq: seq + 1, Prev: headHash, Author: -1, Kind: KindHidden, Body: w.b, Post: t.post()}
	l.keep(t, ee, e.Post)
	return e, nil
}
