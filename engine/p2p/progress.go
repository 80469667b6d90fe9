package p2p

import (
	"fmt"
)

// progress does whatever the log now allows: apply buffered entries,
// complete a takeover, embed a reclaim, reveal and settle chance, play
// the bot's seats, settle a round of proposals.
func (p *Peer) progress() {
	if p.led == nil {
		return
	}
	for guard := 0; guard < 1<<16; guard++ {
		seq, headHash := p.led.head()
		if p.tryProofTakeover(seq, headHash) {
			continue
		}
		hold := p.holding()
		if es, ok := p.future[seq+1]; ok {
			applied := false
			var keep []parkedEntry
			for _, f := range es {
				if f.e.Prev != headHash {
					continue // left from another branch: sync brings ours
				}
				if hold && (f.e.Kind == KindAction || f.e.Kind == KindBatch) {
					p.release(f.from, seq) // the seat's own move cancels our vote
					hold = false
				}
				if (hold && f.e.Kind != KindTakeover) || p.led.thinking(&f.e) {
					keep = append(keep, f)
					continue
				}
				if !applied && p.applyEntry(p.seat, f.e) {
					applied = true
				}
			}
			if applied {
				continue
			}
			p.unpark(seq + 1)
			if len(keep) > 0 {
				p.future[seq+1] = keep
				for _, f := range keep {
					p.parked[f.from] += entrySize(&f.e)
				}
			}
		}
		st := p.led.status()
		if !hold {
			if moved, blocked := p.sealedStep(seq, headHash); moved {
				continue
			} else if blocked && !st.Over {
				return
			}
		}
		if st.Over {
			if !p.overSent {
				p.overSent = true
				p.event(Event{Kind: EvOver, Seq: seq, Seats: seatsOf(st.Winners)})
			}
			return
		}
		if hold {
			// Only the takeover may follow: nothing else is built here.
			if p.tryTakeover(seq, headHash) {
				continue
			}
			if st.Chance != nil {
				p.ownReveal()
			}
			return
		}
		if p.tryReclaim(seq, headHash) {
			continue
		}
		if st.Chance != nil && p.led.sealedChance(*st.Chance) {
			return // its deck entries and its entry come from sealedStep
		}
		if st.Chance != nil {
			k := uint64(p.led.match.ChanceCount())
			if !p.ownReveal() || !p.committed(k) {
				return
			}
			e, ok := p.chanceEntry(seq, headHash, k, *st.Chance)
			if !ok || !p.applyEntry(p.seat, e) {
				return
			}
			continue
		}
		ds := p.led.deciders()
		if len(ds) == 1 && p.led.isBot(int(ds[0])) {
			if p.waitOwnReclaim(int(ds[0])) || !p.led.chosen(int(ds[0])) {
				return // a search bot thinks off the lock (BotJob)
			}
			if !p.botEntry(seq, headHash, int(ds[0])) {
				return
			}
			continue
		}
		if len(ds) < 2 {
			return
		}
		round := p.proposals[seq]
		var ps []Proposal
		for _, d := range ds {
			if p.led.isBot(int(d)) {
				if !p.led.chosen(int(d)) {
					return
				}
				raw, err := p.led.botChoice(int(d))
				if err != nil {
					p.reject(p.seat, err)
					return
				}
				ps = append(ps, Proposal{Game: p.gameID, Base: seq, BaseHash: headHash, Seat: int(d), Action: raw})
				continue
			}
			pr, ok := round[int(d)]
			if !ok || pr.BaseHash != headHash {
				return
			}
			ps = append(ps, pr)
		}
		post, err := p.trialBatch(ps)
		if err != nil {
			p.reject(p.seat, fmt.Errorf("round after entry %d: %w", seq, err))
			return
		}
		e := Entry{Game: p.gameID, Seq: seq + 1, Prev: headHash, Author: -1, Kind: KindBatch, Body: encodeBatch(ps), Post: post}
		if !p.applyEntry(p.seat, e) {
			return
		}
	}
}

// botEntry writes the bot's move for seat (every peer writes the same).
func (p *Peer) botEntry(seq uint64, headHash Hash, seat int) bool {
	raw, err := p.led.botChoice(seat)
	if err != nil {
		p.reject(p.seat, err)
		return false
	}
	t := p.led.trial()
	for _, e := range p.led.botEntries(seat, raw) {
		if err := t.apply(e); err != nil {
			p.reject(p.seat, fmt.Errorf("%w: %v", ErrBadBot, err))
			return false
		}
	}
	e := Entry{Game: p.gameID, Seq: seq + 1, Prev: headHash, Author: seat, Kind: KindBot, Body: raw, Post: t.post()}
	return p.applyEntry(p.seat, e)
}
