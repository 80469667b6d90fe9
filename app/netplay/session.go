package netplay

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"tabula/app/p2pnet"
	"tabula/app/relay"
	"tabula/app/table"
	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/p2p"
)

// Env is what a session needs from its surroundings (the page, or a test).
type Env struct {
	KV       Saved
	Build    string // build id: peers of another build are refused
	Settings Settings
	Net      p2pnet.NetOptions // native only (tests: loopback)
	Protocol p2p.Config
	Rand     io.Reader // keys and chance secrets; crypto/rand when nil
	Now      func() time.Time
	// Wake is called, from any goroutine and often, when Step has work.
	// It must not block and must not call into the session.
	Wake func()
	// Stamp records when an entry was applied by this device's person seat
	// ("applied") or by the local seat that wrote it ("authored"): the
	// browser keeps these for latency measurements.
	Stamp func(what string, seq uint64)
}

// ICE is the ICE server list of the settings.
func (s Settings) ICE() []p2pnet.ICEServer {
	var out []p2pnet.ICEServer
	if s.STUN != "" {
		out = append(out, p2pnet.ICEServer{URLs: []string{s.STUN}})
	}
	if s.TURN != "" {
		out = append(out, p2pnet.ICEServer{URLs: []string{s.TURN}, Username: s.TURNUser, Credential: s.TURNPass})
	}
	return out
}

// Seat kinds of a new network game, as the host's form names them.
const (
	KindMe     = "me"
	KindFriend = "friend"
)

// HostSpec is a new network game as the host's form describes it.
type HostSpec struct {
	Game    string
	Options map[string]string
	Names   []string
	Colors  []int
	// Kinds per seat: KindMe (exactly one), KindFriend, or a bot kind
	// (table.BotGreedy, table.BotHard, …): a hosted bot seat, played from
	// the log by every device (it has no key and no chance secret).
	Kinds []string
	// Think is the think time of a connected player (0: p2p.DefaultThink;
	// p2p.NoLimit: none), signed into the genesis.
	Think time.Duration
	// BotOffersOff: "bots may offer me trades" unticked; signed into the
	// genesis's meta, which every device's bots follow (bot.Courteous).
	BotOffersOff bool
	// TurnBased makes a turn-based table (turn.go): signed into the
	// genesis; its players need not be online together.
	TurnBased bool
}

// Note is a protocol problem to show (newest last).
type Note struct {
	Kind string // "rejected", "refused", "equivocation", "fork", "stalled", "store"
	Seat int
	Err  error
	At   time.Time
}

type queued struct {
	seat int
	ev   p2pnet.Event
}

// Session is one network game on this device: the person's seat (one
// p2pnet.Node; hosted bot seats are played by the protocol on every
// device), a mirror of the log for the renderers, and the game's storage.
type Session struct {
	env  Env
	Meta *Meta

	mu      sync.Mutex
	id      string
	pending map[int][]byte // snapshots made before the game id was known
	stored  map[int][]byte // last snapshot stored per seat (only changes are written)
	main    *p2pnet.Node
	queue   []queued
	notes   []Note // problems found off the UI goroutine
	closed  bool
	acted   map[int]uint64 // seat → head+1 at which its bot last acted
	self    table.Bot      // plays the person's seat on autoplay
	// refused: the moves of the autoplay bot the node refused at head+1
	// at (never expected: a bug); it chooses again without them.
	refused struct {
		at    uint64
		moves []string
	}

	// The fields below belong to the caller's goroutine (the UI's).

	// Table mirrors the log (nil until the genesis), with names and the
	// log in words. Narrate, when set, puts entries into words.
	Table   *table.Table
	Narrate table.Narrator
	// NarrateFor and Speaker, when set, go to Table (see table.Table):
	// the log as this device's person may read it, each line with its
	// seat's chip.
	NarrateFor func(reader engine.Seat, before, after engine.State, e engine.Entry, seats []engine.SeatInfo) string
	Speaker    table.Speaker
	Links      []p2pnet.LinkInfo
	Notes      []Note
	Started    bool
	Over       bool
	// Stalled lists seats whose countdown ran out (a move or a dice
	// reveal the game waits on).
	Stalled []int
	// Countdown is, for each seat the game waits on, the time it has left
	// before it counts as stalled (0: stalled).
	Countdown map[int]time.Duration
	// Punished: seats handed to the bot for withholding a reveal or for a
	// proven equivocation (only the others can hand them back); Reclaims:
	// seats whose players asked for them back.
	Punished map[int]bool
	Reclaims []int
	// NeedVotes is how many votes a takeover of each waiting seat needs;
	// Votable the seats a vote can be cast for now.
	NeedVotes map[int]int
	Votable   map[int]bool
	// OnlyVia: seats reached only through another seat (no direct link
	// ever): no vote is offered against them.
	OnlyVia map[int]bool
	// Up is when each seat's link last came up (setup measurements).
	Up map[int]time.Time
	// Votes are the takeover votes at the head: voter → seats.
	Votes map[int][]int
	// Records are the withheld dice rolls of the game (from its log).
	Records []Note
	// Think is the game's think time (0: no limit), from the genesis.
	Think time.Duration
	// dealing: a sealed game waits for another seat's deck message.
	dealing bool
	// proposed: head seq at which the person sent a proposal.
	proposed uint64
	saveErr  error
	dirty    atomic.Bool
	hash     string
	hashAt   int
	// mirrored is the agreed hash after the mirror's last entry, as the
	// node recorded it then: a rollback shows as another one there (a
	// sealed device's own entries carry no post to compare).
	mirrored string
	// sig is the session's part in the game's relay room (signal.go).
	sig signalling
	// watch keeps the log in the game's watch room (watchpub.go).
	watch watchPub
	// turn carries a turn-based table through the game's room (turn.go).
	turn atomic.Pointer[Turn]
}

