package p2p

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
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
//
// Files: sealed.go (the decks, the deck entries and their order, the
// audit), dealt.go (what the log holds of a deck), complaint.go
// (complaints and accusations settled in public), hidden.go (hidden
// draws), shows.go (cards shown), left.go (a party that leaves),
// sealedpeer.go (the peer's side), sealedcheck.go (CheckSealed),
// secret.go, secretshow.go and secretleave.go (secrets: Catan's stolen
// card, drawn by thief and victim alone).

// sealState is a sealed game's decks as this device holds them.
type sealState struct {
	me      int // this device's party: index in parties (deck.Observer: none)
	parties []int
	specs   []engine.DeckSpec
	decks   []*deck.Deck
	log     []*dealt     // per deck: what the log holds of it
	outbox  [][]deck.Msg // per deck: own messages made and not yet in the log
	opened  int          // chance request whose cards are opened (-1: none)
	// toAll: the chance requests (by count) whose cards were opened to
	// every party when drawn, as decided then (CheckSealed: a seat's draws
	// open to all only from its takeover on).
	toAll map[int]bool
	// looks: the chance requests (by count) that open cards opened before
	// to one more party (look.go).
	looks  map[int]bool
	reveal bool // own audit reveals made
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
	// folded is the public game after the entry appendOwn checked, for
	// mirror to take instead of folding that entry again (agreed.go).
	folded *folded
	// written is the trial of the entry this device is about to apply as
	// its author, and writing the same while ledger.apply takes that one
	// entry (agreed.go, appendOwn).
	written, writing *written
	reused           int // entries taken with their trial's fold (tests)
	// Secrets (secret.go): in the order drawn; the seat's seed and forge,
	// from which each secret's own reader and messages come.
	secrets []*secretRun
	seed    []byte
	forge   func(string, deck.Msg) deck.Msg
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
	if n := len(sg.Decks(l.match.Setup)); n >= deckAnswers {
		return fmt.Errorf("%w: %d decks, at most %d", ErrMismatch, n, deckAnswers-1)
	}
	parties := l.gen.parties()
	me := slices.Index(parties, seat)
	if len(parties) < 2 || me < 0 && seat != -1 {
		return fmt.Errorf("%w: sealed play needs two or more devices, seat %d among them", ErrMismatch, seat)
	}
	if seat == -1 {
		me = deck.Observer
	}
	s := &sealState{me: me, parties: parties, specs: sg.Decks(l.match.Setup), opened: -1, seed: seed, forge: forge, toAll: map[int]bool{}, looks: map[int]bool{}}
	for _, spec := range s.specs {
		cfg := deck.Config{ID: deckID(l.gen.Game, spec.Name), Cards: spec.Size, Parties: len(parties), Me: me, ChallengeProofs: challengeProofs}
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
	f := s.folded
	s.folded = nil
	for i, e := range l.match.Entries[n:] {
		pe := l.publicEntry(s.public.State, e)
		if f.fits(n+i, len(s.public.Entries), pe) {
			s.public.AppendFolded(pe, f.state, f.post)
			continue
		}
		if err := s.public.Append(pe); err != nil {
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
	l.secretSync(st)
	if st.Over {
		if !s.reveal && s.me != deck.Observer {
			s.reveal = true
			for i, d := range s.decks {
				if !s.log[i].ready() || s.log[i].gone[s.me] {
					continue // our key was rebuilt: the audit has it
				}
				out, err := d.Reveal()
				s.note(err)
				s.outbox[i] = append(s.outbox[i], out...)
			}
		}
		return
	}
	k := l.match.ChanceCount()
	if st.Chance == nil || st.Chance.Deck == "" {
		return
	}
	if s.opened == k {
		l.widenLook(*st.Chance, k)
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
	s.toAll[k] = aud == nil
	for _, pos := range st.Chance.Cards {
		aud := aud
		if prev := s.log[i].opens[pos]; prev != nil {
			s.looks[k] = true // opened before: a look (look.go)
			if prev.all() {
				continue // open to every party already
			}
			aud = lookAudience(prev, aud)
		}
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
// no audience, every party in it, a seat no device holds (a bot's cards
// are played by every device, so they are open to all), or a party whose
// key the others rebuilt when its seat went to the bot (anyone can
// remove its layer: a reclaimed seat draws in the open for good). A
// secret (no deck) with such a seat in it is public too: the seat's hand
// is open to all (openHand), so it plays its cards with no show, and a
// card it stole or lost must be known to every device.
func (l *ledger) audience(r engine.ChanceRequest) []int {
	if r.Audience == nil {
		return nil
	}
	d := l.sealed.deck(r.Deck)
	var out []int
	for _, seat := range r.Audience {
		i := slices.Index(l.sealed.parties, int(seat))
		if i < 0 || l.isBot(int(seat)) || d >= 0 && l.sealed.log[d].gone[i] || r.Deck == "" && l.openHand(int(seat)) {
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
	_, p, ok := l.sealedDue()
	if !ok {
		return 0, false
	}
	return l.sealed.parties[p], true
}

// Deck entry body: the deck's index, then one deck message (deck.Encode);
// or, for a run of public decryption shares that one party owes the deck
// at once (a private draw of several cards: docs/p2p.md, "Runs of shares"),
// the index with deckRun set, then each share as a two-byte length and
// its bytes. A run holds two shares or more: one share has one form.
//
// With deckAnswers set as well, the entry's shares are the last the
// pending hidden draw waits for and the entry answers the draw too (what a
// hidden entry after it would do: docs/p2p.md, "A draw answered by its
// last shares"); its post is the agreed hash after the answer. Logs written
// before it hold a hidden entry after such shares, which still applies.
const (
	deckRun     = 0x80
	deckAnswers = 0x40
	maxDeckRun  = 64 // shares in one entry (about 6.5 KB)
)

// deckIndex is a deck entry body's deck index.
func deckIndex(b []byte) int { return int(b[0] &^ (deckRun | deckAnswers)) }

// answersDraw: the deck entry (body b) answers the pending hidden draw.
func answersDraw(b []byte) bool { return len(b) > 0 && b[0]&deckAnswers != 0 }

// AnswersDraw reports whether e answers a hidden draw of a sealed game: a
// hidden entry, or the deck entry of the draw's last shares.
func (e *Entry) AnswersDraw() bool {
	return e.Kind == KindHidden || e.Kind == KindDeck && answersDraw(e.Body)
}

// runShares is how many shares this device puts in one entry: 1 writes a
// log as builds before runs did (tests: such a log still restores).
// challengeProofs writes shares' proofs as builds before batched checks
// did (deck.Config.ChallengeProofs; tests likewise).
// answerWithShares false writes a hidden entry after a draw's last shares,
// as builds before deckAnswers did (tests likewise).
var (
	runShares        = maxDeckRun
	challengeProofs  = false
	answerWithShares = true
)

func deckBody(i int, ms ...deck.Msg) []byte {
	if len(ms) == 1 {
		return append([]byte{byte(i)}, deck.Encode(ms[0])...)
	}
	b := []byte{byte(i) | deckRun}
	for _, m := range ms {
		enc := deck.Encode(m)
		b = append(binary.BigEndian.AppendUint16(b, uint16(len(enc))), enc...)
	}
	return b
}

// deckMsgs decodes a deck entry's body: the deck's index and its
// messages, each a public share when there are several.
func deckMsgs(b []byte) (int, []deck.Msg, error) {
	if len(b) < 1 {
		return 0, nil, fmt.Errorf("%w: an empty deck entry", ErrMalformed)
	}
	i := deckIndex(b)
	if b[0]&deckRun == 0 {
		m, err := deck.Decode(b[1:])
		if err != nil {
			return 0, nil, fmt.Errorf("%w: %v", ErrMalformed, err)
		}
		return i, []deck.Msg{m}, nil
	}
	var ms []deck.Msg
	for b = b[1:]; len(b) > 0; {
		if len(b) < 2 || int(binary.BigEndian.Uint16(b)) > len(b)-2 {
			return 0, nil, fmt.Errorf("%w: a short message in a run of deck shares", ErrMalformed)
		}
		n := int(binary.BigEndian.Uint16(b))
		m, err := deck.Decode(b[2 : 2+n])
		if err != nil {
			return 0, nil, fmt.Errorf("%w: %v", ErrMalformed, err)
		}
		sm, ok := m.(*deck.ShareMsg)
		if !ok || slices.ContainsFunc(ms, func(o deck.Msg) bool { return o.(*deck.ShareMsg).Pos == sm.Pos }) {
			return 0, nil, fmt.Errorf("%w: a run of deck shares holds a %T or a card twice", ErrMalformed, m)
		}
		ms = append(ms, m)
		b = b[2+n:]
	}
	if len(ms) < 2 || len(ms) > maxDeckRun {
		return 0, nil, fmt.Errorf("%w: a run of %d deck shares", ErrMalformed, len(ms))
	}
	return i, ms, nil
}

// applyDeck takes a deck entry: the message the deck waits for, or a run
// of public shares its party owes, each as if it came in an entry of its
// own (the same checks, in the same order).
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
	case len(e.Body) < 1 || deckIndex(e.Body) != i:
		return fmt.Errorf("%w: a message for another deck than %q", ErrOutOfTurn, s.specs[i].Name)
	case !answersDraw(e.Body) && e.Post != l.agreedNow():
		return fmt.Errorf("%w: a deck entry changes no state", ErrBadPost)
	}
	_, ms, err := deckMsgs(e.Body)
	if err != nil {
		return err
	}
	over := l.status().Over
	if answersDraw(e.Body) && !l.lastShares(i, p, ms) {
		return fmt.Errorf("%w: a deck entry answers a hidden draw that still waits after it", ErrOutOfTurn)
	}
	for _, m := range ms {
		if m.From() != p {
			return fmt.Errorf("%w: seat %d signs party %d's deck message", ErrForged, e.Author, m.From())
		}
		if _, isAudit := m.(*deck.AuditMsg); isAudit != over {
			return fmt.Errorf("%w: keys are revealed when the game is over, and then only they", ErrOutOfTurn)
		}
		// A run's shares are of distinct cards (deckMsgs), so taking one
		// changes no other's fit, and its party stays the one due.
		if err := s.log[i].fits(p, m); err != nil {
			return err
		}
	}
	d := s.decks[i]
	// A run refused halfway leaves the shares before it in the deck: a
	// share is x·A whatever its proof, so the party's next entry brings
	// the same ones (the log, s.log, has none of them). Its proofs are
	// checked in one batch (docs/p2p.md, "Runs of shares checked at once").
	out, err := d.ReceiveAll(ms)
	s.outbox[i] = append(s.outbox[i], out...)
	if err != nil {
		return err
	}
	var answer engine.Entry
	if answersDraw(e.Body) {
		// Checked before the log takes the shares: a wrong post refuses
		// the entry with nothing taken but the shares in the deck (above).
		if answer, err = l.answerFold(e.Post.String()); err != nil {
			return err
		}
	}
	for _, m := range ms {
		s.log[i].took(p, m)
		switch m := m.(type) {
		case *deck.AccuseMsg:
			// Settled in public by every deck alike: the one it names.
			if d.Accused(m.Pos, m.Sender, p) == m.Sender {
				s.log[i].opens[m.Pos].stall[m.Sender] = true
			}
			l.noteSettled(i, m, e)
		case *deck.ComplaintMsg:
			if d.EscrowShareWrong(m.Dealer, p) {
				s.log[i].wrong[m.Dealer][p] = true
			}
			l.noteSettled(i, m, e)
		}
		if p == s.me {
			enc := deck.Encode(m)
			s.outbox[i] = slices.DeleteFunc(s.outbox[i], func(o deck.Msg) bool { return bytes.Equal(deck.Encode(o), enc) })
		}
	}
	if over {
		l.maybeAudit()
	}
	if answersDraw(e.Body) {
		if err := l.appendOwn(e.Post.String(), answer); err != nil {
			return mapHash(err) // not reached: answerFold checked this fold
		}
		l.chanceSeq = append(l.chanceSeq, e.Seq)
	}
	return nil
}

// lastShares tells whether party p's public shares ms, for deck i, are the
// last the pending hidden draw waits for: its cards are opened (not a
// look), and after them no deck and no secret waits on anyone. It changes
// nothing.
func (l *ledger) lastShares(i, p int, ms []deck.Msg) bool {
	s := l.sealed
	st := l.status()
	k := l.match.ChanceCount()
	if st.Over || st.Chance == nil || st.Chance.Deck == "" || s.deck(st.Chance.Deck) != i || s.opened != k || s.looks[k] {
		return false
	}
	after := s.log[i].clone()
	for _, m := range ms {
		if _, ok := m.(*deck.ShareMsg); !ok || after.fits(p, m) != nil {
			return false
		}
		after.took(p, m)
	}
	if _, ok := after.due(); ok {
		return false
	}
	for j, t := range s.log {
		if _, ok := t.due(); ok && j != i {
			return false
		}
	}
	_, _, secret := l.secretDue()
	return !secret
}

// answerFold folds the pending hidden draw's answer, as this device may
// know it, on copies of both games, checking that post is the public
// game's hash after it; appendOwn then takes that fold. The shares that
// complete the draw are in the deck already.
func (l *ledger) answerFold(post string) (engine.Entry, error) {
	ee := engine.Entry{Seat: engine.Spectator, Chance: l.hiddenOutcome()}
	s := l.sealed
	if w := s.writing; w.fits(len(l.match.Entries), len(s.public.Entries), ee) && w.post == post {
		return ee, nil // our own entry: its trial is that fold
	}
	t, ee, err := l.answerTrial()
	if err != nil {
		return ee, err
	}
	got := t.post()
	if got.String() != post {
		return ee, fmt.Errorf("%w: public game %s after the draw's answer, entry says %.12s", ErrBadPost, got.Short(), post)
	}
	s.writing = l.trialOf(t, ee, post)
	return ee, nil
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
			// The report repeats what the deck found during the game; that
			// is named already, with its entry.
			if !slices.ContainsFunc(s.cheats, func(x Cheat) bool { return x.Err == error(c) }) {
				s.cheats = append(s.cheats, Cheat{Seat: s.parties[c.Party], Deck: s.specs[i].Name, Err: c})
			}
		}
	}
	s.reports = reps
}
