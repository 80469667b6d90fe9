package p2p

import (
	"crypto/ed25519"
	"fmt"
	"time"
)

func (p *Peer) askSync(from int) {
	seq, _ := p.led.head()
	// Ask once per ResendEvery for the same point: a lost request or
	// answer is asked again, a burst of pings is not.
	if last, ok := p.syncAsked[from]; ok && last.from == seq+1 && p.now-last.at < p.cfg.ResendEvery {
		return
	}
	p.syncAsked[from] = syncAsk{from: seq + 1, at: p.now}
	p.sendSyncReq(from, seq+1)
}

func (p *Peer) sendSyncReq(to int, from uint64) {
	q := &SyncReq{Game: p.gameID, Seat: p.seat, From: from}
	q.Sig = ed25519.Sign(p.priv, append([]byte(domainSyncReq), q.unsigned()...))
	p.send(to, q)
}

func (p *Peer) onSyncReq(from int, q *SyncReq) {
	if p.gen == nil || q.Seat != from || q.Game != p.gameID || from >= len(p.gen.Seats) ||
		!p.gen.verifySeat(from, append([]byte(domainSyncReq), q.unsigned()...), q.Sig) {
		p.reject(from, fmt.Errorf("%w: sync request claims seat %d", ErrForged, from))
		return
	}
	p.serveSync(from, q.From)
}

// serveCheap is how many entries are always served; a longer answer is
// served to one seat at most once per ResendEvery (a request that makes
// us resend our whole log cannot be repeated to flood us or it).
const serveCheap = 8

// serveSync sends entries from seq on in chunks of at most MaxChunk bytes.
func (p *Peer) serveSync(to int, from uint64) {
	if p.led == nil {
		return
	}
	if from == 0 {
		from = 1
	}
	if n := uint64(len(p.led.entries)); from <= n && n-from+1 > serveCheap && to >= 0 && to < MaxSeats {
		if p.now-p.served[to] < p.cfg.ResendEvery {
			return
		}
		p.served[to] = p.now
	}
	var chunk []Entry
	size := 0
	for seq := from; seq <= uint64(len(p.led.entries)); seq++ {
		e := p.led.entries[seq-1]
		n := len(e.Encode()) + 4
		if len(chunk) > 0 && size+n > MaxChunk-16 {
			p.send(to, &SyncResp{Entries: chunk})
			chunk, size = nil, 0
		}
		chunk = append(chunk, e)
		size += n
	}
	if len(chunk) > 0 {
		p.send(to, &SyncResp{Entries: chunk})
	}
}

// resendPending repeats what others may have missed: own reveal and
// own proposal for the current step.
func (p *Peer) resendPending(to int) {
	if p.led == nil {
		return
	}
	st := p.led.status()
	k := uint64(p.led.match.ChanceCount())
	if st.Chance != nil {
		// Every commitment we hold, not only ours: they prove their
		// author, and a peer that missed one would wait on (or vote
		// against) a seat that did commit.
		r := p.round(k)
		for _, s := range sortedSeats(r.commits) {
			c := r.commits[s]
			p.send(to, &c)
		}
		if x, ok := p.reveal(k)[p.seat]; ok {
			p.send(to, &Reveal{Game: p.gameID, K: k, A: p.led.attempt, Seat: p.seat, X: x})
		}
	}
	seq, _ := p.led.head()
	if p.mine != nil && p.mine.Base == seq {
		p.send(to, &ProposalMsg{Proposal: *p.mine})
	}
	if p.myVote != nil && p.myVote.Base == seq {
		p.send(to, &VoteMsg{Vote: *p.myVote})
	}
	if p.myReclaim != nil && p.led.isBot(p.seat) {
		p.send(to, &ReclaimMsg{Req: *p.myReclaim})
	}
}

// syncAsk is the last SYNC_REQ sent to a seat: from which seq, and when.
type syncAsk struct {
	from uint64
	at   time.Duration
}
