package p2pnet

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sort"
	"sync"
	"time"

	"tabula/engine"
	"tabula/engine/p2p"
)

// Config configures a Node.
type Config struct {
	Build string    // build id; peers of another build are refused
	Rand  io.Reader // keys and secrets; crypto/rand.Reader when nil
	// ICEServers: a public STUN server by default in the app (settings),
	// none in tests.
	ICEServers []ICEServer
	Net        NetOptions
	// GatherTimeout caps ICE gathering before a code is shown (3 s).
	GatherTimeout time.Duration
	// MeshRetry is how long a guest-guest link attempt may take before it
	// is tried again; meanwhile messages are relayed (15 s).
	MeshRetry time.Duration
	TickEvery time.Duration // protocol clock resolution (100 ms)
	InviteTTL time.Duration // invite expiry (24 h)
	Protocol  p2p.Config    // protocol timings (Build and Rand are set from above)
	// Store receives the peer snapshot whenever it changed, before any
	// message that depends on it is sent. Keep it on the device.
	Store func(snapshot []byte)
	// Carry, when set, gets every protocol output after the node sent it
	// over its links (locked; it must not block or call the Node): a
	// second carriage, such as a turn-based table's relay room, sends the
	// same messages.
	Carry func(p *p2p.Peer, out p2p.Output)
	// OnEvent receives protocol and link events, on a Node goroutine with
	// the Node locked: do not call back into the Node; hand off (in the
	// browser: ctx.Dispatch).
	OnEvent func(Event)
	// Prof, when set, is told how long the node spent on what: "receive"
	// (the protocol taking in a message: checks and folds) and "snapshot"
	// (encoding the snapshot Store gets). The browser adds these up for
	// measurements.
	Prof func(what string, d time.Duration)

	// searching, when set, is called by a hosted bot's search between its
	// batches, besides the yield (tests hold a search there).
	searching func()
}

func (c *Config) defaults() {
	if c.Rand == nil {
		c.Rand = rand.Reader
	}
	if c.GatherTimeout == 0 {
		c.GatherTimeout = 3 * time.Second
	}
	if c.MeshRetry == 0 {
		c.MeshRetry = 15 * time.Second
	}
	if c.TickEvery == 0 {
		c.TickEvery = 100 * time.Millisecond
	}
	if c.InviteTTL == 0 {
		c.InviteTTL = 24 * time.Hour
	}
	c.Protocol.Build, c.Protocol.Rand = c.Build, c.Rand
}

// ICEServer is a STUN or TURN server (RTCIceServer).
type ICEServer struct {
	URLs                 []string
	Username, Credential string // TURN
}

// EventKind says what an Event reports.
type EventKind int

const (
	EvLinkUp   EventKind = iota + 1 // a direct link to Seat opened (Type)
	EvLinkDown                      // the direct link to Seat closed
	EvProtocol                      // a protocol event (P2P)
)

// Event is what the UI shows: link changes and protocol events.
type Event struct {
	Kind EventKind
	Seat int
	Type string // EvLinkUp: "host", "srflx", "prflx" or "relay"
	P2P  p2p.Event
	At   time.Time
}

// LinkInfo describes the connection to one seat.
type LinkInfo struct {
	Seat    int
	Direct  bool   // a data channel of our own
	Type    string // candidate type of the direct link
	Relayed bool   // no direct link: messages go through other peers
	Away    bool
	Bot     bool // played by the bot since a takeover (Takeover; the seat may Reclaim)
}

