package p2p

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"

	"tabula/engine"
	"tabula/engine/deck"
)

// Sealed play (docs/p2p.md, "Hidden cards: dealing by cryptography"): a
// game set up with engine.Sealed deals its hidden cards from decks that
// the parties shuffle jointly (package engine/deck). Every deck message
// is a signed log entry (KindDeck) written by the one party the deck
// waits on first, so the log orders them and every device feeds its deck
// the same messages in the same order. A hidden draw is answered by
// opening its positions to the audience's parties and then a KindHidden
// entry, which every device builds alike and resolves with the values it
// may know (engine.Unknown elsewhere). A card shown to every seat travels
// in a KindShow entry with its holder's decryption share (the proof);
// after the game every party reveals its deck keys (the audit).

// sealState is a sealed game's decks as this device holds them.
type sealState struct {
	me      int // this device's party: index in parties
	parties []int
	specs   []engine.DeckSpec
	decks   []*deck.Deck
	log     []*dealt     // per deck: what the log holds of it
	outbox  [][]deck.Msg // per deck: own messages made and not yet in the log
	opened  int          // chance request whose cards are opened (-1: none)
	reveal  bool         // own audit reveals made
	// Cheats found (in order), how many were reported as events, and the
	// audit's reports once every key is in.
	cheats   []Cheat
	reported int
	reports  []*deck.Report
	fault    error // our own deck refused a step (a bug), until reported
	// public is the game as every device knows it alike: the log with
	// only the cards opened to all. Bots decide on it, so every device
	// makes the same bot move whatever cards its own seat holds.
	public *engine.Match
}

// Cheat is a cheat proved in a sealed game: the seat, what it did, and
// the proof (encoded deck messages, or the signed entry that carried a
// lie).
type Cheat struct {
	Seat  int
	Deck  string
	Err   error
	Entry []byte // the signed entry, when the lie is an entry
}

// sealedGame reports whether the ledger plays a sealed setup.
func (l *ledger) sealedGame() bool { return l.match.Setup.IsSealed() }

// seal makes this device's decks for a sealed game (seat: its party;
// seed: a secret only it holds, from which every deck secret comes, so a
// reload rebuilds the decks exactly from the log). Seat -1 makes observer
// decks (a spectator, a game file's verifier): they check every message
// and know what is opened to all. Plain games: nothing.
func (l *ledger) seal(seat int, seed []byte, forge func(string, deck.Msg) deck.Msg) error {
	if !l.sealedGame() {
		return nil
	}
	sg, ok := l.game.(engine.SealedGame)
	if !ok {
		return fmt.Errorf("%w: %s cannot play sealed", ErrMismatch, l.game.ID())
	}
	parties := l.gen.parties()
	me := slices.Index(parties, seat)
	if len(parties) < 2 || me < 0 && seat != -1 {
		return fmt.Errorf("%w: sealed play needs two or more devices, seat %d among them", ErrMismatch, seat)
	}
	if seat == -1 {
		me = deck.Observer
	}
	s := &sealState{me: me, parties: parties, specs: sg.Decks(l.match.Setup), opened: -1}
	for _, spec := range s.specs {
		cfg := deck.Config{ID: deckID(l.gen.Game, spec.Name), Cards: spec.Size, Parties: len(parties), Me: me}
		if me != deck.Observer {
			cfg.Rand = deckRand(seed, l.gen.Game, spec.Name)
		}
		if forge != nil {
			cfg.Forge = func(m deck.Msg) deck.Msg { return forge(spec.Name, m) }
		}
		d, err := deck.New(cfg)
		if err != nil {
			return err
		}
		var out []deck.Msg
		if me != deck.Observer {
			if out, err = d.Start(); err != nil {
				return err
			}
		}
		s.decks = append(s.decks, d)
		s.outbox = append(s.outbox, out)
		s.log = append(s.log, newDealt(len(parties)))
	}
	pub, err := engine.NewMatch(l.game, l.match.Setup, nil)
	if err != nil {
		return err
	}
	s.public = pub
	l.sealed = s
	l.mirror(0)
	l.sealSync()
	return nil
}

