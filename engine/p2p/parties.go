package p2p

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"

	"tabula/engine"
	"tabula/engine/bot"
)

// BotVersion names the bot that plays taken-over seats. Its choices are
// part of the protocol: a takeover entry records it, and a log is verified
// only by a build whose bot chooses alike. Change it with any change to
// engine/bot's greedy bot (TestTakeoverGamePinned fails as a reminder).
const BotVersion = "greedy/2"

// botSeat is a seat played by the bot since entry Since.
type botSeat struct {
	since  uint64
	reason byte
	// b has made exactly the bot moves in the log so far. A decision is
	// asked of a clone (next), once per head; the clone replaces b only
	// when an entry holding the move is applied (commit). So the bot's
	// tie-break memory and random stream follow the log, not how often a
	// peer asked: a peer that asked at a point that a takeover then
	// passed by, a peer that catches up by SYNC and Verify all agree.
	b       *bot.Greedy
	next    *bot.Greedy
	memoSeq uint64
	memo    []byte
	memoErr error
	asked   bool
}

// BotSeed is the greedy bot's seed for a taken-over seat: a pure function
// of the game id and the seat.
func BotSeed(game GameID, seat int) uint64 {
	b := append([]byte("tabula/p2p/bot\x00"), game[:]...)
	b = append(b, byte(seat))
	h := sha256.Sum256(b)
	return binary.BigEndian.Uint64(h[:8])
}

// isBot reports whether seat is played by the bot.
func (l *ledger) isBot(seat int) bool {
	return seat >= 0 && seat < len(l.bots) && l.bots[seat] != nil
}

// humans is every seat not played by the bot, ascending.
func (l *ledger) humans() []int {
	var out []int
	for s := range l.gen.Seats {
		if !l.isBot(s) {
			out = append(out, s)
		}
	}
	return out
}

// revealers is the seat set of the next chance entry: nil when every seat
// reveals (the layout of a game without takeovers), else the humans.
func (l *ledger) revealers() []int {
	hs := l.humans()
	if len(hs) == len(l.gen.Seats) {
		return nil
	}
	return hs
}

// waitsOn reports whether the log, at its head, waits on seat: a chance
// request needs its reveal, or it is among the deciders.
func (l *ledger) waitsOn(seat int) bool {
	st := l.status()
	if st.Over || l.isBot(seat) {
		return false
	}
	return st.Chance != nil || st.Decides(engine.Seat(seat))
}

// botChoice is the bot's action JSON for seat at the current head.
func (l *ledger) botChoice(seat int) ([]byte, error) {
	b := l.bots[seat]
	seq, _ := l.head()
	if b.asked && b.memoSeq == seq {
		return b.memo, b.memoErr
	}
	b.asked, b.memoSeq, b.memo, b.memoErr = true, seq, nil, nil
	b.next = b.b.Clone()
	a := b.next.Choose(l.match.State, engine.Seat(seat))
	if a == nil {
		b.memoErr = fmt.Errorf("%w: the bot of seat %d has no legal action", ErrBadBot, seat)
		return nil, b.memoErr
	}
	raw, err := json.Marshal(a)
	if err != nil {
		b.memoErr = fmt.Errorf("%w: %v", ErrBadBot, err)
		return nil, b.memoErr
	}
	b.memo = raw
	return raw, nil
}

// commitBot keeps the bot's move at the head: called once an entry that
// holds it is applied.
func (l *ledger) commitBot(seat int) {
	if b := l.bots[seat]; b != nil && b.next != nil {
		b.b, b.next, b.asked = b.next, nil, false
	}
}

func (l *ledger) applyBot(e *Entry, post string) error {
	st := l.status()
	switch {
	case len(e.Sig) != 0:
		return fmt.Errorf("%w: bot entries are not signed", ErrMalformed)
	case !l.isBot(e.Author):
		return fmt.Errorf("%w: seat %d is not played by the bot", ErrOutOfTurn, e.Author)
	case st.Chance != nil || len(st.Deciders) != 1 || int(st.Deciders[0]) != e.Author:
		return fmt.Errorf("%w: bot of seat %d, deciders are %v", ErrOutOfTurn, e.Author, st.Deciders)
	}
	want, err := l.botChoice(e.Author)
	if err != nil {
		return err
	}
	if !bytes.Equal(want, e.Body) {
		return fmt.Errorf("%w: seat %d's bot plays %s, the entry says %s", ErrBadBot, e.Author, want, e.Body)
	}
	if err := l.match.Append(engine.Entry{Seat: engine.Seat(e.Author), Action: e.Body, Post: post}); err != nil {
		return mapHash(err)
	}
	l.commitBot(e.Author)
	return nil
}

// ---- Peer side ----

// Bot reports whether seat is played by the bot (after a takeover).
func (p *Peer) Bot(seat int) bool { return p.led != nil && p.led.isBot(seat) }

// BotSeats is every seat played by the bot, ascending.
func (p *Peer) BotSeats() []int {
	if p.led == nil {
		return nil
	}
	var out []int
	for s := range p.led.gen.Seats {
		if p.led.isBot(s) {
			out = append(out, s)
		}
	}
	return out
}

// TakeoverReason is why seat is played by the bot (ReasonAway, ReasonAbort,
// ReasonProof), and false when it is not.
func (p *Peer) TakeoverReason(seat int) (byte, bool) {
	if p.led == nil || !p.led.isBot(seat) {
		return 0, false
	}
	return p.led.bots[seat].reason, true
}
