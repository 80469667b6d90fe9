package p2p

import (
	"crypto/ed25519"
	"fmt"
	"io"
	"time"

	"tabula/engine"
)

// NewHost creates a game: setup names a registered game and the player
// count; the host sits in seat.
func NewHost(cfg Config, setup engine.Setup, seat int) (*Peer, error) {
	g, err := engine.Lookup(setup.Game)
	if err != nil {
		return nil, err
	}
	if _, err := engine.NewState(g, setup); err != nil {
		return nil, err
	}
	if err := sealable(g, setup); err != nil {
		return nil, err
	}
	if setup.Players > MaxSeats || seat >= setup.Players {
		return nil, fmt.Errorf("p2p: seat %d of %d players", seat, setup.Players)
	}
	if seat < len(cfg.Seats) {
		if _, hosted := HostedKind(cfg.Seats[seat].Kind); hosted {
			return nil, fmt.Errorf("p2p: the host's own seat %d is a hosted bot seat", seat)
		}
	}
	p, err := newPeer(cfg, seat)
	if err != nil {
		return nil, err
	}
	if _, err := io.ReadFull(p.cfg.Rand, p.gameID[:]); err != nil {
		return nil, err
	}
	p.host, p.hostSeat, p.setup = true, seat, setup
	p.known = make([]SeatKey, setup.Players)
	p.knownOK = make([]bool, setup.Players)
	p.known[seat] = SeatKey{Key: p.pub, Tip: p.chain.tip()}
	p.knownOK[seat] = true
	// Hosted bot seats hold no key: nobody joins them.
	for s := 0; s < setup.Players && s < len(cfg.Seats); s++ {
		if _, hosted := HostedKind(cfg.Seats[s].Kind); hosted {
			p.knownOK[s] = true
		}
	}
	return p, nil
}

// NewGuest joins game id in seat; hostKey (from the invite) pins the
// host's identity when given.
func NewGuest(cfg Config, id GameID, seat, hostSeat int, hostKey *PublicKey) (*Peer, error) {
	p, err := newPeer(cfg, seat)
	if err != nil {
		return nil, err
	}
	p.gameID, p.hostSeat, p.hostKey = id, hostSeat, hostKey
	return p, nil
}

// resendGenesis repeats the steps before the genesis is complete: HELLO
// to whoever has not answered, the genesis and our signature.
func (p *Peer) resendGenesis() {
	for s := 0; s < MaxSeats; s++ {
		if !p.conn[s] {
			continue
		}
		switch {
		case p.host && p.gen == nil && s < len(p.knownOK) && !p.knownOK[s]:
			p.send(s, p.hello())
		case p.host && p.gen != nil:
			p.send(s, p.genesisMsg())
		case !p.host && s == p.hostSeat:
			p.send(s, p.hello())
		}
	}
	if p.gen != nil && len(p.genSigs[p.seat]) > 0 {
		p.send(Broadcast, &GenesisSig{Of: p.gen.Hash(), Seat: p.seat, Sig: p.genSigs[p.seat]})
	}
}

func (p *Peer) genesisMsg() *GenesisMsg {
	return &GenesisMsg{Body: p.gen.Encode(), Sigs: p.genSigs}
}

// maybePropose: the host builds and signs the genesis once every seat has
// said HELLO.
func (p *Peer) maybePropose() {
	if !p.host || p.gen != nil {
		return
	}
	for _, ok := range p.knownOK {
		if !ok {
			return
		}
	}
	g, _ := engine.Lookup(p.setup.Game)
	setup := p.setup
	setup.Game = g.ID()
	gen := &Genesis{Game: p.gameID, Setup: setup, Rules: g.RulesVersion(), Chain: chainLength, Delay: p.cfg.Delay, Seats: append([]SeatKey(nil), p.known...)}
	if p.cfg.Think > 0 {
		gen.Think = min(p.cfg.Think, MaxThink*time.Second).Truncate(time.Second)
	}
	for i := range gen.Seats {
		gen.Seats[i].Name, gen.Seats[i].Kind = fmt.Sprintf("Seat %d", i+1), "remote"
		if i < len(p.cfg.Seats) {
			if n := p.cfg.Seats[i].Name; n != "" {
				gen.Seats[i].Name = n
			}
			if k := p.cfg.Seats[i].Kind; k != "" {
				gen.Seats[i].Kind = k
			}
		}
	}
	for k, v := range p.cfg.Meta {
		if gen.Meta == nil {
			gen.Meta = map[string]string{}
		}
		gen.Meta[k] = v
	}
	if err := gen.checkText(); err != nil {
		p.event(Event{Kind: EvRefused, Seat: p.seat, Err: err})
		return
	}
	if err := gen.checkParties(); err != nil {
		p.event(Event{Kind: EvRefused, Seat: p.seat, Err: err})
		return
	}
	p.gen = gen
	p.genSigs = make([][]byte, len(gen.Seats))
	p.signGenesis()
}

