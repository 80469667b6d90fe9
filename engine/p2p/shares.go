package p2p

import (
	"crypto/ecdh"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
)

// Withholding a reveal must not pay.
//
// The last seat to reveal for a chance request knows the outcome first. If
// its silence let the others settle the request without it, it could pick
// the better of two outcomes. So, with three or more seats, each seat
// deals its chance secret s (the seed of its hash chain) to the others at
// the genesis: s = share_1 ⊕ … ⊕ share_{n-1}, one share for every other
// seat, each sealed to that seat's X25519 box key and committed in the
// clear by c = H("tabula/share-commit" ‖ game ‖ dealer ‖ holder ‖ share).
// The deal is signed with the genesis by its dealer and becomes part of
// the log's base (Ledger.genHash), so every peer holds the same deal.
//
//   - Every holder checks its own share against the commitment before it
//     signs the genesis: a dealer whose sealed share does not open to the
//     committed one is refused before play (caught).
//   - No share alone, nor any n-2 of them, says anything of s (each is
//     uniform). Only all n-1 other seats together rebuild it: a majority of
//     the seats for 3 and 4 players, and never a minority.
//   - When a request waits on a seat's reveal past the stall countdown,
//     every other seat publishes its share (UNVEIL; self-authenticating by
//     the commitment). With all of them, any peer writes a KindAbort entry
//     (the seat, the request, the shares); s is then public, the seat's
//     reveals are computed by everyone, and the chance entry that follows
//     is byte for byte the one its own reveal would have made. The
//     outcome does not depend on whether the seat reveals.
//   - A dealer whose shares do not rebuild a seed of its committed chain
//     lied at the genesis: the shares and its signed deal prove it
//     (EvCheat); the seat is then handed to the bot by vote, as below.
//   - With two seats a share would be the secret itself: no deal. A seat
//     that withholds costs itself the seat: the other votes a takeover
//     with reason "abort at request k" (signed), written in the log and
//     shown in plain words, and only the others can hand it back.
//
// A peer that published its share for (seat, k) holds: it builds no chance
// entry for k without the abort, and takes one from elsewhere only when a
// seat other than the withholder serves it by SYNC (as the takeover hold).

// Deal is one seat's shares of its chance secret, for every other seat:
// Sealed[j] opens with seat j's box key to the share committed by
// Commit[j]. The dealer's own slot is zero. Empty with two seats.
type Deal struct {
	Sealed []Hash
	Commit []Hash
}

// Encode is the canonical encoding (covered by the dealer's genesis
// signature).
func (d *Deal) Encode() []byte {
	var w writer
	w.uvarint(uint64(len(d.Sealed)))
	for i := range d.Sealed {
		w.fixed(d.Sealed[i][:])
		w.fixed(d.Commit[i][:])
	}
	return w.b
}

// DecodeDeal parses Encode's output.
func DecodeDeal(b []byte) (*Deal, error) {
	r := reader{b: b}
	n := r.small(MaxSeats, "deal size")
	d := &Deal{}
	for i := 0; i < n && r.err == nil; i++ {
		var s, c Hash
		r.fixed(s[:])
		r.fixed(c[:])
		d.Sealed, d.Commit = append(d.Sealed, s), append(d.Commit, c)
	}
	return d, r.done()
}

// dealt reports whether a game of n seats deals shares.
func dealt(n int) bool { return n >= 3 }

// boxKey is the seat's X25519 key, derived from its ed25519 seed (so a
// snapshot needs nothing more).
func boxKey(priv ed25519.PrivateKey) *ecdh.PrivateKey {
	seed := sha256.Sum256(append([]byte("tabula/box-key/v1\x00"), priv.Seed()...))
	k, err := ecdh.X25519().NewPrivateKey(seed[:])
	if err != nil {
		panic(err) // any 32 bytes are an X25519 key
	}
	return k
}

func shareTag(what string, game GameID, dealer, holder int) []byte {
	b := append([]byte("tabula/"+what+"/v1\x00"), game[:]...)
	return append(b, byte(dealer), byte(holder))
}

// shareCommit is the public commitment to a share.
func shareCommit(game GameID, dealer, holder int, share Hash) Hash {
	return sha256.Sum256(append(shareTag("share-commit", game, dealer, holder), share[:]...))
}

// shareMask is the pad that seals a share between two box keys.
func shareMask(game GameID, dealer, holder int, secret []byte) Hash {
	return sha256.Sum256(append(shareTag("share-seal", game, dealer, holder), secret...))
}