// fileMatch is the game a file holds: the public game when sealed (what
// every device and a verifier know alike).
func (l *ledger) fileMatch() *engine.Match {
	if l.sealed != nil {
		return l.sealed.public
	}
	return l.match
}

// botView is the state bots decide on: the public game when sealed.
func (l *ledger) botView() engine.State {
	if l.sealed != nil {
		return l.sealed.public.State
	}
	return l.match.State
}

// mirror folds the engine entries from n on into the public game, with
// every value of a draw not opened to all unknown.
func (l *ledger) mirror(n int) {
	s := l.sealed
	if s == nil {
		return
	}
	for _, e := range l.match.Entries[n:] {
		e.Post = ""
		if req := s.public.State.Status().Chance; e.IsChance() && req != nil && req.Hidden() && l.audience(*req) != nil {
			e.Chance = make(engine.Outcome, len(e.Chance))
			for i := range e.Chance {
				e.Chance[i] = engine.Unknown
			}
		}
		if err := s.public.Append(e); err != nil {
			s.note(fmt.Errorf("the public game refuses entry %d: %w", len(s.public.Entries)+1, err))
			return
		}
	}
}

func deckID(game GameID, name string) []byte {
	return append(append([]byte("tabula/p2p/deck\x00"), game[:]...), name...)
}

// deckRand is a deck's secrets: SHA-256 in counter mode over a key
// derived from the seat's signing seed (never revealed), the game and
// the deck.
func deckRand(seed []byte, game GameID, name string) io.Reader {
	h := sha256.New()
	h.Write([]byte("tabula/p2p/deck-secrets/v1\x00"))
	h.Write(seed)
	h.Write(game[:])
	h.Write([]byte(name))
	r := &counterRand{}
	h.Sum(r.key[:0])
	return r
}

type counterRand struct {
	key [32]byte
	n   uint64
	buf []byte
}

func (r *counterRand) Read(p []byte) (int, error) {
	for k := 0; k < len(p); {
		if len(r.buf) == 0 {
			b := sha256.Sum256(binary.BigEndian.AppendUint64(r.key[:], r.n))
			r.n++
			r.buf = b[:]
		}
		c := copy(p[k:], r.buf)
		r.buf, k = r.buf[c:], k+c
	}
	return len(p), nil
}

// agreed is the post hash of st: engine.AgreedHash (the state hash for a
// plain game).
func (l *ledger) agreed(st engine.State) Hash { return Hash(engine.AgreedHash(l.match.Setup, st)) }

// noSeal refuses sealed entries on a ledger with no decks.
func (l *ledger) noSeal() error {
	if l.sealed == nil {
		return fmt.Errorf("%w: a sealed entry in a game this ledger holds no decks for (only a seated device follows a sealed game)", ErrMalformed)
	}
	return nil
}

func (s *sealState) deck(name string) int {
	for i, sp := range s.specs {
		if sp.Name == name {
			return i
		}
	}
	return -1
}

// sealSync opens the cards of a pending hidden draw once its deck is
// dealt, and makes our audit reveals once the game is over: at the same
// point of the log on every device.
func (l *ledger) sealSync() {
	s := l.sealed
	if s == nil {
		return
	}
	st := l.status()
	if st.Over {
		if !s.reveal && s.me != deck.Observer {
			s.reveal = true
			for i, d := range s.decks {
				if !s.log[i].ready() {
					continue
				}
				out, err := d.Reveal()
				s.note(err)
				s.outbox[i] = append(s.outbox[i], out...)
			}
		}
		return
	}
	k := l.match.ChanceCount()
	if st.Chance == nil || !st.Chance.Hidden() || s.opened == k {
		return
	}
	i := s.deck(st.Chance.Deck)
	if i < 0 {
		s.note(fmt.Errorf("the game draws from deck %q it did not declare", st.Chance.Deck))
		return
	}
	d := s.decks[i]
	if !s.log[i].ready() {
		return // the deal comes first
	}
	aud := l.audience(*st.Chance)
	for _, pos := range st.Chance.Cards {
		var out []deck.Msg
		var err error
		switch {
		case aud == nil:
			out, err = d.Open(pos, deck.All)
		case len(aud) == 1:
			out, err = d.Open(pos, aud[0])
		default:
			out, err = d.OpenAmong(pos, aud)
		}
		s.note(err)
		s.outbox[i] = append(s.outbox[i], out...)
		s.log[i].open(pos, aud)
	}
	s.opened = k
}

