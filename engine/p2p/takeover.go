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

// Vote is one seat's signed consent to hand Seats to the bot from entry
// Base+1 on.
type Vote struct {
	Game     GameID
	Base     uint64 // head seq the vote answers
	BaseHash Hash   // hash of that head entry (or the genesis)
	Voter    int
	Seats    []int // ascending, without Voter
	Sig      []byte
}

func (v *Vote) unsigned() []byte {
	var w writer
	w.base(v.Game, v.Base, v.BaseHash)
	w.seat(v.Voter)
	w.seats(v.Seats)
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

func (q *ReclaimReq) unsigned() []byte {
	var w writer
	w.fixed(q.Game[:])
	w.seat(q.Seat)
	w.uvarint(q.Since)
	return w.b
}

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
const BotVersion = "greedy/1"

// takeoverBody is the body of a KindTakeover entry.
type takeoverBody struct {
	Bot   string // BotVersion
	Seats []int
	Votes []Vote
}

func (t takeoverBody) encode() []byte {
	var w writer
	w.str(t.Bot)
	w.seats(t.Seats)
	w.uvarint(uint64(len(t.Votes)))
	for i := range t.Votes {
		w.bytes(t.Votes[i].Encode())
	}
	return w.b
}

func decodeTakeoverBody(b []byte) (takeoverBody, error) {
	r := reader{b: b}
	var t takeoverBody
	t.Bot = r.str()
	t.Seats = r.seats()
	n := r.small(MaxSeats, "vote count")
	for i := 0; i < n && r.err == nil; i++ {
		vr := reader{b: r.bytes()}
		v := readVote(&vr)
		if err := vr.done(); err != nil {
			return t, err
		}
		t.Votes = append(t.Votes, v)
	}
	return t, r.done()
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
	since uint64
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

// voters is who must vote to take over seats: every other human seat.
func (l *ledger) voters(seats []int) []int {
	var out []int
	for _, s := range l.humans() {
		if !containsSeat(seats, s) {
			out = append(out, s)
		}
	}
	return out
}

func containsSeat(ss []int, s int) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func (l *ledger) applyTakeover(e *Entry, seq uint64, headHash Hash) error {
	if e.Author != -1 || len(e.Sig) != 0 {
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
	if err := l.checkTakeoverNow(tb.Seats); err != nil {
		return err
	}
	want := l.voters(tb.Seats)
	if len(want) == 0 {
		return fmt.Errorf("%w: nobody would be left to vote", ErrOutOfTurn)
	}
	if len(tb.Votes) != len(want) {
		return fmt.Errorf("%w: takeover of seats %v has %d votes, needs seats %v", ErrOutOfTurn, tb.Seats, len(tb.Votes), want)
	}
	for i := range tb.Votes {
		v := &tb.Votes[i]
		if err := l.checkVote(v); err != nil {
			return err
		}
		switch {
		case v.Voter != want[i]:
			return fmt.Errorf("%w: vote %d is from seat %d, expected seat %d", ErrOutOfTurn, i, v.Voter, want[i])
		case !sameSeats(v.Seats, tb.Seats):
			return fmt.Errorf("%w: seat %d voted for seats %v, not %v", ErrConflict, v.Voter, v.Seats, tb.Seats)
		case v.Base != seq || v.BaseHash != headHash:
			return fmt.Errorf("%w: vote of seat %d answers entry %d", ErrBadPrev, v.Voter, v.Base)
		}
	}
	if e.Post != postOf(l.match) {
		return fmt.Errorf("%w: a takeover does not change the state", ErrBadPost)
	}
	for _, s := range tb.Seats {
		l.bots[s] = &botSeat{since: e.Seq, b: bot.NewGreedy(BotSeed(l.gen.Game, s))}
	}
	return nil
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

func (l *ledger) applyReclaim(e *Entry) error {
	if err := l.verifyEntrySig(e); err != nil {
		return err
	}
	if w := l.reclaimWriter(); w != e.Author {
		return fmt.Errorf("%w: seat %d may not embed a reclaim now", ErrOutOfTurn, e.Author)
	}
	r := reader{b: e.Body}
	q := readReclaim(&r)
	if err := r.done(); err != nil {
		return err
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
// round, or its reveal). Once every other human seat voted, the takeover
// enters the log. A second call for another seat at the same point makes
// one vote for both. Until the takeover (or the next entry), this peer
// accepts no other entry for this point.
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
	if _, ok := p.votes[seq][seat]; ok {
		return p.flush(), fmt.Errorf("%w: seat %d is voting itself, so it is here", ErrOutOfTurn, seat)
	}
	if err := l.checkTakeoverNow(seats); err != nil {
		return p.flush(), err
	}
	open := false
	for _, s := range seats {
		open = open || !p.answered(s)
	}
	if !open {
		return p.flush(), fmt.Errorf("%w: seats %v have already answered; the game waits on others", ErrNotWaiting, seats)
	}
	v := Vote{Game: p.gameID, Base: seq, BaseHash: hh, Voter: p.seat, Seats: seats}
	v.Sig = ed25519.Sign(p.priv, v.signBytes())
	p.myVote = &v
	p.storeVote(v)
	p.out.Dirty = true
	p.send(Broadcast, &VoteMsg{Vote: v})
	p.progress()
	return p.flush(), nil
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

// tryTakeover builds the takeover entry when every vote for our vote's
// seats is in; true if it was applied.
func (p *Peer) tryTakeover(seq uint64, headHash Hash) bool {
	mv := p.myVote
	want := p.led.voters(mv.Seats)
	tb := takeoverBody{Bot: BotVersion, Seats: mv.Seats}
	for _, s := range want {
		v, ok := p.votes[seq][s]
		if !ok || !sameSeats(v.Seats, mv.Seats) || v.BaseHash != headHash {
			return false
		}
		tb.Votes = append(tb.Votes, v)
	}
	e := Entry{Game: p.gameID, Seq: seq + 1, Prev: headHash, Author: -1, Kind: KindTakeover, Body: tb.encode(), Post: postOf(p.led.match)}
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
	p.event(Event{Kind: EvTakeover, Seat: -1, Seq: e.Seq, Seats: tb.Seats})
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
// that the next human seat to decide alone puts in the log.
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
	if p.led.reclaimWriter() != p.seat {
		return false
	}
	for _, s := range sortedSeats(p.reclaims) {
		q := p.reclaims[s]
		if p.led.checkReclaim(&q) != nil {
			delete(p.reclaims, s)
			continue
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
	if e.Kind != KindTakeover || e.Seq == 0 || e.Seq > uint64(len(p.led.entries)) {
		return false
	}
	tb, err := decodeTakeoverBody(e.Body)
	if err != nil || !containsSeat(tb.Seats, p.seat) {
		return false
	}
	if p.led.entries[e.Seq-1].Kind == KindTakeover {
		return false
	}
	led, err := newLedger(p.led.gen, p.led.genSigs)
	if err != nil {
		return false
	}
	for i := uint64(0); i+1 < e.Seq; i++ {
		if led.apply(p.led.entries[i]) != nil {
			return false
		}
	}
	if err := led.apply(e); err != nil {
		p.reject(from, fmt.Errorf("takeover %d: %w", e.Seq, err))
		return true
	}
	dropped := uint64(len(p.led.entries)) - e.Seq + 1
	p.led = led
	p.reveals, p.mine = nil, nil
	p.future = map[uint64][]Entry{}
	p.out.Dirty = true
	p.event(Event{Kind: EvApplied, Seat: e.Author, Seq: e.Seq,
		Err: fmt.Errorf("our %d entries from %d on were dropped: the others took this seat over", dropped, e.Seq)})
	p.afterTakeover(e)
	return true
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
