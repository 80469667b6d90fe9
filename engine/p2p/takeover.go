package p2p

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"time"

	"tabula/engine"
	"tabula/engine/bot"
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
	// ReasonAbort: the seat withheld its reveal for chance request K and
	// its secret could not be rebuilt (two seats, or a share withheld
	// too). Only the others can hand the seat back.
	ReasonAbort byte = 1
	// ReasonProof: the seat signed two different entries (or proposals)
	// for one seq; the takeover carries both as proof instead of votes.
	// Only the others can hand the seat back.
	ReasonProof byte = 2
)

// Vote is one seat's signed consent to hand Seats to the bot from entry
// Base+1 on, for Reason (and, for an abort, at chance request K).
type Vote struct {
	Game     GameID
	Base     uint64 // head seq the vote answers
	BaseHash Hash   // hash of that head entry (or the genesis)
	Voter    int
	Seats    []int // ascending, without Voter
	Reason   byte
	K        uint64
	Sig      []byte
}

func (v *Vote) unsigned() []byte {
	var w writer
	w.base(v.Game, v.Base, v.BaseHash)
	w.seat(v.Voter)
	w.seats(v.Seats)
	w.byte1(v.Reason)
	w.uvarint(v.K)
	return w.b
}

func (v *Vote) signBytes() []byte { return append([]byte(domainVote), v.unsigned()...) }

// Encode is the wire form.
func (v *Vote) Encode() []byte {
	return sealed(v.unsigned(), v.Sig)
}

func readVote(r *reader) Vote {
	var v Vote
	r.base(&v.Game, &v.Base, &v.BaseHash)
	v.Voter = r.seat(MaxSeats - 1)
	v.Seats = r.seats()
	v.Reason = r.byte1()
	v.K = r.uvarint()
	v.Sig = r.bytes()
	return v
}

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

// BotVersion names the bot that plays taken-over seats. Its choices are
// part of the protocol: a takeover entry records it, and a log is verified
// only by a build whose bot chooses alike. Change it with any change to
// engine/bot's greedy bot (TestTakeoverGamePinned fails as a reminder).
const BotVersion = "greedy/2"

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

// encodeVotes and decodeVotes are a takeover entry's Sig field.
func encodeVotes(vs []Vote) []byte { return encodeSealedList(vs, (*Vote).Encode) }

func decodeVotes(b []byte) ([]Vote, error) { return decodeSealedList(b, "vote count", readVote) }

// encodeProof and decodeProof are a ReasonProof takeover's Sig field: the
// two encodings, in byte order.
func encodeProof(a, b []byte) []byte {
	if bytes.Compare(a, b) > 0 {
		a, b = b, a
	}
	var w writer
	w.bytes(a)
	w.bytes(b)
	return w.b
}

func decodeProof(b []byte) ([2][]byte, error) {
	r := reader{b: b}
	var p [2][]byte
	p[0], p[1] = r.bytes(), r.bytes()
	if r.err == nil && bytes.Compare(p[0], p[1]) >= 0 {
		r.fail("proof not in order")
	}
	return p, r.done()
}

// Errors of takeovers.
var (
	// ErrBotSeat: the seat is played by the bot (reclaim it first).
	ErrBotSeat = errors.New("seat is played by the bot")
	// ErrBadBot: a bot entry is not what the deterministic bot chooses.
	ErrBadBot = errors.New("not the bot's choice")
	// ErrNotWaiting: a takeover must be of a seat the game waits on.
	ErrNotWaiting = errors.New("the game does not wait on that seat")
)

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

