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
	"tabula/engine/p2p"
)

// Signalling through the relay (package app/relay, docs/p2p.md): the codes
// people carried by hand go as letters in the game's room, sealed with the
// game's secret (Meta.Relay), so nobody has to act; the manual codes stay
// on screen as the fallback. A room holds:
//
//	box "reply", kept under "<seat>.<tag>": a guest's reply code to the
//	    invite whose code has that tag (tagOf); the host takes it exactly
//	    as a pasted one (AcceptFor), once;
//	box "resume", kept under "<seat>": the resume code (Offer(AnySeat)) of
//	    a device with no link to anyone (reloaded, reopened or dropped);
//	    every device linked to someone answers it;
//	box "back/<seat>", posted: "<tag> <reply>", an answer to that seat's
//	    resume code with that tag; the device takes the first.
//
// A device forgets its kept letters once it is linked. Two devices that
// both have no link would answer each other's codes and open two links
// for one pair, each side keeping another: between them only the lower
// seat answers.

// relaySecretSize is the size of a game's relay secret.
const relaySecretSize = relay.SecretSize

// Timings of the signalling.
const (
	relayOpenWait = 6 * time.Second  // Open waits this long for a broker
	relayRetry    = 20 * time.Second // then the brokers are tried again
	relayTick     = 250 * time.Millisecond
	relaySend     = 10 * time.Second // a letter's delivery to a broker
	// dropAfter: a started game with no direct link to anybody for this
	// long posts its resume code (a page whose network changed).
	dropAfter = 2 * time.Second
	// resumeRetry: an answer to our resume code was taken but no link came
	// up in this time: a new code.
	resumeRetry = 10 * time.Second
	// reuseFor: an untaken resume code is posted again rather than made
	// anew (a node cannot tell its resume offers apart: a reply is matched
	// to the oldest), while younger than this (they expire after 24 h).
	reuseFor = 12 * time.Hour
	// maxRelayReplies bounds the replies kept for the screen.
	maxRelayReplies = 64
)

