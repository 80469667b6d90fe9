package p2p

import (
	"crypto/ed25519"
	"fmt"
	"io"
	"maps"

	"tabula/engine"
	"tabula/engine/deck"
)

// Secrets in sealed play (docs/p2p.md, "Secrets: a value only its
// audience learns"): a chance request with Secret set (Catan's stolen
// card) is drawn by its two audience parties with deck.Secret, each of
// its messages a signed KindSecret entry (body: the secret's number, then
// the message) by the party it waits on; then a KindHidden entry answers
// the request, each device with what it may know. A secret is opened to
// all by a show of deck engine.SecretDeck (the opening travels in the
// show), by the audience party's opening when a public request with
// OpensSecret asks for it, and at the end of the game (the audit). A
// secret whose audience is not two parties of three or more (a bot seat
// in it, or both parties of a two-device game) is public: it is drawn by
// the ordinary chance round, and every device knows it.

// secretRun is one secret of the game as this device holds it.
type secretRun struct {
	num, rng int
	sec      *deck.Secret // nil: drawn in public
	value    int          // the value here, engine.Unknown when not known
	cheats   int          // the secret's cheats already recorded
	shown    bool         // opened to the public game (a show, or a left entry)
}

// SealedSetup is setup as a network game of g plays it: with the Secrets
// option when it is sealed and g accepts the option (the Catan family),
// so its steals are secrets, and with the Looks and SecretLooks options
// likewise (Cities & Knights: the Spy looks at a hand, the Master Merchant
// at stolen cards). An option already set stays (cmd/sim's -opt secrets=0
// measures a sealed game without them).
func SealedSetup(g engine.Game, setup engine.Setup) engine.Setup {
	if !setup.IsSealed() {
		return setup
	}
	for _, opt := range []string{engine.Secrets, engine.Looks, engine.SecretLooks} {
		if _, set := setup.Options[opt]; set {
			continue
		}
		with := setup
		with.Options = maps.Clone(setup.Options)
		with.Options[opt] = "1"
		if _, err := engine.NewState(g, with); err == nil {
			setup = with
		}
	}
	return setup
}

func (s *sealState) secret(num int) *secretRun {
	for _, r := range s.secrets {
		if r.num == num {
			return r
		}
	}
	return nil
}

// secretID names a secret in every key, proof and value derived for it.
func secretID(game GameID, num int) []byte {
	return fmt.Appendf(append([]byte("tabula/p2p/secret\x00"), game[:]...), "\x00%d", num)
}

// secretRand is a secret's own reader: its part and nonces, from the
// seat's seed as a deck's secrets are (a reload draws the same part).
func secretRand(seed []byte, game GameID, num int) io.Reader {
	return deckRand(seed, game, fmt.Sprintf("\x00secret %d", num))
}

// startSecret begins the pending request's secret, at the same point of
// the log on every device: with its two audience parties, or in public.
func (l *ledger) startSecret(req engine.ChanceRequest) {
	s := l.sealed
	if s.secret(req.Secret) != nil {
		return
	}
	run := &secretRun{num: req.Secret, rng: req.Ranges[0], value: engine.Unknown}
	s.secrets = append(s.secrets, run)
	aud := l.audience(req)
	if len(aud) != 2 {
		return // public: the chance round draws it
	}
	rnd := secretRand(s.seed, l.gen.Game, req.Secret)
	var forge func(deck.Msg) deck.Msg
	if s.forge != nil {
		forge = func(m deck.Msg) deck.Msg { return s.forge(engine.SecretDeck, m) }
	}
	if s.me == deck.Observer {
		rnd = nil
	}
	sec, err := deck.NewSecret(s.decks[0], secretID(l.gen.Game, req.Secret), aud[0], aud[1], rnd, forge)
	if err != nil {
		s.note(err)
		return
	}
	run.sec = sec
}

