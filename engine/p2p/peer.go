package p2p

import (
	"bytes"
	"crypto/ecdh"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"time"

	"tabula/engine"
)

// Broadcast as Outgoing.To means every other seat.
const Broadcast = -1

// Outgoing is one message to send.
type Outgoing struct {
	To   int // a seat, or Broadcast
	Data []byte
}

// EventKind says what happened.
type EventKind int

const (
	EvApplied      EventKind = iota + 1 // an entry joined the log (Seq, Seat = author)
	EvRejected                          // a message was refused (Seat = sender, Err)
	EvRefused                           // a peer is incompatible (Seat, Err): close the link
	EvGenesis                           // the genesis is signed by every seat: play starts
	EvEquivocation                      // Seat signed two different things for Seq (Proof)
	EvStalled                           // chance request Seq waits for Seats' reveals
	EvAway                              // Seat missed its pings
	EvBack                              // Seat is back
	EvOver                              // the game is over
	EvSignal                            // a verified mesh signal for the transport (Signal)
	EvFork                              // Seat's log differs from ours (Seq)
	EvVote                              // Seat voted at head Seq to hand Seats to the bot (Err set: our vote was released)
	EvTakeover                          // entry Seq handed Seats to the bot
	EvReclaim                           // entry Seq gave Seat back to its owner
	EvAbort                             // Seat withheld its reveal for chance request K; entry Seq records it (Reason: ReasonAway when the others rebuilt it, ReasonAbort when the seat went to the bot)
	EvCheat                             // Seat's deal of its chance secret lied (Err); caught
)

var evNames = map[EventKind]string{EvApplied: "applied", EvRejected: "rejected", EvRefused: "refused",
	EvGenesis: "genesis", EvEquivocation: "equivocation", EvStalled: "stalled", EvAway: "away",
	EvBack: "back", EvOver: "over", EvSignal: "signal", EvFork: "fork",
	EvVote: "vote", EvTakeover: "takeover", EvReclaim: "reclaim", EvAbort: "abort", EvCheat: "cheat"}

func (k EventKind) String() string { return evNames[k] }

// Event reports something the UI (or a test) should know.
type Event struct {
	Kind   EventKind
	Seat   int
	Seq    uint64
	Seats  []int
	Err    error
	Proof  [2][]byte // two encoded entries or proposals, both validly signed
	Signal *Signal
	Reason byte   // EvTakeover, EvVote: ReasonAway, ReasonAbort or ReasonProof
	K      uint64 // EvAbort, and EvTakeover for an abort: the chance request
}

func (e Event) String() string {
	s := fmt.Sprintf("%v seat=%d seq=%d", e.Kind, e.Seat, e.Seq)
	if e.Err != nil {
		s += " err=" + e.Err.Error()
	}
	if len(e.Seats) > 0 {
		s += fmt.Sprintf(" seats=%v", e.Seats)
	}
	return s
}

// Output is what one call to the peer produced. Dirty means the persistent
// state changed: store Snapshot() before sending Msgs, so a reload never
// loses (or re-signs differently) anything already sent.
type Output struct {
	Msgs   []Outgoing
	Events []Event
	Dirty  bool
}

// Config is what a peer needs besides its game.
type Config struct {
	Build string    // build id: peers with another build are refused
	Rand  io.Reader // source of keys and secrets (crypto/rand.Reader)
	// Times, measured on the clock passed to Tick (0 = defaults).
	PingEvery   time.Duration // 2 s
	AwayAfter   time.Duration // 7 s
	ResendEvery time.Duration // 1 s: repeat own reveal/proposal, re-ask sync
	StallAfter  time.Duration // 10 s: a seat the game waits on is stalled after this
	// The host's seat list and metadata, signed into the genesis (names
	// "Seat n" and kind "remote" when empty).
	Seats []engine.SeatInfo
	Meta  map[string]string
}

func (c *Config) defaults() {
	if c.PingEvery == 0 {
		c.PingEvery = 2 * time.Second
	}
	if c.AwayAfter == 0 {
		c.AwayAfter = 7 * time.Second
	}
	if c.ResendEvery == 0 {
		c.ResendEvery = time.Second
	}
	if c.StallAfter == 0 {
		c.StallAfter = 10 * time.Second
	}
}