// makeDeal splits secret into shares for every seat but dealer. The shares
// are derived from the secret (a restart deals the same ones): share_j is
// H(secret ‖ j) for every holder but the last, whose share makes the XOR.
func makeDeal(gen *Genesis, dealer int, secret Hash, box *ecdh.PrivateKey) (*Deal, error) {
	n := len(gen.Seats)
	d := &Deal{}
	if !dealt(n) {
		return d, nil
	}
	d.Sealed, d.Commit = make([]Hash, n), make([]Hash, n)
	last := -1
	for j := n - 1; j >= 0; j-- {
		if j != dealer {
			last = j
			break
		}
	}
	acc := secret
	for j := 0; j < n; j++ {
		if j == dealer {
			continue
		}
		var share Hash
		if j == last {
			share = acc
		} else {
			share = sha256.Sum256(append(append([]byte("tabula/share/v1\x00"), secret[:]...), byte(j)))
			xorInto(&acc, share)
		}
		pub, err := ecdh.X25519().NewPublicKey(gen.Seats[j].Box[:])
		if err != nil {
			return nil, err
		}
		k, err := box.ECDH(pub)
		if err != nil {
			return nil, fmt.Errorf("box key of seat %d: %v", j, err)
		}
		m := shareMask(gen.Game, dealer, j, k)
		d.Sealed[j] = share
		xorInto(&d.Sealed[j], m)
		d.Commit[j] = shareCommit(gen.Game, dealer, j, share)
	}
	return d, nil
}

func xorInto(a *Hash, b Hash) {
	for i := range a {
		a[i] ^= b[i]
	}
}

// openShare opens holder's share of dealer's deal and checks it against
// its commitment.
func openShare(gen *Genesis, d *Deal, dealer, holder int, box *ecdh.PrivateKey) (Hash, error) {
	if len(d.Sealed) != len(gen.Seats) {
		return Hash{}, fmt.Errorf("%w: seat %d dealt %d shares for %d seats", ErrCheat, dealer, len(d.Sealed), len(gen.Seats))
	}
	pub, err := ecdh.X25519().NewPublicKey(gen.Seats[dealer].Box[:])
	if err != nil {
		return Hash{}, fmt.Errorf("%w: box key of seat %d", ErrCheat, dealer)
	}
	k, err := box.ECDH(pub)
	if err != nil {
		return Hash{}, fmt.Errorf("%w: box key of seat %d", ErrCheat, dealer)
	}
	share := d.Sealed[holder]
	xorInto(&share, shareMask(gen.Game, dealer, holder, k))
	if shareCommit(gen.Game, dealer, holder, share) != d.Commit[holder] {
		return Hash{}, fmt.Errorf("%w: seat %d dealt seat %d a share that is not the one it committed to", ErrCheat, dealer, holder)
	}
	return share, nil
}

// checkDealForm checks a deal's shape for a genesis.
func checkDealForm(gen *Genesis, dealer int, d *Deal) error {
	n := len(gen.Seats)
	if !dealt(n) {
		if len(d.Sealed) != 0 {
			return fmt.Errorf("%w: a deal in a game of %d seats", ErrMalformed, n)
		}
		return nil
	}
	if len(d.Sealed) != n {
		return fmt.Errorf("%w: seat %d dealt %d shares for %d seats", ErrMalformed, dealer, len(d.Sealed), n)
	}
	if d.Sealed[dealer] != (Hash{}) || d.Commit[dealer] != (Hash{}) {
		return fmt.Errorf("%w: seat %d dealt itself a share", ErrMalformed, dealer)
	}
	return nil
}

// genesisSignBytes is what a seat signs: the genesis and its own deal.
func genesisSignBytes(gen *Genesis, deal []byte) []byte {
	b := gen.signBytes()
	w := writer{b: b}
	w.bytes(deal)
	return w.b
}

// baseHash names the start of the log: the genesis and every deal.
func baseHash(gen *Genesis, deals [][]byte) Hash {
	w := writer{b: gen.signBytes()}
	for _, d := range deals {
		w.bytes(d)
	}
	return sha256.Sum256(w.b)
}

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
	Shares []Hash // every other seat's share, in seat order
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
	for j := range l.gen.Seats {
		if j == dealer {
			continue
		}
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
	case len(a.Shares) != len(l.gen.Seats)-1:
		return fmt.Errorf("%w: abort with %d shares", ErrMalformed, len(a.Shares))
	}
	shares := map[int]Hash{}
	i := 0
	for j := range l.gen.Seats {
		if j != a.Seat {
			shares[j] = a.Shares[i]
			i++
		}
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
	if !dealt(len(p.led.gen.Seats)) || p.myShares == nil || p.cheats[seat] || p.led.seeds[seat] != nil {
		return false
	}
	// Every other seat must publish its share: none of them may be
	// played by the bot, away, or missing from this request itself.
	waiting := p.Waiting()
	for j := range p.led.gen.Seats {
		if j != seat && (p.led.isBot(j) || p.away[j] || containsSeat(waiting, j)) {
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
	if !dealt(len(p.led.gen.Seats)) || p.led.seeds[dealer] != nil || p.myShares == nil {
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
		for j := range p.led.gen.Seats {
			if j == dealer {
				continue
			}
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

// dealKey names a deal in a GENESIS_SIG or the genesis message.
func dealKey(seat int, deal []byte) string {
	return fmt.Sprintf("%d/%x", seat, sha256.Sum256(deal))
}

var _ = binary.BigEndian