func (e *Env) now() time.Time {
	if e.Now != nil {
		return e.Now()
	}
	return time.Now()
}

func newSession(env Env, m *Meta) *Session {
	if env.Wake == nil {
		env.Wake = func() {}
	}
	return &Session{env: env, Meta: m, id: m.ID, pending: map[int][]byte{}, stored: map[int][]byte{},
		acted: map[int]uint64{}, Up: map[int]time.Time{}, sig: signalling{kick: make(chan struct{}, 1)}}
}

func (s *Session) config(seat int) p2pnet.Config {
	return p2pnet.Config{
		Build: s.env.Build, Rand: s.env.Rand, ICEServers: s.env.Settings.ICE(), Net: s.env.Net,
		Protocol: s.env.Protocol,
		Store:    func(b []byte) { s.store(seat, b) },
		OnEvent:  func(e p2pnet.Event) { s.onEvent(seat, e) },
		Prof:     profTook,
		Carry: func(p *p2p.Peer, out p2p.Output) {
			if t := s.turn.Load(); t != nil {
				t.carry(p, out)
			}
		},
	}
}

// store keeps a seat's snapshot; it runs with that seat's node locked,
// before anything that depends on it is sent.
func (s *Session) store(seat int, b []byte) {
	s.mu.Lock()
	id := s.id
	if id == "" {
		s.pending[seat] = b
		s.mu.Unlock()
		return
	}
	s.mu.Unlock()
	defer profAdd("store", time.Now())
	s.mu.Lock()
	prev := s.stored[seat]
	s.mu.Unlock()
	err := s.env.KV.PutSeat(id, seat, b, prev)
	s.mu.Lock()
	if err != nil {
		s.saveErr = err
		s.stored[seat] = nil
	} else {
		s.stored[seat] = b
	}
	s.mu.Unlock()
}

func (s *Session) onEvent(seat int, e p2pnet.Event) {
	if e.Kind == p2pnet.EvLinkUp {
		s.linkUp()
	}
	if e.Kind == p2pnet.EvProtocol && e.P2P.Kind == p2p.EvApplied && s.env.Stamp != nil {
		if seat == s.Meta.Seat {
			s.env.Stamp("applied", e.P2P.Seq)
		}
		if e.P2P.Seat == seat {
			s.env.Stamp("authored", e.P2P.Seq)
		}
	}
	s.mu.Lock()
	if len(s.queue) < 4096 {
		s.queue = append(s.queue, queued{seat, e})
	}
	s.mu.Unlock()
	s.dirty.Store(true)
	s.env.Wake()
}