// Node is one seat of a game over WebRTC: the p2p state machine plus its
// data channels. All methods are safe for concurrent use.
type Node struct {
	cfg   Config
	api   rtcAPI
	start time.Time

	mu       sync.Mutex
	peer     *p2p.Peer
	links    map[int]*link    // current link per seat
	invites  map[uint64]*link // manual offers waiting for a reply
	attempts map[int]*link    // mesh offers we made, per seat
	answered map[int]uint64   // last mesh offer id answered, per seat
	// answering[s] is the link we made to answer seat s's last mesh offer,
	// answeredAt when: one offer per seat per MeshAnswerEvery is answered,
	// and a newer one replaces the older link (a flood of offers costs one
	// connection, not one each).
	answering  map[int]*link
	answeredAt map[int]time.Time
	// thinking is the hosted search bot's job running off the lock.
	thinking *p2p.BotJob
	closed   bool
	done     chan struct{}
}

func newNode(cfg Config, peer *p2p.Peer) *Node {
	n := &Node{cfg: cfg, api: newAPI(cfg.Net), start: time.Now(), peer: peer,
		links: map[int]*link{}, invites: map[uint64]*link{}, attempts: map[int]*link{},
		answered: map[int]uint64{}, answering: map[int]*link{}, answeredAt: map[int]time.Time{},
		done: make(chan struct{})}
	if cfg.Store != nil {
		cfg.Store(peer.Snapshot())
	}
	go n.loop()
	return n
}

// Host creates a game (setup names the game and player count) with this
// node in seat.
func Host(cfg Config, setup engine.Setup, seat int) (*Node, error) {
	cfg.defaults()
	p, err := p2p.NewHost(cfg.Protocol, setup, seat)
	if err != nil {
		return nil, err
	}
	return newNode(cfg, p), nil
}

// Join answers an invite link (or code) in a new node; it returns the
// reply code for the inviter to paste.
func Join(cfg Config, invite string) (*Node, string, error) {
	cfg.defaults()
	iv, err := ParseInvite(invite)
	if err != nil {
		return nil, "", err
	}
	if time.Now().After(iv.Expires) {
		return nil, "", fmt.Errorf("p2pnet: the invite expired at %s", iv.Expires.Format(time.RFC3339))
	}
	if iv.To == AnySeat {
		return nil, "", errors.New("p2pnet: this is a resume invite: answer it from the running game")
	}
	key := iv.Key
	p, err := p2p.NewGuest(cfg.Protocol, iv.Game, iv.To, iv.From, &key)
	if err != nil {
		return nil, "", err
	}
	n := newNode(cfg, p)
	reply, err := n.Answer(invite)
	if err != nil {
		n.Close()
		return nil, "", err
	}
	return n, reply, nil
}

// Resume restarts a node from its stored snapshot. Reconnect it with
// Offer(AnySeat) answered by any running peer (or Answer a peer's
// invite); the mesh then reforms by itself.
func Resume(cfg Config, snapshot []byte) (*Node, error) {
	cfg.defaults()
	p, err := p2p.Restore(cfg.Protocol, snapshot)
	if err != nil {
		return nil, err
	}
	return newNode(cfg, p), nil
}

// Offer makes an invite for seat to (AnySeat: whoever answers, for a
// resume) and returns its code; put it in a link with Invite.Link.
func (n *Node) Offer(to int) (string, error) {
	l, err := n.newLink(to)
	if err != nil {
		return "", err
	}
	c, err := l.offer()
	if err == nil {
		l.tag, err = OfferTag(c)
	}
	if err != nil {
		l.close()
		return "", err
	}
	n.mu.Lock()
	n.invites[l.id] = l
	iv := Invite{Offer: c, Game: n.peer.Game(), To: to, From: n.peer.Seat(), Key: n.peer.Key(),
		Expires: time.Now().Add(n.cfg.InviteTTL)}
	n.mu.Unlock()
	return iv.Encode()
}

// InviteLink is Offer as a link under site.
func (n *Node) InviteLink(site string, to int) (string, error) {
	code, err := n.Offer(to)
	if err != nil {
		return "", err
	}
	return site + "/" + JoinPrefix + code, nil
}

