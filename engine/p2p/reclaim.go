package p2p

import (
	"crypto/ed25519"
	"errors"
	"fmt"
)

// ReclaimReq is a taken-over seat's signed request to play again. Since
// names the takeover entry, so the request cannot be replayed against a
// later takeover.
type ReclaimReq struct {
	Game  GameID
	Seat  int
	Since uint64
	Sig   []byte
}

func (q *ReclaimReq) unsigned() []byte { return seatClaim(q.Game, q.Seat, q.Since) }

func (q *ReclaimReq) signBytes() []byte { return append([]byte(domainReclaim), q.unsigned()...) }

// Encode is the wire form.
func (q *ReclaimReq) Encode() []byte {
	return sealed(q.unsigned(), q.Sig)
}

func readReclaim(r *reader) ReclaimReq {
	var q ReclaimReq
	r.fixed(q.Game[:])
	q.Seat = r.seat(MaxSeats - 1)
	q.Since = r.uvarint()
	q.Sig = r.bytes()
	return q
}

// checkReclaim checks a reclaim request against the current log.
func (l *ledger) checkReclaim(q *ReclaimReq) error {
	switch {
	case q.Game != l.gen.Game:
		return ErrWrongGame
	case q.Seat < 0 || q.Seat >= len(l.gen.Seats):
		return fmt.Errorf("%w: reclaim of seat %d", ErrMalformed, q.Seat)
	case !l.gen.verifySeat(q.Seat, q.signBytes(), q.Sig):
		return fmt.Errorf("%w: reclaim is not signed by seat %d", ErrForged, q.Seat)
	case !l.isBot(q.Seat) || l.bots[q.Seat].since != q.Since:
		return fmt.Errorf("%w: seat %d is not played by the bot since entry %d", ErrConflict, q.Seat, q.Since)
	}
	return nil
}

// reclaimWriter is the seat that may embed a reclaim now: the one human
// that alone decides, with no chance pending; -1 if none.
func (l *ledger) reclaimWriter() int {
	st := l.status()
	if st.Over || st.Chance != nil || len(st.Deciders) != 1 || l.isBot(int(st.Deciders[0])) {
		return -1
	}
	return int(st.Deciders[0])
}

// ownReclaimAt reports whether seat's owner may write its own reclaim
// now: the seat, played by the bot after it was away, alone decides. No
// other seat can withhold that path.
func (l *ledger) ownReclaimAt(seat int) bool {
	st := l.status()
	return l.isBot(seat) && l.bots[seat].reason == ReasonAway && !st.Over && st.Chance == nil &&
		len(st.Deciders) == 1 && int(st.Deciders[0]) == seat
}

func (l *ledger) applyReclaim(e *Entry) error {
	if err := l.verifyEntrySig(e); err != nil {
		return err
	}
	r := reader{b: e.Body}
	q := readReclaim(&r)
	if err := r.done(); err != nil {
		return err
	}
	own := e.Author == q.Seat && l.ownReclaimAt(q.Seat)
	if w := l.reclaimWriter(); w != e.Author && !own {
		return fmt.Errorf("%w: seat %d may not embed a reclaim now", ErrOutOfTurn, e.Author)
	}
	if err := l.checkReclaim(&q); err != nil {
		return err
	}
	if e.Post != l.agreedNow() {
		return fmt.Errorf("%w: a reclaim does not change the state", ErrBadPost)
	}
	l.bots[q.Seat] = nil
	return nil
}

// Reclaim asks to play this seat again after a takeover: a signed request
// that the next human seat to decide alone puts in the log, or, after an
// away takeover, that this peer writes itself where its seat next decides
// alone (the others wait for it there), so no single other seat can
// withhold it. After an abort or an equivocation only the others can hand
// the seat back (they embed the request).
func (p *Peer) Reclaim() (Output, error) {
	if p.led == nil {
		return p.flush(), ErrNoGenesis
	}
	if !p.led.isBot(p.seat) {
		return p.flush(), fmt.Errorf("p2p: seat %d is not played by the bot", p.seat)
	}
	q := ReclaimReq{Game: p.gameID, Seat: p.seat, Since: p.led.bots[p.seat].since}
	q.Sig = ed25519.Sign(p.priv, q.signBytes())
	p.myReclaim = &q
	p.send(Broadcast, &ReclaimMsg{Req: q})
	p.progress()
	return p.flush(), nil
}

