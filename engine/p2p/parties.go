package p2p

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"tabula/engine"
	"tabula/engine/bot"
)

// BotVersion names the bot that plays taken-over seats. Its choices are
// part of the protocol: a takeover entry records it, and a log is verified
// only by a build whose bot chooses alike. Change it with any change to
// engine/bot's greedy bot or to what it sees (TestTakeoverGamePinned fails
// as a reminder). 3: at a table with people, the bot keeps the offers
// they would not welcome to itself (bot.Courteous).
const BotVersion = "greedy/3"

// botSeat is a seat played by the bot since entry Since (0: hosted from
// the genesis).
type botSeat struct {
	since  uint64
	reason byte
	kind   string // "greedy" or a search level ("mcts-hard")
	// search is the level of a search bot ("hard"): its move is a pure
	// function of the log (searchChoice), asked once per head and kept in
	// memo; b and next are unused.
	search string
	// b has made exactly the bot moves in the log so far. A decision is
	// asked of a clone (next), once per head; the clone replaces b only
	// when an entry holding the move is applied (commit). So the bot's
	// tie-break memory and random stream follow the log, not how often a
	// peer asked: a peer that asked at a point that a takeover then
	// passed by, a peer that catches up by SYNC and Verify all agree.
	b       *bot.Greedy
	next    *bot.Greedy
	memoSeq uint64
	memo    []byte
	memoErr error
	asked   bool
}

// BotSeed is the greedy bot's seed for a taken-over seat: a pure function
// of the game id and the seat.
func BotSeed(game GameID, seat int) uint64 {
	b := append([]byte("tabula/p2p/bot\x00"), game[:]...)
	b = append(b, byte(seat))
	h := sha256.Sum256(b)
	return binary.BigEndian.Uint64(h[:8])
}

// isBot reports whether seat is played by the bot.
func (l *ledger) isBot(seat int) bool {
	return seat >= 0 && seat < len(l.bots) && l.bots[seat] != nil
}

// humans is every seat not played by the bot, ascending.
func (l *ledger) humans() []int {
	var out []int
	for s := range l.gen.Seats {
		if !l.isBot(s) {
			out = append(out, s)
		}
	}
	return out
}

// revealers is the seat set of the next chance entry: nil when every seat
// reveals (the layout of a game without takeovers), else the humans.
func (l *ledger) revealers() []int {
	hs := l.humans()
	if len(hs) == len(l.gen.Seats) {
		return nil
	}
	return hs
}

// waitsOn reports whether the log, at its head, waits on seat: a chance
// request needs its reveal, or it is among the deciders.
func (l *ledger) waitsOn(seat int) bool {
	st := l.status()
	if st.Over || l.isBot(seat) {
		return false
	}
	if s, ok := l.sealedWait(); ok {
		return s == seat // a deck message (sealed play)
	}
	return st.Chance != nil || st.Decides(engine.Seat(seat))
}

// botChoice is the bot's action JSON for seat at the current head.
func (l *ledger) botChoice(seat int) ([]byte, error) {
	b := l.bots[seat]
	seq, _ := l.head()
	if b.asked && b.memoSeq == seq {
		return b.memo, b.memoErr
	}
	if b.search != "" {
		// Verify and a catching-up ledger search here; a live peer
		// searches off its lock first (BotJob).
		raw, err := searchChoice(l.gen.Game, b.search, seat, seq, l.botState(l.botView(), seat), nil)
		b.asked, b.memoSeq, b.memo, b.memoErr = true, seq, raw, err
		return raw, err
	}
	b.asked, b.memoSeq, b.memo, b.memoErr = true, seq, nil, nil
	b.next = b.b.Clone()
	a := b.next.Choose(l.botState(l.botView(), seat), engine.Seat(seat))
	if a == nil {
		b.memoErr = fmt.Errorf("%w: the bot of seat %d has no legal action", ErrBadBot, seat)
		return nil, b.memoErr
	}
	raw, err := json.Marshal(a)
	if err != nil {
		b.memoErr = fmt.Errorf("%w: %v", ErrBadBot, err)
		return nil, b.memoErr
	}
	b.memo = raw
	return raw, nil
}

