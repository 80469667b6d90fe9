package p2p

import (
	"bytes"
	"crypto/ed25519"
	"errors"
	"fmt"
	"slices"

	"tabula/engine/deck"
)

// The peer's side of sealed play (sealed.go): writing the entries the
// log waits for, and reporting what the decks found.

// sealedStep writes the deck or hidden-draw entry the log waits for, if
// this device may (the public shares it owes a deck at once in one
// entry, a run): moved when it did; blocked when the log waits on a deck
// entry (ours that failed, or another party's).
func (p *Peer) sealedStep(seq uint64, head Hash) (moved, blocked bool) {
	l := p.led
	s := l.sealed
	if s == nil {
		return false, false
	}
	p.reportSealed()
	if i, party, due := l.deckDue(); due {
		if party != s.me {
			return false, true
		}
		m, ok := s.log[i].owedBy(party, s.outbox[i])
		if !ok {
			s.note(fmt.Errorf("deck %q waits for our message and we made none", s.specs[i].Name))
			p.reportSealed()
			return false, true
		}
		ms := []deck.Msg{m}
		if sm, ok := m.(*deck.ShareMsg); ok && !l.status().Over {
			ms = s.log[i].shareRun(party, sm, s.outbox[i])
		}
		e := Entry{Game: p.gameID, Seq: seq + 1, Prev: head, Author: p.seat, Kind: KindDeck, Body: deckBody(i, ms...), Post: l.agreedNow()}
		if answerWithShares && l.lastShares(i, party, ms) {
			// The last shares of a hidden draw answer it in the same entry.
			t, ee, err := l.answerTrial()
			if err != nil {
				p.reject(p.seat, err)
				return false, true
			}
			e.Body[0] |= deckAnswers
			e.Post = t.post()
			l.keep(t, ee, e.Post)
		}
		e.Sig = ed25519.Sign(p.priv, e.signBytes())
		if !p.applyEntry(p.seat, e) {
			return false, true
		}
		p.send(Broadcast, &EntryMsg{Entry: e})
		return true, false
	}
	if moved, blocked := p.secretStep(seq, head); moved || blocked {
		return moved, blocked
	}
	if l.hiddenReady() {
		e, err := l.hiddenEntry(seq, head)
		if err != nil {
			p.reject(p.seat, err)
			return false, true
		}
		return p.applyEntry(p.seat, e), false
	}
	if i, cards := l.leftDue(); cards != nil {
		e, err := l.leftEntry(seq, head, i, cards)
		if err != nil {
			p.reject(p.seat, err)
			return false, true
		}
		return p.applyEntry(p.seat, e), false
	}
	return false, false
}

// reportSealed hands out what the decks found: cheats (EvCheat) and a
// fault of our own deck (EvRejected), each once.
func (p *Peer) reportSealed() {
	s := p.led.sealed
	for ; s.reported < len(s.cheats); s.reported++ {
		c := s.cheats[s.reported]
		p.event(Event{Kind: EvCheat, Seat: c.Seat, Err: c.Err})
	}
	if s.fault != nil {
		p.reject(p.seat, fmt.Errorf("sealed play: %w", s.fault))
		s.fault = nil
	}
}

// sealedCheat records a refused entry that proves its author cheated.
func (p *Peer) sealedCheat(e Entry, err error) {
	s := p.led.sealed
	var ce *deck.CheatError
	if s == nil || !errors.As(err, &ce) || (e.Kind != KindDeck && e.Kind != KindShow && e.Kind != KindSecret) {
		return
	}
	if p.led.verifyEntrySig(&e) != nil {
		return
	}
	for _, c := range s.cheats {
		if bytes.Equal(c.Entry, e.Encode()) {
			return
		}
	}
	s.cheats = append(s.cheats, Cheat{Seat: e.Author, Err: ce, Entry: e.Encode()})
}

// Cheats is every cheat this device proved in a sealed game so far
// (during play, and at the audit once every party's keys are in).
func (p *Peer) Cheats() []Cheat {
	if p.led == nil || p.led.sealed == nil {
		return nil
	}
	return slices.Clone(p.led.sealed.cheats)
}

// Audited reports whether the audit at the end of a sealed game is done,
// with each deck's cards in shuffled order.
func (p *Peer) Audited() ([][]int, bool) {
	if p.led == nil || p.led.sealed == nil || p.led.sealed.reports == nil || !p.led.sealed.secretsOpen() {
		return nil, false
	}
	var out [][]int
	for _, r := range p.led.sealed.reports {
		if r == nil {
			out = append(out, nil)
			continue
		}
		out = append(out, r.Cards)
	}
	return out, true
}