// Peer is one seat's sync state machine. It is not safe for concurrent
// use: the transport calls it from one goroutine (or under one lock).
type Peer struct {
	cfg    Config
	seat   int
	priv   ed25519.PrivateKey
	pub    PublicKey
	box    *ecdh.PrivateKey
	secret Hash
	chain  *chain
	gameID GameID

	// Before the genesis.
	host     bool
	hostSeat int
	hostKey  *PublicKey   // guests: from the invite, if given
	setup    engine.Setup // host: the game to create
	known    []SeatKey    // host: keys and tips from HELLOs
	knownOK  []bool
	gen      *Genesis
	genSigs  [][]byte
	genDeals [][]byte

	led *ledger

	// Chance and simultaneous decisions in flight.
	reveals   map[int]Hash                // reveals for request l.ChanceCount()
	early     map[uint64]map[int][]Hash   // unchecked reveals for later requests
	revealK   uint64                      // which request reveals is for
	proposals map[uint64]map[int]Proposal // base seq → seat → proposal (signature checked)
	mine      *Proposal                   // own proposal, kept across restarts
	future    map[uint64][]parkedEntry    // entries beyond head+1
	parked    []int                       // bytes parked in future, per sending seat
	seen      map[uint64]map[Hash]Entry   // signed entries seen per seq for equivocation proofs
	proofs    map[string]bool             // reported equivocations

	// Takeovers (takeover.go).
	votes     map[uint64]map[int]Vote // base seq → voter → vote (signature checked)
	myVote    *Vote                   // own vote; while it answers the head we hold
	reclaims  map[int]ReclaimReq      // pending reclaim requests by seat
	myReclaim *ReclaimReq
	proofAt   map[uint64][2][]byte // equivocation proofs waiting for the log to reach seq-1

	// Withheld reveals (shares.go).
	myShares map[int]Hash         // our share of each dealer's secret
	shares   map[int]map[int]Hash // published shares: dealer → holder → share
	unveiled *unveiling
	cheats   map[int]bool             // dealers whose shares did not rebuild their chain
	botAt    map[uint64]time.Duration // when recent bot entries (by seq) joined our log
	handBack map[int]bool             // consent to give a punished seat back (HandBack)

	// Liveness, on the Tick clock.
	now        time.Duration
	lastPing   time.Duration
	lastResend time.Duration
	lastSeen   []time.Duration
	away       []bool
	conn       []bool
	chanceAt   time.Duration
	stalled    map[uint64]bool
	syncAsked  map[int]syncAsk
	overSent   bool
	// stepAt is when the log reached its head (the stall countdown starts
	// there); stallSent the head whose stall was reported.
	stepAt    time.Duration
	stallSent uint64
	stallSet  bool
	// myAnswers[base]: when, after stepAt, this seat answered the step at
	// head base (its action, proposal or reveal); the last few steps.
	myAnswers map[uint64]answerRec
	// echoedMe[s]: the last of our ping numbers seat s says it heard.
	echoedMe []uint64
	// Pings: ours are numbered; sent[n%len] is when ping n left; echo[s]
	// is the last number heard from seat s.
	pingNo   uint64
	pingSent [16]time.Duration
	echo     []uint64
	// served[s]: when we last served seat s a log (sync answers are
	// limited to one large one per ResendEvery).
	served []time.Duration
	// heads[s]: the head seat s last reported in a signed ping, and when.
	heads []headSeen

	out Output
}

func newPeer(cfg Config, seat int) (*Peer, error) {
	cfg.defaults()
	if cfg.Rand == nil {
		return nil, errors.New("p2p: Config.Rand is required")
	}
	if seat < 0 || seat >= MaxSeats {
		return nil, fmt.Errorf("p2p: seat %d out of range", seat)
	}
	p := &Peer{cfg: cfg, seat: seat}
	pub, priv, err := ed25519.GenerateKey(cfg.Rand)
	if err != nil {
		return nil, err
	}
	p.priv = priv
	copy(p.pub[:], pub)
	p.box = boxKey(priv)
	if _, err := io.ReadFull(cfg.Rand, p.secret[:]); err != nil {
		return nil, err
	}
	p.init()
	return p, nil
}

func (p *Peer) init() {
	p.chain = newChain(p.secret, chainLength)
	p.proposals = map[uint64]map[int]Proposal{}
	p.future = map[uint64][]parkedEntry{}
	p.early = map[uint64]map[int][]Hash{}
	p.seen = map[uint64]map[Hash]Entry{}
	p.proofs = map[string]bool{}
	p.votes = map[uint64]map[int]Vote{}
	p.reclaims = map[int]ReclaimReq{}
	p.stalled = map[uint64]bool{}
	p.syncAsked = map[int]syncAsk{}
	p.lastSeen = make([]time.Duration, MaxSeats)
	p.away = make([]bool, MaxSeats)
	p.conn = make([]bool, MaxSeats)
	p.parked = make([]int, MaxSeats)
	p.echo = make([]uint64, MaxSeats)
	p.echoedMe = make([]uint64, MaxSeats)
	p.heads = make([]headSeen, MaxSeats)
	p.served = make([]time.Duration, MaxSeats)
	for i := range p.served {
		p.served[i] = -time.Hour
	}
	p.proofAt = map[uint64][2][]byte{}
	p.shares = map[int]map[int]Hash{}
	p.cheats = map[int]bool{}
	p.botAt = map[uint64]time.Duration{}
	p.handBack = map[int]bool{}
	p.myAnswers = map[uint64]answerRec{}
}

// answerRec is when this seat answered a step: how long after the step
// began, and our first ping number after it.
type answerRec struct {
	after time.Duration
	ping  uint64
}

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
	if setup.Players > MaxSeats || seat >= setup.Players {
		return nil, fmt.Errorf("p2p: seat %d of %d players", seat, setup.Players)
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
	p.known[seat] = SeatKey{Key: p.pub, Tip: p.chain.tip(), Box: p.boxPub()}
	p.knownOK[seat] = true
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

// Seat is this peer's seat. Game is the game id. Key is the seat's public key.
func (p *Peer) Seat() int         { return p.seat }
func (p *Peer) Game() GameID      { return p.gameID }
func (p *Peer) Key() PublicKey    { return p.pub }
func (p *Peer) Started() bool     { return p.led != nil }
func (p *Peer) Genesis() *Genesis { return p.gen }

// Match is the engine match (nil before the genesis). Read-only for callers.
func (p *Peer) Match() *engine.Match {
	if p.led == nil {
		return nil
	}
	return p.led.match
}

// Head is the last seq and its hash (0 and the genesis hash at start).
func (p *Peer) Head() (uint64, Hash) {
	if p.led == nil {
		return 0, Hash{}
	}
	return p.led.head()
}

// Entries is the signed log so far (read-only).
func (p *Peer) Entries() []Entry {
	if p.led == nil {
		return nil
	}
	return p.led.entries
}

// Away reports whether seat is considered away.
func (p *Peer) Away(seat int) bool { return seat >= 0 && seat < MaxSeats && p.away[seat] }

// SignKey signs arbitrary bytes with the seat key under a domain (for
// resume proofs made by the app).
func (p *Peer) Sign(domain string, msg []byte) []byte {
	return ed25519.Sign(p.priv, append([]byte(domain), msg...))
}

func (p *Peer) flush() Output {
	o := p.out
	p.out = Output{}
	return o
}

func (p *Peer) send(to int, m any) {
	p.out.Msgs = append(p.out.Msgs, Outgoing{To: to, Data: Encode(m)})
}

func (p *Peer) event(e Event) { p.out.Events = append(p.out.Events, e) }

func (p *Peer) reject(from int, err error) {
	p.event(Event{Kind: EvRejected, Seat: from, Err: err})
}

func (p *Peer) hello() *Hello {
	h := &Hello{Proto: ProtocolVersion, Build: p.cfg.Build, Game: p.gameID, Seat: p.seat, Key: p.pub, Tip: p.chain.tip(), Box: p.boxPub()}
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
		p.conn[seat] = true
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
		p.send(Broadcast, &GenesisSig{Of: p.gen.Hash(), Seat: p.seat, Deal: p.genDeals[p.seat], Sig: p.genSigs[p.seat]})
	}
}

