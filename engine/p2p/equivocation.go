package p2p

import (
	"bytes"
	"fmt"
	"sort"
)

// noteSigned remembers signed entries per seq so that a second, different
// one by the same author is caught as equivocation.
func (p *Peer) noteSigned(from int, e Entry) {
	hsh := e.Hash()
	byHash := p.seen[e.Seq]
	if byHash == nil {
		byHash = map[Hash]Entry{}
		p.seen[e.Seq] = byHash
	}
	if _, ok := byHash[hsh]; ok {
		return
	}
	for _, o := range sortedEntries(byHash) {
		// Same seq and same predecessor: two answers to one position.
		// (After a rollback a seat may sign anew on another predecessor.)
		if o.Author == e.Author && o.Prev == e.Prev {
			p.proof(from, e.Author, e.Seq, o.Encode(), e.Encode())
			break
		}
	}
	if len(byHash) < 4 {
		byHash[hsh] = e
	}
}

func sortedEntries(m map[Hash]Entry) []Entry {
	out := make([]Entry, 0, len(m))
	for _, e := range m {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].Hash(), out[j].Hash()
		return bytes.Compare(a[:], b[:]) < 0
	})
	return out
}

func (p *Peer) proof(from, seat int, seq uint64, a, b []byte) {
	key := fmt.Sprintf("%d/%d", seat, seq)
	if p.proofs[key] {
		return
	}
	p.proofs[key] = true
	p.event(Event{Kind: EvEquivocation, Seat: seat, Seq: seq, Proof: [2][]byte{a, b},
		Err: fmt.Errorf("%w: seat %d, seq %d (received from seat %d)", ErrEquivocated, seat, seq, from)})
	if seq > 0 && p.led != nil && seat != p.seat {
		p.proofAt[seq] = [2][]byte{a, b}
		p.punish()
	}
}

// conflict handles an entry for a seq we already have, with other content.
func (p *Peer) conflict(from int, e Entry) {
	ours := p.led.entries[e.Seq-1]
	signed := func(e Entry) bool { return e.Kind == KindAction || e.Kind == KindReclaim }
	if signed(e) && p.led.verifyEntrySig(&e) == nil {
		if signed(ours) {
			p.noteSigned(from, ours)
		}
		p.noteSigned(from, e)
		if signed(ours) && ours.Author == e.Author {
			return // proof reported
		}
	}
	p.reject(from, fmt.Errorf("%w: entry %d differs from ours", ErrConflict, e.Seq))
	p.event(Event{Kind: EvFork, Seat: from, Seq: e.Seq})
}

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
		e.Post = p.led.agreedNow()
	} else {
		led, err := p.replayTo(seq - 1)
		if err != nil {
			return Entry{}, false
		}
		e.Post = led.agreedNow()
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