// checkVote checks a vote's form and signature (not its base).
func (l *ledger) checkVote(v *Vote) error {
	switch {
	case v.Game != l.gen.Game:
		return ErrWrongGame
	case v.Voter < 0 || v.Voter >= len(l.gen.Seats):
		return fmt.Errorf("%w: vote of seat %d", ErrOutOfTurn, v.Voter)
	case len(v.Seats) == 0:
		return fmt.Errorf("%w: a vote for no seat", ErrMalformed)
	case v.Reason > ReasonAbort:
		return fmt.Errorf("%w: vote reason %d", ErrMalformed, v.Reason)
	}
	for i, s := range v.Seats {
		switch {
		case s >= len(l.gen.Seats):
			return fmt.Errorf("%w: vote for seat %d", ErrMalformed, s)
		case s == v.Voter:
			return fmt.Errorf("%w: seat %d votes to take over itself", ErrOutOfTurn, s)
		case i > 0 && s <= v.Seats[i-1]:
			return fmt.Errorf("%w: vote seats not ascending", ErrMalformed)
		}
	}
	if len(v.Sig) != ed25519.SignatureSize || !ed25519.Verify(l.key(v.Voter), v.signBytes(), v.Sig) {
		return fmt.Errorf("%w: vote is not signed by seat %d", ErrForged, v.Voter)
	}
	return nil
}

// checkTakeoverNow: seats may be taken over at the head (every one human,
// the log waiting on at least one).
func (l *ledger) checkTakeoverNow(seats []int) error {
	if l.status().Over {
		return engine.ErrGameOver
	}
	waits := false
	for _, s := range seats {
		if l.isBot(s) {
			return fmt.Errorf("%w: seat %d already", ErrBotSeat, s)
		}
		waits = waits || l.waitsOn(s)
	}
	if !waits {
		return fmt.Errorf("%w: seats %v", ErrNotWaiting, seats)
	}
	return nil
}

// voters is who may vote to take over seats: every other human seat.
func (l *ledger) voters(seats []int) []int {
	var out []int
	for _, s := range l.humans() {
		if !containsSeat(seats, s) {
			out = append(out, s)
		}
	}
	return out
}

// needVotes is how many of the voters must agree: a majority of them
// (every one when there is one or two).
func needVotes(voters int) int { return voters/2 + 1 }

func containsSeat(ss []int, s int) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
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
	if e.Post != postOf(l.match) {
		return fmt.Errorf("%w: a takeover does not change the state", ErrBadPost)
	}
	for _, s := range tb.Seats {
		l.bots[s] = &botSeat{since: e.Seq, reason: tb.Reason, b: bot.NewGreedy(BotSeed(l.gen.Game, s))}
	}
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

// checkProofTakeover: the proof holds two different encodings validly
// signed by the one seat taken over, both for the takeover's seq.
func (l *ledger) checkProofTakeover(e *Entry, tb takeoverBody) error {
	if len(tb.Seats) != 1 || l.isBot(tb.Seats[0]) || l.status().Over {
		return fmt.Errorf("%w: a proof takeover is of one human seat", ErrMalformed)
	}
	x := tb.Seats[0]
	pr, err := decodeProof(e.Sig)
	if err != nil {
		return err
	}
	seat, seq, err := l.equivocation(pr[0], pr[1])
	if err != nil {
		return err
	}
	if seat != x || seq != e.Seq {
		return fmt.Errorf("%w: the proof is of seat %d at entry %d", ErrConflict, seat, seq)
	}
	return nil
}