func (s *sealState) note(err error) {
	if err != nil && s.fault == nil {
		s.fault = err
	}
}

// audience is the parties a hidden draw opens to, nil for every party:
// no audience, every party in it, or a seat no device holds (a bot's
// cards are played by every device, so they are open to all).
func (l *ledger) audience(r engine.ChanceRequest) []int {
	if r.Audience == nil {
		return nil
	}
	var out []int
	for _, seat := range r.Audience {
		i := slices.Index(l.sealed.parties, int(seat))
		if i < 0 || l.isBot(int(seat)) {
			return nil
		}
		if !slices.Contains(out, i) {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	if len(out) == len(l.sealed.parties) {
		return nil
	}
	return out
}

// deckDue is the deck entry the log waits for: the deck and the party
// (the first the deck waits on; after the game, the first whose audit
// reveal is missing).
func (l *ledger) deckDue() (int, int, bool) {
	s := l.sealed
	if s == nil {
		return 0, 0, false
	}
	if l.status().Over {
		for i, t := range s.log {
			if !t.ready() {
				continue
			}
			for p, ok := range t.audits {
				if !ok && !t.rebuilt(p) {
					return i, p, true
				}
			}
		}
		return 0, 0, false
	}
	for i, t := range s.log {
		if p, ok := t.due(); ok {
			return i, p, true
		}
	}
	return 0, 0, false
}

// sealedWait is the seat the log waits on for a deck entry.
func (l *ledger) sealedWait() (int, bool) {
	_, p, ok := l.deckDue()
	if !ok {
		return 0, false
	}
	return l.sealed.parties[p], true
}

// Deck entry body: the deck's index, then one deck message (deck.Encode).
func deckBody(i int, m deck.Msg) []byte { return append([]byte{byte(i)}, deck.Encode(m)...) }

func (l *ledger) applyDeck(e *Entry) error {
	if err := l.noSeal(); err != nil {
		return err
	}
	if err := l.verifyEntrySig(e); err != nil {
		return err
	}
	s := l.sealed
	i, p, ok := l.deckDue()
	switch {
	case !ok:
		return fmt.Errorf("%w: no deck waits on anyone", ErrOutOfTurn)
	case e.Author != s.parties[p]:
		return fmt.Errorf("%w: deck %q waits on seat %d, not seat %d", ErrOutOfTurn, s.specs[i].Name, s.parties[p], e.Author)
	case len(e.Body) < 1 || int(e.Body[0]) != i:
		return fmt.Errorf("%w: a message for another deck than %q", ErrOutOfTurn, s.specs[i].Name)
	case e.Post != l.agreed(l.match.State):
		return fmt.Errorf("%w: a deck entry changes no state", ErrBadPost)
	}
	m, err := deck.Decode(e.Body[1:])
	if err != nil {
		return fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if m.From() != p {
		return fmt.Errorf("%w: seat %d signs party %d's deck message", ErrForged, e.Author, m.From())
	}
	if _, isAudit := m.(*deck.AuditMsg); isAudit != l.status().Over {
		return fmt.Errorf("%w: keys are revealed when the game is over, and then only they", ErrOutOfTurn)
	}
	if err := s.log[i].fits(p, m); err != nil {
		return err
	}
	d := s.decks[i]
	out, err := d.Receive(m)
	if err != nil {
		return err
	}
	s.log[i].took(p, m)
	if p == s.me {
		enc := deck.Encode(m)
		s.outbox[i] = slices.DeleteFunc(s.outbox[i], func(o deck.Msg) bool { return bytes.Equal(deck.Encode(o), enc) })
	}
	s.outbox[i] = append(s.outbox[i], out...)
	if _, isAudit := m.(*deck.AuditMsg); isAudit {
		l.maybeAudit()
	}
	return nil
}

// maybeAudit checks every deck once every party's keys are in.
func (l *ledger) maybeAudit() {
	s := l.sealed
	if s.reports != nil {
		return
	}
	for _, t := range s.log {
		for p, ok := range t.audits {
			if t.ready() && !ok && !t.rebuilt(p) {
				return
			}
		}
	}
	reps := make([]*deck.Report, len(s.decks))
	for i, d := range s.decks {
		if !s.log[i].ready() {
			continue
		}
		rep, err := d.Audit()
		if err != nil {
			s.note(err)
			continue
		}
		reps[i] = rep
		for _, c := range rep.Cheats {
			s.cheats = append(s.cheats, Cheat{Seat: s.parties[c.Party], Deck: s.specs[i].Name, Err: c})
		}
	}
	s.reports = reps
}

// hiddenReady: the pending hidden draw's cards are opened and every share
// is in, so its entry may be written.
func (l *ledger) hiddenReady() bool {
	s := l.sealed
	if s == nil {
		return false
	}
	st := l.status()
	_, _, due := l.deckDue()
	return !st.Over && st.Chance != nil && st.Chance.Hidden() && s.opened == l.match.ChanceCount() && !due
}

// hiddenOutcome is the pending hidden draw as this device may know it:
// every value, or every value engine.Unknown.
func (l *ledger) hiddenOutcome() engine.Outcome {
	s := l.sealed
	req := l.status().Chance
	d := s.decks[s.deck(req.Deck)]
	o := make(engine.Outcome, len(req.Cards))
	for k, pos := range req.Cards {
		c, err := d.Card(pos)
		if err != nil {
			if errors.Is(err, deck.ErrNotACard) {
				s.note(fmt.Errorf("card %d of deck %q is none of its cards: a shuffle was tampered with (the audit names who)", pos, req.Deck))
			}
			for j := range o {
				o[j] = engine.Unknown
			}
			return o
		}
		o[k] = c
	}
	return o
}

// Hidden entry body: the chance request's number k.
func (l *ledger) applyHidden(e *Entry, post string) error {
	if err := l.noSeal(); err != nil {
		return err
	}
	r := reader{b: e.Body}
	k := r.uvarint()
	if err := r.done(); err != nil {
		return err
	}
	switch {
	case e.Author != -1 || len(e.Sig) != 0:
		return fmt.Errorf("%w: hidden draw entries have no author", ErrMalformed)
	case !l.hiddenReady():
		return fmt.Errorf("%w: no hidden draw is ready", ErrOutOfTurn)
	case k != uint64(l.match.ChanceCount()):
		return fmt.Errorf("%w: hidden draw %d, pending is %d", ErrOutOfTurn, k, l.match.ChanceCount())
	}
	if err := l.match.Append(engine.Entry{Seat: engine.Spectator, Chance: l.hiddenOutcome(), Post: post}); err != nil {
		return mapHash(err)
	}
	l.chanceSeq = append(l.chanceSeq, e.Seq) // chance requests are counted over both kinds
	return nil
}

// hiddenEntry is the entry answering the pending hidden draw.
func (l *ledger) hiddenEntry(seq uint64, headHash Hash) (Entry, error) {
	trial := l.match.State.Clone()
	if err := trial.Resolve(l.hiddenOutcome()); err != nil {
		return Entry{}, err
	}
	var w writer
	w.uvarint(uint64(l.match.ChanceCount()))
	return Entry{Game: l.gen.Game, Seq: seq + 1, Prev: headHash, Author: -1, Kind: KindHidden, Body: w.b, Post: l.agreed(trial)}, nil
}

// sealedStep writes the deck or hidden-draw entry the log waits for, if
// this device may: moved when it did; blocked when the log waits on a
// deck entry (ours that failed, or another party's).
func (p *Peer) sealedStep(seq uint64, head Hash) (moved, blocked bool) {
	l := p.led
	s := l.sealed
	if s == nil {
		return false, false
	}
	p.reportSealed()
	if i, party, due := l.deckDue(); due {
		if party != s.me {
			return false, true
		}
		m, ok := s.log[i].owedBy(party, s.outbox[i])
		if !ok {
			s.note(fmt.Errorf("deck %q waits for our message and we made none", s.specs[i].Name))
			p.reportSealed()
			return false, true
		}
		e := Entry{Game: p.gameID, Seq: seq + 1, Prev: head, Author: p.seat, Kind: KindDeck, Body: deckBody(i, m), Post: l.agreed(l.match.State)}
		e.Sig = ed25519.Sign(p.priv, e.signBytes())
		if !p.applyEntry(p.seat, e) {
			return false, true
		}
		p.send(Broadcast, &EntryMsg{Entry: e})
		return true, false
	}
	if l.hiddenReady() {
		e, err := l.hiddenEntry(seq, head)
		if err != nil {
			p.reject(p.seat, err)
			return false, true
		}
		return p.applyEntry(p.seat, e), false
	}
	if i, cards := l.leftDue(); cards != nil {
		e, err := l.leftEntry(seq, head, i, cards)
		if err != nil {
			p.reject(p.seat, err)
			return false, true
		}
		return p.applyEntry(p.seat, e), false
	}
	return false, false
}

// reportSealed hands out what the decks found: cheats (EvCheat) and a
// fault of our own deck (EvRejected), each once.
func (p *Peer) reportSealed() {
	s := p.led.sealed
	for ; s.reported < len(s.cheats); s.reported++ {
		c := s.cheats[s.reported]
		p.event(Event{Kind: EvCheat, Seat: c.Seat, Err: c.Err})
	}
	if s.fault != nil {
		p.reject(p.seat, fmt.Errorf("sealed play: %w", s.fault))
		s.fault = nil
	}
}

// sealedCheat records a refused entry that proves its author cheated.
func (p *Peer) sealedCheat(e Entry, err error) {
	s := p.led.sealed
	var ce *deck.CheatError
	if s == nil || !errors.As(err, &ce) || (e.Kind != KindDeck && e.Kind != KindShow) {
		return
	}
	if p.led.verifyEntrySig(&e) != nil {
		return
	}
	for _, c := range s.cheats {
		if bytes.Equal(c.Entry, e.Encode()) {
			return
		}
	}
	s.cheats = append(s.cheats, Cheat{Seat: e.Author, Err: ce, Entry: e.Encode()})
}

// Cheats is every cheat this device proved in a sealed game so far
// (during play, and at the audit once every party's keys are in).
func (p *Peer) Cheats() []Cheat {
	if p.led == nil || p.led.sealed == nil {
		return nil
	}
	return slices.Clone(p.led.sealed.cheats)
}

// Audited reports whether the audit at the end of a sealed game is done,
// with each deck's cards in shuffled order.
func (p *Peer) Audited() ([][]int, bool) {
	if p.led == nil || p.led.sealed == nil || p.led.sealed.reports == nil {
		return nil, false
	}
	var out [][]int
	for _, r := range p.led.sealed.reports {
		if r == nil {
			out = append(out, nil)
			continue
		}
		out = append(out, r.Cards)
	}
	return out, true
}

// sealLeave: seats were handed to the bot. Each one's party leaves every
// deck: with escrow (3–4 parties) the others publish their shares of its
// key (deck entries), which is then rebuilt and public, so nothing waits
// on it and its cards are shown to all (a left entry). Without escrow
// (2 parties) or too few left, the decks go on waiting on it.
func (l *ledger) sealLeave(seats []int) {
	s := l.sealed
	if s == nil {
		return
	}
	for _, seat := range seats {
		p := slices.Index(s.parties, seat)
		if p < 0 {
			continue
		}
		for i, d := range s.decks {
			if !s.log[i].ready() {
				s.note(fmt.Errorf("seat %d left before deck %q was dealt: its cards wait for it (not done yet)", seat, s.specs[i].Name))
				continue
			}
			if p == s.me {
				s.note(fmt.Errorf("our seat was handed to the bot: this device no longer follows the decks (not done yet)"))
				continue
			}
			out, err := d.Leave(p)
			if err != nil {
				continue // no escrow, or too few left: the deck waits on it
			}
			s.outbox[i] = append(s.outbox[i], out...)
			s.log[i].gone[p] = true
		}
	}
}

// leftDue is the deck and the positions a left entry must show now (nil
// when none): cards whose every holder left, once a pending hidden draw
// of them is answered.
func (l *ledger) leftDue() (int, []int) {
	s := l.sealed
	if s == nil || l.status().Over {
		return 0, nil
	}
	if _, _, due := l.deckDue(); due || l.hiddenReady() {
		return 0, nil
	}
	st := l.status()
	for i, t := range s.log {
		var out []int
		for _, pos := range t.leftCards() {
			if st.Chance != nil && st.Chance.Hidden() && st.Chance.Deck == s.specs[i].Name && slices.Contains(st.Chance.Cards, pos) {
				continue // drawn but not yet answered
			}
			out = append(out, pos)
		}
		if out != nil {
			return i, out
		}
	}
	return 0, nil
}

// leftShows are the shows of a left entry: each card, by the seat that
// held it, with its value; a card no longer in a hand is skipped (the game
// refuses it alike on every device).
func (l *ledger) leftShows(st engine.State, i int, cards []int) ([]engine.Shown, []engine.Seat, error) {
	s := l.sealed
	var shows []engine.Shown
	var seats []engine.Seat
	for _, pos := range cards {
		c, err := s.decks[i].Card(pos)
		if err != nil {
			return nil, nil, fmt.Errorf("card %d of deck %q after its holder left: %w", pos, s.specs[i].Name, err)
		}
		holder := -1
		for p, in := range s.log[i].opens[pos].aud {
			if in && holder < 0 {
				holder = s.parties[p]
			}
		}
		sh := engine.Shown{Deck: s.specs[i].Name, Cards: []int{pos}, Values: []int{c}}
		if engine.ApplyEntry(l.game, st.Clone(), engine.Entry{Seat: engine.Seat(holder), Show: &sh}) != nil {
			continue
		}
		if err := engine.ApplyEntry(l.game, st, engine.Entry{Seat: engine.Seat(holder), Show: &sh}); err != nil {
			return nil, nil, err
		}
		shows, seats = append(shows, sh), append(seats, engine.Seat(holder))
	}
	return shows, seats, nil
}

func leftBody(i int, cards []int) []byte {
	var w writer
	w.byte1(byte(i))
	w.uvarint(uint64(len(cards)))
	for _, c := range cards {
		w.uvarint(uint64(c))
	}
	return w.b
}

func (l *ledger) leftEntry(seq uint64, head Hash, i int, cards []int) (Entry, error) {
	trial := l.match.State.Clone()
	if _, _, err := l.leftShows(trial, i, cards); err != nil {
		return Entry{}, err
	}
	return Entry{Game: l.gen.Game, Seq: seq + 1, Prev: head, Author: -1, Kind: KindLeft, Body: leftBody(i, cards), Post: l.agreed(trial)}, nil
}

func (l *ledger) applyLeft(e *Entry) error {
	if err := l.noSeal(); err != nil {
		return err
	}
	i, cards := l.leftDue()
	switch {
	case e.Author != -1 || len(e.Sig) != 0:
		return fmt.Errorf("%w: left entries have no author", ErrMalformed)
	case cards == nil || !bytes.Equal(e.Body, leftBody(i, cards)):
		return fmt.Errorf("%w: not the cards of a seat that left that the log waits for", ErrOutOfTurn)
	}
	trial := l.match.State.Clone()
	shows, seats, err := l.leftShows(trial, i, cards)
	if err != nil {
		return err
	}
	if got := l.agreed(trial); got != e.Post {
		return fmt.Errorf("%w: %s after the cards shown, entry says %s", ErrBadPost, got.Short(), e.Post.Short())
	}
	for k, sh := range shows {
		if err := l.match.Show(seats[k], sh); err != nil {
			return err // cannot happen: the trial took it
		}
	}
	for _, pos := range cards {
		l.sealed.log[i].public[pos] = true
	}
	return nil
}