// Host creates a network game: the person's node. Bot seats are hosted:
// every device plays them from the log.
func Host(env Env, spec HostSpec) (*Session, error) {
	g, err := engine.Lookup(spec.Game)
	if err != nil {
		return nil, err
	}
	n := len(spec.Kinds)
	if n < g.MinPlayers() || n > g.MaxPlayers() || len(spec.Names) != n {
		return nil, fmt.Errorf("netplay: %s takes %d to %d players", spec.Game, g.MinPlayers(), g.MaxPlayers())
	}
	me := -1
	bots := map[int]string{}
	for i, k := range spec.Kinds {
		switch {
		case k == KindMe:
			if me >= 0 {
				return nil, errors.New("netplay: two seats are yours")
			}
			me = i
		case k == KindFriend:
		case table.IsBot(k):
			if h, ok := p2p.HostedKind(k); !ok || !slices.Contains(p2p.HostedKinds(), h) {
				return nil, fmt.Errorf("netplay: network games host the bots %v, not %q", p2p.HostedKinds(), k)
			}
			bots[i] = k
		default:
			return nil, fmt.Errorf("netplay: unknown seat kind %q", k)
		}
	}
	if me < 0 {
		return nil, errors.New("netplay: none of the seats is yours")
	}
	colors := spec.Colors
	if len(colors) != n {
		colors = make([]int, n)
		for i := range colors {
			colors[i] = i
		}
	}
	secret, err := relay.NewSecret()
	if err != nil {
		return nil, err
	}
	now := env.now().UTC().Format(time.RFC3339)
	m := &Meta{Game: spec.Game, Options: spec.Options, Names: spec.Names, Colors: colors, Seat: me,
		Bots: bots, Host: true, Created: now, Updated: now, Relay: secret}
	s := newSession(env, m)
	cfg := s.config(me)
	if spec.Think != 0 {
		cfg.Protocol.Think = spec.Think
	}
	// Names, kinds and the file's meta are signed into the genesis: a
	// game file that changes them does not verify.
	for i, name := range spec.Names {
		kind := "remote"
		if k, ok := bots[i]; ok {
			kind = k
		}
		cfg.Protocol.Seats = append(cfg.Protocol.Seats, engine.SeatInfo{Name: name, Kind: kind})
	}
	cfg.Protocol.Meta = map[string]string{"network": "p2p"}
	if spec.BotOffersOff {
		cfg.Protocol.Meta[table.MetaBotOffers] = table.BotOffersOff
	}
	if spec.TurnBased {
		cfg.Protocol = TurnProtocol(cfg.Protocol)
		m.TurnBased = true
	}
	setup := genesisSetup(g, engine.Setup{Game: spec.Game, Players: n, Options: spec.Options}, n-len(bots))
	node, err := p2pnet.Host(cfg, setup, me)
	if err != nil {
		return nil, err
	}
	var id p2p.GameID
	node.With(func(p *p2p.Peer) { id = p.Game() })
	m.ID = hex.EncodeToString(id[:])
	s.mu.Lock()
	s.main = node
	s.id = m.ID
	pend := s.pending
	s.pending = nil
	s.mu.Unlock()
	for seat, b := range pend {
		s.store(seat, b)
	}
	if err := env.KV.PutMeta(m); err != nil {
		node.Close()
		return nil, err
	}
	env.KV.SetCurrent(m.ID)
	s.relayReady()
	s.openRelay()
	return s, nil
}

// Join answers an invite link: it returns the session and the reply code
// for the host.
func Join(env Env, link string) (*Session, string, error) {
	seating, code := SplitLink(link)
	iv, err := p2pnet.ParseInvite(code)
	if err != nil {
		return nil, "", err
	}
	if iv.To == p2pnet.AnySeat {
		return nil, "", ErrResumeCode
	}
	if err := seating.Check(iv.To, iv.From); err != nil {
		return nil, "", err
	}
	if env.now().After(iv.Expires) {
		return nil, "", &ExpiredError{At: iv.Expires}
	}
	now := env.now().UTC().Format(time.RFC3339)
	m := &Meta{ID: hex.EncodeToString(iv.Game[:]), Game: seating.Game, Seat: iv.To, Created: now, Updated: now,
		RemoteBots: seating.Bots, HostSeat: iv.From, Relay: seating.Relay}
	m.Names, m.Colors = seatNames(seating, iv.To)
	s := newSession(env, m)
	s.openRelay() // while the answer gathers; it waits for the node
	node, reply, err := p2pnet.Join(s.config(iv.To), code)
	if err != nil {
		s.closeRelay()
		return nil, "", err
	}
	s.mu.Lock()
	s.main = node
	s.mu.Unlock()
	if err := env.KV.PutMeta(m); err != nil {
		s.closeRelay()
		node.Close()
		return nil, "", err
	}
	env.KV.SetCurrent(m.ID)
	s.noteJoin(iv.To, p2pnet.JoinCode(code), reply)
	s.relayReady()
	return s, reply, nil
}

// seatNames fills names and colours from the seating (seat numbers when
// the link had none); the seat count is corrected at the genesis.
func seatNames(st Seating, to int) ([]string, []int) {
	n := len(st.Names)
	if n <= to {
		n = to + 1
	}
	names := make([]string, n)
	colors := make([]int, n)
	for i := range names {
		if i < len(st.Names) && st.Names[i] != "" {
			names[i] = st.Names[i]
		}
		colors[i] = i
		if i < len(st.Colors) && st.Colors[i] >= 0 {
			colors[i] = st.Colors[i]
		}
	}
	return names, colors
}