// Accept takes the reply code to one of our invites.
func (n *Node) Accept(reply string) error {
	r, err := ParseReply(reply)
	if err != nil {
		return err
	}
	n.mu.Lock()
	game := n.peer.Game()
	if [4]byte(game[:4]) != r.Tag {
		n.mu.Unlock()
		return fmt.Errorf("%w (the reply)", ErrOtherGame)
	}
	var l *link
	ids := make([]uint64, 0, len(n.invites))
	for id := range n.invites {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	named := r.Offer != [4]byte{}
	for _, id := range ids {
		c := n.invites[id]
		switch {
		case named:
			if c.tag == r.Offer {
				l = c
			}
		case c.seat == r.Seat || (c.seat == AnySeat && l == nil):
			// An earlier version's reply names no offer: the seat's
			// oldest invite, else the oldest resume invite.
			l = c
		}
		if l != nil && l.seat == r.Seat {
			break
		}
	}
	switch {
	case l == nil && named:
		n.mu.Unlock()
		return ErrOtherOffer
	case l == nil:
		n.mu.Unlock()
		return fmt.Errorf("p2pnet: no open invite for seat %d", r.Seat)
	case l.seat != AnySeat && l.seat != r.Seat:
		n.mu.Unlock()
		return fmt.Errorf("%w: a reply from seat %d to the invite of seat %d", ErrBadCode, r.Seat+1, l.seat+1)
	}
	delete(n.invites, l.id)
	l.seat = r.Seat
	n.mu.Unlock()
	return l.accept(r.Answer)
}

// Answer answers an invite for this node's game (a returning peer's
// resume invite, or the guest side of Join) and returns the reply code.
func (n *Node) Answer(invite string) (string, error) {
	iv, err := ParseInvite(invite)
	if err != nil {
		return "", err
	}
	n.mu.Lock()
	game, seat := n.peer.Game(), n.peer.Seat()
	n.mu.Unlock()
	if iv.Game != game {
		return "", fmt.Errorf("%w (the invite)", ErrOtherGame)
	}
	if iv.To != AnySeat && iv.To != seat {
		return "", fmt.Errorf("p2pnet: the invite is for seat %d, this is seat %d", iv.To, seat)
	}
	l, err := n.newLink(iv.From)
	if err != nil {
		return "", err
	}
	ans, err := l.answer(iv.Offer)
	if err != nil {
		l.close()
		return "", err
	}
	r := Reply{Answer: ans, Seat: seat}
	copy(r.Tag[:], game[:4])
	if r.Offer, err = OfferTag(iv.Offer); err != nil {
		l.close()
		return "", err
	}
	return r.Encode()
}

// Act performs this seat's action.
func (n *Node) Act(a engine.Action) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed {
		return ErrClosed
	}
	out, err := n.peer.Act(a)
	n.handle(out)
	return err
}

// Takeover votes to hand seat to the bot (p2p.Peer.ProposeTakeover):
// allowed while the game waits on that seat. When every other human seat
// has voted, the takeover enters the log and every peer plays that seat
// with the same deterministic bot. Votes and the takeover arrive as
// EvProtocol events (p2p.EvVote, p2p.EvTakeover); Links shows Bot.
func (n *Node) Takeover(seat int) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed {
		return ErrClosed
	}
	out, err := n.peer.ProposeTakeover(seat)
	n.handle(out)
	return err
}

// Reclaim asks to play this node's seat again after a takeover
// (p2p.Peer.Reclaim); it takes effect when a human seat next decides
// alone (p2p.EvReclaim).
func (n *Node) Reclaim() error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed {
		return ErrClosed
	}
	out, err := n.peer.Reclaim()
	n.handle(out)
	return err
}

// HandBack consents to give seat back to its player after it was handed to
// the bot for withholding a reveal or for a proven equivocation
// (p2p.Peer.HandBack).
func (n *Node) HandBack(seat int) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed {
		return ErrClosed
	}
	out, err := n.peer.HandBack(seat)
	n.handle(out)
	return err
}