// botState is st as the bot of seat decides on it: while a person plays
// another seat, with the offers hidden that bots keep from people
// (bot.Courteous: at most one a turn, only good ones, none when the
// genesis turns bot offers off). Its inputs are the genesis and the log,
// so every device decides alike.
func (l *ledger) botState(st engine.State, seat int) engine.State {
	if len(l.humans()) == 0 {
		return st
	}
	return bot.Courteous(st, engine.Seat(seat), l.gen.Meta[bot.MetaOffers] == bot.OffersOff)
}

// commitBot keeps the bot's move at the head: called once an entry that
// holds it is applied.
func (l *ledger) commitBot(seat int) {
	if b := l.bots[seat]; b != nil && b.next != nil {
		b.b, b.next, b.asked = b.next, nil, false
	}
}

func (l *ledger) applyBot(e *Entry, post string) error {
	st := l.status()
	switch {
	case len(e.Sig) != 0:
		return fmt.Errorf("%w: bot entries are not signed", ErrMalformed)
	case !l.isBot(e.Author):
		return fmt.Errorf("%w: seat %d is not played by the bot", ErrOutOfTurn, e.Author)
	case st.Chance != nil || len(st.Deciders) != 1 || int(st.Deciders[0]) != e.Author:
		return fmt.Errorf("%w: bot of seat %d, deciders are %v", ErrOutOfTurn, e.Author, st.Deciders)
	}
	l.trust(e.Author, e.Body)
	want, err := l.botChoice(e.Author)
	if err != nil {
		return err
	}
	if !bytes.Equal(want, e.Body) {
		return fmt.Errorf("%w: seat %d's bot plays %s, the entry says %s", ErrBadBot, e.Author, want, e.Body)
	}
	es := l.botEntries(e.Author, e.Body)
	if len(es) == 1 {
		if err := l.appendOwn(post, es[0]); err != nil {
			return mapHash(err)
		}
	} else if err := l.appendShown(post, es); err != nil {
		return err
	}
	l.commitBot(e.Author)
	return nil
}

// botEntries are the engine entries of a bot's move: the cards it shows
// first (sealed play, botShows), then the action.
func (l *ledger) botEntries(seat int, raw []byte) []engine.Entry {
	var ss []showing
	if l.sealedGame() {
		ss = l.botShows(seat, raw)
	}
	return batchEntries(seat, raw, ss)
}

// appendShown appends a bot's shows and move (a sealed game), the public
// game's hash after them checked first; nothing changes on error.
func (l *ledger) appendShown(post string, es []engine.Entry) error {
	if err := l.checkPublic(post, es...); err != nil {
		return mapHash(err)
	}
	return l.foldOwn(es)
}

// ---- Peer side ----

// Bot reports whether seat is played by the bot (hosted, or after a
// takeover).
func (p *Peer) Bot(seat int) bool { return p.led != nil && p.led.isBot(seat) }

// BotSeats is every seat played by the bot, ascending.
func (p *Peer) BotSeats() []int {
	if p.led == nil {
		return nil
	}
	var out []int
	for s := range p.led.gen.Seats {
		if p.led.isBot(s) {
			out = append(out, s)
		}
	}
	return out
}

// TakeoverReason is why seat is played by the bot (ReasonAway, ReasonAbort,
// ReasonProof), and false when it is not.
func (p *Peer) TakeoverReason(seat int) (byte, bool) {
	if p.led == nil || !p.led.isBot(seat) || p.led.bots[seat].reason == reasonHosted {
		return 0, false
	}
	return p.led.bots[seat].reason, true
}

// Hosted bot seats.
//
// A seat whose genesis kind is HostedPrefix and a bot kind is played from
// the log, by every device alike: it has no key, no chance secret and
// no vote, and no device speaks for it. So the device that
// hosts it knows no more about chance than any other, and its seats count
// once in every majority (a party is a seat held by a device).