// ErrResumeCode: a resume code was opened as if it were an invite.
var ErrResumeCode = errors.New("netplay: this is a reconnect code for a game in progress")

// ExpiredError: the invite's time is up.
type ExpiredError struct{ At time.Time }

func (e *ExpiredError) Error() string {
	return "netplay: the invite expired at " + e.At.Format(time.RFC3339)
}

// Resume reopens a stored network game from the person's snapshot; the
// rest of the game needs one resume exchange (ResumeCode).
func Resume(env Env, id string) (*Session, error) {
	m, err := env.KV.Meta(id)
	if err != nil {
		return nil, err
	}
	snap, err := env.KV.Seat(id, m.Seat)
	if err != nil {
		return nil, err
	}
	s := newSession(env, m)
	node, err := p2pnet.Resume(s.config(m.Seat), snap)
	if err != nil {
		return nil, err
	}
	s.main = node
	env.KV.SetCurrent(id)
	s.relayReady()
	s.openRelay()
	return s, nil
}

func (s *Session) addNote(n Note) {
	n.At = s.env.now()
	s.mu.Lock()
	s.notes = append(s.notes, n)
	s.mu.Unlock()
	s.env.Wake()
}

// Seating is what invite links carry about this game.
func (s *Session) Seating() Seating {
	st := Seating{Game: s.Meta.Game, Names: s.Meta.Names, Colors: s.Meta.Colors, Relay: s.Meta.Relay}
	for seat := range s.Meta.Bots {
		st.Bots = append(st.Bots, seat)
	}
	sort.Ints(st.Bots)
	return st
}

// Invite makes an invite link for a friend's seat (blocks while ICE
// candidates are gathered, up to 3 s: call it off the UI goroutine). An
// invite no reply was taken for yet is given again (inviteCode).
func (s *Session) Invite(origin string, seat int) (string, error) {
	code, err := s.inviteCode(seat)
	if err != nil {
		return "", err
	}
	return InviteURL(origin, s.Seating(), code), nil
}

// Accept takes a friend's reply code.
func (s *Session) Accept(reply string) error {
	r, err := p2pnet.ParseReply(reply)
	if err != nil {
		return err
	}
	if r.Seat == s.Meta.Seat {
		return fmt.Errorf("%w: this is your own reply code", p2pnet.ErrBadCode)
	}
	if _, bot := s.Meta.Bots[r.Seat]; bot {
		return fmt.Errorf("%w: seat %d is a bot on this device", p2pnet.ErrBadCode, r.Seat+1)
	}
	if err := s.main.Accept(reply); err != nil {
		return err
	}
	s.offerTaken(r)
	return nil
}

// ResumeCode makes a reconnect link that any running peer of the game
// answers (blocks while ICE candidates are gathered); it goes through the
// relay too. A code no answer was taken for yet is given again (see
// inviteCode).
func (s *Session) ResumeCode(origin string) (string, error) {
	code, err := s.resumeCode()
	if err != nil {
		return "", err
	}
	return InviteURL(origin, Seating{}, code), nil
}

// Answer answers a returning player's reconnect code; the reply goes back
// to them (blocks while ICE candidates are gathered).
func (s *Session) Answer(code string) (string, error) {
	_, c := SplitLink(code)
	iv, err := p2pnet.ParseInvite(c)
	if err != nil {
		return "", err
	}
	if iv.To != p2pnet.AnySeat {
		return "", ErrNotResume
	}
	if s.env.now().After(iv.Expires) {
		return "", &ExpiredError{At: iv.Expires}
	}
	return s.main.Answer(c)
}

// Rejoin answers an invite back to this device's own seat of a started
// game (a player still in it sent it); the reply goes back to them.
func (s *Session) Rejoin(link string) (string, error) {
	_, c := SplitLink(link)
	iv, err := p2pnet.ParseInvite(c)
	if err != nil {
		return "", err
	}
	if iv.To != s.Meta.Seat {
		return "", fmt.Errorf("%w: the invite is for another seat", p2pnet.ErrBadCode)
	}
	if s.env.now().After(iv.Expires) {
		return "", &ExpiredError{At: iv.Expires}
	}
	return s.main.Answer(c)
}

// ErrNotResume: an invite for a new seat was pasted where a returning
// player's reconnect code was expected.
var ErrNotResume = errors.New("netplay: this is an invite to join, not a reconnect code")

