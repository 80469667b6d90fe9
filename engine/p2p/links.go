package p2p

import (
	"crypto/ed25519"
	"fmt"
	"time"

	"tabula/engine"
)

// Away reports whether seat is considered away.
func (p *Peer) Away(seat int) bool { return seat >= 0 && seat < MaxSeats && p.away[seat] }

func (p *Peer) hello() *Hello {
	h := &Hello{Proto: ProtocolVersion, Build: p.cfg.Build, Game: p.gameID, Seat: p.seat, Key: p.pub, Tip: p.chain.tip()}
	switch {
	case p.led != nil:
		h.GameName, h.Rules = p.led.game.ID(), p.led.gen.Rules
		h.HeadSeq, h.HeadHash = p.led.head()
	case p.host:
		g, _ := engine.Lookup(p.setup.Game)
		h.GameName, h.Rules = g.ID(), g.RulesVersion()
	}
	h.Sig = ed25519.Sign(p.priv, append([]byte(domainHello), h.unsigned()...))
	return h
}

// Connected is called by the transport when a link to seat opens.
func (p *Peer) Connected(seat int) Output {
	if seat >= 0 && seat < MaxSeats && seat != p.seat {
		p.lastSeen[seat] = p.now
		p.conn[seat], p.linked[seat] = true, true
		p.send(seat, p.hello())
	}
	return p.flush()
}

// Disconnected is called by the transport when a link to seat closes.
func (p *Peer) Disconnected(seat int) Output {
	if seat >= 0 && seat < MaxSeats {
		p.conn[seat] = false
	}
	return p.flush()
}

// alive: seat is alive now (a direct message). A seat heard soon after
// one of our answers was linked to us then: the answer reached it.
func (p *Peer) alive(seat int) {
	p.seenAt(seat, p.now)
	for base, a := range p.myAnswers {
		if d := p.now - (a.began + a.after); d >= 0 && d <= p.cfg.AwayAfter && !a.heard[seat] {
			a.heard[seat] = true
			p.myAnswers[base] = a
		}
	}
}

func (p *Peer) seenAt(seat int, at time.Duration) {
	if at > p.lastSeen[seat] {
		p.lastSeen[seat] = at
	}
	if p.away[seat] && p.now-p.lastSeen[seat] < p.cfg.AwayAfter {
		p.away[seat] = false
		p.event(Event{Kind: EvBack, Seat: seat})
	}
}

func (p *Peer) refuse(to int, err error) {
	p.send(to, &Refuse{Reason: err.Error()})
	p.event(Event{Kind: EvRefused, Seat: to, Err: err})
}

func (p *Peer) onHello(from int, m *Hello, relayed bool) {
	if !relayed && m.Proto != ProtocolVersion {
		// Unsigned as read (Decode stops at the version): a refusal only.
		p.refuse(from, fmt.Errorf("%w: protocol %d, we speak %d", ErrMismatch, m.Proto, ProtocolVersion))
		return
	}
	if relayed {
		// Only after the genesis, only with the seat's genesis key, and
		// never answered with a REFUSE (the relay may have made it up).
		if m.Seat != from || !p.gen.Party(from) || p.gen.Seats[from].Key != m.Key ||
			!ed25519.Verify(m.Key[:], append([]byte(domainHello), m.unsigned()...), m.Sig) || m.Game != p.gameID {
			p.reject(from, fmt.Errorf("%w: relayed HELLO of seat %d", ErrForged, from))
			return
		}
	}
	switch {
	case m.Seat != from:
		p.refuse(from, fmt.Errorf("%w: link is seat %d but HELLO claims seat %d", ErrMismatch, from, m.Seat))
		return
	case !ed25519.Verify(m.Key[:], append([]byte(domainHello), m.unsigned()...), m.Sig):
		p.refuse(from, fmt.Errorf("%w: HELLO of seat %d", ErrForged, from))
		return
	case m.Build != p.cfg.Build:
		p.refuse(from, fmt.Errorf("%w: build %q, we run %q: both must load the same version of the site", ErrMismatch, m.Build, p.cfg.Build))
		return
	case m.Game != p.gameID:
		p.refuse(from, fmt.Errorf("%w: game %s, we play %s", ErrMismatch, m.Game.String()[:8], p.gameID.String()[:8]))
		return
	}
	if m.Rules != "" {
		g, err := engine.Lookup(m.GameName)
		switch {
		case err != nil:
			p.refuse(from, fmt.Errorf("%w: this build does not have the game %q", ErrMismatch, m.GameName))
			return
		case g.RulesVersion() != m.Rules:
			p.refuse(from, fmt.Errorf("%w: seat %d plays rules %q, this build plays %q", ErrMismatch, from, m.Rules, g.RulesVersion()))
			return
		}
	}
	// The seat's key is fixed by the genesis, or before it by the invite
	// (host key) or the first HELLO for the seat (guests, at the host).
	if p.led != nil || p.gen != nil {
		gen := p.gen
		if !gen.Party(from) || gen.Seats[from].Key != m.Key {
			p.refuse(from, fmt.Errorf("%w: seat %d is not signed by its genesis key", ErrForged, from))
			return
		}
	} else if p.host {
		if from >= len(p.known) {
			p.refuse(from, fmt.Errorf("%w: seat %d, the game has %d seats", ErrMismatch, from, len(p.known)))
			return
		}
		if p.knownOK[from] && p.known[from].Key != m.Key {
			p.refuse(from, fmt.Errorf("%w: seat %d is already taken by another key", ErrMismatch, from))
			return
		}
		if !p.knownOK[from] {
			p.known[from] = SeatKey{Key: m.Key, Tip: m.Tip}
			p.knownOK[from] = true
			p.out.Dirty = true
			p.maybePropose()
		}
	} else if from == p.hostSeat && p.hostKey != nil && *p.hostKey != m.Key {
		p.refuse(from, fmt.Errorf("%w: the host's key differs from the invite's", ErrForged))
		return
	}
	if p.led != nil {
		p.told[from] = m.HeadSeq
	}
	// Bring the other side up to date, or ask to be.
	if p.gen != nil && m.HeadHash == (Hash{}) {
		p.send(from, p.genesisMsg())
	}
	if p.led != nil {
		seq, _ := p.led.head()
		switch {
		case p.serveTakenOver(from, m.HeadSeq, m.HeadHash):
		case m.HeadHash == (Hash{}) || m.HeadSeq < seq:
			p.serveSync(from, m.HeadSeq+1)
		case m.HeadSeq > seq:
			p.askSync(from)
		}
		p.resendPending(from)
	}
}