// HostedPrefix starts the genesis kind of a hosted bot seat ("bot:greedy",
// "bot:mcts-hard").
const HostedPrefix = "bot:"

// HostedKinds are the bots a seat may be hosted with, as engine/bot names
// them, the quickest first.
func HostedKinds() []string { return []string{"greedy", "mcts-easy", "mcts-normal", "mcts-hard"} }

// HostedKind is the bot kind of a genesis seat kind, and whether the seat
// is a hosted bot seat at all.
func HostedKind(kind string) (string, bool) {
	return strings.CutPrefix(kind, HostedPrefix)
}

// Party reports whether seat is held by a device (it has a key, a chance
// secret and a vote), not hosted.
func (g *Genesis) Party(seat int) bool {
	if seat < 0 || seat >= len(g.Seats) {
		return false
	}
	_, hosted := HostedKind(g.Seats[seat].Kind)
	return !hosted
}

// parties is every seat held by a device, ascending.
func (g *Genesis) parties() []int {
	var out []int
	for s := range g.Seats {
		if g.Party(s) {
			out = append(out, s)
		}
	}
	return out
}

// checkParties: a hosted seat names a bot this build plays and holds no
// key or commitment; at least one seat is a party.
func (g *Genesis) checkParties() error {
	for i, s := range g.Seats {
		k, hosted := HostedKind(s.Kind)
		if !hosted {
			continue
		}
		if !slices.Contains(HostedKinds(), k) {
			return fmt.Errorf("%w: seat %d is hosted with the bot %q, this build plays %v", ErrMismatch, i, k, HostedKinds())
		}
		if s.Key != (PublicKey{}) || s.Tip != (Hash{}) {
			return fmt.Errorf("%w: hosted seat %d holds a key", ErrMalformed, i)
		}
	}
	if len(g.parties()) == 0 {
		return fmt.Errorf("%w: no seat is held by a device", ErrMalformed)
	}
	return nil
}

// verifySeat checks sig by seat over msg: only a party's key signs.
func (g *Genesis) verifySeat(seat int, msg, sig []byte) bool {
	return g.Party(seat) && len(sig) == ed25519.SignatureSize && ed25519.Verify(g.Seats[seat].Key[:], msg, sig)
}

// reasonHosted marks a botSeat hosted from the genesis (not a takeover).
const reasonHosted byte = 255

// newBotSeat is the bot of seat: kind "greedy" (takeovers, and hosted
// greedy seats) or a search level.
func newBotSeat(game GameID, seat int, kind string, since uint64, reason byte) *botSeat {
	b := &botSeat{since: since, reason: reason, kind: kind}
	if level, ok := strings.CutPrefix(kind, "mcts-"); ok {
		b.search = level
	} else {
		b.b = bot.NewGreedy(BotSeed(game, seat))
	}
	return b
}

// searchChoice is a hosted search bot's move: a pure function of the game
// id, the seat, the level, the log's length and the state. pause, when
// set, lets the caller yield while it thinks (it cannot change the move).
func searchChoice(game GameID, level string, seat int, seq uint64, st engine.State, pause func(done, total int)) ([]byte, error) {
	m, ok := bot.NewMCTS(level, BotSeed(game, seat))
	if !ok {
		return nil, fmt.Errorf("%w: search level %q", ErrMismatch, level)
	}
	m.Pause = pause
	a := m.ChooseMove(st, engine.Seat(seat), int(seq))
	if a == nil {
		return nil, fmt.Errorf("%w: the bot of seat %d has no legal action", ErrBadBot, seat)
	}
	raw, err := json.Marshal(a)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadBot, err)
	}
	return raw, nil
}

// chosen reports whether seat's move at the head is known without
// thinking: the seat is not a hosted bot (a takeover's greedy bot is
// quick and asked at once), or its BotJob is done.
func (l *ledger) chosen(seat int) bool {
	b := l.bots[seat]
	if b == nil || b.search == "" && b.reason != reasonHosted {
		return true
	}
	seq, _ := l.head()
	return b.asked && b.memoSeq == seq
}