// Bot reports whether seat (this node's own included) is played by the bot.
func (n *Node) Bot(seat int) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.peer.Bot(seat)
}

// With runs f with the peer, the node locked (read the match, the log,
// export the game). f must not keep the peer or call the Node.
func (n *Node) With(f func(p *p2p.Peer)) {
	n.mu.Lock()
	defer n.mu.Unlock()
	f(n.peer)
}

// Step runs f on the peer, the node locked, and handles its output as
// any other (stored, sent, reported): messages that came another way than
// the node's links (ReceiveRelayed from a relay room). A closed node
// does not run f.
func (n *Node) Step(f func(p *p2p.Peer) p2p.Output) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if !n.closed {
		n.handle(f(n.peer))
	}
}

// Links describes the connection to every other seat of the game.
func (n *Node) Links() []LinkInfo {
	n.mu.Lock()
	defer n.mu.Unlock()
	var out []LinkInfo
	for _, s := range n.seats() {
		li := LinkInfo{Seat: s, Away: n.peer.Away(s), Bot: n.peer.Bot(s)}
		if l := n.links[s]; l != nil && l.open {
			li.Direct, li.Type = true, l.typ
		} else {
			li.Relayed = n.anyOpen(s)
		}
		out = append(out, li)
	}
	return out
}

// Close stops the node and its links (a closed tab).
func (n *Node) Close() {
	n.mu.Lock()
	if n.closed {
		n.mu.Unlock()
		return
	}
	n.closed = true
	close(n.done)
	var ls []*link
	for _, l := range n.links {
		ls = append(ls, l)
	}
	for _, l := range n.invites {
		ls = append(ls, l)
	}
	for _, l := range n.attempts {
		ls = append(ls, l)
	}
	for _, l := range n.answering {
		ls = append(ls, l)
	}
	n.mu.Unlock()
	for _, l := range ls {
		l.close()
	}
}

func (n *Node) loop() {
	t := time.NewTicker(n.cfg.TickEvery)
	defer t.Stop()
	for {
		select {
		case <-n.done:
			return
		case <-t.C:
			n.mu.Lock()
			if !n.closed {
				n.handle(n.peer.Tick(time.Since(n.start)))
				n.mesh()
			}
			n.mu.Unlock()
		}
	}
}

// seats is every other party of the game (or, before the genesis, every
// seat we have a link to): hosted bot seats have no device to reach.
func (n *Node) seats() []int {
	var out []int
	if g := n.peer.Genesis(); g != nil {
		for s := range g.Seats {
			if s != n.peer.Seat() && g.Party(s) {
				out = append(out, s)
			}
		}
		return out
	}
	for s, l := range n.links {
		if l.open {
			out = append(out, s)
		}
	}
	sort.Ints(out)
	return out
}

func (n *Node) emit(e Event) {
	if n.cfg.OnEvent != nil {
		e.At = time.Now()
		n.cfg.OnEvent(e)
	}
}

// ErrClosed: the node was closed; a closed node changes nothing.
var ErrClosed = errors.New("p2pnet: the game was closed on this device")

// handle persists, sends and reports one protocol output (locked). A
// closed node drops the output, so nothing may change its peer once it is
// closed: what it applied and did not store would be lost on a resume
// (every caller checks n.closed before calling the peer).
func (n *Node) handle(out p2p.Output) {
	if n.closed {
		return
	}
	if out.Dirty && n.cfg.Store != nil {
		t0 := time.Now()
		snap := n.peer.Snapshot()
		n.prof("snapshot", t0)
		n.cfg.Store(snap)
	}
	for _, m := range out.Msgs {
		if m.To == p2p.Broadcast {
			for _, s := range n.seats() {
				n.sendTo(s, m.Data)
			}
		} else {
			n.sendTo(m.To, m.Data)
		}
	}
	for _, e := range out.Events {
		switch e.Kind {
		case p2p.EvSignal:
			n.onSignal(e.Signal)
			continue
		case p2p.EvRefused:
			if l := n.links[e.Seat]; l != nil && e.Seat != n.peer.Seat() {
				go l.close()
			}
		case p2p.EvForce:
			go n.force(e.Force)
		}
		n.emit(Event{Kind: EvProtocol, Seat: e.Seat, P2P: e})
	}
	if n.cfg.Carry != nil {
		n.cfg.Carry(n.peer, out)
	}
	n.think()
}

