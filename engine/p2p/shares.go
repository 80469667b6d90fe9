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

// dealt reports whether a game of n seats deals shares: never since
// chance rounds are locked in time (lock.go), which let the honest seats
// open a withheld part alone, in any seat count and against any coalition.
// A genesis carrying a deal is refused (checkDealForm).
func dealt(n int) bool { return false }

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
	if !gen.dealt() {
		return d, nil
	}
	d.Sealed, d.Commit = make([]Hash, n), make([]Hash, n)
	hs := gen.holders(dealer)
	last := hs[len(hs)-1]
	acc := secret
	for _, j := range hs {
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
	if !gen.dealt() {
		if len(d.Sealed) != 0 {
			return fmt.Errorf("%w: a deal in a game of %d seats", ErrMalformed, n)
		}
		return nil
	}
	if len(d.Sealed) != n {
		return fmt.Errorf("%w: seat %d dealt %d shares for %d seats", ErrMalformed, dealer, len(d.Sealed), n)
	}
	for j := range gen.Seats {
		if (j == dealer || !gen.Party(j)) && (d.Sealed[j] != (Hash{}) || d.Commit[j] != (Hash{})) {
			return fmt.Errorf("%w: seat %d dealt a share to seat %d, which holds none", ErrMalformed, dealer, j)
		}
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

// dealKey names a deal in a GENESIS_SIG or the genesis message.
func dealKey(seat int, deal []byte) string {
	return fmt.Sprintf("%d/%x", seat, sha256.Sum256(deal))
}

var _ = binary.BigEndian