func (p *Peer) boxPub() Hash { return Hash(p.box.PublicKey().Bytes()) }

func (p *Peer) genesisMsg() *GenesisMsg {
	return &GenesisMsg{Body: p.gen.Encode(), Sigs: p.genSigs, Deals: p.genDeals}
}

// Receive handles one message from the direct link to seat from (the
// transport binds the link to the seat).
func (p *Peer) Receive(from int, data []byte) Output {
	return p.receive(from, data, false)
}

// ReceiveRelayed handles a message that another peer passed on as coming
// from seat from. The relay could have written it, so only messages that
// prove their author are taken: signed ones, and entries, reveals and
// shares that prove themselves. A REFUSE is never taken from a relay, a
// relayed HELLO is never answered with one, and a relayed message counts
// as a sign of life only when it is a ping echoing one of our recent
// pings (see Ping).
func (p *Peer) ReceiveRelayed(from int, data []byte) Output {
	return p.receive(from, data, true)
}

func (p *Peer) receive(from int, data []byte, relayed bool) Output {
	if from < 0 || from >= MaxSeats || from == p.seat {
		p.reject(from, fmt.Errorf("%w: message from seat %d", ErrMalformed, from))
		return p.flush()
	}
	if len(data) > MaxMessage {
		p.reject(from, fmt.Errorf("%w: message of %d bytes, at most %d", ErrTooMuch, len(data), MaxMessage))
		return p.flush()
	}
	m, err := Decode(data)
	if err != nil {
		p.reject(from, err)
		return p.flush()
	}
	if relayed {
		switch m.(type) {
		case *Refuse, *Relay:
			p.reject(from, fmt.Errorf("%w: a relayed %T is not taken (it proves no author)", ErrForged, m))
			return p.flush()
		case *GenesisMsg, *GenesisSig, *Hello:
			if p.gen == nil {
				p.reject(from, fmt.Errorf("%w: a relayed %T before the genesis", ErrForged, m))
				return p.flush()
			}
		}
	} else {
		p.alive(from)
	}
	switch m := m.(type) {
	case *Hello:
		p.onHello(from, m, relayed)
	case *Refuse:
		p.event(Event{Kind: EvRefused, Seat: from, Err: fmt.Errorf("%w: seat %d refused: %s", ErrMismatch, from, m.Reason)})
	case *GenesisMsg:
		p.onGenesis(from, m)
	case *GenesisSig:
		p.onGenesisSig(from, m)
	case *EntryMsg:
		p.onEntry(from, m.Entry, false)
	case *SyncResp:
		// Only a direct link shows that the sender itself served these
		// (a takeover hold is released by that).
		for _, e := range m.Entries {
			p.onEntry(from, e, !relayed)
		}
	case *VoteMsg:
		p.onVote(from, m.Vote)
	case *ReclaimMsg:
		p.onReclaim(from, m.Req)
	case *ProposalMsg:
		p.onProposal(from, m.Proposal)
	case *Reveal:
		p.onReveal(from, m)
	case *Unveil:
		p.onUnveil(from, m)
	case *SyncReq:
		p.onSyncReq(from, m)
	case *Ping:
		p.onPing(from, m, relayed)
	case *Signal:
		p.onSignal(from, m)
	case *Relay:
		p.reject(from, fmt.Errorf("%w: relay envelopes are for the transport", ErrMalformed))
	}
	p.progress()
	return p.flush()
}

