package p2p

import (
	"fmt"
)

// Unveil publishes Holder's share of Dealer's secret because request K
// waits on Dealer's reveal. It needs no signature: the share proves itself
// against the commitment in the genesis.
type Unveil struct {
	Game   GameID
	Dealer int
	Holder int
	K      uint64
	Share  Hash
}

// abortBody is the body of a KindAbort entry.
type abortBody struct {
	Seat   int
	K      uint64
	Shares []Hash // every holder's share (the other parties), in seat order
}

func (a abortBody) encode() []byte {
	var w writer
	w.seat(a.Seat)
	w.uvarint(a.K)
	w.uvarint(uint64(len(a.Shares)))
	for _, s := range a.Shares {
		w.fixed(s[:])
	}
	return w.b
}

func decodeAbortBody(b []byte) (abortBody, error) {
	r := reader{b: b}
	var a abortBody
	a.Seat = r.seat(MaxSeats - 1)
	a.K = r.uvarint()
	n := r.small(MaxSeats, "share count")
	for i := 0; i < n && r.err == nil; i++ {
		var s Hash
		r.fixed(s[:])
		a.Shares = append(a.Shares, s)
	}
	return a, r.done()
}

// chainAt is x_j = H^{N-j}(seed): the reveal for request j-1.
func chainAt(seed Hash, n int, j uint64) Hash {
	x := seed
	for i := uint64(0); i < uint64(n)-j; i++ {
		x = h(x)
	}
	return x
}

// rebuild checks every share of dealer's secret against its commitment
// and returns the secret they make.
func (l *ledger) rebuild(dealer int, shares map[int]Hash) (Hash, error) {
	d := l.deals[dealer]
	if d == nil || len(d.Commit) != len(l.gen.Seats) {
		return Hash{}, fmt.Errorf("%w: seat %d dealt no shares", ErrConflict, dealer)
	}
	var seed Hash
	for _, j := range l.gen.holders(dealer) {
		s, ok := shares[j]
		if !ok {
			return Hash{}, fmt.Errorf("%w: the share of seat %d is missing", ErrConflict, j)
		}
		if shareCommit(l.gen.Game, dealer, j, s) != d.Commit[j] {
			return Hash{}, fmt.Errorf("%w: share of seat %d for seat %d is not the committed one", ErrBadReveal, j, dealer)
		}
		xorInto(&seed, s)
	}
	return seed, nil
}

// unveiledReveal is the reveal of an unveiled seat for request k.
func (l *ledger) unveiledReveal(seat int, k uint64) Hash {
	return chainAt(*l.seeds[seat], l.gen.Chain, k+1)
}

func (l *ledger) applyAbort(e *Entry) error {
	if e.Author != -1 || len(e.Sig) != 0 {
		return fmt.Errorf("%w: abort entries have no author", ErrMalformed)
	}
	st := l.status()
	if st.Chance == nil {
		return fmt.Errorf("%w: no chance request is pending", ErrOutOfTurn)
	}
	a, err := decodeAbortBody(e.Body)
	if err != nil {
		return err
	}
	k := uint64(l.match.ChanceCount())
	switch {
	case a.K != k:
		return fmt.Errorf("%w: abort at request %d, pending is %d", ErrConflict, a.K, k)
	case a.Seat < 0 || a.Seat >= len(l.gen.Seats) || l.isBot(a.Seat) || l.seeds[a.Seat] != nil:
		return fmt.Errorf("%w: seat %d cannot be aborted here", ErrConflict, a.Seat)
	case len(a.Shares) != len(l.gen.holders(a.Seat)):
		return fmt.Errorf("%w: abort with %d shares", ErrMalformed, len(a.Shares))
	}
	shares := map[int]Hash{}
	for i, j := range l.gen.holders(a.Seat) {
		shares[j] = a.Shares[i]
	}
	seed, err := l.rebuild(a.Seat, shares)
	if err != nil {
		return err
	}
	if err := l.checkReveal(a.Seat, k, chainAt(seed, l.gen.Chain, k+1)); err != nil {
		return fmt.Errorf("%w: the shares of seat %d do not rebuild its committed chain (its deal lied)", ErrCheat, a.Seat)
	}
	if e.Post != postOf(l.match) {
		return fmt.Errorf("%w: an abort does not change the state", ErrBadPost)
	}
	l.seeds[a.Seat] = &seed
	return nil
}

// ---- Peer side ----

// unveiling is what this peer did for a withheld reveal: it published its
// share of Dealer's secret for request K (and holds: see above).
type unveiling struct {
	k      uint64
	dealer int
}

