package p2p

import (
	"crypto/ed25519"
	"errors"
	"fmt"
	"io"
	"time"

	"tabula/engine"
	"tabula/engine/deck"
	"tabula/engine/p2p/timelock"
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
	EvAbort                             // Seat withheld its reveal for chance request K; entry Seq records it (Reason: ReasonAway when the others forced it open, ReasonAbort when the seat went to the bot)
	EvCheat                             // Seat lied about its chance secret (Err): its commitment does not open with it; caught. In a sealed game also a deck cheat (Err wraps a *deck.CheatError; Peer.Cheats has the proof)
	EvForce                             // chance request K waits for Seats' withheld reveals: run Force (a ForceJob) off the lock, then call Forced
)

var evNames = map[EventKind]string{EvApplied: "applied", EvRejected: "rejected", EvRefused: "refused",
	EvGenesis: "genesis", EvEquivocation: "equivocation", EvStalled: "stalled", EvAway: "away",
	EvBack: "back", EvOver: "over", EvSignal: "signal", EvFork: "fork",
	EvVote: "vote", EvTakeover: "takeover", EvReclaim: "reclaim", EvAbort: "abort", EvCheat: "cheat", EvForce: "force"}

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
	Reason byte      // EvTakeover, EvVote: ReasonAway, ReasonAbort or ReasonProof
	K      uint64    // EvAbort, EvForce, and EvTakeover for an abort: the chance request
	Force  *ForceJob // EvForce
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
	// StallAfter (10 s) is how long a chance request waits on a missing
	// reveal: reveals are sent by the device, nobody thinks over them.
	StallAfter time.Duration
	// Think is the host's think time for the genesis: how long a
	// connected player may take over a decision (0: DefaultThink; NoLimit:
	// none). Guests take the genesis's.
	Think time.Duration
	// Grace (DefaultGrace) is how long a disconnected player's decision
	// is waited for (clocks.go).
	Grace time.Duration
	// Delay is T of the chance rounds' time lock (0: timelock.DefaultT);
	// every seat of a game must use the same. Tests shorten it.
	Delay uint64
	// ForceInline runs a force-open inside the peer's call instead of
	// announcing it with EvForce (tests and tools with a short Delay).
	ForceInline bool
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
	if c.Think == 0 {
		c.Think = DefaultThink
	}
	if c.Grace == 0 {
		c.Grace = DefaultGrace
	}
	if c.Delay == 0 {
		c.Delay = timelock.DefaultT
	}
}

// Peer is one seat's sync state machine. It is not safe for concurrent
// use: the transport calls it from one goroutine (or under one lock).
type Peer struct {
	cfg    Config
	seat   int
	priv   ed25519.PrivateKey
	pub    PublicKey
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

	led *ledger

	// Chance and simultaneous decisions in flight.
	reveals      map[int]Hash                // reveals for the pending round
	early        map[roundID]map[int][]Hash  // unchecked reveals for later rounds
	revealK      roundID                     // which round reveals is for
	rnd          *lockRound                  // commitments for the pending round (lock.go)
	earlyCommits map[roundID]map[int]Commit  // commitments for later rounds
	forced       *forcedResult               // the force-open done for rnd
	proposals    map[uint64]map[int]Proposal // base seq → seat → proposal (signature checked)
	mine         *Proposal                   // own proposal, kept across restarts
	future       map[uint64][]parkedEntry    // entries beyond head+1
	parked       []int                       // bytes parked in future, per sending seat
	seen         map[uint64]map[Hash]Entry   // signed entries seen per seq for equivocation proofs
	proofs       map[string]bool             // reported equivocations

	// Takeovers (votes.go, reclaim.go, rollback.go).
	votes     map[uint64]map[int]Vote // base seq → voter → vote (signature checked)
	myVote    *Vote                   // own vote; while it answers the head we hold
	reclaims  map[int]ReclaimReq      // pending reclaim requests by seat
	myReclaim *ReclaimReq
	proofAt   map[uint64][2][]byte // equivocation proofs waiting for the log to reach seq-1

	job      *BotJob                  // the hosted search bot's decision handed out (BotJob)
	botAt    map[uint64]time.Duration // when recent bot entries (by seq) joined our log
	handBack map[int]bool             // consent to give a punished seat back (HandBack)

	// Liveness, on the Tick clock.
	now        time.Duration
	lastPing   time.Duration
	lastResend time.Duration
	lastSeen   []time.Duration
	away       []bool
	conn       []bool
	linked     []bool // a direct link to the seat was up at some time
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
	// told[s]: the head seq seat s last reported (signed ping or HELLO);
	// late: when the log reached its head, some party was already
	// beyond it (we were catching up, not playing live).
	told []uint64
	late bool
	// syncing: the message being handled is a SYNC_RESP (entries we
	// missed live).
	syncing bool

	out Output

	// forge makes this device a cheater in sealed play (tests only): its
	// own deck messages pass through it (deck.Config.Forge).
	forge func(name string, m deck.Msg) deck.Msg
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
	p.early = map[roundID]map[int][]Hash{}
	p.earlyCommits = map[roundID]map[int]Commit{}
	p.seen = map[uint64]map[Hash]Entry{}
	p.proofs = map[string]bool{}
	p.votes = map[uint64]map[int]Vote{}
	p.reclaims = map[int]ReclaimReq{}
	p.stalled = map[uint64]bool{}
	p.syncAsked = map[int]syncAsk{}
	p.lastSeen = make([]time.Duration, MaxSeats)
	p.away = make([]bool, MaxSeats)
	p.conn = make([]bool, MaxSeats)
	p.linked = make([]bool, MaxSeats)
	p.parked = make([]int, MaxSeats)
	p.echo = make([]uint64, MaxSeats)
	p.echoedMe = make([]uint64, MaxSeats)
	p.heads = make([]headSeen, MaxSeats)
	p.told = make([]uint64, MaxSeats)
	p.served = make([]time.Duration, MaxSeats)
	for i := range p.served {
		p.served[i] = -time.Hour
	}
	p.proofAt = map[uint64][2][]byte{}
	p.botAt = map[uint64]time.Duration{}
	p.handBack = map[int]bool{}
	p.myAnswers = map[uint64]answerRec{}
}

// Seat is this peer's seat. Game is the game id. Key is the seat's public key.
func (p *Peer) Seat() int { return p.seat }

func (p *Peer) Game() GameID { return p.gameID }

func (p *Peer) Key() PublicKey { return p.pub }

func (p *Peer) Started() bool { return p.led != nil }

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

// Receive handles one message from the direct link to seat from (the
// transport binds the link to the seat).
func (p *Peer) Receive(from int, data []byte) Output {
	return p.receive(from, data, false)
}

// ReceiveRelayed handles a message that another peer passed on as coming
// from seat from. The relay could have written it, so only messages that
// prove their author are taken: signed ones, and entries and reveals
// that prove themselves. A REFUSE is never taken from a relay, a
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
		p.syncing = true
		defer func() { p.syncing = false }()
		for _, e := range m.Entries {
			p.onEntry(from, e, !relayed)
		}
	case *VoteMsg:
		p.onVote(from, m.Vote)
	case *ReclaimMsg:
		p.onReclaim(from, m.Req)
	case *ProposalMsg:
		p.onProposal(from, m.Proposal)
	case *Commit:
		p.onCommit(from, m)
	case *Reveal:
		p.onReveal(from, m)
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