// Step takes in what the nodes reported: new entries (into the mirror),
// link states and problems. Call it on the UI goroutine after Wake.
func (s *Session) Step() {
	defer profAdd("step", time.Now())
	s.dirty.Store(false)
	s.mu.Lock()
	q := s.queue
	s.queue = nil
	notes := s.notes
	s.notes = nil
	main := s.main
	saveErr := s.saveErr
	s.mu.Unlock()
	if main == nil {
		return
	}
	s.Notes = append(s.Notes, notes...)
	for _, e := range q {
		s.take(e)
	}
	if saveErr != nil {
		s.saveErr = saveErr
	}
	s.sync()
	if s.Started {
		s.publishWatch()
		s.readVotes()
		s.readWaits()
	}
	s.Links = main.Links()
	if len(s.Notes) > 6 {
		s.Notes = s.Notes[len(s.Notes)-6:]
	}
}

// SaveError is the last storage failure, if any.
func (s *Session) SaveError() error { return s.saveErr }

func (s *Session) take(q queued) {
	e := q.ev
	switch e.Kind {
	case p2pnet.EvLinkUp:
		s.Up[e.Seat] = e.At
	case p2pnet.EvProtocol:
		pe := e.P2P
		at := e.At
		switch pe.Kind {
		case p2p.EvRejected:
			s.Notes = append(s.Notes, Note{Kind: "rejected", Seat: pe.Seat, Err: pe.Err, At: at})
		case p2p.EvRefused:
			s.Notes = append(s.Notes, Note{Kind: "refused", Seat: pe.Seat, Err: pe.Err, At: at})
		case p2p.EvEquivocation:
			s.Notes = append(s.Notes, Note{Kind: "equivocation", Seat: pe.Seat, Err: fmt.Errorf("entry %d", pe.Seq), At: at})
		case p2p.EvFork:
			s.Notes = append(s.Notes, Note{Kind: "fork", Seat: pe.Seat, Err: fmt.Errorf("from entry %d", pe.Seq), At: at})
		case p2p.EvStalled:
			if pe.Err != nil && errors.Is(pe.Err, p2p.ErrExhausted) {
				s.Notes = append(s.Notes, Note{Kind: "exhausted", Seat: -1, Err: pe.Err, At: at})
			}
			s.Stalled = pe.Seats
		case p2p.EvForce:
			for _, x := range pe.Seats {
				s.record(Note{Kind: "force", Seat: x, At: at})
			}
		case p2p.EvAbort:
			// Never a network fault: the seat withheld its part of a roll.
			s.record(Note{Kind: "abort", Seat: pe.Seat, At: at})
		case p2p.EvTakeover:
			for _, x := range pe.Seats {
				switch pe.Reason {
				case p2p.ReasonAbort:
					s.record(Note{Kind: "abort-bot", Seat: x, At: at})
				case p2p.ReasonProof:
					s.record(Note{Kind: "proof-bot", Seat: x, At: at})
				}
			}
		case p2p.EvCheat:
			s.record(Note{Kind: "cheat", Seat: pe.Seat, Err: pe.Err, At: at})
		}
	}
}

// record shows a note (the lasting record is read from the log).
func (s *Session) record(n Note) {
	s.Notes = append(s.Notes, n)
}

// readWaits reads the countdowns, punished seats and pending reclaims.
func (s *Session) readWaits() {
	s.Countdown, s.Punished, s.NeedVotes, s.Votable, s.Reclaims = map[int]time.Duration{}, map[int]bool{}, map[int]int{}, map[int]bool{}, nil
	s.OnlyVia = map[int]bool{}
	s.main.With(func(p *p2p.Peer) {
		if !p.Started() {
			return
		}
		s.Think = p.Think()
		for x := range p.Genesis().Seats {
			s.OnlyVia[x] = p.Relayed(x)
		}
		s.dealing = dealingNow(p)
		for _, x := range p.Waiting() {
			s.Countdown[x] = p.StallIn(x)
			s.NeedVotes[x] = p.VotesNeeded([]int{x})
			s.Votable[x] = p.TakeoverAllowed(x) == nil
		}
		for _, x := range p.BotSeats() {
			if r, _ := p.TakeoverReason(x); r != p2p.ReasonAway {
				s.Punished[x] = true
			}
		}
		s.Reclaims = p.Reclaims()
		// The log's record of withheld rolls, in words, with the names.
		s.Records = nil
		for _, a := range p.Aborts() {
			kind := "abort-bot"
			if a.Forced {
				kind = "abort"
			}
			s.Records = append(s.Records, Note{Kind: kind, Seat: a.Seat})
		}
	})
}

// HandBack consents to give a seat that was handed to the bot for
// withholding a reveal (or a proven equivocation) back to its player.
func (s *Session) HandBack(seat int) error { return s.main.HandBack(seat) }