// rebuildable: a missing reveal of seat is settled by rebuilding it (three
// or more seats, and its deal has not been caught lying).
func (p *Peer) rebuildable(seat int) bool {
	if !p.led.gen.dealt() || p.myShares == nil || p.cheats[seat] || p.led.seeds[seat] != nil {
		return false
	}
	// Every other seat must publish its share: none of them may be
	// played by the bot, away, or missing from this request itself.
	waiting := p.Waiting()
	for _, j := range p.led.gen.holders(seat) {
		if p.led.isBot(j) || p.away[j] || containsSeat(waiting, j) {
			return false
		}
	}
	return true
}

// checkUnveil checks a published share against the deal.
func (l *ledger) checkUnveil(u *Unveil) error {
	switch {
	case u.Game != l.gen.Game:
		return ErrWrongGame
	case u.Dealer < 0 || u.Dealer >= len(l.gen.Seats) || u.Holder < 0 || u.Holder >= len(l.gen.Seats) || u.Dealer == u.Holder:
		return fmt.Errorf("%w: share of seat %d held by seat %d", ErrMalformed, u.Dealer, u.Holder)
	}
	d := l.deals[u.Dealer]
	if d == nil || len(d.Commit) != len(l.gen.Seats) || shareCommit(l.gen.Game, u.Dealer, u.Holder, u.Share) != d.Commit[u.Holder] {
		return fmt.Errorf("%w: share of seat %d held by seat %d is not the committed one", ErrBadReveal, u.Dealer, u.Holder)
	}
	return nil
}

func (p *Peer) onUnveil(from int, u *Unveil) {
	if p.led == nil {
		return
	}
	if err := p.led.checkUnveil(u); err != nil {
		p.reject(from, err)
		return
	}
	k := uint64(p.led.match.ChanceCount())
	if u.K != k || p.led.seeds[u.Dealer] != nil || p.led.status().Chance == nil {
		return // settled, or not yet ours to judge (it is sent again)
	}
	m := p.shares[u.Dealer]
	if m == nil {
		m = map[int]Hash{}
		p.shares[u.Dealer] = m
	}
	m[u.Holder] = u.Share
}

// unveil publishes our share of dealer's secret for request k.
func (p *Peer) unveil(dealer int, k uint64) {
	if !p.led.gen.dealt() || p.led.seeds[dealer] != nil || p.myShares == nil {
		return
	}
	share, ok := p.myShares[dealer]
	if !ok {
		return
	}
	if p.unveiled == nil || p.unveiled.k != k {
		p.unveiled = &unveiling{k: k, dealer: dealer}
	}
	m := p.shares[dealer]
	if m == nil {
		m = map[int]Hash{}
		p.shares[dealer] = m
	}
	m[p.seat] = share
	p.send(Broadcast, &Unveil{Game: p.gameID, Dealer: dealer, Holder: p.seat, K: k, Share: share})
}

// tryAbort writes the abort entry of a withholding seat once every other
// seat's share is in; true if it was applied.
func (p *Peer) tryAbort(seq uint64, headHash Hash) bool {
	if p.unveiled == nil {
		return false
	}
	k := uint64(p.led.match.ChanceCount())
	if p.unveiled.k != k {
		return false
	}
	for _, dealer := range sortedSeats(p.shares) {
		if dealer == p.seat || p.led.seeds[dealer] != nil || p.led.isBot(dealer) {
			continue
		}
		m := p.shares[dealer]
		a := abortBody{Seat: dealer, K: k}
		for _, j := range p.led.gen.holders(dealer) {
			s, ok := m[j]
			if !ok {
				a.Shares = nil
				break
			}
			a.Shares = append(a.Shares, s)
		}
		if a.Shares == nil {
			continue
		}
		e := Entry{Game: p.gameID, Seq: seq + 1, Prev: headHash, Author: -1, Kind: KindAbort, Body: a.encode(), Post: postOf(p.led.match)}
		if err := p.led.apply(e); err != nil {
			delete(p.shares, dealer)
			p.cheats[dealer] = true
			p.event(Event{Kind: EvCheat, Seat: dealer, Seq: k, Err: err})
			continue
		}
		p.applied(p.seat, e)
		p.send(Broadcast, &EntryMsg{Entry: e})
		return true
	}
	return false
}

// othersHere: every seat but us and dealer told us, since the log reached
// its head, that its head is ours: they wait on the same request. A peer
// that was cut off (its clock jumped) never publishes a share for a
// request the others have passed.
func (p *Peer) othersHere(dealer int) bool {
	seq, hh := p.led.head()
	for _, j := range p.led.gen.holders(dealer) {
		if j == p.seat {
			continue
		}
		h := p.heads[j]
		if h.seq != seq || h.hash != hh || h.at < p.stepAt {
			return false
		}
	}
	return true
}

// unveilHold: we published a share for the pending request.
func (p *Peer) unveilHold() bool {
	return p.unveiled != nil && p.led != nil && p.led.status().Chance != nil &&
		p.unveiled.k == uint64(p.led.match.ChanceCount()) &&
		!p.cheats[p.unveiled.dealer] && !p.led.isBot(p.unveiled.dealer)
}