// privateSecret is the pending request's secret drawn by its audience, or
// nil (no secret, or a public one).
func (l *ledger) privateSecret(req *engine.ChanceRequest) *secretRun {
	if l.sealed == nil || req == nil {
		return nil
	}
	n := req.Secret + req.OpensSecret
	if n == 0 {
		return nil
	}
	if r := l.sealed.secret(n); r != nil && r.sec != nil {
		return r
	}
	return nil
}

// sealedChance reports whether the pending request is answered by sealed
// entries rather than the chance round: a draw from a deck, a secret its
// audience draws, or the opening of a secret.
func (l *ledger) sealedChance(req engine.ChanceRequest) bool {
	if l.sealed == nil {
		return false
	}
	return req.Deck != "" || req.OpensSecret != 0 || l.privateSecret(&req) != nil
}

// secretSync keeps the secrets in step with the log (from sealSync): it
// starts the pending request's secret and asks for the openings due.
func (l *ledger) secretSync(st engine.Status) {
	s := l.sealed
	if st.Over {
		for _, r := range s.secrets {
			if r.sec != nil {
				r.sec.Ask() // the audit opens every secret
			}
		}
		return
	}
	if st.Chance == nil {
		return
	}
	if st.Chance.Secret != 0 {
		l.startSecret(*st.Chance)
	}
	r := l.privateSecret(st.Chance)
	switch {
	case r == nil || st.Chance.OpensSecret == 0:
	case l.audience(*st.Chance) == nil:
		r.sec.Ask() // an opening to all, or a look with a seat every device plays
	default:
		l.secretLook(r, *st.Chance)
	}
}

// secretDue is the secret whose message the log waits for, and the party.
func (l *ledger) secretDue() (*secretRun, int, bool) {
	s := l.sealed
	if s == nil {
		return nil, 0, false
	}
	for _, r := range s.secrets {
		if r.sec == nil {
			continue
		}
		if p, ok := r.sec.Due(); ok {
			return r, p, true
		}
	}
	return nil, 0, false
}

// sealedDue is the kind of sealed entry the log waits for and its party:
// deck messages first, then secrets.
func (l *ledger) sealedDue() (Kind, int, bool) {
	if _, p, ok := l.deckDue(); ok {
		return KindDeck, p, true
	}
	if _, p, ok := l.secretDue(); ok {
		return KindSecret, p, true
	}
	return 0, 0, false
}

// secretReady: the pending request is a secret or an opening whose value
// is settled, so the hidden entry may answer it.
func (l *ledger) secretReady(st engine.Status) bool {
	req := st.Chance
	if l.sealed == nil || req == nil || req.Secret+req.OpensSecret == 0 {
		return false
	}
	if _, _, due := l.sealedDue(); due {
		return false
	}
	if req.OpensSecret != 0 {
		r := l.sealed.secret(req.OpensSecret)
		return r != nil && (r.sec == nil || r.sec.Opened() || l.looked(r, *req))
	}
	r := l.privateSecret(req)
	return r != nil && r.sec.Ready()
}

// secretOutcome answers the pending secret or opening as this device may
// know it.
func (l *ledger) secretOutcome(req *engine.ChanceRequest) engine.Outcome {
	if req.OpensSecret != 0 && req.Hidden() {
		return l.lookValue(req)
	}
	if req.OpensSecret != 0 {
		r := l.sealed.secret(req.OpensSecret)
		if r.sec != nil {
			v, _ := r.sec.PublicValue(r.rng)
			return engine.Outcome{v}
		}
		return engine.Outcome{r.value}
	}
	r := l.privateSecret(req)
	if v, ok := r.sec.Value(r.rng); ok {
		return engine.Outcome{v}
	}
	return engine.Outcome{engine.Unknown}
}

// tookSecretChance records the value a secret was resolved with (a
// chance round's, or the hidden entry's as this device holds it).
func (l *ledger) tookSecretChance(req *engine.ChanceRequest, o engine.Outcome) {
	if l.sealed == nil || req == nil || req.Secret == 0 || len(o) != 1 {
		return
	}
	if r := l.sealed.secret(req.Secret); r != nil {
		r.value = o[0]
	}
}