// equivocation checks that a and b are two different things one seat
// signed for one seq (entries, or proposals answering seq-1), and returns
// the seat and seq.
func (l *ledger) equivocation(a, b []byte) (int, uint64, error) {
	if ea, err := DecodeEntry(a); err == nil {
		eb, err := DecodeEntry(b)
		signed := func(e *Entry) bool { return e.Kind == KindAction || e.Kind == KindReclaim }
		if err != nil || !signed(&ea) || !signed(&eb) || ea.Author != eb.Author || ea.Seq != eb.Seq || ea.Prev != eb.Prev || ea.Game != l.gen.Game || eb.Game != l.gen.Game || ea.Hash() == eb.Hash() {
			return 0, 0, fmt.Errorf("%w: not two entries of one seat for one seq", ErrMalformed)
		}
		if err := l.verifyEntrySig(&ea); err != nil {
			return 0, 0, err
		}
		if err := l.verifyEntrySig(&eb); err != nil {
			return 0, 0, err
		}
		return ea.Author, ea.Seq, nil
	}
	ra, rb := reader{b: a}, reader{b: b}
	pa, pb := readProposal(&ra), readProposal(&rb)
	if ra.done() != nil || rb.done() != nil || pa.Seat != pb.Seat || pa.Base != pb.Base || pa.BaseHash != pb.BaseHash || bytes.Equal(pa.unsigned(), pb.unsigned()) {
		return 0, 0, fmt.Errorf("%w: not two proposals of one seat for one round", ErrMalformed)
	}
	if err := l.verifyProposalSig(&pa); err != nil {
		return 0, 0, err
	}
	if err := l.verifyProposalSig(&pb); err != nil {
		return 0, 0, err
	}
	return pa.Seat, pa.Base + 1, nil
}