func (p *Peer) onGenesis(from int, m *GenesisMsg) {
	gen, err := DecodeGenesis(m.Body)
	if err != nil {
		p.reject(from, err)
		return
	}
	if err := p.checkOwnGenesis(gen); err != nil {
		p.refuse(from, err)
		return
	}
	if len(m.Sigs) != len(gen.Seats) {
		p.reject(from, fmt.Errorf("%w: %d signatures for %d seats", ErrMalformed, len(m.Sigs), len(gen.Seats)))
		return
	}
	if err := checkGenesis(gen, m.Sigs, false); err != nil {
		p.reject(from, err)
		return
	}
	if p.gen == nil {
		if p.hostKey != nil && gen.Seats[p.hostSeat].Key != *p.hostKey {
			p.refuse(from, fmt.Errorf("%w: the genesis names another host key than the invite", ErrForged))
			return
		}
		if p.hostKey != nil && len(m.Sigs[p.hostSeat]) == 0 {
			p.reject(from, fmt.Errorf("%w: a genesis the host has not signed", ErrForged))
			return
		}
		p.gen = gen
		p.genSigs = make([][]byte, len(gen.Seats))
		p.out.Dirty = true
	} else if p.gen.Hash() != gen.Hash() {
		p.reject(from, fmt.Errorf("%w: a second, different genesis", ErrConflict))
		return
	}
	for i, s := range m.Sigs {
		p.takeGenesisSig(i, s)
	}
	p.signGenesis()
}

// takeGenesisSig keeps seat's checked genesis signature (the first: any
// valid one serves).
func (p *Peer) takeGenesisSig(seat int, sig []byte) {
	if len(sig) == 0 || !p.gen.Party(seat) || len(p.genSigs[seat]) != 0 {
		return
	}
	p.genSigs[seat] = sig
	p.out.Dirty = true
}

// checkOwnGenesis: a genesis is acceptable only if it is for our game and
// has our key and commitment in our seat.
func (p *Peer) checkOwnGenesis(gen *Genesis) error {
	switch {
	case gen.Game != p.gameID:
		return fmt.Errorf("%w: genesis of game %s", ErrWrongGame, gen.Game.String()[:8])
	case p.seat >= len(gen.Seats) || gen.Seats[p.seat].Key != p.pub || gen.Seats[p.seat].Tip != p.chain.tip():
		return fmt.Errorf("%w: the genesis does not hold our key and commitment in seat %d", ErrConflict, p.seat)
	case gen.Chain != chainLength:
		return fmt.Errorf("%w: chain length %d", ErrMismatch, gen.Chain)
	case gen.Delay != p.cfg.Delay:
		return fmt.Errorf("%w: the game's chance time lock is %d squarings, ours %d", ErrMismatch, gen.Delay, p.cfg.Delay)
	}
	g, err := engine.Lookup(gen.Setup.Game)
	if err != nil {
		return fmt.Errorf("%w: this build does not have the game %q", ErrMismatch, gen.Setup.Game)
	}
	if !engine.ReadsRules(g, gen.Rules) {
		return fmt.Errorf("%w: the game uses rules %q, this build plays %q", ErrMismatch, gen.Rules, g.RulesVersion())
	}
	if err := sealable(g, gen.Setup); err != nil {
		return err
	}
	_, err = engine.NewState(g, engine.SetupFor(g, gen.Rules, gen.Setup))
	return err
}

// sealable refuses a sealed setup of a game that deals no sealed deck for
// it (Burgundy hides nothing: its decks would never be dealt and the game
// would wait forever), and the Secrets option without sealed play (a
// secret is drawn with a dealt deck's keys; a look opens a dealt deck's
// cards).
func sealable(g engine.Game, setup engine.Setup) error {
	for _, opt := range []string{engine.Secrets, engine.Looks, engine.SecretLooks} {
		if setup.Option(opt, "") == "1" && !setup.IsSealed() {
			return fmt.Errorf("%w: option %q needs sealed play", ErrMismatch, opt)
		}
	}
	if !setup.IsSealed() {
		return nil
	}
	if sg, ok := g.(engine.SealedGame); !ok || len(sg.Decks(setup)) == 0 {
		return fmt.Errorf("%w: %s hides no cards, so it plays without sealed decks", ErrMismatch, g.ID())
	}
	return nil
}

// signGenesis signs the genesis.
func (p *Peer) signGenesis() {
	if len(p.genSigs[p.seat]) == 0 {
		p.genSigs[p.seat] = ed25519.Sign(p.priv, p.gen.signBytes())
		p.out.Dirty = true
		if p.host && p.seat == p.hostSeat {
			p.send(Broadcast, p.genesisMsg())
		} else {
			p.send(Broadcast, &GenesisSig{Of: p.gen.Hash(), Seat: p.seat, Sig: p.genSigs[p.seat]})
		}
	}
	p.maybeStart()
}

func (p *Peer) onGenesisSig(from int, m *GenesisSig) {
	if p.gen == nil || m.Of != p.gen.Hash() {
		return // not ours yet; the full genesis will come with HELLO
	}
	if !p.gen.Party(m.Seat) {
		p.reject(from, fmt.Errorf("%w: genesis signature of seat %d", ErrMalformed, m.Seat))
		return
	}
	if err := checkGenesisSig(p.gen, m.Seat, m.Sig); err != nil {
		p.reject(from, err)
		return
	}
	p.takeGenesisSig(m.Seat, m.Sig)
	p.maybeStart()
}

func (p *Peer) maybeStart() {
	if p.led != nil {
		return
	}
	for s, sig := range p.genSigs {
		if len(sig) == 0 && p.gen.Party(s) {
			return
		}
	}
	led, err := newLedger(p.gen, p.genSigs)
	if err == nil {
		err = led.seal(p.seat, p.priv.Seed(), p.forge)
	}
	if err != nil {
		p.event(Event{Kind: EvRefused, Seat: p.seat, Err: err})
		return
	}
	p.led = led
	p.out.Dirty = true
	p.event(Event{Kind: EvGenesis})
	// Everyone may have missed someone's signature: share the whole set.
	p.send(Broadcast, p.genesisMsg())
	p.chanceAt, p.stepAt = p.now, p.now
}