// ping is our signed ping for this moment.
func (p *Peer) ping() *Ping {
	p.pingNo++
	p.pingSent[p.pingNo%uint64(len(p.pingSent))] = p.now
	seq, hh := p.led.head()
	m := &Ping{Game: p.gameID, Seat: p.seat, Nonce: p.pingNo, HeadSeq: seq, HeadHash: hh}
	m.Echo = append([]uint64(nil), p.echo[:len(p.led.gen.Seats)]...)
	m.Sig = ed25519.Sign(p.priv, append([]byte(domainPing), m.unsigned()...))
	return m
}

func (p *Peer) onPing(from int, m *Ping, relayed bool) {
	if p.led == nil {
		return
	}
	if m.Seat != from || m.Game != p.gameID || from >= len(p.led.gen.Seats) ||
		!p.led.gen.verifySeat(from, append([]byte(domainPing), m.unsigned()...), m.Sig) {
		p.reject(from, fmt.Errorf("%w: ping claims seat %d", ErrForged, from))
		return
	}
	p.echo[from] = m.Nonce
	p.heads[from] = headSeen{seq: m.HeadSeq, hash: m.HeadHash, at: p.now}
	p.told[from] = m.HeadSeq
	if p.seat < len(m.Echo) && m.Echo[p.seat] <= p.pingNo {
		p.echoedMe[from] = m.Echo[p.seat]
	}
	if relayed {
		// Alive no earlier than our ping it echoes: a replayed ping
		// echoes an old one, and none can be made up.
		if p.seat < len(m.Echo) {
			e := m.Echo[p.seat]
			if e > 0 && e <= p.pingNo && p.pingNo-e < uint64(len(p.pingSent)) {
				p.seenAt(from, p.pingSent[e%uint64(len(p.pingSent))])
			}
		}
	}
	seq, _ := p.led.head()
	switch {
	case p.serveTakenOver(from, m.HeadSeq, m.HeadHash):
	case m.HeadSeq > seq:
		p.askSync(from)
	case m.HeadSeq > 0 && p.led.hashes[m.HeadSeq-1] != m.HeadHash:
		// Same length or shorter, different content: ask for theirs to
		// find out (equivocation proofs come from the conflict), from
		// our last takeover if there is one (where logs part most often).
		if !p.askFork(from, m.HeadSeq) {
			p.sendSyncReq(from, m.HeadSeq)
		}
	}
}

func (p *Peer) onSignal(from int, m *Signal) {
	if p.gen == nil || m.From < 0 || m.From >= len(p.gen.Seats) || m.Game != p.gameID {
		p.reject(from, fmt.Errorf("%w: signal from seat %d", ErrMismatch, m.From))
		return
	}
	if !p.gen.verifySeat(m.From, append([]byte(domainSignal), m.unsigned()...), m.Sig) {
		p.reject(from, fmt.Errorf("%w: signal claims seat %d", ErrForged, m.From))
		return
	}
	p.event(Event{Kind: EvSignal, Seat: m.From, Signal: m})
}

// SignSignal wraps a transport payload (an offer or answer) for seat to.
func (p *Peer) SignSignal(to int, payload []byte) []byte {
	s := &Signal{Game: p.gameID, From: p.seat, To: to, Payload: payload}
	s.Sig = ed25519.Sign(p.priv, append([]byte(domainSignal), s.unsigned()...))
	return Encode(s)
}

// headSeen is a seat's head as its last ping told it.
type headSeen struct {
	seq  uint64
	hash Hash
	at   time.Duration
}