// sync copies new entries from the person's node into the mirror.
func (s *Session) sync() {
	var setup engine.Setup
	var es []engine.Entry
	var agreed []string // the agreed hash after each of es
	started := false
	have := 0
	if s.Table != nil {
		have = len(s.Table.Match.Entries)
	}
	players := 0
	rolled, turnBased := false, false
	s.main.With(func(p *p2p.Peer) {
		if !p.Started() {
			return
		}
		started, turnBased = true, IsTurnBased(p.Genesis())
		m := p.Match()
		setup = m.Setup
		players = len(p.Genesis().Seats)
		if s.Table == nil {
			// The names every seat signed in the genesis, not the
			// link's (unsigned) seating.
			for i, sk := range p.Genesis().Seats {
				if i < len(s.Meta.Names) && sk.Name != "" {
					s.Meta.Names[i] = sk.Name
				}
			}
		}
		// The node rolled back (a proven equivocation, a rebuilt reveal,
		// a reclaim that beat a bot move): the mirror starts over.
		if s.Table != nil && (len(m.Entries) < have || (have > 0 && p.AgreedAt(have) != s.mirrored)) {
			rolled, have = true, 0
		}
		if len(m.Entries) > have {
			es = append([]engine.Entry(nil), m.Entries[have:]...)
			for i := range es {
				agreed = append(agreed, p.AgreedAt(have+i+1))
			}
		}
	})
	if rolled {
		s.Table = nil
	}
	if !started {
		return
	}
	if s.Table == nil {
		if err := s.startTable(setup, players); err != nil {
			s.Notes = append(s.Notes, Note{Kind: "rejected", Seat: -1, Err: err, At: s.env.now()})
			return
		}
	}
	m := s.Table.Match
	narrates := s.Narrate != nil || s.NarrateFor != nil
	for i, e := range es {
		var before engine.State
		if narrates {
			before = m.State.Clone()
		}
		if err := apply(m, e); err != nil {
			// Cannot happen: the node checked the entry. Say so rather
			// than hide it.
			s.Notes = append(s.Notes, Note{Kind: "fork", Seat: int(e.Seat), Err: err, At: s.env.now()})
			return
		}
		s.mirrored = agreed[i]
		if narrates {
			s.Table.Narrated(before, len(m.Entries)-1)
		}
		if st := m.State.Status(); len(st.Deciders) > 0 || st.Over {
			s.Stalled = nil
		}
	}
	over := m.State.Status().Over
	if len(es) > 0 || over != s.Over || !s.Meta.Started || turnBased != s.Meta.TurnBased {
		s.Over = over
		s.Meta.Started, s.Meta.Over, s.Meta.Entries = true, over, len(m.Entries)
		s.Meta.TurnBased = turnBased
		s.Meta.Updated = s.env.now().UTC().Format(time.RFC3339)
		if err := s.env.KV.PutMeta(s.Meta); err != nil {
			s.saveErr = err
		}
	}
}

// apply adds an entry the node has verified (signature, turn, legality
// and post hash) to the mirror, without hashing the state again.
func apply(m *engine.Match, e engine.Entry) error {
	if err := engine.ApplyEntry(m.Game, m.State, e); err != nil {
		return err
	}
	m.Entries = append(m.Entries, e)
	return nil
}

// MirrorHash is the agreed hash of the mirror (what the screen shows; the
// same on every device), computed once per entry count.
func (s *Session) MirrorHash() string {
	if s.Table == nil {
		return ""
	}
	if n := len(s.Table.Match.Entries); n != s.hashAt || s.hash == "" {
		h := ""
		s.main.With(func(p *p2p.Peer) { h = p.AgreedAt(n) })
		s.hash, s.hashAt = h, n
	}
	return s.hash
}

func (s *Session) startTable(setup engine.Setup, players int) error {
	g, err := engine.Lookup(setup.Game)
	if err != nil {
		return err
	}
	m, err := engine.NewMatch(g, setup, nil)
	if err != nil {
		return err
	}
	meta := s.Meta
	if meta.Game == "" || meta.Game != setup.Game {
		meta.Game = setup.Game
	}
	for len(meta.Names) < players {
		meta.Names = append(meta.Names, "")
		meta.Colors = append(meta.Colors, len(meta.Colors))
	}
	meta.Names, meta.Colors = meta.Names[:players], meta.Colors[:players]
	for i := range meta.Names {
		if meta.Names[i] == "" {
			meta.Names[i] = "#" + strconv.Itoa(i+1)
		}
	}
	seats := make([]engine.SeatInfo, players)
	for i := range seats {
		kind := "remote"
		if k, ok := s.HostedKind(i); ok {
			kind = k
		} else if i == meta.Seat {
			kind = table.Human
		}
		seats[i] = engine.SeatInfo{Name: meta.Names[i], Kind: kind}
	}
	s.Table = &table.Table{ID: meta.ID, Match: m, Seats: seats, Meta: map[string]string{"network": "p2p"},
		Viewer: engine.Seat(meta.Seat), Now: s.env.now}
	s.Started = true
	return nil
}

