package p2p

import (
	"fmt"
	"time"
)

// Clocks for board games. A decision (a move, or a part of a round of
// simultaneous ones) waits on a connected player for the think time signed
// into the genesis, and on a disconnected one (nothing heard for
// AwayAfter) for Grace from when it was last heard or the step began,
// whichever is later, never past its think time. Only then is the seat
// stalled: marked to everyone and open to a takeover vote. A chance
// request waits StallAfter on a missing reveal, which the device sends by
// itself (nobody thinks over it).
const (
	// DefaultThink is the think time a new game offers.
	DefaultThink = 5 * time.Minute
	// DefaultGrace is how long a disconnected player's decision is
	// waited for.
	DefaultGrace = 90 * time.Second
	// NoLimit as Config.Think: a connected player may think forever.
	NoLimit time.Duration = -1
	// MaxThink bounds the genesis's think time, in seconds (a day).
	MaxThink = 24 * 60 * 60
	// Forever is StallIn when no limit applies.
	Forever = time.Duration(1<<63 - 1)
)

// answerRec is when this seat answered a step: how long after the step
// began, and our first ping number after it.
type answerRec struct {
	after time.Duration
	ping  uint64
	// limit is the step's countdown for our seat (Forever: none); began
	// when the step began on our clock; heard, by seat, a direct message
	// from it within AwayAfter after the answer (it was linked to us
	// then, so the answer reached it).
	limit time.Duration
	began time.Duration
	heard [MaxSeats]bool
	late  bool
}

// answer notes when this seat answered the step at the head.
func (p *Peer) answer() {
	seq, _ := p.led.head()
	if _, ok := p.myAnswers[seq]; !ok {
		rec := answerRec{after: p.now - p.stepAt, ping: p.pingNo + 1, limit: Forever, began: p.stepAt, late: p.late}
		if end := p.deadline(p.seat); end != Forever {
			rec.limit = end - p.stepAt
		}
		p.myAnswers[seq] = rec
		delete(p.myAnswers, seq-16)
	}
}

// Tick advances the peer's clock (any monotonic origin): pings, resends,
// away and stall reports.
func (p *Peer) Tick(now time.Duration) Output {
	p.now = now
	if p.led == nil {
		if now-p.lastResend >= p.cfg.ResendEvery {
			p.lastResend = now
			p.resendGenesis()
		}
		return p.flush()
	}
	if now-p.lastPing >= p.cfg.PingEvery {
		p.lastPing = now
		p.send(Broadcast, p.ping())
	}
	for _, s := range p.led.gen.parties() {
		if s != p.seat && !p.away[s] && now-p.lastSeen[s] >= p.cfg.AwayAfter {
			p.away[s] = true
			p.event(Event{Kind: EvAway, Seat: s})
		}
	}
	if now-p.lastResend >= p.cfg.ResendEvery {
		p.lastResend = now
		p.resendPending(Broadcast)
	}
	p.checkStall()
	p.progress()
	return p.flush()
}

// Waiting is every seat the game waits on at the head that has not
// answered yet (its move, its part of a round, or its reveal), ascending.
func (p *Peer) Waiting() []int {
	if p.led == nil {
		return nil
	}
	if seat, ok := p.led.sealedWait(); ok {
		return []int{seat} // a deck message (sealed play)
	}
	st := p.led.status()
	if st.Over {
		return nil
	}
	var out []int
	if st.Chance != nil {
		// First every commitment, then every reveal (lock.go).
		k := uint64(p.led.match.ChanceCount())
		cs := p.round(k).commits
		rs := p.reveal(k)
		all := true
		for _, s := range p.led.revealSeats() {
			if _, ok := cs[s]; !ok {
				out, all = append(out, s), false
			}
		}
		if !all {
			return out
		}
		for _, s := range p.led.revealSeats() {
			if _, ok := rs[s]; !ok {
				out = append(out, s)
			}
		}
		return out
	}
	seq, _ := p.led.head()
	for _, d := range p.led.deciders() {
		s := int(d)
		if p.led.isBot(s) {
			continue
		}
		if _, ok := p.proposals[seq][s]; ok && len(st.Deciders) > 1 {
			continue
		}
		out = append(out, s)
	}
	return out
}

// StallIn is the countdown of seat: how long it still has to answer the
// step the game waits on it for before it counts as stalled (0: stalled
// now; Forever: no limit), or -1 when the game does not wait on it.
func (p *Peer) StallIn(seat int) time.Duration {
	if !containsSeat(p.Waiting(), seat) {
		return -1
	}
	end := p.deadline(seat)
	if end == Forever {
		return Forever
	}
	return max(0, end-p.now)
}

// Think is the game's think time (0: no limit).
func (p *Peer) Think() time.Duration {
	if p.gen == nil {
		return 0
	}
	return p.gen.Think
}

// deadline is when seat's countdown at the head runs out on our clock
// (Forever: never).
func (p *Peer) deadline(seat int) time.Duration {
	if p.led.status().Chance != nil {
		return p.stepAt + p.cfg.StallAfter
	}
	end := Forever
	if t := p.led.gen.Think; t > 0 {
		end = p.stepAt + t
	}
	if seat != p.seat && p.away[seat] {
		end = min(end, max(p.stepAt, p.lastSeen[seat])+p.cfg.Grace)
	}
	return end
}

// Stalled reports whether the game has waited on seat past its countdown.
func (p *Peer) Stalled(seat int) bool { return p.StallIn(seat) == 0 }

// checkStall reports seats whose countdown ran out (once per step).
func (p *Peer) checkStall() {
	st := p.led.status()
	if st.Chance != nil && p.stalled[uint64(p.led.match.ChanceCount())] {
		return // our own commitment is exhausted: reported as such
	}
	seq, _ := p.led.head()
	var late []int
	for _, s := range p.Waiting() {
		if s != p.seat && p.deadline(s) <= p.now {
			late = append(late, s)
		}
	}
	if len(late) == 0 {
		return
	}
	if !p.stallSet || p.stallSent != seq {
		p.stallSet, p.stallSent = true, seq
		ev := Event{Kind: EvStalled, Seq: seq, Seats: late,
			Err: fmt.Errorf("the game has waited on seats %v past their time", late)}
		if st.Chance != nil {
			k := uint64(p.led.match.ChanceCount())
			ev.Seq, ev.K = k, k
			ev.Err = fmt.Errorf("chance request %d waits for the commitment or reveal of seats %v", k, late)
		}
		p.event(ev)
	}
}