// alive: seat is alive now (a direct message).
func (p *Peer) alive(seat int) {
	p.seenAt(seat, p.now)
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
	if relayed {
		// Only after the genesis, only with the seat's genesis key, and
		// never answered with a REFUSE (the relay may have made it up).
		if m.Seat != from || from >= len(p.gen.Seats) || p.gen.Seats[from].Key != m.Key ||
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
	case m.Proto != ProtocolVersion:
		p.refuse(from, fmt.Errorf("%w: protocol %d, we speak %d", ErrMismatch, m.Proto, ProtocolVersion))
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
		if from >= len(gen.Seats) || gen.Seats[from].Key != m.Key {
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
			p.known[from] = SeatKey{Key: m.Key, Tip: m.Tip, Box: m.Box}
			p.knownOK[from] = true
			p.out.Dirty = true
			p.maybePropose()
		}
	} else if from == p.hostSeat && p.hostKey != nil && *p.hostKey != m.Key {
		p.refuse(from, fmt.Errorf("%w: the host's key differs from the invite's", ErrForged))
		return
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
	gen := &Genesis{Game: p.gameID, Setup: setup, Rules: g.RulesVersion(), Chain: chainLength, Seats: append([]SeatKey(nil), p.known...)}
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
	p.gen = gen
	p.genSigs = make([][]byte, len(gen.Seats))
	p.genDeals = make([][]byte, len(gen.Seats))
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
	deals := m.Deals
	if deals == nil {
		deals = make([][]byte, len(gen.Seats))
	}
	if err := checkGenesis(gen, m.Sigs, deals, false); err != nil {
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
		p.genDeals = make([][]byte, len(gen.Seats))
		p.out.Dirty = true
	} else if p.gen.Hash() != gen.Hash() {
		p.reject(from, fmt.Errorf("%w: a second, different genesis", ErrConflict))
		return
	}
	for i, s := range m.Sigs {
		p.takeGenesisSig(from, i, deals[i], s)
	}
	p.signGenesis()
}

// takeGenesisSig keeps seat's checked genesis signature and deal; a second,
// different deal signed by the same seat is equivocation.
func (p *Peer) takeGenesisSig(from, seat int, deal, sig []byte) {
	if len(sig) == 0 {
		return
	}
	if len(p.genSigs[seat]) == 0 {
		p.genSigs[seat], p.genDeals[seat] = sig, deal
		p.out.Dirty = true
		return
	}
	if !bytes.Equal(p.genDeals[seat], deal) {
		p.proof(from, seat, 0, p.genDeals[seat], deal)
	}
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
	}
	g, err := engine.Lookup(gen.Setup.Game)
	if err != nil {
		return fmt.Errorf("%w: this build does not have the game %q", ErrMismatch, gen.Setup.Game)
	}
	if !engine.ReadsRules(g, gen.Rules) {
		return fmt.Errorf("%w: the game uses rules %q, this build plays %q", ErrMismatch, gen.Rules, g.RulesVersion())
	}
	_, err = engine.NewState(g, engine.SetupFor(g, gen.Rules, gen.Setup))
	return err
}

// signGenesis signs the genesis with our deal: our chance secret split
// into sealed shares for the other seats (shares.go).
func (p *Peer) signGenesis() {
	if len(p.genSigs[p.seat]) == 0 {
		d, err := makeDeal(p.gen, p.seat, p.secret, p.box)
		if err != nil {
			p.event(Event{Kind: EvRefused, Seat: p.seat, Err: fmt.Errorf("%w: %v", ErrMismatch, err)})
			return
		}
		p.genDeals[p.seat] = d.Encode()
		p.genSigs[p.seat] = ed25519.Sign(p.priv, genesisSignBytes(p.gen, p.genDeals[p.seat]))
		p.out.Dirty = true
		if p.host && p.seat == p.hostSeat {
			p.send(Broadcast, p.genesisMsg())
		} else {
			p.send(Broadcast, &GenesisSig{Of: p.gen.Hash(), Seat: p.seat, Deal: p.genDeals[p.seat], Sig: p.genSigs[p.seat]})
		}
	}
	p.maybeStart()
}

func (p *Peer) onGenesisSig(from int, m *GenesisSig) {
	if p.gen == nil || m.Of != p.gen.Hash() {
		return // not ours yet; the full genesis will come with HELLO
	}
	if m.Seat < 0 || m.Seat >= len(p.gen.Seats) {
		p.reject(from, fmt.Errorf("%w: genesis signature of seat %d", ErrMalformed, m.Seat))
		return
	}
	if err := checkGenesisSig(p.gen, m.Seat, m.Deal, m.Sig); err != nil {
		p.reject(from, err)
		return
	}
	p.takeGenesisSig(from, m.Seat, m.Deal, m.Sig)
	p.maybeStart()
}

func (p *Peer) maybeStart() {
	if p.led != nil {
		return
	}
	for _, s := range p.genSigs {
		if len(s) == 0 {
			return
		}
	}
	led, err := newLedger(p.gen, p.genSigs, p.genDeals)
	if err != nil {
		p.event(Event{Kind: EvRefused, Seat: p.seat, Err: err})
		return
	}
	// Open our share of every other seat's secret: a dealer whose sealed
	// share is not the committed one is caught before play.
	mine := map[int]Hash{}
	if dealt(len(p.gen.Seats)) {
		for d := range p.gen.Seats {
			if d == p.seat {
				continue
			}
			sh, err := openShare(p.gen, led.deals[d], d, p.seat, p.box)
			if err != nil {
				p.event(Event{Kind: EvCheat, Seat: d, Err: err})
				p.event(Event{Kind: EvRefused, Seat: d, Err: err})
				return
			}
			mine[d] = sh
		}
	}
	p.myShares = mine
	p.led = led
	p.out.Dirty = true
	p.event(Event{Kind: EvGenesis})
	// Everyone may have missed someone's signature: share the whole set.
	p.send(Broadcast, p.genesisMsg())
	p.chanceAt, p.stepAt = p.now, p.now
}