// Renarrate rebuilds the log in words (after Narrate was set late).
func (s *Session) Renarrate() {
	if s.Table == nil || s.Narrate == nil && s.NarrateFor == nil {
		return
	}
	s.Table.Narrate, s.Table.NarrateFor, s.Table.Speaker = s.Narrate, s.NarrateFor, s.Speaker
	s.Table.Renarrate()
}

// Legal is what the person may do now (nil when not their move, on
// autoplay, or after their part of a simultaneous round).
func (s *Session) Legal() []engine.Action {
	if s.Table == nil || s.Meta.Autoplay || s.TakenOver() || s.dealing {
		return nil
	}
	st := s.Table.Match.State
	seat := engine.Seat(s.Meta.Seat)
	if !st.Status().Decides(seat) {
		return nil
	}
	if len(st.Status().Deciders) > 1 && s.proposed == uint64(len(s.Table.Match.Entries))+1 {
		return nil
	}
	return st.Legal(seat)
}

// Awaited is whose answer the game waits for now: the deciders, less the
// person once they answered the current simultaneous round (the header
// and the dock both name these seats).
func (s *Session) Awaited() []engine.Seat {
	out := []engine.Seat{}
	if s.Table == nil {
		return out
	}
	st := s.Table.Match.State.Status()
	if st.Over || st.Chance != nil {
		return out
	}
	for _, d := range st.Deciders {
		if d != engine.Seat(s.Meta.Seat) || !s.Proposed() {
			out = append(out, d)
		}
	}
	return out
}

// Proposed reports whether the person already decided in the current
// simultaneous round (waiting for the others).
func (s *Session) Proposed() bool {
	return s.Table != nil && s.proposed == uint64(len(s.Table.Match.Entries))+1
}

// Act performs the person's action.
func (s *Session) Act(a engine.Action) error {
	var multi, decides, sealed bool
	var head uint64
	s.main.With(func(p *p2p.Peer) {
		if p.Started() {
			head, _ = p.Head()
			st := p.Match().State.Status()
			multi = len(st.Deciders) > 1
			decides, sealed = st.Decides(engine.Seat(s.Meta.Seat)), p.Match().Setup.IsSealed()
		}
	})
	if err := s.main.Act(a); err != nil {
		// The game is the person's to move and still the node refuses the
		// turn: it waits for a deck message first.
		if errors.Is(err, engine.ErrNotYourTurn) && sealed && decides && !multi {
			return fmt.Errorf("%w (%v)", ErrDealing, err)
		}
		return err
	}
	if multi {
		s.proposed = head + 1
	}
	return nil
}

// Due lists the seats whose bot here should decide now: the person's seat
// on autoplay (hosted bot seats are played by the protocol).
func (s *Session) Due() []int {
	var out []int
	if s.Meta.Autoplay && s.main != nil && s.due(s.Meta.Seat, s.main) {
		out = append(out, s.Meta.Seat)
	}
	return out
}

func (s *Session) due(seat int, n *p2pnet.Node) bool {
	ok := false
	s.mu.Lock()
	acted := s.acted[seat]
	s.mu.Unlock()
	n.With(func(p *p2p.Peer) {
		if !p.Started() {
			return
		}
		st := p.Match().State.Status()
		head, _ := p.Head()
		ok = !st.Over && st.Chance == nil && st.Decides(engine.Seat(seat)) && acted != head+1 && !p.Bot(seat)
	})
	return ok
}