// trust takes raw as seat's move at the head without searching, for an
// entry of our own log being replayed (it was checked when first applied).
func (l *ledger) trust(seat int, raw []byte) {
	b := l.bots[seat]
	seq, _ := l.head()
	if b != nil && b.search != "" && seq < l.trusted {
		b.asked, b.memoSeq, b.memo, b.memoErr = true, seq, raw, nil
	}
}

// thinking reports whether e, the next entry, needs a search bot's move
// that is not known yet (the peer waits for its BotJob).
func (l *ledger) thinking(e *Entry) bool {
	if e.Kind != KindBot && e.Kind != KindBatch {
		return false
	}
	for _, d := range l.deciders() {
		if !l.chosen(int(d)) {
			return true
		}
	}
	return false
}

// Hosted is the bot kind of seat when it is a hosted bot seat.
func (p *Peer) Hosted(seat int) (string, bool) {
	if p.gen == nil || seat < 0 || seat >= len(p.gen.Seats) {
		return "", false
	}
	return HostedKind(p.gen.Seats[seat].Kind)
}

// BotJob is one decision of a hosted search bot. Searching takes long
// (a second or more on a phone), so the peer does not search under its
// caller's lock: BotJob hands the decision out, Run thinks (anywhere, on
// a copy of the state), and BotDone gives the move back. Every device
// thinks alike and gets the same move.
type BotJob struct {
	Seat     int
	Base     uint64 // the head the decision answers
	BaseHash Hash
	Level    string // the search level; "" for the greedy bot
	game     GameID
	state    engine.State
	greedy   *bot.Greedy // a copy of the seat's greedy bot, which chooses
}

// Run is the job's move (action JSON). pause, when set, is called between
// batches of the search.
func (j *BotJob) Run(pause func(done, total int)) ([]byte, error) {
	if j.greedy == nil {
		return searchChoice(j.game, j.Level, j.Seat, j.Base, j.state, pause)
	}
	a := j.greedy.Choose(j.state, engine.Seat(j.Seat))
	if a == nil {
		return nil, fmt.Errorf("%w: the bot of seat %d has no legal action", ErrBadBot, j.Seat)
	}
	raw, err := json.Marshal(a)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadBot, err)
	}
	return raw, nil
}

// BotJob is the search the log waits on at the head, if any: the same job
// until BotDone answers it or the head moves.
func (p *Peer) BotJob() (*BotJob, bool) {
	if p.led == nil || p.led.status().Over || p.led.status().Chance != nil {
		return nil, false
	}
	seq, hh := p.led.head()
	for _, d := range p.led.deciders() {
		s := int(d)
		if p.led.chosen(s) {
			continue
		}
		if p.job == nil || p.job.Base != seq || p.job.BaseHash != hh || p.job.Seat != s {
			b := p.led.bots[s]
			p.job = &BotJob{Seat: s, Base: seq, BaseHash: hh, Level: b.search, game: p.gameID, state: p.led.botState(p.led.botView().Clone(), s)}
			if b.search == "" {
				p.job.greedy = b.b.Clone()
			}
		}
		return p.job, true
	}
	return nil, false
}

// BotDone gives the move of job j (Run's result). It is dropped if the
// log has moved on meanwhile.
func (p *Peer) BotDone(j *BotJob, raw []byte, err error) Output {
	if p.led == nil {
		return p.flush()
	}
	seq, hh := p.led.head()
	if j.Base != seq || j.BaseHash != hh || p.led.chosen(j.Seat) {
		return p.flush()
	}
	b := p.led.bots[j.Seat]
	b.asked, b.memoSeq, b.memo, b.memoErr = true, seq, raw, err
	if j.greedy != nil {
		b.next = j.greedy // kept once an entry holds the move (commitBot)
	}
	p.job = nil
	p.progress()
	return p.flush()
}
