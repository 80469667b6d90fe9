package p2p

import (
	"fmt"
)

func (p *Peer) onReveal(from int, m *Reveal) {
	if p.led == nil || m.Game != p.gameID {
		return
	}
	if m.Seat < 0 || m.Seat >= len(p.led.revealed) {
		p.reject(from, fmt.Errorf("%w: reveal of seat %d", ErrMalformed, m.Seat))
		return
	}
	if p.led.isBot(m.Seat) {
		return // the bot's seat does not take part in chance
	}
	k := uint64(p.led.match.ChanceCount())
	id, now := roundID{m.K, m.A}, roundID{k, p.led.attempt}
	switch {
	case m.K < k:
		// The sender is still waiting for a chance entry we have.
		p.serveSync(from, p.led.chanceSeq[m.K])
		return
	case now.after(id):
		return // an attempt our log has left
	case id.after(now):
		// We are behind; keep a few candidates until we catch up (they
		// are checked against the chain then).
		if m.K <= k+8 && m.A <= now.a+8 {
			fr := p.early[id]
			if fr == nil {
				fr = map[int][]Hash{}
				p.early[id] = fr
			}
			for _, x := range fr[m.Seat] {
				if x == m.X {
					return
				}
			}
			if len(fr[m.Seat]) < 2 {
				fr[m.Seat] = append(fr[m.Seat], m.X)
			}
		}
		return
	}
	if err := p.led.checkReveal(m.Seat, p.led.slot()+1, m.X); err != nil {
		p.reject(from, err)
		return
	}
	p.reveal(k)[m.Seat] = m.X
}

// reveal is the reveals held for the pending round of request k.
func (p *Peer) reveal(k uint64) map[int]Hash {
	id := roundID{k, p.led.attempt}
	if p.reveals == nil || p.revealK != id {
		p.reveals, p.revealK = map[int]Hash{}, id
		// Early reveals for this round can be checked now.
		for seat, xs := range p.early[id] {
			for _, x := range xs {
				if seat < len(p.led.revealed) && p.led.checkReveal(seat, p.led.slot()+1, x) == nil {
					p.reveals[seat] = x
				}
			}
		}
		for j := range p.early {
			if !j.after(id) {
				delete(p.early, j)
			}
		}
	}
	return p.reveals
}

// ownReveal sends our reveal for the pending request once; false when the
// chain is exhausted. A bot-played seat does not reveal.
func (p *Peer) ownReveal() bool {
	if p.led.isBot(p.seat) {
		return true
	}
	k := uint64(p.led.match.ChanceCount())
	rs := p.reveal(k)
	if _, ok := rs[p.seat]; ok {
		return true
	}
	if _, ok := p.ownCommit(k); ok && !p.committed(k) {
		return true // reveal only once every seat is bound
	}
	x, ok := p.chain.reveal(p.led.slot() + 1)
	if !ok {
		if !p.stalled[k] {
			p.stalled[k] = true
			need := fmt.Sprintf("chance outcome %d", k+1)
			if r := p.led.retries; r > 0 {
				need += fmt.Sprintf(" (chain link %d; %d taken by rounds started afresh)", p.led.slot()+1, r)
			}
			p.event(Event{Kind: EvStalled, Seq: k, Seats: []int{p.seat},
				Err: fmt.Errorf("%w: the game needs %s, each seat committed to %d in the genesis; it cannot go on (known limit: commitments are not extended)", ErrExhausted, need, p.led.gen.Chain)})
		}
		return false
	}
	rs[p.seat] = x
	p.chanceAt = p.now
	p.answer()
	p.send(Broadcast, &Reveal{Game: p.gameID, K: k, A: p.led.attempt, Seat: p.seat, X: x})
	return true
}