// Secret entry body: the secret's number, then one message (deck.Encode).
func secretBody(num int, m deck.Msg) []byte {
	var w writer
	w.uvarint(uint64(num))
	return append(w.b, deck.Encode(m)...)
}

func (l *ledger) applySecret(e *Entry) error {
	if err := l.noSeal(); err != nil {
		return err
	}
	if err := l.verifyEntrySig(e); err != nil {
		return err
	}
	s := l.sealed
	run, p, due := l.secretDue()
	if k, _, ok := l.sealedDue(); !ok || k != KindSecret {
		due = false
	}
	r := reader{b: e.Body}
	num := r.uvarint()
	switch {
	case !due:
		return fmt.Errorf("%w: no secret waits on anyone", ErrOutOfTurn)
	case e.Author != s.parties[p]:
		return fmt.Errorf("%w: secret %d waits on seat %d, not seat %d", ErrOutOfTurn, run.num, s.parties[p], e.Author)
	case r.err != nil || num != uint64(run.num):
		return fmt.Errorf("%w: a message for another secret than %d", ErrOutOfTurn, run.num)
	case e.Post != l.agreedNow():
		return fmt.Errorf("%w: a secret entry changes no state", ErrBadPost)
	}
	m, err := deck.Decode(r.b)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if m.From() != p {
		return fmt.Errorf("%w: seat %d signs party %d's secret message", ErrForged, e.Author, m.From())
	}
	if err := run.sec.Receive(m); err != nil {
		return err
	}
	cs := run.sec.Cheats()
	for ; run.cheats < len(cs); run.cheats++ {
		c := cs[run.cheats]
		s.cheats = append(s.cheats, Cheat{Seat: s.parties[c.Party], Deck: engine.SecretDeck, Err: c, Entry: e.Encode()})
	}
	if run.sec.Unrecoverable() {
		// A departed member's part cannot be rebuilt (complaint.go):
		// nobody can know the value, so the chance round draws it.
		run.sec = nil
	}
	return nil
}

// secretStep writes our secret message when the log waits for it (from
// sealedStep).
func (p *Peer) secretStep(seq uint64, head Hash) (moved, blocked bool) {
	l := p.led
	s := l.sealed
	run, party, due := l.secretDue()
	if !due {
		return false, false
	}
	if party != s.me {
		return false, true
	}
	m, err := run.sec.Make()
	if err != nil {
		s.note(fmt.Errorf("secret %d waits for our message: %w", run.num, err))
		p.reportSealed()
		return false, true
	}
	e := Entry{Game: p.gameID, Seq: seq + 1, Prev: head, Author: p.seat, Kind: KindSecret, Body: secretBody(run.num, m), Post: l.agreedNow()}
	e.Sig = ed25519.Sign(p.priv, e.signBytes())
	if !p.applyEntry(p.seat, e) {
		return false, true
	}
	p.send(Broadcast, &EntryMsg{Entry: e})
	return true, false
}

// secretsOpen: every secret drawn by its audience is opened to all (the
// audit's part for secrets).
func (s *sealState) secretsOpen() bool {
	for _, r := range s.secrets {
		if r.sec != nil && !r.sec.Opened() {
			return false
		}
	}
	return true
}

// secretValue is secret num's value once every device knows it (for
// CheckSealed): opened, or drawn in public.
func (s *sealState) secretValue(num int) (int, bool) {
	r := s.secret(num)
	switch {
	case r == nil:
		return 0, false
	case r.sec == nil:
		return r.value, r.value != engine.Unknown
	}
	return r.sec.PublicValue(r.rng)
}

// SecretsDrawn counts the game's secrets so far: drawn by their two
// audience parties, and drawn in public (a bot seat in the audience, or
// every party in it).
func (p *Peer) SecretsDrawn() (private, public int) {
	if p.led == nil || p.led.sealed == nil {
		return 0, 0
	}
	for _, r := range p.led.sealed.secrets {
		if r.sec != nil {
			private++
		} else {
			public++
		}
	}
	return private, public
}