func (p *Peer) onReclaim(from int, q ReclaimReq) {
	if p.led == nil {
		return
	}
	if err := p.led.checkReclaim(&q); err != nil {
		if !errors.Is(err, ErrConflict) {
			p.reject(from, err)
		}
		return // an old request, or not ours to judge yet
	}
	p.reclaims[q.Seat] = q
}

// tryReclaim: if we alone decide, embed a pending reclaim request.
func (p *Peer) tryReclaim(seq uint64, headHash Hash) bool {
	if p.myReclaim != nil && p.led.ownReclaimAt(p.seat) && p.led.checkReclaim(p.myReclaim) == nil {
		// Our bot-played seat alone decides: write the reclaim ourselves.
		// No other seat can withhold this path.
		e := Entry{Game: p.gameID, Seq: seq + 1, Prev: headHash, Author: p.seat, Kind: KindReclaim, Body: p.myReclaim.Encode(), Post: p.led.agreedNow()}
		e.Sig = ed25519.Sign(p.priv, e.signBytes())
		if !p.applyEntry(p.seat, e) {
			return false
		}
		p.send(Broadcast, &EntryMsg{Entry: e})
		return true
	}
	if p.led.reclaimWriter() != p.seat {
		return false
	}
	for _, s := range sortedSeats(p.reclaims) {
		q := p.reclaims[s]
		if p.led.checkReclaim(&q) != nil {
			delete(p.reclaims, s)
			continue
		}
		if p.led.bots[s].reason != ReasonAway && !p.handBack[s] {
			continue // an abort or a proven equivocation: only by consent
		}
		e := Entry{Game: p.gameID, Seq: seq + 1, Prev: headHash, Author: p.seat, Kind: KindReclaim, Body: q.Encode(), Post: p.led.agreedNow()}
		e.Sig = ed25519.Sign(p.priv, e.signBytes())
		if !p.applyEntry(p.seat, e) {
			return false
		}
		p.send(Broadcast, &EntryMsg{Entry: e})
		return true
	}
	return false
}

// ownReclaim reports whether e is a reclaim its owner wrote itself.
func ownReclaim(e *Entry) bool {
	if e.Kind != KindReclaim {
		return false
	}
	r := reader{b: e.Body}
	q := readReclaim(&r)
	return r.done() == nil && q.Seat == e.Author
}

// HandBack consents to give seat back to its player after it was handed to
// the bot for withholding a reveal or for a proven equivocation: this peer
// then embeds the seat's reclaim request when it next decides alone.
// (After an away takeover no consent is needed.)
func (p *Peer) HandBack(seat int) (Output, error) {
	if p.led == nil {
		return p.flush(), ErrNoGenesis
	}
	if !p.led.isBot(seat) || seat == p.seat {
		return p.flush(), fmt.Errorf("p2p: seat %d is not another seat played by the bot", seat)
	}
	p.handBack[seat] = true
	p.progress()
	return p.flush(), nil
}

// Reclaims is the seats whose players asked to play again, pending.
func (p *Peer) Reclaims() []int { return sortedSeats(p.reclaims) }

// waitOwnReclaim: the bot-played seat alone decides and its owner asked
// to reclaim it (away takeover): leave it the entry for one stall
// countdown, so the owner's own reclaim does not race the bot's move.
func (p *Peer) waitOwnReclaim(seat int) bool {
	q, ok := p.reclaims[seat]
	if !ok || !p.led.ownReclaimAt(seat) || p.led.checkReclaim(&q) != nil {
		return false
	}
	return p.now-p.stepAt < p.cfg.StallAfter
}
