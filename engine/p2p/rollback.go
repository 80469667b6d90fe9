package p2p

import (
	"fmt"
	"time"
)

// rollbackFor: e, for a seq we already passed, replaces our entries from
// there on: a takeover of our own seat while we were cut off (the voters
// held), an equivocation proof, the owner's own reclaim or a late own
// move that beats what we have there (see ownMoveBeats). It reports whether e was dealt with.
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
			// A roll we settled by forcing the others' parts open is no
			// move of ours: the others voted because our commitment never
			// reached them (we were cut off), and their takeover stands.
			if ours.Kind != KindChance && p.presentAt(e.Seq-1, &e) {
				p.keepOwnMove(from, e)
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
		// countdown, a few entries) or nothing since depends on chance:
		// a late reclaim cannot undo a game.
		r := reader{b: e.Body}
		q := readReclaim(&r)
		at, recent := p.botAt[e.Seq]
		recent = recent && p.now-at <= p.cfg.StallAfter && uint64(len(p.led.entries))-e.Seq <= 16
		if r.done() != nil || e.Author != q.Seat || ours.Kind != KindBot || ours.Author != q.Seat || !(recent || p.replaceable(e.Seq)) {
			return false
		}
		why = fmt.Sprintf("seat %d reclaimed its seat there itself", q.Seat)
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
	p.reveals, p.mine, p.myVote = nil, nil, nil
	p.unparkAll()
	p.out.Dirty = true
	p.stepAt, p.stallSet, p.late = p.now, false, true
	p.event(Event{Kind: EvApplied, Seat: e.Author, Seq: e.Seq,
		Err: fmt.Errorf("our %d entries from %d on were dropped: %s", dropped, e.Seq, why)})
	switch e.Kind {
	case KindTakeover:
		p.afterTakeover(e)
	case KindReclaim:
		r := reader{b: e.Body}
		q := readReclaim(&r)
		p.event(Event{Kind: EvReclaim, Seat: q.Seat, Seq: e.Seq})
		p.send(Broadcast, &EntryMsg{Entry: e})
	}
	return true
}

// replaceable: our entries from seq on may still give way to the owner's
// late reclaim: none of them is a chance entry (a late move could
// otherwise be chosen knowing the next roll) and they are at most
// maxRollback.
func (p *Peer) replaceable(seq uint64) bool {
	n := uint64(len(p.led.entries))
	if seq == 0 || seq > n || n-seq >= maxRollback {
		return false
	}
	for s := seq; s <= n; s++ {
		if p.led.entries[s-1].Kind == KindChance {
			return false
		}
	}
	return true
}

// keepOwnMove: the takeover e of our seat lost to the move we made there
// while present; its sender gets our log from there (once per seq).
func (p *Peer) keepOwnMove(from int, e Entry) {
	key := fmt.Sprintf("kept/%d", e.Seq)
	if !p.proofs[key] {
		p.proofs[key] = true
		p.event(Event{Kind: EvVote, Seat: from, Seq: e.Seq - 1,
			Err: fmt.Errorf("a takeover at entry %d lost to the seat's own move", e.Seq)})
	}
	if e.Seq <= uint64(len(p.led.entries)) {
		p.serveSync(from, e.Seq)
	}
}

// askFork: seat from's head is off our log. If our log holds a takeover
// within maxRollback entries (at or before their head), ask for theirs
// from there: it may be the seat's own move, kept by its device, and
// shown to us as a fork.
func (p *Peer) askFork(from int, theirSeq uint64) bool {
	n := uint64(len(p.led.entries))
	for s := min(n, theirSeq); s >= 1 && n-s < maxRollback; s-- {
		if p.led.entries[s-1].Kind != KindTakeover {
			continue
		}
		if last, ok := p.syncAsked[from]; ok && last.from == s && p.now-last.at < p.cfg.ResendEvery {
			return true
		}
		p.syncAsked[from] = syncAsk{from: s, at: p.now}
		p.sendSyncReq(from, s)
		return true
	}
	return false
}

// maxRollback bounds how far an equivocation proof rolls the log back.
const maxRollback = 256

// replayTo is a new ledger holding our entries up to seq.
func (p *Peer) replayTo(seq uint64) (*ledger, error) {
	led, err := newLedger(p.led.gen, p.led.genSigs)
	if err == nil {
		err = led.seal(p.seat, p.priv.Seed(), p.forge)
	}
	if err != nil {
		return nil, err
	}
	led.checks = p.led.checks // what we checked holds for the replay
	led.trusted = seq
	for i := uint64(0); i < seq; i++ {
		if err := led.apply(p.led.entries[i]); err != nil {
			return nil, err
		}
	}
	return led, nil
}

// presentAt: this device's person answered the step at head base within
// half its time on our clock, playing live (no party had told us of a
// head beyond it when we got there), and every voter of the takeover e
// was heard from directly soon after the answer: the link was up, so the
// answer reached it long before any honest voter's countdown ran out; a
// voter that says otherwise lies. Then our move stands. What a voter
// omits (echoes, its vote's timing) cannot make it fail; a device that
// was cut off when it answered, or caught up late, follows the takeover.
// (A voter that falls wholly silent when we answer looks like a lost
// link: then we follow. docs/p2p.md.)
func (p *Peer) presentAt(base uint64, e *Entry) bool {
	ans, ok := p.myAnswers[base]
	if !ok || (ans.limit != Forever && ans.after >= ans.limit/2) {
		return false
	}
	if tb, err := decodeTakeoverBody(e.Body); err != nil || tb.Reason != ReasonAway {
		return p.echoedAt(ans, e)
	}
	if ans.late {
		return false // we caught up to that point: the others were past it
	}
	votes, err := decodeVotes(e.Sig)
	if err != nil || len(votes) == 0 {
		return false
	}
	for _, v := range votes {
		if v.Voter < 0 || v.Voter >= MaxSeats || !ans.heard[v.Voter] {
			return false
		}
	}
	return true
}

// echoedAt: every voter of e has echoed one of our pings sent after the
// answer ans (the links are ordered, so the answer reached it). The rule
// for a withheld reveal (an abort): a device that only seems to reveal
// (its messages are lost on the way) cannot claim it did.
func (p *Peer) echoedAt(ans answerRec, e *Entry) bool {
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
// while our person was acting (its proposal or reveal is out). This
// device does not follow it.
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
		if ownReclaim(e) {
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
		if ownReclaim(te) {
			// A peer that played the bot's move where the owner
			// reclaimed: it rolls back once it gets our log.
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
