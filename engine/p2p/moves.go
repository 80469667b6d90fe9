package p2p

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"

	"tabula/engine"
)

// Act performs this seat's action: an entry when it alone decides, a
// proposal in a round of simultaneous decisions.
func (p *Peer) Act(a engine.Action) (Output, error) {
	if p.led == nil {
		return p.flush(), ErrNoGenesis
	}
	raw, err := json.Marshal(a)
	if err != nil {
		return p.flush(), fmt.Errorf("%w: %v", engine.ErrBadAction, err)
	}
	if len(raw) > MaxAction {
		return p.flush(), fmt.Errorf("%w: action of %d bytes", engine.ErrBadAction, len(raw))
	}
	if p.led.isBot(p.seat) {
		return p.flush(), fmt.Errorf("%w: seat %d since entry %d; reclaim it to play", ErrBotSeat, p.seat, p.led.bots[p.seat].since)
	}
	st := p.led.status()
	if err := engine.CheckTurn(st, engine.Seat(p.seat)); err != nil {
		return p.flush(), err
	}
	if _, left := p.led.leftDue(); left != nil {
		return p.flush(), fmt.Errorf("%w: the cards of a seat that left are being shown", engine.ErrNotYourTurn)
	}
	if s, ok := p.led.sealedWait(); ok {
		return p.flush(), fmt.Errorf("%w: the cards are being dealt (the log waits for seat %d's deck message)", engine.ErrNotYourTurn, s)
	}
	seq, headHash := p.led.head()
	if len(st.Deciders) > 1 {
		if p.mine != nil && p.mine.Base == seq {
			return p.flush(), fmt.Errorf("%w: already decided this round", engine.ErrNotYourTurn)
		}
		dec, err := p.led.game.DecodeAction(raw)
		if err != nil {
			return p.flush(), err
		}
		// Checked after the cards it must show first (a progress card
		// discarded in a simultaneous round), which makeShows does.
		var ss []showing
		if p.led.sealed != nil {
			if ss, _, err = p.led.makeShows(p.seat, dec); err != nil {
				return p.flush(), err
			}
			raw = sealedAction(raw, ss)
		}
		if len(ss) == 0 {
			if err := p.led.match.State.Clone().Apply(engine.Seat(p.seat), dec); err != nil {
				return p.flush(), err
			}
		}
		pr := Proposal{Game: p.gameID, Base: seq, BaseHash: headHash, Seat: p.seat, Action: raw}
		pr.Sig = ed25519.Sign(p.priv, pr.signBytes())
		p.answer()
		p.mine = &pr
		p.storeProposal(pr)
		p.out.Dirty = true
		p.send(Broadcast, &ProposalMsg{Proposal: pr})
		p.progress()
		return p.flush(), nil
	}
	dec, err := p.led.game.DecodeAction(raw)
	if err != nil {
		return p.flush(), err
	}
	shows, err := p.showEntries(p.seat, dec)
	if err != nil {
		return p.flush(), err
	}
	for _, e := range shows {
		if !p.applyEntry(p.seat, e) {
			return p.flush(), errors.New("p2p: own show entry refused (bug)")
		}
		p.send(Broadcast, &EntryMsg{Entry: e})
	}
	seq, headHash = p.led.head()
	t := p.led.trial()
	ee := engine.Entry{Seat: engine.Seat(p.seat), Action: raw}
	if err := t.apply(ee); err != nil {
		return p.flush(), err
	}
	e := Entry{Game: p.gameID, Seq: seq + 1, Prev: headHash, Author: p.seat, Kind: KindAction, Body: raw}
	e.Post = t.post()
	e.Sig = ed25519.Sign(p.priv, e.signBytes())
	p.answer()
	p.led.keep(t, ee, e.Post)
	if !p.applyEntry(p.seat, e) {
		return p.flush(), errors.New("p2p: own entry refused (bug)")
	}
	p.send(Broadcast, &EntryMsg{Entry: e})
	p.progress()
	return p.flush(), nil
}

func (p *Peer) onProposal(from int, pr Proposal) {
	if p.led == nil {
		return
	}
	if err := p.led.verifyProposalSig(&pr); err != nil {
		p.reject(from, err)
		return
	}
	seq, _ := p.led.head()
	if pr.Base < seq {
		return // that round is settled
	}
	if pr.Base > seq+64 {
		p.reject(from, fmt.Errorf("%w: proposal for entry %d, our head is %d", ErrBadPrev, pr.Base, seq))
		return
	}
	if old, ok := p.proposals[pr.Base][pr.Seat]; ok {
		// A second, different signed proposal proves equivocation, legal
		// or not; a repeat is a duplicate.
		if !bytes.Equal(old.unsigned(), pr.unsigned()) && old.BaseHash == pr.BaseHash {
			p.proof(from, pr.Seat, pr.Base+1, old.Encode(), pr.Encode())
		}
		return
	}
	if pr.Base > seq {
		p.askSync(from)
	} else if err := p.checkProposal(pr); err != nil {
		p.reject(from, fmt.Errorf("proposal of seat %d: %w", pr.Seat, err))
		return
	}
	p.storeProposal(pr)
}

// checkProposal: a proposal for the current head must come from a decider
// of a simultaneous round and be legal on the current state (the engine
// promises simultaneous actions apply in any order).
func (p *Peer) checkProposal(pr Proposal) error {
	_, hh := p.led.head()
	st := p.led.status()
	switch {
	case pr.BaseHash != hh:
		return fmt.Errorf("%w: proposal answers another log", ErrBadPrev)
	case st.Chance != nil || len(st.Deciders) < 2 || !st.Decides(engine.Seat(pr.Seat)):
		return fmt.Errorf("%w: seat %d, deciders %v", ErrOutOfTurn, pr.Seat, st.Deciders)
	case p.led.isBot(pr.Seat):
		return fmt.Errorf("%w: seat %d proposes", ErrBotSeat, pr.Seat)
	case len(pr.Action) > MaxAction:
		return fmt.Errorf("%w: action of %d bytes", engine.ErrBadAction, len(pr.Action))
	}
	raw, ss, err := p.led.proposalParts(pr.Seat, pr.Action)
	if err != nil {
		return err
	}
	trial := p.led.match.State.Clone()
	for _, e := range batchEntries(pr.Seat, raw, ss) {
		if err := engine.ApplyEntry(p.led.game, trial, e); err != nil {
			return err
		}
	}
	return nil
}

func (p *Peer) storeProposal(pr Proposal) {
	round := p.proposals[pr.Base]
	if round == nil {
		round = map[int]Proposal{}
		p.proposals[pr.Base] = round
	}
	if old, ok := round[pr.Seat]; ok {
		if !bytes.Equal(old.unsigned(), pr.unsigned()) && old.BaseHash == pr.BaseHash {
			p.proof(pr.Seat, pr.Seat, pr.Base+1, old.Encode(), pr.Encode())
		}
		return
	}
	round[pr.Seat] = pr
}

func (p *Peer) trialBatch(ps []Proposal) (Hash, error) {
	t := p.led.trial()
	for _, pr := range ps {
		raw, ss, err := p.led.proposalParts(pr.Seat, pr.Action)
		if err != nil {
			return Hash{}, err
		}
		for _, e := range batchEntries(pr.Seat, raw, ss) {
			if err := t.apply(e); err != nil {
				return Hash{}, fmt.Errorf("seat %d: %w", pr.Seat, err)
			}
		}
	}
	return t.post(), nil
}