// think starts the search the log waits on (a hosted search bot's move)
// on a goroutine of its own: it runs off the node's lock, yielding now
// and then (in the browser the page paints and takes input meanwhile),
// and its move goes back to the peer when done (locked).
func (n *Node) think() {
	j, ok := n.peer.BotJob()
	if !ok || n.thinking == j {
		return
	}
	n.thinking = j
	go func() {
		pause := yielder()
		if hold := n.cfg.searching; hold != nil {
			yield := pause
			pause = func(done, total int) { hold(); yield(done, total) }
		}
		raw, err := j.Run(pause)
		n.mu.Lock()
		defer n.mu.Unlock()
		if n.thinking == j {
			n.thinking = nil
		}
		if n.closed {
			return // the move is not applied: nothing would store it
		}
		n.handle(n.peer.BotDone(j, raw, err))
	}()
}

// yieldEvery is how long a search runs before it lets others run.
const yieldEvery = 40 * time.Millisecond

// yielder is a search's pause: a short sleep every yieldEvery (under
// js/wasm a sleeping goroutine hands the JavaScript event loop its turn).
func yielder() func(done, total int) {
	last := time.Now()
	return func(done, total int) {
		if time.Since(last) >= yieldEvery {
			time.Sleep(time.Millisecond)
			last = time.Now()
		}
	}
}

// force opens a withheld chance round off the lock (T squarings: seconds
// natively, minutes on a slow phone; see package timelock) and hands the
// result back. A reveal that arrives meanwhile makes it moot: it stops.
func (n *Node) force(j *p2p.ForceJob) {
	stop := func() bool {
		n.mu.Lock()
		defer n.mu.Unlock()
		return n.closed || n.peer.PendingForce() != j
	}
	f := j.Run(stop)
	n.mu.Lock()
	defer n.mu.Unlock()
	if f != nil && !n.closed {
		n.handle(n.peer.Forced(j, f))
	}
}

// sendTo sends directly, or through every peer we are linked to when we
// have no direct link (they forward to seats they are linked to).
func (n *Node) sendTo(seat int, data []byte) {
	if l := n.links[seat]; l != nil && l.open {
		l.enqueue(data)
		return
	}
	relay := p2p.Encode(&p2p.Relay{From: n.peer.Seat(), To: seat, Inner: data})
	for s, l := range n.links {
		if s != seat && l.open {
			l.enqueue(relay)
		}
	}
}

func (n *Node) anyOpen(except int) bool {
	for s, l := range n.links {
		if s != except && l.open {
			return true
		}
	}
	return false
}

// dispatch takes one in-order message from the link to seat from (locked).
func (n *Node) dispatch(from int, data []byte) {
	if len(data) > 0 && data[0] == p2p.MsgRelay {
		m, err := p2p.Decode(data)
		if err != nil {
			return
		}
		r := m.(*p2p.Relay)
		switch {
		case r.To == n.peer.Seat():
			// The relaying peer could have written it: the protocol takes
			// only what proves its author (p2p.Peer.ReceiveRelayed).
			if r.From != n.peer.Seat() && (len(r.Inner) == 0 || r.Inner[0] != p2p.MsgRelay) {
				t0 := time.Now()
				out := n.peer.ReceiveRelayed(r.From, r.Inner)
				n.prof("receive", t0)
				n.handle(out)
			}
		default:
			// Forward once, only over a direct link: no loops.
			if l := n.links[r.To]; l != nil && l.open && r.To != from {
				l.enqueue(data)
			}
		}
		return
	}
	t0 := time.Now()
	out := n.peer.Receive(from, data)
	n.prof("receive", t0)
	n.handle(out)
}

