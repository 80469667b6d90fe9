package netplay

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"tabula/app/p2pnet"
	"tabula/app/relay"
	"tabula/engine/p2p"
)

// The session in its game's room: opening it, the letters it keeps
// current, and what it does with the letters of others (signal.go says
// which letters there are and who answers).

// openRelay opens the game's room in the background when the game has a
// secret and the settings name brokers; it keeps trying while none
// answers, until the session closes.
func (s *Session) openRelay() {
	g := &s.sig
	brokers, secret := s.env.Settings.Brokers, s.Meta.Relay
	g.mu.Lock()
	defer g.mu.Unlock()
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
	room := keepOpening(ctx, brokers, secret, func(err error) {
		if err == nil {
			return // the room is taken below
		}
		g.mu.Lock()
		g.state, g.err = RelayDown, err
		g.mu.Unlock()
		s.env.Wake()
	})
	if room == nil {
		return
	}
	g.mu.Lock()
	g.state, g.err, g.room = RelayUp, nil, room
	g.mu.Unlock()
	mark("relay-up")
	s.env.Wake()
	s.relayServe(ctx, room)
	room.Close()
}

// keepOpening opens the room of secret on brokers, trying again every
// relayRetry while none answers; report hears how each try went. nil once
// ctx ends.
func keepOpening(ctx context.Context, brokers []string, secret []byte, report func(error)) *relay.Room {
	for {
		octx, cancel := context.WithTimeout(ctx, relayOpenWait)
		room, err := relay.Open(octx, brokers, secret)
		cancel()
		if ctx.Err() != nil {
			if room != nil {
				room.Close()
			}
			return nil
		}
		report(err)
		if err == nil {
			return room
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(relayRetry):
		}
	}
}

// relayServe watches the room's boxes and keeps this device's letters
// current until the session closes.
func (s *Session) relayServe(ctx context.Context, room *relay.Room) {
	select { // a guest's room opens while its answer is made
	case <-s.sig.readyCh():
	case <-ctx.Done():
		return
	}
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
		s.carryTurn(room)
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
			mark("reply-kept")
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
			mark("resume-kept")
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
		mark("back-taken")
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
	if err != nil || from >= s.Meta.Seat || s.fresh() {
		return
	}
	// Linked to the inviter meanwhile (it answered this page's resume
	// code): a second link for the pair would close the first.
	if s.nodeState().links[from].Direct || !s.firstAnswer(code) {
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

// SendReply leaves a guest's reply code to an invite link in the game's
// room, as a page does after Join, for a peer outside the app (cmd/peer);
// the inviter's page takes it by itself. It returns once a broker took
// it; done forgets the letter and leaves the room (call it once linked).
func SendReply(ctx context.Context, brokers []string, link, reply string) (done func(), err error) {
	st, code := SplitLink(link)
	if len(st.Relay) != relaySecretSize {
		return nil, fmt.Errorf("netplay: the invite link carries no relay secret")
	}
	iv, err := p2pnet.ParseInvite(code)
	if err != nil {
		return nil, err
	}
	room, err := relay.Open(ctx, brokers, st.Relay)
	if err != nil {
		return nil, err
	}
	key := strconv.Itoa(iv.To) + "." + tagOf(p2pnet.JoinCode(code))
	if err := room.Keep(ctx, boxReply, key, []byte(reply)); err != nil {
		room.Close()
		return nil, err
	}
	return func() {
		c, cancel := context.WithTimeout(context.Background(), relaySend)
		defer cancel()
		_ = room.Forget(c, boxReply, key)
		room.Close()
	}, nil
}
