package netplay

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"tabula/app/p2pnet"
	"tabula/app/relay"
)

// Signalling through the relay (package app/relay, docs/p2p.md): the codes
// people carried by hand go as letters in the game's room, sealed with the
// game's secret (Meta.Relay), so nobody has to act; the manual codes stay
// on screen as the fallback. A room holds:
//
//	box "reply", kept under "<seat>.<tag>": a reply code from seat to the
//	    invite whose code has that tag (tagOf): a guest's to the host's
//	    invite, or a returning seat's to a gone-seat invite; the inviting
//	    device takes it exactly as a pasted one (AcceptFor), once;
//	box "resume", kept under "<seat>": the resume code (Offer(AnySeat)) of
//	    a fresh device (a reloaded or reopened page, with no link since);
//	    every other device answers it;
//	box "back/<seat>", posted: "<tag> <reply>", an answer to that seat's
//	    resume code with that tag; the fresh device takes the first;
//	box "invite/<seat>", kept under "<from>": an invite for a seat that
//	    no link of device from reaches any more (a dropped page), from
//	    the lower seat of the two; the seat answers it (Rejoin) with a
//	    reply letter.
//
// Who answers is chosen so that a pair of devices opens one link, never
// two that close each other: a fresh device answers only a fresh device of
// a higher seat; of two running devices only the lower seat invites.
// A device forgets its kept letters once a link came up after them.
//
// A reply names the offer it answers (p2pnet.Reply.Offer) and a node
// takes it only for that offer; a reply of an earlier version names none
// and is matched to the oldest open invite for its seat, else the oldest
// resume offer. A device keeps one open offer per seat (inviteCode) and
// one resume offer (resumeCode), given again until a reply is taken.

// relaySecretSize is the size of a game's relay secret.
const relaySecretSize = relay.SecretSize

// Timings of the signalling.
const (
	relayOpenWait = 6 * time.Second  // Open waits this long for a broker
	relayRetry    = 20 * time.Second // then the brokers are tried again
	relayTick     = 250 * time.Millisecond
	relaySend     = 10 * time.Second // a letter's delivery to a broker
	// dropAfter: a seat no link reaches for this long is invited again.
	dropAfter = 2 * time.Second
	// offerRetry: a reply to an offer was taken but no link came up in
	// this time: a new offer.
	offerRetry = 10 * time.Second
	// reuseFor: an offer no reply was taken for is given again while
	// younger than this (its candidates may have gone stale after).
	reuseFor = 10 * time.Minute
	// maxRelayReplies bounds the replies kept for the screen.
	maxRelayReplies = 64
)

// Letter boxes of a game's room.
const (
	boxReply  = "reply"
	boxResume = "resume"
	boxBack   = "back/"
	boxInvite = "invite/"
)

// RelayState is how the game's room is reached.
type RelayState int

const (
	// RelayOff: no relay for this game (no secret: a game of an earlier
	// version; or no broker in the settings). Codes go by hand.
	RelayOff RelayState = iota
	RelayOpening
	RelayUp
	// RelayDown: no broker answered, or every connection was lost (Err
	// says which and why); tried again meanwhile.
	RelayDown
)

// RelayStatus is what the screen says about the relay.
type RelayStatus struct {
	State   RelayState
	Err     error
	Brokers []string // connected
	// Sent: this device's reply code (a guest) or resume code went out as
	// a letter and is waiting for its answer.
	Sent bool
}

// RelayReply is a reply code that came as a letter to one of this
// device's invites, and what taking it gave (nil: connecting).
type RelayReply struct {
	Seat  int
	Reply string
	Err   error
}

// offer is an invite or resume code this device made: open until a reply
// to it is taken.
type offer struct {
	code, tag string
	made, at  time.Time // made; at: a reply to it was taken
	ups       int       // links that had come up when it was taken
	taken     bool
	sent      bool // kept in the room
}

// spent: a reply was taken and a link came up since.
func (o *offer) spent(ups int) bool { return o.code != "" && o.taken && ups > o.ups }

// open is the offer to give again, if any.
func (o *offer) open() bool { return o.code != "" && !o.taken && time.Since(o.made) < reuseFor }

// signalling is a session's part in its room (under its own lock).
type signalling struct {
	mu      sync.Mutex
	state   RelayState
	err     error
	room    *relay.Room
	stop    context.CancelFunc
	kick    chan struct{}
	closed  bool
	invites map[int]*offer // this device's invite per seat
	taken   map[int]string // the reply letter taken per seat
	replies []RelayReply   // for the screen
	// join: a guest's reply code and its key in box "reply".
	join struct {
		key, reply   string
		sent, forgot bool
	}
	resume   offer
	ready    chan struct{} // closed once the session has its node
	readyNow sync.Once
	offerMu  sync.Mutex           // one offer made at a time
	answered map[string]time.Time // codes of others answered, when
	ups      int                  // links that came up (linkUp)
	gone     map[int]time.Time    // seats no link reaches, since when
}

