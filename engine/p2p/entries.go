package p2p

import (
	"fmt"

	"tabula/engine"
)

// onEntry takes an entry from any source (live, sync, replay); synced
// says it came in a SYNC_RESP, i.e. the sender has applied it.
func (p *Peer) onEntry(from int, e Entry, synced bool) {
	if p.led == nil {
		return // before the genesis: a later sync brings it again
	}
	if e.Game != p.gameID {
		p.reject(from, ErrWrongGame)
		return
	}
	seq, _ := p.led.head()
	switch {
	case e.Seq == 0:
		p.reject(from, fmt.Errorf("%w: entry seq 0", ErrMalformed))
	case e.Seq <= seq:
		if e.Hash() == p.led.hashes[e.Seq-1] {
			return // a duplicate: fine
		}
		if p.rollbackFor(from, e) || p.stale(from, e) {
			return
		}
		p.conflict(from, e)
	case e.Seq > seq+1:
		if e.Seq > seq+1024 {
			p.reject(from, fmt.Errorf("%w: entry %d is far beyond our head %d", ErrBadPrev, e.Seq, seq))
			return
		}
		if !p.park(from, e) {
			p.askSync(from)
		}
	case e.Prev != p.led.hashes0(seq) && p.stale(from, e):
	case e.Prev != p.led.hashes0(seq) && synced && p.askFork(from, seq):
		// Their log left ours at or after a takeover of ours: we asked
		// for it from there (the seat's device may have kept its move:
		// then we are shown the fork, or roll back if the seat is ours).
	case p.refuseOwnTakeover(from, e):
	case p.holding() && e.Kind != KindTakeover:
		// We voted for a takeover at this point: keep it for later. The
		// seat's own move cancels the vote (it always wins); so does any
		// entry a seat that is not taken over serves from its log (it
		// went on without voting, so the takeover cannot complete).
		own := (e.Kind == KindAction || e.Kind == KindBatch) && e.Prev == p.led.hashes0(seq)
		if own || synced && from != p.seat && !containsSeat(p.myVote.Seats, from) && !p.led.isBot(from) {
			p.release(from, seq)
			p.applyEntry(from, e)
			return
		}
		p.park(from, e)
	case p.led.thinking(&e):
		p.park(from, e) // applied once our own search is done (BotJob)
	default:
		p.applyEntry(from, e)
	}
}

// MaxParked bounds the bytes of entries ahead of the log kept for one
// sending seat; MaxMessage bounds one message (a batch entry of MaxSeats
// actions of MaxAction bytes fits).
const (
	MaxParked  = 256 << 10
	MaxMessage = 64<<10 + 1<<10
)

// park keeps e until the log reaches its seq: at most 4 candidates a seq,
// each once, and at most MaxParked bytes per sending seat. A signed entry
// is parked only if its author's signature holds, an action only within
// MaxAction. It reports whether e was parked already.
func (p *Peer) park(from int, e Entry) (seen bool) {
	for _, f := range p.future[e.Seq] {
		if f.e.Hash() == e.Hash() {
			return true
		}
	}
	switch e.Kind {
	case KindAction, KindReclaim:
		if err := p.led.verifyEntrySig(&e); err != nil {
			p.reject(from, fmt.Errorf("entry %d: %w", e.Seq, err))
			return true
		}
	}
	if (e.Kind == KindAction || e.Kind == KindBot) && len(e.Body) > MaxAction {
		p.reject(from, fmt.Errorf("%w: action of %d bytes", engine.ErrBadAction, len(e.Body)))
		return true
	}
	size := entrySize(&e)
	if from < 0 || from >= MaxSeats {
		from = p.seat
	}
	if p.parked[from]+size > MaxParked {
		p.reject(from, fmt.Errorf("%w: seat %d has %d bytes of entries waiting ahead of the log", ErrTooMuch, from, p.parked[from]))
		return true
	}
	if len(p.future[e.Seq]) < 4 {
		p.future[e.Seq] = append(p.future[e.Seq], parkedEntry{e: e, from: from})
		p.parked[from] += size
	}
	return false
}

// entrySize is what a parked entry costs.
func entrySize(e *Entry) int { return len(e.Body) + len(e.Sig) + 128 }

// parkedEntry is an entry ahead of the log and the seat that sent it
// (whose MaxParked bytes it uses).
type parkedEntry struct {
	e    Entry
	from int
}

// unpark gives back the bytes of the entries parked for seq.
func (p *Peer) unpark(seq uint64) {
	for _, f := range p.future[seq] {
		p.parked[f.from] -= entrySize(&f.e)
	}
	delete(p.future, seq)
}

// unparkAll forgets every parked entry.
func (p *Peer) unparkAll() {
	p.future = map[uint64][]parkedEntry{}
	for i := range p.parked {
		p.parked[i] = 0
	}
}

func (p *Peer) applyEntry(from int, e Entry) bool {
	if err := p.led.apply(e); err != nil {
		if (e.Kind == KindAction || e.Kind == KindReclaim) && p.led.verifyEntrySig(&e) == nil {
			p.noteSigned(from, e) // a validly signed but bad entry still proves what its author said
		}
		p.sealedCheat(e, err)
		p.reject(from, fmt.Errorf("entry %d (%v by seat %d): %w", e.Seq, e.Kind, e.Author, err))
		return false
	}
	p.applied(from, e)
	return true
}

// applied does the bookkeeping after e joined the log.
func (p *Peer) applied(from int, e Entry) {
	if e.Kind == KindAction || e.Kind == KindReclaim {
		p.noteSigned(from, e)
	}
	p.out.Dirty = true
	p.stepAt, p.stallSet = p.now, false
	p.late = p.syncing
	for _, s := range p.led.gen.parties() {
		p.late = p.late || (s != p.seat && p.told[s] > e.Seq)
	}
	p.event(Event{Kind: EvApplied, Seat: e.Author, Seq: e.Seq})
	p.unpark(e.Seq)
	if e.Kind == KindBot {
		p.botAt[e.Seq] = p.now
	}
	delete(p.botAt, e.Seq-32)
	if e.Seq > 64 {
		delete(p.seen, e.Seq-64)
	}
	delete(p.proposals, e.Seq-1)
	delete(p.votes, e.Seq-1)
	if p.mine != nil && p.mine.Base < e.Seq {
		p.mine = nil
	}
	if p.myVote != nil && p.myVote.Base < e.Seq {
		p.myVote = nil
	}
	switch e.Kind {
	case KindTakeover:
		p.afterTakeover(e)
	case KindReclaim:
		r := reader{b: e.Body}
		q := readReclaim(&r)
		delete(p.reclaims, q.Seat)
		if q.Seat == p.seat {
			p.myReclaim = nil
		}
		p.event(Event{Kind: EvReclaim, Seat: q.Seat, Seq: e.Seq})
	case KindChance:
		for _, a := range forcedIn(&e) {
			p.event(Event{Kind: EvAbort, Seat: a.Seat, Seq: e.Seq, K: a.K, Reason: ReasonAway})
		}
	}
}