// PlayBot lets the bot of seat decide once, if it still should.
func (s *Session) PlayBot(seat int) error {
	var n *p2pnet.Node
	var b table.Bot
	s.mu.Lock()
	if seat == s.Meta.Seat && s.Meta.Autoplay {
		if s.self == nil {
			s.self = table.NewBot(table.BotGreedy, uint64(time.Now().UnixNano()))
		}
		n, b = s.main, s.self
	}
	acted := s.acted[seat]
	refusedAt, refused := s.refused.at, slices.Clone(s.refused.moves)
	s.mu.Unlock()
	if n == nil {
		return nil
	}
	var a engine.Action
	var round uint64
	n.With(func(p *p2p.Peer) {
		if !p.Started() {
			return
		}
		st := p.Match().State.Status()
		head, _ := p.Head()
		if st.Over || st.Chance != nil || !st.Decides(engine.Seat(seat)) || acted == head+1 || p.Bot(seat) {
			return
		}
		round = head + 1
		defer profAdd("bot", time.Now())
		pos := p.Match().State
		if refusedAt == round {
			pos = bot.HideOffers(pos, engine.Seat(seat), func(_ engine.State, a engine.Action) bool { return slices.Contains(refused, moveKey(a)) })
		}
		a = b.Choose(pos, engine.Seat(seat))
	})
	if a == nil {
		return nil
	}
	s.mu.Lock()
	s.acted[seat] = round
	s.mu.Unlock()
	err := n.Act(a)
	if err != nil && (errors.Is(err, engine.ErrNotYourTurn) || errors.Is(err, engine.ErrAwaitChance) || errors.Is(err, p2pnet.ErrClosed)) {
		return nil
	}
	if err != nil && (errors.Is(err, engine.ErrIllegal) || errors.Is(err, engine.ErrBadAction)) {
		// The node refused a move of the bot's own choosing (a bug, which
		// the caller shows): the game must not stop on it, so the bot
		// chooses again at this point without the moves refused, a few
		// times at most (then the person can play by hand).
		s.mu.Lock()
		if s.refused.at != round {
			s.refused.at, s.refused.moves = round, nil
		}
		if s.refused.moves = append(s.refused.moves, moveKey(a)); len(s.refused.moves) < maxRefused {
			s.acted[seat] = 0
		}
		s.mu.Unlock()
	}
	return err
}

// maxRefused is how many refused moves the autoplay bot tries at one point.
const maxRefused = 3

// moveKey names an action for comparison (its JSON).
func moveKey(a engine.Action) string {
	b, _ := json.Marshal(a)
	return string(b)
}

// SetAutoplay lets a bot play the person's seat (or stops it).
func (s *Session) SetAutoplay(on bool) {
	s.Meta.Autoplay = on
	_ = s.env.KV.PutMeta(s.Meta)
	s.env.Wake()
}

// Export is the game file (engine save with the signed log; cmd/replay
// verifies it).
func (s *Session) Export() ([]byte, error) {
	var out []byte
	var err error
	s.main.With(func(p *p2p.Peer) { out, err = p.Export() })
	return out, err
}

// Hash is the agreed hash of the person's node (hex; "" before the
// genesis): the state hash of a plain game, the public one of a sealed game.
func (s *Session) Hash() string {
	h := ""
	s.main.With(func(p *p2p.Peer) {
		if p.Started() {
			h = p.AgreedAt(len(p.Match().Entries))
		}
	})
	return h
}

// Head is the person's node's log head.
func (s *Session) Head() uint64 {
	var seq uint64
	s.main.With(func(p *p2p.Peer) { seq, _ = p.Head() })
	return seq
}

// Node is the person's node (for the takeover and tests).
func (s *Session) Node() *p2pnet.Node { return s.main }

// Hosted reports whether seat is a hosted bot seat (played from the log
// by every device): from the genesis once there is one, else from the
// host's form or the invite's seating.
func (s *Session) Hosted(seat int) bool {
	_, ok := s.HostedKind(seat)
	return ok
}

// BotSeat reports whether the bot plays seat: a hosted bot seat, or a
// seat handed to the bot.
func (s *Session) BotSeat(seat int) bool {
	bot := false
	if s.main != nil {
		s.main.With(func(p *p2p.Peer) { bot = p.Bot(seat) })
	}
	return bot
}

// HostedKind is the seat kind ("bot:mcts-hard") of a hosted bot seat; ""
// when only the invite's seating says it is one.
func (s *Session) HostedKind(seat int) (string, bool) {
	kind, known := "", false
	if s.main != nil {
		s.main.With(func(p *p2p.Peer) {
			if g := p.Genesis(); g != nil && seat >= 0 && seat < len(g.Seats) {
				known = true
				kind = g.Seats[seat].Kind
			}
		})
	}
	if known {
		_, hosted := p2p.HostedKind(kind)
		return kind, hosted
	}
	if k, ok := s.Meta.Bots[seat]; ok {
		return k, true
	}
	return "", slices.Contains(s.Meta.RemoteBots, seat)
}

// Close stops every node of the session (leaving the table).
func (s *Session) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	main := s.main
	s.mu.Unlock()
	s.closeRelay()
	s.stopWatch()
	if main != nil {
		main.Close()
	}
	if t := s.turn.Load(); t != nil {
		go t.Close() // what is queued goes out; the room is the session's
	}
}

// kindOf is seat's hosted bot kind, or "".
func (s *Session) kindOf(seat int) string {
	k, _ := s.HostedKind(seat)
	return k
}