// tagOf names an invite code in letters: 8 characters of its hash.
func tagOf(code string) string {
	h := sha256.Sum256([]byte(strings.TrimSpace(code)))
	return base64.RawURLEncoding.EncodeToString(h[:6])
}

// Relay is the state of the game's room.
func (s *Session) Relay() RelayStatus {
	g := &s.sig
	g.mu.Lock()
	defer g.mu.Unlock()
	st := RelayStatus{State: g.state, Err: g.err}
	if g.state == RelayUp && g.room != nil {
		st.Brokers = g.room.Brokers()
		if len(st.Brokers) == 0 {
			st.State, st.Err = RelayDown, fmt.Errorf("%w: every connection was lost", relay.ErrNoRelay)
		}
	}
	st.Sent = g.join.sent && !g.join.forgot || g.resume.sent
	return st
}

// TakeRelayReplies returns the reply codes taken from letters since the
// last call.
func (s *Session) TakeRelayReplies() []RelayReply {
	g := &s.sig
	g.mu.Lock()
	defer g.mu.Unlock()
	out := g.replies
	g.replies = nil
	return out
}

// OtherSeatError: a reply code from another seat than the invite's.
type OtherSeatError struct{ Got, Want int }

func (e *OtherSeatError) Error() string {
	return fmt.Sprintf("netplay: a reply from seat %d for the invite of seat %d", e.Got+1, e.Want+1)
}

// AcceptFor takes a reply code to seat's invite: pasted into that seat's
// card, or come as a letter. The same checks for both: a damaged code
// (p2pnet.ErrBadCode), another seat's (*OtherSeatError), then Accept's.
func (s *Session) AcceptFor(seat int, reply string) error {
	r, err := p2pnet.ParseReply(reply)
	if err != nil {
		return err
	}
	if r.Seat != seat {
		return &OtherSeatError{Got: r.Seat, Want: seat}
	}
	return s.Accept(reply)
}

// offerTaken marks the offer a reply from seat was matched to, as the
// node matches it: the one the reply names; for a reply of an earlier
// version, naming none, seat's invite if open, else the resume code.
func (s *Session) offerTaken(r *p2pnet.Reply) {
	g := &s.sig
	g.mu.Lock()
	defer g.mu.Unlock()
	o := g.invites[r.Seat]
	switch {
	case r.Offer != [4]byte{}:
		if o == nil || !r.Answers(o.code) {
			o = &g.resume
		}
	case o == nil || o.taken:
		o = &g.resume
	}
	if o.code != "" && !o.taken {
		o.taken, o.at, o.ups = true, time.Now(), g.ups
	}
}

// inviteCode is the invite for seat: the open one, else a new one. It
// blocks while ICE candidates are gathered.
func (s *Session) inviteCode(seat int) (string, error) {
	g := &s.sig
	g.offerMu.Lock()
	defer g.offerMu.Unlock()
	g.mu.Lock()
	if o := g.invites[seat]; o != nil && o.open() {
		g.mu.Unlock()
		return o.code, nil
	}
	g.mu.Unlock()
	code, err := s.main.Offer(seat)
	if err != nil {
		return "", err
	}
	g.mu.Lock()
	if g.invites == nil {
		g.invites = map[int]*offer{}
	}
	g.invites[seat] = &offer{code: code, tag: tagOf(code), made: time.Now()}
	g.mu.Unlock()
	s.kickRelay()
	return code, nil
}

// resumeCode is this device's resume code: the open one, else a new one
// (blocks while gathering).
func (s *Session) resumeCode() (string, error) {
	g := &s.sig
	g.offerMu.Lock()
	defer g.offerMu.Unlock()
	g.mu.Lock()
	if g.resume.open() {
		code := g.resume.code
		g.mu.Unlock()
		return code, nil
	}
	g.mu.Unlock()
	code, err := s.main.Offer(p2pnet.AnySeat)
	if err != nil {
		return "", err
	}
	g.mu.Lock()
	g.resume = offer{code: code, tag: tagOf(code), made: time.Now()}
	g.mu.Unlock()
	s.kickRelay()
	return code, nil
}

// noteJoin records a guest's reply to post (Join).
func (s *Session) noteJoin(seat int, code, reply string) {
	g := &s.sig
	g.mu.Lock()
	g.join.key = strconv.Itoa(seat) + "." + tagOf(code)
	g.join.reply = reply
	g.mu.Unlock()
}

// readyCh is closed once the session has its node (relayReady).
func (g *signalling) readyCh() chan struct{} {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.ready == nil {
		g.ready = make(chan struct{})
	}
	return g.ready
}

// relayReady: the session has its node; the room may act for it.
func (s *Session) relayReady() {
	ch := s.sig.readyCh()
	s.sig.readyNow.Do(func() { close(ch) })
}

// linkUp counts a link that came up (Config.OnEvent, the node locked).
func (s *Session) linkUp() {
	g := &s.sig
	g.mu.Lock()
	g.ups++
	g.mu.Unlock()
	s.kickRelay()
}

func (s *Session) kickRelay() {
	select {
	case s.sig.kick <- struct{}{}:
	default:
	}
}