func sameSeats(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
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

// checkReclaim checks a reclaim request against the current log.
func (l *ledger) checkReclaim(q *ReclaimReq) error {
	switch {
	case q.Game != l.gen.Game:
		return ErrWrongGame
	case q.Seat < 0 || q.Seat >= len(l.gen.Seats):
		return fmt.Errorf("%w: reclaim of seat %d", ErrMalformed, q.Seat)
	case len(q.Sig) != ed25519.SignatureSize || !ed25519.Verify(l.key(q.Seat), q.signBytes(), q.Sig):
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
	if e.Post != postOf(l.match) {
		return fmt.Errorf("%w: a reclaim does not change the state", ErrBadPost)
	}
	l.bots[q.Seat] = nil
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

// Votes is the takeover votes known for the current head: voter → seats.
func (p *Peer) Votes() map[int][]int {
	out := map[int][]int{}
	if p.led == nil {
		return out
	}
	seq, _ := p.led.head()
	for voter, v := range p.votes[seq] {
		out[voter] = append([]int(nil), v.Seats...)
	}
	return out
}

// ProposeTakeover signs this seat's vote to hand seat to the bot. Allowed
// while the game waits on that seat (its turn, its part of a simultaneous
// round, or its reveal) and the seat is away or stalled (its countdown ran
// out on this peer's clock): never against a present, acting player. Once
// a majority of the other human seats voted (every other seat when there
// are one or two), the takeover enters the log; the taken-over seat's own
// votes count for nothing. A missing reveal makes it an abort (only the
// others can hand the seat back). A second call for another seat at the
// same point makes one vote for both. Until the takeover (or the next
// entry), this peer accepts no other entry for this point.
func (p *Peer) ProposeTakeover(seat int) (Output, error) {
	if p.led == nil {
		return p.flush(), ErrNoGenesis
	}
	l := p.led
	switch {
	case seat < 0 || seat >= len(l.gen.Seats):
		return p.flush(), fmt.Errorf("p2p: no seat %d in this game", seat)
	case seat == p.seat:
		return p.flush(), fmt.Errorf("%w: a seat cannot vote to take over itself", ErrOutOfTurn)
	case l.isBot(p.seat):
		return p.flush(), fmt.Errorf("%w: this seat cannot vote", ErrBotSeat)
	case l.isBot(seat):
		return p.flush(), fmt.Errorf("%w: seat %d already", ErrBotSeat, seat)
	}
	seq, hh := l.head()
	seats := []int{seat}
	if p.myVote != nil && p.myVote.Base == seq {
		if containsSeat(p.myVote.Seats, seat) {
			p.send(Broadcast, &VoteMsg{Vote: *p.myVote})
			return p.flush(), nil
		}
		seats = append(seats, p.myVote.Seats...)
		sort.Ints(seats)
	}
	if err := p.canTakeover(seat, seats); err != nil {
		return p.flush(), err
	}
	v := Vote{Game: p.gameID, Base: seq, BaseHash: hh, Voter: p.seat, Seats: seats}
	if st := l.status(); st.Chance != nil {
		// A takeover while a reveal is missing is an abort at that request.
		v.Reason, v.K = ReasonAbort, uint64(l.match.ChanceCount())
	}
	v.Sig = ed25519.Sign(p.priv, v.signBytes())
	p.myVote = &v
	p.storeVote(v)
	p.out.Dirty = true
	p.send(Broadcast, &VoteMsg{Vote: v})
	p.progress()
	return p.flush(), nil
}

// TakeoverAllowed reports why a vote to hand seat to the bot cannot be
// cast now (nil: it can), without casting it: what a UI offers.
func (p *Peer) TakeoverAllowed(seat int) error {
	if p.led == nil {
		return ErrNoGenesis
	}
	if seat < 0 || seat >= len(p.led.gen.Seats) || seat == p.seat || p.led.isBot(p.seat) || p.led.isBot(seat) {
		return fmt.Errorf("%w: seat %d", ErrNotWaiting, seat)
	}
	return p.canTakeover(seat, []int{seat})
}

// canTakeover checks a vote for seats (seat the one asked for) at the
// head: the game waits on them, one has not answered, seat is away or
// stalled, and a missing reveal of it is not rebuilt instead.
func (p *Peer) canTakeover(seat int, seats []int) error {
	l := p.led
	if err := l.checkTakeoverNow(seats); err != nil {
		return err
	}
	open := false
	for _, s := range seats {
		open = open || !p.answered(s)
	}
	if !open {
		return fmt.Errorf("%w: seats %v have already answered; the game waits on others", ErrNotWaiting, seats)
	}
	if !p.away[seat] && p.StallIn(seat) != 0 {
		return fmt.Errorf("%w: seat %d is here and its time to act has not run out", ErrNotWaiting, seat)
	}
	if st := l.status(); st.Chance != nil && p.rebuildable(seat) {
		return fmt.Errorf("%w: seat %d's reveal is rebuilt from its shares, no vote needed", ErrNotWaiting, seat)
	}
	return nil
}

// answered: seat's part of the current step is already known to us (its
// reveal, or its proposal in a round), so voting would only hold up a step
// that can complete without it.
func (p *Peer) answered(seat int) bool {
	st := p.led.status()
	seq, _ := p.led.head()
	if st.Chance != nil {
		_, ok := p.reveal(uint64(p.led.match.ChanceCount()))[seat]
		return ok
	}
	if len(st.Deciders) > 1 {
		_, ok := p.proposals[seq][seat]
		return ok
	}
	return false
}

func (p *Peer) storeVote(v Vote) {
	byVoter := p.votes[v.Base]
	if byVoter == nil {
		byVoter = map[int]Vote{}
		p.votes[v.Base] = byVoter
	}
	if old, ok := byVoter[v.Voter]; ok && bytes.Equal(old.unsigned(), v.unsigned()) {
		return
	}
	byVoter[v.Voter] = v
	p.event(Event{Kind: EvVote, Seat: v.Voter, Seq: v.Base, Seats: append([]int(nil), v.Seats...)})
}

func (p *Peer) onVote(from int, v Vote) {
	if p.led == nil {
		return
	}
	if err := p.led.checkVote(&v); err != nil {
		p.reject(from, err)
		return
	}
	seq, hh := p.led.head()
	switch {
	case v.Base < seq:
		return // settled
	case v.Base > seq+64:
		p.reject(from, fmt.Errorf("%w: vote for entry %d, our head is %d", ErrBadPrev, v.Base, seq))
		return
	case v.Base > seq:
		p.askSync(from)
	case v.BaseHash != hh:
		p.reject(from, fmt.Errorf("%w: vote answers another log", ErrBadPrev))
		return
	case p.led.isBot(v.Voter):
		p.reject(from, fmt.Errorf("%w: seat %d votes", ErrBotSeat, v.Voter))
		return
	default:
		if err := p.led.checkTakeoverNow(v.Seats); err != nil {
			p.reject(from, fmt.Errorf("vote of seat %d: %w", v.Voter, err))
			return
		}
	}
	p.storeVote(v)
}

// holding: we voted at the head, so only the takeover may follow it.
func (p *Peer) holding() bool {
	if p.myVote == nil || p.led == nil {
		return false
	}
	seq, _ := p.led.head()
	return p.myVote.Base == seq
}

// release drops our vote: another seat went on without voting.
func (p *Peer) release(from int, seq uint64) {
	p.myVote = nil
	p.out.Dirty = true
	p.event(Event{Kind: EvVote, Seat: p.seat, Seq: seq, Err: fmt.Errorf("takeover vote released: seat %d went on without it", from)})
}

// tryTakeover builds the takeover entry when a majority of the other
// human seats voted as we did; true if it was applied.
func (p *Peer) tryTakeover(seq uint64, headHash Hash) bool {
	mv := p.myVote
	want := p.led.voters(mv.Seats)
	tb := takeoverBody{Bot: BotVersion, Seats: mv.Seats, Reason: mv.Reason, K: mv.K}
	var votes []Vote
	for _, s := range want {
		v, ok := p.votes[seq][s]
		if ok && sameSeats(v.Seats, mv.Seats) && v.BaseHash == headHash && v.Reason == mv.Reason && v.K == mv.K {
			votes = append(votes, v)
		}
	}
	if len(votes) < needVotes(len(want)) {
		return false
	}
	e := Entry{Game: p.gameID, Seq: seq + 1, Prev: headHash, Author: -1, Kind: KindTakeover, Body: tb.encode(), Post: postOf(p.led.match), Sig: encodeVotes(votes)}
	if !p.applyEntry(p.seat, e) {
		return false
	}
	// The taken-over seat and late peers learn it from us.
	p.send(Broadcast, &EntryMsg{Entry: e})
	return true
}

// afterTakeover: report it, and sign our open proposal again for the new
// head (the state did not change, so it is still legal).
func (p *Peer) afterTakeover(e Entry) {
	tb, _ := decodeTakeoverBody(e.Body)
	p.event(Event{Kind: EvTakeover, Seat: -1, Seq: e.Seq, Seats: tb.Seats, Reason: tb.Reason, K: tb.K})
	if p.mine != nil && p.mine.Base == e.Seq-1 && !p.led.isBot(p.seat) {
		pr := Proposal{Game: p.gameID, Base: e.Seq, BaseHash: e.Hash(), Seat: p.seat, Action: p.mine.Action}
		pr.Sig = ed25519.Sign(p.priv, pr.signBytes())
		p.mine = &pr
		p.storeProposal(pr)
		p.out.Dirty = true
		p.send(Broadcast, &ProposalMsg{Proposal: pr})
	}
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
		e := Entry{Game: p.gameID, Seq: seq + 1, Prev: headHash, Author: p.seat, Kind: KindReclaim, Body: p.myReclaim.Encode(), Post: postOf(p.led.match)}
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
		e := Entry{Game: p.gameID, Seq: seq + 1, Prev: headHash, Author: p.seat, Kind: KindReclaim, Body: q.Encode(), Post: postOf(p.led.match)}
		e.Sig = ed25519.Sign(p.priv, e.signBytes())
		if !p.applyEntry(p.seat, e) {
			return false
		}
		p.send(Broadcast, &EntryMsg{Entry: e})
		return true
	}
	return false
}

func sortedSeats[V any](m map[int]V) []int {
	out := make([]int, 0, len(m))
	for s := range m {
		out = append(out, s)
	}
	sort.Ints(out)
	return out
}

// rollbackFor: a complete takeover of our own seat arrived for a seq we
// already passed with entries only we took (the voters held). Drop them
// and take the takeover: it is the log everyone else has.
func (p *Peer) rollbackFor(from int, e Entry) bool {
	if e.Seq == 0 || e.Seq > uint64(len(p.led.entries)) {
		return false
	}
	ours := p.led.entries[e.Seq-1]
	why := ""
	switch e.Kind {
	case KindTakeover:
		tb, err := decodeTakeoverBody(e.Body)
		switch {
		case err != nil:
			return false
		case tb.Reason == ReasonProof:
			// An equivocation proof: every honest peer goes back to the
			// last common entry and on from the takeover.
			if ours.Kind == KindTakeover || uint64(len(p.led.entries))-e.Seq > maxRollback {
				return false
			}
			if pr, err := decodeProof(e.Sig); err == nil {
				key := fmt.Sprintf("%d/%d", tb.Seats[0], e.Seq)
				if !p.proofs[key] {
					p.proofs[key] = true
					p.event(Event{Kind: EvEquivocation, Seat: tb.Seats[0], Seq: e.Seq, Proof: pr,
						Err: fmt.Errorf("%w: seat %d, seq %d (proof received from seat %d)", ErrEquivocated, tb.Seats[0], e.Seq, from)})
				}
			}
			why = "an equivocation was proven: back to the last common entry"
		case containsSeat(tb.Seats, p.seat) && ours.Kind != KindTakeover:
			if p.presentAt(e.Seq-1, &e) {
				p.refuseTakeover(from, e)
				return true
			}
			why = "the others took this seat over"
		default:
			return false
		}
	case KindReclaim:
		// The owner's own reclaim where its bot-played seat alone
		// decided beats the bot's move there (we had not heard the
		// request in time). Only while that move is recent (one stall
		// countdown, a few entries): a late reclaim cannot undo a game.
		r := reader{b: e.Body}
		q := readReclaim(&r)
		at, recent := p.botAt[e.Seq]
		if r.done() != nil || e.Author != q.Seat || ours.Kind != KindBot || ours.Author != q.Seat ||
			!recent || p.now-at > p.cfg.StallAfter || uint64(len(p.led.entries))-e.Seq > 16 {
			return false
		}
		why = fmt.Sprintf("seat %d reclaimed its seat there itself", q.Seat)
	case KindAbort:
		// The others rebuilt our withheld reveal: our own chance entry
		// for that request (its outcome is the same) gives way.
		a, err := decodeAbortBody(e.Body)
		if err != nil || a.Seat != p.seat || ours.Kind == KindAbort {
			return false
		}
		why = "the others settled our withheld reveal"
	default:
		return false
	}
	led, err := p.replayTo(e.Seq - 1)
	if err != nil {
		return false
	}
	if err := led.apply(e); err != nil {
		p.reject(from, fmt.Errorf("%v %d: %w", e.Kind, e.Seq, err))
		return true
	}
	dropped := uint64(len(p.led.entries)) - e.Seq + 1
	p.led = led
	p.reveals, p.mine, p.myVote, p.unveiled = nil, nil, nil, nil
	p.unparkAll()
	p.out.Dirty = true
	p.stepAt, p.stallSet = p.now, false
	p.event(Event{Kind: EvApplied, Seat: e.Author, Seq: e.Seq,
		Err: fmt.Errorf("our %d entries from %d on were dropped: %s", dropped, e.Seq, why)})
	switch e.Kind {
	case KindTakeover:
		p.afterTakeover(e)
	case KindAbort:
		a, _ := decodeAbortBody(e.Body)
		p.event(Event{Kind: EvAbort, Seat: a.Seat, Seq: e.Seq, K: a.K, Reason: ReasonAway})
	case KindReclaim:
		r := reader{b: e.Body}
		q := readReclaim(&r)
		p.event(Event{Kind: EvReclaim, Seat: q.Seat, Seq: e.Seq})
	}
	return true
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

// maxRollback bounds how far an equivocation proof rolls the log back.
const maxRollback = 256

// replayTo is a new ledger holding our entries up to seq.
func (p *Peer) replayTo(seq uint64) (*ledger, error) {
	led, err := newLedger(p.led.gen, p.led.genSigs, p.led.dealWire)
	if err != nil {
		return nil, err
	}
	for i := uint64(0); i < seq; i++ {
		if err := led.apply(p.led.entries[i]); err != nil {
			return nil, err
		}
	}
	return led, nil
}

// presentAt: this device's person answered the step at head base quickly
// (within three quarters of the stall countdown on our clock), and every
// voter of the takeover e has since echoed one of our pings sent after
// the answer: the links are ordered, so the answer reached them. A vote
// there was against a present, acting player. (A seat that was cut off
// after answering has no such echoes, and follows the takeover.)
func (p *Peer) presentAt(base uint64, e *Entry) bool {
	ans, ok := p.myAnswers[base]
	if !ok || ans.after >= p.cfg.StallAfter*3/4 {
		return false
	}
	votes, err := decodeVotes(e.Sig)
	if err != nil || len(votes) == 0 {
		return false
	}
	for _, v := range votes {
		if v.Voter < 0 || v.Voter >= MaxSeats || p.echoedMe[v.Voter] < ans.ping {
			return false
		}
	}
	return true
}

// refuseOwnTakeover: a takeover of our own seat at the next seq, voted
// while our person was acting. This device does not follow it.
func (p *Peer) refuseOwnTakeover(from int, e Entry) bool {
	if e.Kind != KindTakeover {
		return false
	}
	tb, err := decodeTakeoverBody(e.Body)
	if err != nil || tb.Reason == ReasonProof || !containsSeat(tb.Seats, p.seat) || !p.presentAt(e.Seq-1, &e) {
		return false
	}
	p.refuseTakeover(from, e)
	return true
}

func (p *Peer) refuseTakeover(from int, e Entry) {
	key := fmt.Sprintf("refused/%d", e.Seq)
	if p.proofs[key] {
		return
	}
	p.proofs[key] = true
	p.reject(from, fmt.Errorf("%w: the others voted this seat to the bot at entry %d while its player was acting (answered after %v); this device does not follow", ErrConflict, e.Seq, p.myAnswers[e.Seq-1].after.Round(time.Millisecond)))
	p.event(Event{Kind: EvFork, Seat: from, Seq: e.Seq, Err: fmt.Errorf("voted out while acting")})
}

// punish turns an equivocation proof into a takeover of the seat, at the
// seq it equivocated: rolled back to if we passed it, waited for if not.
func (p *Peer) punish() {
	seq, _ := p.led.head()
	for _, s := range sortedSeqs(p.proofAt) {
		pr := p.proofAt[s]
		if s > seq+1 {
			continue // applied once the log reaches s-1 (tryProofTakeover)
		}
		delete(p.proofAt, s)
		e, ok := p.proofEntry(s, pr)
		if !ok {
			continue
		}
		if s == seq+1 {
			if p.applyEntry(p.seat, e) {
				p.send(Broadcast, &EntryMsg{Entry: e})
			}
			continue
		}
		if p.rollbackFor(p.seat, e) {
			p.send(Broadcast, &EntryMsg{Entry: e})
		}
	}
}

// tryProofTakeover applies a waiting proof takeover for the next seq.
func (p *Peer) tryProofTakeover(seq uint64, headHash Hash) bool {
	pr, ok := p.proofAt[seq+1]
	if !ok {
		return false
	}
	delete(p.proofAt, seq+1)
	e, ok := p.proofEntry(seq+1, pr)
	if !ok || !p.applyEntry(p.seat, e) {
		return false
	}
	p.send(Broadcast, &EntryMsg{Entry: e})
	return true
}

// proofEntry is the takeover entry for an equivocation at seq, built on
// our log up to seq-1.
func (p *Peer) proofEntry(seq uint64, pr [2][]byte) (Entry, bool) {
	seat, at, err := p.led.equivocation(pr[0], pr[1])
	if err != nil || at != seq || seq == 0 || seq-1 > uint64(len(p.led.entries)) {
		return Entry{}, false
	}
	if p.led.isBot(seat) {
		return Entry{}, false
	}
	tb := takeoverBody{Bot: BotVersion, Seats: []int{seat}, Reason: ReasonProof}
	e := Entry{Game: p.gameID, Seq: seq, Prev: p.led.hashes0(seq - 1), Author: -1, Kind: KindTakeover, Body: tb.encode(), Sig: encodeProof(pr[0], pr[1])}
	if seq-1 == uint64(len(p.led.entries)) {
		e.Post = postOf(p.led.match)
	} else {
		led, err := p.replayTo(seq - 1)
		if err != nil {
			return Entry{}, false
		}
		e.Post = postOf(led.match)
	}
	return e, true
}

func sortedSeqs[V any](m map[uint64]V) []uint64 {
	out := make([]uint64, 0, len(m))
	for s := range m {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// serveTakenOver: a seat whose head is off our log, and which we took
// over at or before its head, gets our log from that takeover on, so it
// can drop what it did alone (rollbackFor).
func (p *Peer) serveTakenOver(to int, theirSeq uint64, theirHash Hash) bool {
	n := uint64(len(p.led.entries))
	if theirSeq == 0 || theirSeq > n || p.led.hashes[theirSeq-1] == theirHash {
		return false
	}
	for seq := theirSeq; seq >= 1; seq-- {
		e := &p.led.entries[seq-1]
		if ownReclaim(e) || e.Kind == KindAbort {
			p.serveSync(to, seq)
			return true
		}
		if e.Kind != KindTakeover {
			continue
		}
		if tb, err := decodeTakeoverBody(e.Body); err == nil && containsSeat(tb.Seats, to) {
			p.serveSync(to, seq)
			return true
		}
	}
	return false
}

// stale: e is off our log after a takeover of its sender (or of its
// author), so it is what that seat did alone before it learnt of the
// takeover; it rolls back once it gets our log (serveTakenOver). Not a
// fork: dropped quietly.
func (p *Peer) stale(from int, e Entry) bool {
	seq, _ := p.led.head()
	if e.Seq == 0 || e.Seq > seq+1 {
		return false
	}
	for t := min(e.Seq, seq); t >= 1; t-- {
		te := &p.led.entries[t-1]
		if ownReclaim(te) || te.Kind == KindAbort {
			// A peer that played the bot's move where the owner
			// reclaimed, or the withholder's own chance entry where we
			// rebuilt its reveal: it rolls back once it gets our log.
			return t == e.Seq || e.Prev != p.led.hashes0(e.Seq-1)
		}
		if te.Kind != KindTakeover {
			continue
		}
		tb, err := decodeTakeoverBody(te.Body)
		if err != nil || !(containsSeat(tb.Seats, from) || containsSeat(tb.Seats, e.Author)) {
			continue
		}
		// Off our log: another entry where the takeover is, or a
		// predecessor that is not ours.
		return t == e.Seq || e.Prev != p.led.hashes0(e.Seq-1)
	}
	return false
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

// TakeoverReason is why seat is played by the bot (ReasonAway, ReasonAbort,
// ReasonProof), and false when it is not.
func (p *Peer) TakeoverReason(seat int) (byte, bool) {
	if p.led == nil || !p.led.isBot(seat) {
		return 0, false
	}
	return p.led.bots[seat].reason, true
}

// VotesNeeded is how many votes a takeover of seats needs now.
func (p *Peer) VotesNeeded(seats []int) int {
	if p.led == nil {
		return 0
	}
	return needVotes(len(p.led.voters(seats)))
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