// prof reports the time since t0 as what (Config.Prof).
func (n *Node) prof(what string, t0 time.Time) {
	if n.cfg.Prof != nil {
		n.cfg.Prof(what, time.Since(t0))
	}
}

// MeshAnswerEvery is how often one seat's mesh offers are answered.
const MeshAnswerEvery = 2 * time.Second

// Mesh: the lower seat of every pair without a direct link offers one,
// its signed offer and the signed answer travelling over the links we
// have (relayed where needed). Retried every MeshRetry.
func (n *Node) mesh() {
	if !n.peer.Started() || !n.anyOpen(-1) {
		return
	}
	for _, s := range n.seats() {
		if s < n.peer.Seat() {
			continue
		}
		if l := n.links[s]; l != nil && l.open {
			continue
		}
		if a := n.attempts[s]; a != nil && time.Since(a.created) < n.cfg.MeshRetry {
			continue
		}
		l, err := n.newLink(s)
		if err != nil {
			continue
		}
		if old := n.attempts[s]; old != nil {
			go old.close()
		}
		n.attempts[s] = l
		go n.meshOffer(l)
	}
}

const (
	sigOffer  = 'O'
	sigAnswer = 'A'
)

func sigPayload(kind byte, id uint64, c *Compact) ([]byte, error) {
	b, err := c.Bytes()
	if err != nil {
		return nil, err
	}
	p := binary.BigEndian.AppendUint64([]byte{kind}, id)
	return append(p, b...), nil
}

func (n *Node) meshOffer(l *link) {
	c, err := l.offer()
	if err != nil {
		l.close()
		return
	}
	p, err := sigPayload(sigOffer, l.id, c)
	if err != nil {
		return
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed || n.attempts[l.seat] != l {
		return
	}
	n.sendTo(l.seat, n.peer.SignSignal(l.seat, p))
}

// onSignal handles a verified mesh signal (locked).
func (n *Node) onSignal(s *p2p.Signal) {
	if s.To != n.peer.Seat() || len(s.Payload) < 9 {
		return
	}
	kind, id := s.Payload[0], binary.BigEndian.Uint64(s.Payload[1:9])
	c, rest, err := DecodeCompact(s.Payload[9:])
	if err != nil || len(rest) != 0 {
		return
	}
	switch kind {
	case sigOffer:
		if c.Answer || n.answered[s.From] == id {
			return
		}
		if l := n.links[s.From]; l != nil && l.open {
			return // we have a direct link: nothing to answer
		}
		if at, ok := n.answeredAt[s.From]; ok && time.Since(at) < MeshAnswerEvery {
			return // the seat offers again too soon: it retries anyway
		}
		n.answered[s.From], n.answeredAt[s.From] = id, time.Now()
		from := s.From
		if old := n.answering[from]; old != nil {
			go old.close()
		}
		l, err := n.newLink(from)
		if err != nil {
			return
		}
		n.answering[from] = l
		go func() {
			ans, err := l.answer(c)
			if err != nil {
				l.close()
				return
			}
			p, err := sigPayload(sigAnswer, id, ans)
			if err != nil {
				return
			}
			n.mu.Lock()
			defer n.mu.Unlock()
			if !n.closed {
				n.sendTo(from, n.peer.SignSignal(from, p))
			}
		}()
	case sigAnswer:
		l := n.attempts[s.From]
		if !c.Answer || l == nil || l.id != id || l.answered {
			return
		}
		l.answered = true
		go func() {
			if err := l.accept(c); err != nil {
				l.close()
			}
		}()
	}
}
