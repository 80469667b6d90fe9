package p2p

import (
	"errors"
	"fmt"
)

// Bot takeover of away seats, and reclaiming them.
//
// Votes: every human seat except the ones taken over signs a Vote bound to
// the log head (seq and hash) and naming the seats. Once all are in, each
// voter builds the same KindTakeover entry (the votes verbatim, in voter
// order) as the next entry. A vote is allowed only while the log waits on
// one of the seats (chance pending, or one of them among the deciders), so
// the only entries that could compete for that seq need those seats.
//
// Hold: a peer that signed a vote at head B applies no other entry at B+1
// and builds no chance or batch entry there; it waits for the takeover. So
// a takeover can only complete when no voter took the competing entry, and
// only the taken-over seat itself may hold one, which it rolls back. The
// hold is released when another seat (not taken over) serves us an entry
// for B+1 through SYNC: that seat went on without voting, so the takeover
// can no longer complete.
//
// Bot: from the takeover on, the seat is played by bot.NewGreedy, seeded
// from the game id and the seat, shown each state it must decide in, in
// log order, exactly once. Its entries are unsigned; every peer (and
// Verify) recomputes the choice and accepts only exactly that action.
// Chance entries then carry the human seats' reveals only.
//
// Reclaim: the seat's owner signs a ReclaimReq naming the takeover entry;
// the next human seat that alone decides embeds it in a KindReclaim entry
// that it signs (a single writer, so nothing races it).

// Reasons a seat is handed to the bot.
const (
	// ReasonAway: the seat was away or stalled (its countdown ran out).
	ReasonAway byte = 0
	// ReasonAbort: the seat withheld its commitment for chance request K
	// (or went dark after it, so nobody could force its part open). Only
	// the others can hand the seat back.
	ReasonAbort byte = 1
	// ReasonProof: the seat signed two different entries (or proposals)
	// for one seq; the takeover carries both as proof instead of votes.
	// Only the others can hand the seat back.
	ReasonProof byte = 2
)

// Errors of takeovers.
var (
	// ErrBotSeat: the seat is played by the bot (reclaim it first).
	ErrBotSeat = errors.New("seat is played by the bot")
	// ErrBadBot: a bot entry is not what the deterministic bot chooses.
	ErrBadBot = errors.New("not the bot's choice")
	// ErrNotWaiting: a takeover must be of a seat the game waits on.
	ErrNotWaiting = errors.New("the game does not wait on that seat")
	// ErrRelayed: the seat is reached only through another seat.
	ErrRelayed = errors.New("the seat is reached only through another")
	// ErrSealedSeat: in a sealed game, the seat's cards could not be
	// opened without it (2 parties, too few left, or a deck not yet
	// dealt): the game waits for it to come back instead of stopping.
	ErrSealedSeat = errors.New("its sealed cards cannot be opened without it")
)

// takeoverBody is the body of a KindTakeover entry. The votes that allow
// it (or, for ReasonProof, the two conflicting encodings) travel in the
// entry's Sig field, outside its name: any majority of the other seats
// makes the same entry, so peers holding different sets of votes agree.
type takeoverBody struct {
	Bot    string // BotVersion
	Seats  []int
	Reason byte
	K      uint64 // ReasonAbort: the chance request withheld
}

func (t takeoverBody) encode() []byte {
	var w writer
	w.str(t.Bot)
	w.seats(t.Seats)
	w.byte1(t.Reason)
	w.uvarint(t.K)
	return w.b
}

func decodeTakeoverBody(b []byte) (takeoverBody, error) {
	r := reader{b: b}
	var t takeoverBody
	t.Bot = r.str()
	t.Seats = r.seats()
	t.Reason = r.byte1()
	t.K = r.uvarint()
	if r.err == nil && t.Reason > ReasonProof {
		r.fail("takeover reason %d", t.Reason)
	}
	return t, r.done()
}

func (l *ledger) applyTakeover(e *Entry, seq uint64, headHash Hash) error {
	if e.Author != -1 {
		return fmt.Errorf("%w: takeover entries have no author", ErrMalformed)
	}
	tb, err := decodeTakeoverBody(e.Body)
	if err != nil {
		return err
	}
	if len(tb.Seats) == 0 {
		return fmt.Errorf("%w: takeover of no seat", ErrMalformed)
	}
	if tb.Bot != BotVersion {
		return fmt.Errorf("%w: the takeover names the bot %q, this build plays %q", ErrMismatch, tb.Bot, BotVersion)
	}
	for _, s := range tb.Seats {
		if s >= len(l.gen.Seats) {
			return fmt.Errorf("%w: takeover of seat %d", ErrMalformed, s)
		}
	}
	if tb.Reason == ReasonProof {
		if err := l.checkProofTakeover(e, tb); err != nil {
			return err
		}
	} else if err := l.checkVotedTakeover(e, tb, seq, headHash); err != nil {
		return err
	}
	if e.Post != l.agreedNow() {
		return fmt.Errorf("%w: a takeover does not change the state", ErrBadPost)
	}
	for _, s := range tb.Seats {
		l.bots[s] = newBotSeat(l.gen.Game, s, "greedy", e.Seq, tb.Reason)
	}
	l.sealLeave(tb.Seats)
	return nil
}

// checkVotedTakeover: a majority of the other human seats voted for
// exactly this takeover at this head.
func (l *ledger) checkVotedTakeover(e *Entry, tb takeoverBody, seq uint64, headHash Hash) error {
	if err := l.checkTakeoverNow(tb.Seats); err != nil {
		return err
	}
	if tb.Reason == ReasonAbort {
		st := l.status()
		if st.Chance == nil || tb.K != uint64(l.match.ChanceCount()) {
			return fmt.Errorf("%w: an abort at request %d, but it is not pending", ErrConflict, tb.K)
		}
	}
	want := l.voters(tb.Seats)
	if len(want) == 0 {
		return fmt.Errorf("%w: nobody would be left to vote", ErrOutOfTurn)
	}
	votes, err := decodeVotes(e.Sig)
	if err != nil {
		return err
	}
	if len(votes) < needVotes(len(want)) {
		return fmt.Errorf("%w: takeover of seats %v has %d votes, needs %d of seats %v", ErrOutOfTurn, tb.Seats, len(votes), needVotes(len(want)), want)
	}
	last := -1
	for i := range votes {
		v := &votes[i]
		if err := l.checkVote(v); err != nil {
			return err
		}
		switch {
		case !containsSeat(want, v.Voter) || v.Voter <= last:
			return fmt.Errorf("%w: vote %d is from seat %d, voters are seats %v in order", ErrOutOfTurn, i, v.Voter, want)
		case !sameSeats(v.Seats, tb.Seats) || v.Reason != tb.Reason || v.K != tb.K:
			return fmt.Errorf("%w: seat %d voted for another takeover", ErrConflict, v.Voter)
		case v.Base != seq || v.BaseHash != headHash:
			return fmt.Errorf("%w: vote of seat %d answers entry %d", ErrBadPrev, v.Voter, v.Base)
		}
		last = v.Voter
	}
	return nil
}