// onEntry takes an entry from any source (live, sync, replay); synced
// says it came in a SYNC_RESP, i.e. the sender has applied it.
func (p *Peer) onEntry(from int, e Entry, synced bool) {
	if p.led == nil {
		return // before the genesis: a later sync brings it again
	}
	if e.Game != p.gameID {
		p.reject(from, ErrWrongGame)
		return
	}
	seq, _ := p.led.head()
	switch {
	case e.Seq == 0:
		p.reject(from, fmt.Errorf("%w: entry seq 0", ErrMalformed))
	case e.Seq <= seq:
		if e.Hash() == p.led.hashes[e.Seq-1] {
			return // a duplicate: fine
		}
		if p.rollbackFor(from, e) || p.stale(from, e) {
			return
		}
		p.conflict(from, e)
	case e.Seq > seq+1:
		if e.Seq > seq+1024 {
			p.reject(from, fmt.Errorf("%w: entry %d is far beyond our head %d", ErrBadPrev, e.Seq, seq))
			return
		}
		if !p.park(from, e) {
			p.askSync(from)
		}
	case e.Prev != p.led.hashes0(seq) && p.stale(from, e):
	case p.refuseOwnTakeover(from, e):
	case p.holding() && e.Kind != KindTakeover:
		// We voted for a takeover at this point: keep it for later. If a
		// seat that is not taken over serves it from its log, that seat
		// went on without voting and the takeover cannot complete.
		if synced && from != p.seat && !containsSeat(p.myVote.Seats, from) && !p.led.isBot(from) {
			p.release(from, seq)
			p.applyEntry(from, e)
			return
		}
		p.park(from, e)
	case p.unveilHold() && e.Kind == KindChance:
		// We published our share of a withholding seat's secret: the
		// abort comes first, unless a seat other than the withholder
		// serves the plain chance entry from its log (it went on).
		if synced && from != p.unveiled.dealer {
			p.unveiled = nil
			p.applyEntry(from, e)
			return
		}
		p.park(from, e)
	default:
		p.applyEntry(from, e)
	}
}

// MaxParked bounds the bytes of entries ahead of the log kept for one
// sending seat; MaxMessage bounds one message (a batch entry of MaxSeats
// actions of MaxAction bytes fits).
const (
	MaxParked  = 256 << 10
	MaxMessage = 64<<10 + 1<<10
)

// park keeps e until the log reaches its seq: at most 4 candidates a seq,
// each once, and at most MaxParked bytes per sending seat. A signed entry
// is parked only if its author's signature holds, an action only within
// MaxAction. It reports whether e was parked already.
func (p *Peer) park(from int, e Entry) (seen bool) {
	for _, f := range p.future[e.Seq] {
		if f.e.Hash() == e.Hash() {
			return true
		}
	}
	switch e.Kind {
	case KindAction, KindReclaim:
		if err := p.led.verifyEntrySig(&e); err != nil {
			p.reject(from, fmt.Errorf("entry %d: %w", e.Seq, err))
			return true
		}
	}
	if (e.Kind == KindAction || e.Kind == KindBot) && len(e.Body) > MaxAction {
		p.reject(from, fmt.Errorf("%w: action of %d bytes", engine.ErrBadAction, len(e.Body)))
		return true
	}
	size := entrySize(&e)
	if from < 0 || from >= MaxSeats {
		from = p.seat
	}
	if p.parked[from]+size > MaxParked {
		p.reject(from, fmt.Errorf("%w: seat %d has %d bytes of entries waiting ahead of the log", ErrTooMuch, from, p.parked[from]))
		return true
	}
	if len(p.future[e.Seq]) < 4 {
		p.future[e.Seq] = append(p.future[e.Seq], parkedEntry{e: e, from: from})
		p.parked[from] += size
	}
	return false
}

// entrySize is what a parked entry costs.
func entrySize(e *Entry) int { return len(e.Body) + len(e.Sig) + 128 }

// parkedEntry is an entry ahead of the log and the seat that sent it
// (whose MaxParked bytes it uses).
type parkedEntry struct {
	e    Entry
	from int
}

// unpark gives back the bytes of the entries parked for seq.
func (p *Peer) unpark(seq uint64) {
	for _, f := range p.future[seq] {
		p.parked[f.from] -= entrySize(&f.e)
	}
	delete(p.future, seq)
}

// unparkAll forgets every parked entry.
func (p *Peer) unparkAll() {
	p.future = map[uint64][]parkedEntry{}
	for i := range p.parked {
		p.parked[i] = 0
	}
}

func (p *Peer) applyEntry(from int, e Entry) bool {
	if err := p.led.apply(e); err != nil {
		if (e.Kind == KindAction || e.Kind == KindReclaim) && p.led.verifyEntrySig(&e) == nil {
			p.noteSigned(from, e) // a validly signed but bad entry still proves what its author said
		}
		p.reject(from, fmt.Errorf("entry %d (%v by seat %d): %w", e.Seq, e.Kind, e.Author, err))
		return false
	}
	p.applied(from, e)
	return true
}

// applied does the bookkeeping after e joined the log.
func (p *Peer) applied(from int, e Entry) {
	if e.Kind == KindAction || e.Kind == KindReclaim {
		p.noteSigned(from, e)
	}
	p.out.Dirty = true
	p.stepAt, p.stallSet = p.now, false
	p.event(Event{Kind: EvApplied, Seat: e.Author, Seq: e.Seq})
	p.unpark(e.Seq)
	if e.Kind == KindBot {
		p.botAt[e.Seq] = p.now
	}
	delete(p.botAt, e.Seq-32)
	if e.Seq > 64 {
		delete(p.seen, e.Seq-64)
	}
	delete(p.proposals, e.Seq-1)
	delete(p.votes, e.Seq-1)
	if p.mine != nil && p.mine.Base < e.Seq {
		p.mine = nil
	}
	if p.myVote != nil && p.myVote.Base < e.Seq {
		p.myVote = nil
	}
	switch e.Kind {
	case KindTakeover:
		p.afterTakeover(e)
	case KindReclaim:
		r := reader{b: e.Body}
		q := readReclaim(&r)
		delete(p.reclaims, q.Seat)
		if q.Seat == p.seat {
			p.myReclaim = nil
		}
		p.event(Event{Kind: EvReclaim, Seat: q.Seat, Seq: e.Seq})
	case KindAbort:
		a, _ := decodeAbortBody(e.Body)
		delete(p.shares, a.Seat)
		p.unveiled = nil
		p.event(Event{Kind: EvAbort, Seat: a.Seat, Seq: e.Seq, K: a.K, Reason: ReasonAway})
	case KindChance:
		p.unveiled = nil
		p.shares = map[int]map[int]Hash{}
	}
}

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

