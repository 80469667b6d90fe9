package netplay

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"tabula/app/p2pnet"
	"tabula/app/relay"
	"tabula/engine/p2p"
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
// A node matches a reply to its oldest open invite for the reply's seat,
// else to its oldest resume offer: it cannot tell two offers for one seat
// apart. So a device keeps one open offer per seat (inviteCode) and one
// resume offer (resumeCode), given again until a reply is taken.

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
// node matches it: seat's invite if open, else the resume code.
func (s *Session) offerTaken(seat int) {
	g := &s.sig
	g.mu.Lock()
	defer g.mu.Unlock()
	o := g.invites[seat]
	if o == nil || o.taken {
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

// openRelay opens the game's room in the background when the game has a
// secret and the settings name brokers; it keeps trying while none
// answers, until the session closes.
func (s *Session) openRelay() {
	g := &s.sig
	brokers, secret := s.env.Settings.Brokers, s.Meta.Relay
	g.mu.Lock()
	defer g.mu.Unlock()
	g.kick = make(chan struct{}, 1)
	if len(secret) != relaySecretSize || len(brokers) == 0 || g.closed {
		g.state = RelayOff
		return
	}
	ctx, stop := context.WithCancel(context.Background())
	g.state, g.stop = RelayOpening, stop
	go s.relayRun(ctx, append([]string(nil), brokers...), secret)
}

func (s *Session) relayRun(ctx context.Context, brokers []string, secret []byte) {
	g := &s.sig
	for {
		octx, cancel := context.WithTimeout(ctx, relayOpenWait)
		room, err := relay.Open(octx, brokers, secret)
		cancel()
		if ctx.Err() != nil {
			if room != nil {
				room.Close()
			}
			return
		}
		g.mu.Lock()
		if err != nil {
			g.state, g.err = RelayDown, err
		} else {
			g.state, g.err, g.room = RelayUp, nil, room
		}
		g.mu.Unlock()
		s.env.Wake()
		if err == nil {
			s.relayServe(ctx, room)
			room.Close()
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(relayRetry):
		}
	}
}

// relayServe watches the room's boxes and keeps this device's letters
// current until the session closes.
func (s *Session) relayServe(ctx context.Context, room *relay.Room) {
	watch := func(box string, take func(relay.Letter)) {
		ch, stop := room.Watch(box)
		go func() {
			defer stop()
			for {
				select {
				case <-ctx.Done():
					return
				case l, ok := <-ch:
					if !ok {
						return
					}
					take(l)
				}
			}
		}()
	}
	me := strconv.Itoa(s.Meta.Seat)
	watch(boxReply, func(l relay.Letter) { s.takeReply(ctx, room, l) })
	watch(boxResume, func(l relay.Letter) { go s.answerResume(ctx, room, l) })
	watch(boxBack+me, func(l relay.Letter) { s.takeBack(l) })
	watch(boxInvite+me, func(l relay.Letter) { go s.answerInvite(ctx, room, l) })
	t := time.NewTicker(relayTick)
	defer t.Stop()
	for {
		s.relayStep(ctx, room)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-s.sig.kick:
		}
	}
}

// nodeState is what the signalling needs to know of the node.
type nodeState struct {
	started, over bool
	links         map[int]p2pnet.LinkInfo
	direct        bool
}

func (s *Session) nodeState() nodeState {
	ns := nodeState{links: map[int]p2pnet.LinkInfo{}}
	for _, l := range s.main.Links() {
		ns.links[l.Seat] = l
		ns.direct = ns.direct || l.Direct
	}
	s.main.With(func(p *p2p.Peer) {
		ns.started = p.Started()
		ns.over = ns.started && p.Match().State.Status().Over
	})
	return ns
}

// reached: a link reaches seat, directly or relayed by a peer that hears
// from it (as the screen's unreachable).
func reached(l p2pnet.LinkInfo) bool { return l.Direct || l.Bot || l.Relayed && !l.Away }

// relayStep sends what waits to be sent and forgets what is spent: the
// guest's reply, a fresh device's resume code, and the invites of a
// running device for the seats no link reaches.
func (s *Session) relayStep(ctx context.Context, room *relay.Room) {
	g := &s.sig
	ns := s.nodeState()
	me := strconv.Itoa(s.Meta.Seat)
	send := func(f func(ctx context.Context) error) bool {
		c, cancel := context.WithTimeout(ctx, relaySend)
		defer cancel()
		return f(c) == nil
	}
	g.mu.Lock()
	join, ups := g.join, g.ups
	g.mu.Unlock()

	// The guest's reply, before the genesis; forgotten once a link came up.
	switch {
	case join.sent && !join.forgot && ups > 0:
		if send(func(c context.Context) error { return room.Forget(c, boxReply, join.key) }) {
			g.mu.Lock()
			g.join.forgot = true
			g.mu.Unlock()
		}
	case join.reply != "" && !join.sent && !ns.started && ups == 0:
		if send(func(c context.Context) error { return room.Keep(c, boxReply, join.key, []byte(join.reply)) }) {
			g.mu.Lock()
			g.join.sent = true
			g.mu.Unlock()
			s.env.Wake()
		}
	}
	if !ns.started {
		return
	}
	s.stepResume(ns, ups, me, room, send)
	s.stepInvites(ns, ups, me, room, send)
}

// stepResume keeps a fresh device's resume code in the room while it has
// no link, and forgets it once a link came up.
func (s *Session) stepResume(ns nodeState, ups int, me string, room *relay.Room, send func(func(context.Context) error) bool) {
	g := &s.sig
	g.mu.Lock()
	r := g.resume
	g.mu.Unlock()
	if r.sent && (ns.direct || r.spent(ups)) && send(func(c context.Context) error { return room.Forget(c, boxResume, me) }) {
		r.sent = false
		g.mu.Lock()
		g.resume.sent = false
		g.mu.Unlock()
	}
	if r.spent(ups) && !r.sent {
		g.mu.Lock()
		if g.resume.code == r.code {
			g.resume = offer{}
		}
		g.mu.Unlock()
		return
	}
	if ups > 0 || ns.direct || ns.over || len(ns.links) == 0 {
		return // not fresh: it invites (stepInvites)
	}
	switch {
	case r.code != "" && !r.taken && !r.sent:
		if send(func(c context.Context) error { return room.Keep(c, boxResume, me, []byte(r.code)) }) {
			g.mu.Lock()
			if g.resume.code == r.code {
				g.resume.sent = true
			}
			g.mu.Unlock()
			s.env.Wake()
		}
	case r.code == "" || r.taken && time.Since(r.at) > offerRetry:
		if g.offerMu.TryLock() { // none being made
			g.offerMu.Unlock()
			go s.resumeCode() // off this goroutine: it gathers
		}
	}
}

// stepInvites: a running device invites, through the room, each seat of
// a higher number that no link reaches any more, and forgets the letter
// once it is reached.
func (s *Session) stepInvites(ns nodeState, ups int, me string, room *relay.Room, send func(func(context.Context) error) bool) {
	g := &s.sig
	seats := make([]int, 0, len(ns.links))
	for seat := range ns.links {
		seats = append(seats, seat)
	}
	sort.Ints(seats)
	for _, seat := range seats {
		box := boxInvite + strconv.Itoa(seat)
		g.mu.Lock()
		var o offer
		if p := g.invites[seat]; p != nil {
			o = *p
		}
		if g.gone == nil {
			g.gone = map[int]time.Time{}
		}
		since, wasGone := g.gone[seat]
		up := reached(ns.links[seat])
		switch {
		case up:
			delete(g.gone, seat)
		case !wasGone:
			g.gone[seat], since = time.Now(), time.Now()
		}
		g.mu.Unlock()
		if o.sent && (up || o.spent(ups)) {
			if send(func(c context.Context) error { return room.Forget(c, box, me) }) {
				s.setInvite(seat, o.code, func(p *offer) { p.sent = false })
			}
			continue
		}
		if up || ups == 0 || ns.over || seat < s.Meta.Seat || ns.links[seat].Bot || time.Since(since) < dropAfter {
			continue
		}
		switch {
		case o.open() && !o.sent:
			if send(func(c context.Context) error { return room.Keep(c, box, me, []byte(o.code)) }) {
				s.setInvite(seat, o.code, func(p *offer) { p.sent = true })
			}
		case !o.open() && (!o.taken || time.Since(o.at) > offerRetry):
			if g.offerMu.TryLock() {
				g.offerMu.Unlock()
				go s.inviteCode(seat)
			}
		}
	}
}

// setInvite changes seat's invite if it is still code.
func (s *Session) setInvite(seat int, code string, f func(*offer)) {
	g := &s.sig
	g.mu.Lock()
	defer g.mu.Unlock()
	if o := g.invites[seat]; o != nil && o.code == code {
		f(o)
	}
}

// takeReply takes a reply letter to one of this device's invites: once
// per reply, only for the invite open now for its seat.
func (s *Session) takeReply(ctx context.Context, room *relay.Room, l relay.Letter) {
	seatS, tag, ok := strings.Cut(l.Key, ".")
	seat, err := strconv.Atoi(seatS)
	if !ok || err != nil {
		return
	}
	reply := string(l.Body)
	g := &s.sig
	g.mu.Lock()
	o := g.invites[seat]
	if o == nil || o.tag != tag || o.taken || g.taken[seat] == reply {
		g.mu.Unlock()
		return
	}
	if g.taken == nil {
		g.taken = map[int]string{}
	}
	g.taken[seat] = reply
	g.mu.Unlock()
	err = s.AcceptFor(seat, reply)
	g.mu.Lock()
	if len(g.replies) < maxRelayReplies {
		g.replies = append(g.replies, RelayReply{Seat: seat, Reply: reply, Err: err})
	}
	g.mu.Unlock()
	s.env.Wake()
	if err == nil {
		c, cancel := context.WithTimeout(ctx, relaySend)
		_ = room.Forget(c, boxReply, l.Key)
		cancel()
	}
}

// firstAnswer reports whether code (another device's) is to be answered
// now, and notes it: each code once per offerRetry.
func (s *Session) firstAnswer(code string) bool {
	g := &s.sig
	g.mu.Lock()
	defer g.mu.Unlock()
	if at, ok := g.answered[code]; ok && time.Since(at) < offerRetry {
		return false
	}
	if g.answered == nil {
		g.answered = map[string]time.Time{}
	}
	g.answered[code] = time.Now()
	return true
}

// fresh: this device has had no link since the session opened (a page
// reloaded or reopened).
func (s *Session) fresh() bool {
	g := &s.sig
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.ups == 0
}

// answerResume answers a fresh device's resume code and posts the reply
// back: every running device does, and a fresh one only for a higher
// seat (two fresh devices).
func (s *Session) answerResume(ctx context.Context, room *relay.Room, l relay.Letter) {
	from, err := strconv.Atoi(l.Key)
	if err != nil || from == s.Meta.Seat || s.fresh() && s.Meta.Seat > from {
		return
	}
	party := false
	s.main.With(func(p *p2p.Peer) {
		if gen := p.Genesis(); p.Started() && gen != nil && from >= 0 && from < len(gen.Seats) {
			party = gen.Party(from)
		}
	})
	code := string(l.Body)
	if !party || !s.firstAnswer(code) {
		return
	}
	reply, err := s.Answer(code)
	if err != nil {
		return // expired, or not a resume code: nothing to send back
	}
	c, cancel := context.WithTimeout(ctx, relaySend)
	defer cancel()
	_ = room.Post(c, boxBack+strconv.Itoa(from), []byte(tagOf(code)+" "+reply))
}

// takeBack takes the first answer to this device's resume code (a later
// one finds the offer taken and is refused).
func (s *Session) takeBack(l relay.Letter) {
	tag, reply, ok := strings.Cut(string(l.Body), " ")
	g := &s.sig
	g.mu.Lock()
	mine := ok && g.resume.code != "" && tag == g.resume.tag && !g.resume.taken
	g.mu.Unlock()
	if mine && s.Accept(reply) == nil {
		s.env.Wake()
	}
}

// answerInvite answers a running device's invite for this seat (from a
// lower seat: see above), as a person opening it would (Rejoin), with a
// reply letter. A fresh device answers none: its own resume code is
// answered instead.
func (s *Session) answerInvite(ctx context.Context, room *relay.Room, l relay.Letter) {
	from, err := strconv.Atoi(l.Key)
	code := string(l.Body)
	if err != nil || from >= s.Meta.Seat || s.fresh() || !s.firstAnswer(code) {
		return
	}
	reply, err := s.Rejoin(code)
	if err != nil {
		return
	}
	c, cancel := context.WithTimeout(ctx, relaySend)
	defer cancel()
	_ = room.Keep(c, boxReply, strconv.Itoa(s.Meta.Seat)+"."+tagOf(code), []byte(reply))
}

// closeRelay leaves the room (the session closes).
func (s *Session) closeRelay() {
	g := &s.sig
	g.mu.Lock()
	g.closed = true
	stop := g.stop
	g.mu.Unlock()
	if stop != nil {
		stop()
	}
}
