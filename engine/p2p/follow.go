package p2p

import (
	"fmt"

	"tabula/engine"
)

// Follower checks a game's signed log from outside it, as a spectator
// does: it holds no key and no seat, and takes a fully signed genesis and
// then entries exactly as a peer checks them (signature, chain link,
// author's turn, chance pre-images and proofs, bots recomputed, post
// hash). An entry that fails leaves it as it was.
type Follower struct {
	led *ledger
}

// Follow starts a follower from a genesis message (Encode of a
// *GenesisMsg carrying every party's signature).
func Follow(genesis []byte) (*Follower, error) {
	m, err := Decode(genesis)
	if err != nil {
		return nil, err
	}
	gm, ok := m.(*GenesisMsg)
	if !ok {
		return nil, fmt.Errorf("%w: not a genesis message", ErrMalformed)
	}
	gen, err := DecodeGenesis(gm.Body)
	if err != nil {
		return nil, err
	}
	led, err := newLedger(gen, gm.Sigs)
	if err == nil {
		err = led.seal(-1, nil, nil) // a sealed game's decks, as an observer
	}
	if err != nil {
		return nil, err
	}
	return &Follower{led: led}, nil
}

// Add checks e as the next entry and applies it; on an error nothing
// changes.
func (f *Follower) Add(e Entry) error { return f.led.apply(e) }

// Genesis is the signed genesis followed.
func (f *Follower) Genesis() *Genesis { return f.led.gen }

// Match is the game as the log so far makes it (read only).
func (f *Follower) Match() *engine.Match { return f.led.match }

// Entries is the verified log (read only).
func (f *Follower) Entries() []Entry { return f.led.entries }

// GenesisMessage is the signed genesis as Follow takes it (nil before
// the genesis).
func (p *Peer) GenesisMessage() []byte {
	if p.led == nil {
		return nil
	}
	return Encode(&GenesisMsg{Body: p.led.gen.Encode(), Sigs: p.led.genSigs})
}
