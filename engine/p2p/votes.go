package p2p

import (
	"bytes"
	"crypto/ed25519"
	"fmt"
	"sort"

	"tabula/engine"
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

// encodeVotes and decodeVotes are a takeover entry's Sig field.
func encodeVotes(vs []Vote) []byte { return encodeSealedList(vs, (*Vote).Encode) }

func decodeVotes(b []byte) ([]Vote, error) { return decodeSealedList(b, "vote count", readVote) }

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
	if !l.gen.verifySeat(v.Voter, v.signBytes(), v.Sig) {
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
	return l.sealedLeavable(seats)
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
// stalled, and a missing reveal of it is not forced open instead.
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
	if p.Relayed(seat) {
		return fmt.Errorf("%w: seat %d is reached only through another seat, which could hold its moves back", ErrRelayed, seat)
	}
	if p.StallIn(seat) != 0 {
		return fmt.Errorf("%w: seat %d's time to act has not run out", ErrNotWaiting, seat)
	}
	if st := l.status(); st.Chance != nil && p.committed(uint64(l.match.ChanceCount())) && p.hearAnyone() {
		return fmt.Errorf("%w: seat %d committed to its part of the roll; the others open it without it, no vote needed", ErrNotWaiting, seat)
	}
	return nil
}

// Relayed reports whether seat is reached only through another seat: we
// have never had a direct link to it. What we see of it then (its moves,
// its pings) is what a relay chose to pass on, and a relay gains from a
// stall it fakes: no vote against such a seat is offered. (A seat whose
// direct link went down is judged by what we saw ourselves: its grace.)
func (p *Peer) Relayed(seat int) bool {
	return p.gen != nil && seat != p.seat && p.gen.Party(seat) && !p.conn[seat] && !p.linked[seat]
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
	e := Entry{Game: p.gameID, Seq: seq + 1, Prev: headHash, Author: -1, Kind: KindTakeover, Body: tb.encode(), Post: p.led.agreedNow(), Sig: encodeVotes(votes)}
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

// VotesNeeded is how many votes a takeover of seats needs now.
func (p *Peer) VotesNeeded(seats []int) int {
	if p.led == nil {
		return 0
	}
	return needVotes(len(p.led.voters(seats)))
}