// Letter boxes of a game's room.
const (
	boxReply  = "reply"
	boxResume = "resume"
	boxBack   = "back/"
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

// RelayReply is a reply code that came as a letter to the host, and what
// taking it gave (nil: connecting).
type RelayReply struct {
	Seat  int
	Reply string
	Err   error
}

// signalling is a session's part in its room (under its own lock).
type signalling struct {
	mu      sync.Mutex
	state   RelayState
	err     error
	room    *relay.Room
	stop    context.CancelFunc
	kick    chan struct{}
	closed  bool
	invites map[int]string // host: tag of each seat's open invite
	taken   map[int]string // host: the reply taken for each seat
	replies []RelayReply   // host: for the screen
	// join: a guest's reply code and its key in box "reply".
	join struct {
		key, reply   string
		sent, forgot bool
	}
	resume resumeCode
	// ups counts the links that came up (linkUp).
	ups      int
	offerMu  sync.Mutex           // one resume offer at a time
	answered map[string]time.Time // resume codes answered, when
	alone    time.Time            // since when no direct link (zero: linked)
}

// resumeCode is this device's resume code: untaken until an answer to it
// was accepted.
type resumeCode struct {
	code, tag string
	made, at  time.Time // made; at: an answer to it was taken
	ups       int       // links up when it was taken
	taken     bool
	sent      bool // kept in the room
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
// last call (host).
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

// AcceptBack takes the reply to this device's resume code (pasted, or
// come as a letter).
func (s *Session) AcceptBack(reply string) error {
	if err := s.Accept(reply); err != nil {
		return err
	}
	g := &s.sig
	g.mu.Lock()
	g.resume.taken, g.resume.at, g.resume.ups = true, time.Now(), g.ups
	g.mu.Unlock()
	return nil
}

// noteInvite records the tag of seat's new invite (Invite).
func (s *Session) noteInvite(seat int, code string) {
	g := &s.sig
	g.mu.Lock()
	if g.invites == nil {
		g.invites = map[int]string{}
	}
	g.invites[seat] = tagOf(code)
	g.mu.Unlock()
}

// noteJoin records a guest's reply to post (Join).
func (s *Session) noteJoin(seat int, code, reply string) {
	g := &s.sig
	g.mu.Lock()
	g.join.key = strconv.Itoa(seat) + "." + tagOf(code)
	g.join.reply = reply
	g.mu.Unlock()
}

// resumeOffer is this device's resume code: the untaken one if there is
// one (posted again), else a new offer. It blocks while ICE candidates are
// gathered.
func (s *Session) resumeOffer() (string, error) {
	g := &s.sig
	g.offerMu.Lock()
	defer g.offerMu.Unlock()
	g.mu.Lock()
	if r := g.resume; r.code != "" && !r.taken && time.Since(r.made) < reuseFor {
		g.mu.Unlock()
		s.kickRelay()
		return r.code, nil
	}
	g.mu.Unlock()
	code, err := s.main.Offer(p2pnet.AnySeat)
	if err != nil {
		return "", err
	}
	g.mu.Lock()
	g.resume.code, g.resume.tag, g.resume.made = code, tagOf(code), time.Now()
	g.resume.taken, g.resume.sent = false, false
	g.mu.Unlock()
	s.kickRelay()
	return code, nil
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
	if s.Meta.Host {
		watch(boxReply, func(l relay.Letter) { s.takeReply(ctx, room, l) })
	}
	watch(boxResume, func(l relay.Letter) { go s.answerResume(ctx, room, l) })
	watch(boxBack+strconv.Itoa(s.Meta.Seat), func(l relay.Letter) { s.takeBack(l) })
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

// relayStep sends what waits to be sent, forgets this device's letters
// once a link came up after them, and, in a started game with no direct
// link to anybody for dropAfter, posts its resume code.
func (s *Session) relayStep(ctx context.Context, room *relay.Room) {
	g := &s.sig
	direct, others := false, false
	for _, l := range s.main.Links() {
		others = true
		direct = direct || l.Direct
	}
	started, over := false, false
	s.main.With(func(p *p2p.Peer) {
		started = p.Started()
		over = started && p.Match().State.Status().Over
	})
	seat := strconv.Itoa(s.Meta.Seat)
	send := func(f func(ctx context.Context) error) bool {
		c, cancel := context.WithTimeout(ctx, relaySend)
		defer cancel()
		return f(c) == nil
	}
	g.mu.Lock()
	join, resume, ups := g.join, g.resume, g.ups
	if direct {
		g.alone = time.Time{}
	} else if g.alone.IsZero() {
		g.alone = time.Now()
	}
	alone := g.alone
	g.mu.Unlock()

	// A link came up since the reply was sent, or since an answer to the
	// resume code was taken (however briefly: links come and go): those
	// letters are spent.
	if join.sent && !join.forgot && ups > 0 && send(func(c context.Context) error { return room.Forget(c, boxReply, join.key) }) {
		g.mu.Lock()
		g.join.forgot = true
		g.mu.Unlock()
	}
	spent := resume.code != "" && resume.taken && ups > resume.ups
	if resume.sent && (direct || spent) && send(func(c context.Context) error { return room.Forget(c, boxResume, seat) }) {
		resume.sent = false
		g.mu.Lock()
		g.resume.sent = false
		g.mu.Unlock()
	}
	if spent && !resume.sent {
		g.mu.Lock()
		if g.resume.code == resume.code {
			g.resume = resumeCode{}
		}
		resume = g.resume
		g.mu.Unlock()
	}
	if direct {
		return
	}
	if join.reply != "" && !join.sent && !started {
		if send(func(c context.Context) error { return room.Keep(c, boxReply, join.key, []byte(join.reply)) }) {
			g.mu.Lock()
			g.join.sent = true
			g.mu.Unlock()
			s.env.Wake()
		}
	}
	if !started || over || !others {
		return
	}
	switch {
	case resume.code != "" && !resume.taken && !resume.sent:
		if send(func(c context.Context) error { return room.Keep(c, boxResume, seat, []byte(resume.code)) }) {
			g.mu.Lock()
			if g.resume.code == resume.code {
				g.resume.sent = true
			}
			g.mu.Unlock()
			s.env.Wake()
		}
	case time.Since(alone) < dropAfter:
	case resume.code == "" || resume.taken && time.Since(resume.at) > resumeRetry:
		// Alone: a new code (made off this goroutine: it gathers).
		if g.offerMu.TryLock() {
			g.offerMu.Unlock()
			go s.resumeOffer()
		}
	}
}

// linkUp counts a link that came up (Config.OnEvent, the node locked).
func (s *Session) linkUp() {
	g := &s.sig
	g.mu.Lock()
	g.ups++
	g.mu.Unlock()
	s.kickRelay()
}

// takeReply takes a guest's reply letter (host): once per reply, only for
// the invite open now for its seat.
func (s *Session) takeReply(ctx context.Context, room *relay.Room, l relay.Letter) {
	seatS, tag, ok := strings.Cut(l.Key, ".")
	seat, err := strconv.Atoi(seatS)
	if !ok || err != nil {
		return
	}
	reply := string(l.Body)
	g := &s.sig
	g.mu.Lock()
	if g.invites[seat] != tag || g.taken[seat] == reply {
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

// answerResume answers another device's resume code, when this device is
// linked to someone or has the lower seat (see above), and posts the
// reply back.
func (s *Session) answerResume(ctx context.Context, room *relay.Room, l relay.Letter) {
	from, err := strconv.Atoi(l.Key)
	if err != nil || from == s.Meta.Seat {
		return
	}
	code := string(l.Body)
	party, direct := false, false
	s.main.With(func(p *p2p.Peer) {
		if gen := p.Genesis(); p.Started() && gen != nil && from >= 0 && from < len(gen.Seats) {
			party = gen.Party(from)
		}
	})
	for _, li := range s.main.Links() {
		direct = direct || li.Direct
	}
	if !party || !direct && s.Meta.Seat > from {
		return
	}
	g := &s.sig
	g.mu.Lock()
	if at, ok := g.answered[code]; ok && time.Since(at) < resumeRetry {
		g.mu.Unlock()
		return
	}
	if g.answered == nil {
		g.answered = map[string]time.Time{}
	}
	g.answered[code] = time.Now()
	g.mu.Unlock()
	reply, err := s.Answer(code)
	if err != nil {
		return // expired, or not a resume code: nothing to send back
	}
	c, cancel := context.WithTimeout(ctx, relaySend)
	defer cancel()
	_ = room.Post(c, boxBack+strconv.Itoa(from), []byte(tagOf(code)+" "+reply))
}

// takeBack takes the first answer to this device's current resume code.
func (s *Session) takeBack(l relay.Letter) {
	tag, reply, ok := strings.Cut(string(l.Body), " ")
	g := &s.sig
	g.mu.Lock()
	mine := ok && g.resume.code != "" && tag == g.resume.tag && !g.resume.taken
	g.mu.Unlock()
	// A later answer finds the offer taken and is refused: the first
	// one links.
	if mine && s.AcceptBack(reply) == nil {
		s.env.Wake()
	}
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