func (p *Peer) askSync(from int) {
	seq, _ := p.led.head()
	// Ask once per ResendEvery for the same point: a lost request or
	// answer is asked again, a burst of pings is not.
	if last, ok := p.syncAsked[from]; ok && last.from == seq+1 && p.now-last.at < p.cfg.ResendEvery {
		return
	}
	p.syncAsked[from] = syncAsk{from: seq + 1, at: p.now}
	p.sendSyncReq(from, seq+1)
}

func (p *Peer) sendSyncReq(to int, from uint64) {
	q := &SyncReq{Game: p.gameID, Seat: p.seat, From: from}
	q.Sig = ed25519.Sign(p.priv, append([]byte(domainSyncReq), q.unsigned()...))
	p.send(to, q)
}

func (p *Peer) onSyncReq(from int, q *SyncReq) {
	if p.gen == nil || q.Seat != from || q.Game != p.gameID || from >= len(p.gen.Seats) ||
		!ed25519.Verify(p.gen.Seats[from].Key[:], append([]byte(domainSyncReq), q.unsigned()...), q.Sig) {
		p.reject(from, fmt.Errorf("%w: sync request claims seat %d", ErrForged, from))
		return
	}
	p.serveSync(from, q.From)
}

// serveCheap is how many entries are always served; a longer answer is
// served to one seat at most once per ResendEvery (a request that makes
// us resend our whole log cannot be repeated to flood us or it).
const serveCheap = 8

// serveSync sends entries from seq on in chunks of at most MaxChunk bytes.
func (p *Peer) serveSync(to int, from uint64) {
	if p.led == nil {
		return
	}
	if from == 0 {
		from = 1
	}
	if n := uint64(len(p.led.entries)); from <= n && n-from+1 > serveCheap && to >= 0 && to < MaxSeats {
		if p.now-p.served[to] < p.cfg.ResendEvery {
			return
		}
		p.served[to] = p.now
	}
	var chunk []Entry
	size := 0
	for seq := from; seq <= uint64(len(p.led.entries)); seq++ {
		e := p.led.entries[seq-1]
		n := len(e.Encode()) + 4
		if len(chunk) > 0 && size+n > MaxChunk-16 {
			p.send(to, &SyncResp{Entries: chunk})
			chunk, size = nil, 0
		}
		chunk = append(chunk, e)
		size += n
	}
	if len(chunk) > 0 {
		p.send(to, &SyncResp{Entries: chunk})
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
		!ed25519.Verify(p.led.gen.Seats[from].Key[:], append([]byte(domainPing), m.unsigned()...), m.Sig) {
		p.reject(from, fmt.Errorf("%w: ping claims seat %d", ErrForged, from))
		return
	}
	p.echo[from] = m.Nonce
	p.heads[from] = headSeen{seq: m.HeadSeq, hash: m.HeadHash, at: p.now}
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
		// find out (equivocation proofs come from the conflict).
		p.sendSyncReq(from, m.HeadSeq)
	}
}

func (p *Peer) onSignal(from int, m *Signal) {
	if p.gen == nil || m.From < 0 || m.From >= len(p.gen.Seats) || m.Game != p.gameID {
		p.reject(from, fmt.Errorf("%w: signal from seat %d", ErrMismatch, m.From))
		return
	}
	if !ed25519.Verify(p.gen.Seats[m.From].Key[:], append([]byte(domainSignal), m.unsigned()...), m.Sig) {
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
	seq, headHash := p.led.head()
	if len(st.Deciders) > 1 {
		if p.mine != nil && p.mine.Base == seq {
			return p.flush(), fmt.Errorf("%w: already decided this round", engine.ErrNotYourTurn)
		}
		dec, err := p.led.game.DecodeAction(raw)
		if err != nil {
			return p.flush(), err
		}
		if err := p.led.match.State.Clone().Apply(engine.Seat(p.seat), dec); err != nil {
			return p.flush(), err
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
	trial := p.led.match.State.Clone()
	if err := trial.Apply(engine.Seat(p.seat), dec); err != nil {
		return p.flush(), err
	}
	e := Entry{Game: p.gameID, Seq: seq + 1, Prev: headHash, Author: p.seat, Kind: KindAction, Body: raw}
	e.Post = Hash(engine.Hash(trial))
	e.Sig = ed25519.Sign(p.priv, e.signBytes())
	p.answer()
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
	a, err := p.led.game.DecodeAction(pr.Action)
	if err != nil {
		return err
	}
	return p.led.match.State.Clone().Apply(engine.Seat(pr.Seat), a)
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
	switch {
	case m.K < k:
		// The sender is still waiting for a chance entry we have.
		p.serveSync(from, p.led.chanceSeq[m.K])
		return
	case m.K > k:
		// We are behind; keep a few candidates until we catch up (they
		// are checked against the commitment then).
		if m.K <= k+8 {
			fr := p.early[m.K]
			if fr == nil {
				fr = map[int][]Hash{}
				p.early[m.K] = fr
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
	if err := p.led.checkReveal(m.Seat, k, m.X); err != nil {
		p.reject(from, err)
		return
	}
	p.reveal(k)[m.Seat] = m.X
}

func (p *Peer) reveal(k uint64) map[int]Hash {
	if p.reveals == nil || p.revealK != k {
		p.reveals, p.revealK = map[int]Hash{}, k
		// Early reveals for k can be checked now.
		for seat, xs := range p.early[k] {
			for _, x := range xs {
				if seat < len(p.led.revealed) && p.led.checkReveal(seat, k, x) == nil {
					p.reveals[seat] = x
				}
			}
		}
		for j := range p.early {
			if j <= k {
				delete(p.early, j)
			}
		}
	}
	return p.reveals
}

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
				if (hold && f.e.Kind != KindTakeover) || (p.unveilHold() && f.e.Kind == KindChance) {
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
		if st.Chance != nil {
			k := uint64(p.led.match.ChanceCount())
			if !p.ownReveal() {
				return
			}
			if p.tryAbort(seq, headHash) {
				continue
			}
			if p.unveilHold() {
				return // the abort comes first
			}
			rs := p.reveal(k)
			cb := chanceBody{K: k, Seats: p.led.revealers()}
			for _, s := range p.led.revealSeats() {
				x, ok := rs[s]
				if p.led.seeds[s] != nil {
					x, ok = p.led.unveiledReveal(s, k), true
				}
				if !ok {
					return
				}
				cb.Reveals = append(cb.Reveals, x)
			}
			post, ok := p.trialChance(k, cb.Seats, cb.Reveals, *st.Chance)
			if !ok {
				return
			}
			e := Entry{Game: p.gameID, Seq: seq + 1, Prev: headHash, Author: -1, Kind: KindChance, Body: cb.encode(), Post: post}
			if !p.applyEntry(p.seat, e) {
				return
			}
			continue
		}
		ds := p.led.deciders()
		if len(ds) == 1 && p.led.isBot(int(ds[0])) {
			if p.waitOwnReclaim(int(ds[0])) {
				return
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

// ownReveal sends our reveal for the pending request once; false when the
// chain is exhausted. A bot-played seat does not reveal.
func (p *Peer) ownReveal() bool {
	if p.led.isBot(p.seat) || p.led.seeds[p.seat] != nil {
		return true
	}
	k := uint64(p.led.match.ChanceCount())
	rs := p.reveal(k)
	if _, ok := rs[p.seat]; ok {
		return true
	}
	x, ok := p.chain.reveal(k + 1)
	if !ok {
		if !p.stalled[k] {
			p.stalled[k] = true
			p.event(Event{Kind: EvStalled, Seq: k, Seats: []int{p.seat},
				Err: fmt.Errorf("%w: the game needs chance outcome %d, each seat committed to %d in the genesis; it cannot go on (known limit: commitments are not extended)", ErrExhausted, k+1, p.led.gen.Chain)})
		}
		return false
	}
	rs[p.seat] = x
	p.chanceAt = p.now
	p.answer()
	p.send(Broadcast, &Reveal{Game: p.gameID, K: k, Seat: p.seat, X: x})
	return true
}

// answer notes when this seat answered the step at the head.
func (p *Peer) answer() {
	seq, _ := p.led.head()
	if _, ok := p.myAnswers[seq]; !ok {
		p.myAnswers[seq] = answerRec{after: p.now - p.stepAt, ping: p.pingNo + 1}
		delete(p.myAnswers, seq-16)
	}
}

// botEntry writes the bot's move for seat (every peer writes the same).
func (p *Peer) botEntry(seq uint64, headHash Hash, seat int) bool {
	raw, err := p.led.botChoice(seat)
	if err != nil {
		p.reject(p.seat, err)
		return false
	}
	a, err := p.led.game.DecodeAction(raw)
	if err != nil {
		p.reject(p.seat, fmt.Errorf("%w: %v", ErrBadBot, err))
		return false
	}
	trial := p.led.match.State.Clone()
	if err := trial.Apply(engine.Seat(seat), a); err != nil {
		p.reject(p.seat, fmt.Errorf("%w: %v", ErrBadBot, err))
		return false
	}
	e := Entry{Game: p.gameID, Seq: seq + 1, Prev: headHash, Author: seat, Kind: KindBot, Body: raw, Post: Hash(engine.Hash(trial))}
	return p.applyEntry(p.seat, e)
}

// trialChance computes the post hash of a chance entry on a clone.
func (p *Peer) trialChance(k uint64, seats []int, reveals []Hash, req engine.ChanceRequest) (Hash, bool) {
	st := p.led.match.State.Clone()
	if err := st.Resolve(chanceOutcome(p.gameID, k, seats, reveals, req)); err != nil {
		p.reject(p.seat, err)
		return Hash{}, false
	}
	return Hash(engine.Hash(st)), true
}

func (p *Peer) trialBatch(ps []Proposal) (Hash, error) {
	st := p.led.match.State.Clone()
	for _, pr := range ps {
		a, err := p.led.game.DecodeAction(pr.Action)
		if err != nil {
			return Hash{}, err
		}
		if err := st.Apply(engine.Seat(pr.Seat), a); err != nil {
			return Hash{}, fmt.Errorf("seat %d: %w", pr.Seat, err)
		}
	}
	return Hash(engine.Hash(st)), nil
}

// resendPending repeats what others may have missed: own reveal and
// own proposal for the current step.
func (p *Peer) resendPending(to int) {
	if p.led == nil {
		return
	}
	st := p.led.status()
	k := uint64(p.led.match.ChanceCount())
	if st.Chance != nil {
		if x, ok := p.reveal(k)[p.seat]; ok {
			p.send(to, &Reveal{Game: p.gameID, K: k, Seat: p.seat, X: x})
		}
	}
	seq, _ := p.led.head()
	if p.mine != nil && p.mine.Base == seq {
		p.send(to, &ProposalMsg{Proposal: *p.mine})
	}
	if p.myVote != nil && p.myVote.Base == seq {
		p.send(to, &VoteMsg{Vote: *p.myVote})
	}
	if p.myReclaim != nil && p.led.isBot(p.seat) {
		p.send(to, &ReclaimMsg{Req: *p.myReclaim})
	}
	if p.unveilHold() {
		for _, dealer := range sortedSeats(p.shares) {
			if sh, ok := p.shares[dealer][p.seat]; ok {
				p.send(to, &Unveil{Game: p.gameID, Dealer: dealer, Holder: p.seat, K: p.unveiled.k, Share: sh})
			}
		}
	}
}

// Tick advances the peer's clock (any monotonic origin): pings, resends,
// away and stall reports.
func (p *Peer) Tick(now time.Duration) Output {
	p.now = now
	if p.led == nil {
		if now-p.lastResend >= p.cfg.ResendEvery {
			p.lastResend = now
			p.resendGenesis()
		}
		return p.flush()
	}
	if now-p.lastPing >= p.cfg.PingEvery {
		p.lastPing = now
		p.send(Broadcast, p.ping())
	}
	for s := range p.led.gen.Seats {
		if s != p.seat && !p.away[s] && now-p.lastSeen[s] >= p.cfg.AwayAfter {
			p.away[s] = true
			p.event(Event{Kind: EvAway, Seat: s})
		}
	}
	if now-p.lastResend >= p.cfg.ResendEvery {
		p.lastResend = now
		p.resendPending(Broadcast)
	}
	p.checkStall()
	p.progress()
	return p.flush()
}

// Waiting is every seat the game waits on at the head that has not
// answered yet (its move, its part of a round, or its reveal), ascending.
func (p *Peer) Waiting() []int {
	if p.led == nil {
		return nil
	}
	st := p.led.status()
	if st.Over {
		return nil
	}
	var out []int
	if st.Chance != nil {
		rs := p.reveal(uint64(p.led.match.ChanceCount()))
		for _, s := range p.led.revealSeats() {
			if _, ok := rs[s]; !ok && p.led.seeds[s] == nil {
				out = append(out, s)
			}
		}
		return out
	}
	seq, _ := p.led.head()
	for _, d := range p.led.deciders() {
		s := int(d)
		if p.led.isBot(s) {
			continue
		}
		if _, ok := p.proposals[seq][s]; ok && len(st.Deciders) > 1 {
			continue
		}
		out = append(out, s)
	}
	return out
}

// StallIn is the countdown of seat: how long it still has to answer the
// step the game waits on it for before it counts as stalled (0: stalled
// now), or -1 when the game does not wait on it.
func (p *Peer) StallIn(seat int) time.Duration {
	if !containsSeat(p.Waiting(), seat) {
		return -1
	}
	if left := p.cfg.StallAfter - (p.now - p.stepAt); left > 0 {
		return left
	}
	return 0
}

// Stalled reports whether the game has waited on seat past its countdown.
func (p *Peer) Stalled(seat int) bool { return p.StallIn(seat) == 0 }

// checkStall reports seats whose countdown ran out (once per step), and
// for a withheld reveal publishes our share of the seat's secret.
func (p *Peer) checkStall() {
	if p.now-p.stepAt < p.cfg.StallAfter {
		return
	}
	st := p.led.status()
	if st.Chance != nil && p.stalled[uint64(p.led.match.ChanceCount())] {
		return // our own commitment is exhausted: reported as such
	}
	seq, _ := p.led.head()
	var late []int
	for _, s := range p.Waiting() {
		if s != p.seat {
			late = append(late, s)
		}
	}
	if len(late) == 0 {
		return
	}
	if !p.stallSet || p.stallSent != seq {
		p.stallSet, p.stallSent = true, seq
		ev := Event{Kind: EvStalled, Seq: seq, Seats: late,
			Err: fmt.Errorf("the game has waited %v on seats %v", p.cfg.StallAfter, late)}
		if st.Chance != nil {
			k := uint64(p.led.match.ChanceCount())
			ev.Seq, ev.K = k, k
			ev.Err = fmt.Errorf("chance request %d waits for the reveal of seats %v", k, late)
		}
		p.event(ev)
	}
	if st.Chance != nil && !p.led.isBot(p.seat) {
		if _, ok := p.reveal(uint64(p.led.match.ChanceCount()))[p.seat]; ok || p.led.seeds[p.seat] != nil {
			for _, s := range late {
				if p.othersHere(s) {
					p.unveil(s, uint64(p.led.match.ChanceCount()))
				}
			}
		}
	}
}

// othersHere: every seat but us and dealer told us, since the log reached
// its head, that its head is ours: they wait on the same request. A peer
// that was cut off (its clock jumped) never publishes a share for a
// request the others have passed.
func (p *Peer) othersHere(dealer int) bool {
	seq, hh := p.led.head()
	for j := range p.led.gen.Seats {
		if j == p.seat || j == dealer {
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

// headSeen is a seat's head as its last ping told it.
type headSeen struct {
	seq  uint64
	hash Hash
	at   time.Duration
}

// syncAsk is the last SYNC_REQ sent to a seat: from which seq, and when.
type syncAsk struct {
	from uint64
	at   time.Duration
}

func seatsOf(ss []engine.Seat) []int {
	out := make([]int, len(ss))
	for i, s := range ss {
		out[i] = int(s)
	}
	return out
}
