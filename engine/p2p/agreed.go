package p2p

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"slices"

	"tabula/engine"
)

// The agreed hash (docs/p2p.md, "Agreed hashes"): every entry carries the
// state hash of the game after it as every device holds it alike. For a
// plain game that is the game itself. In a sealed game each device knows
// other cards, so the devices agree on the public game's state hash
// instead: the log folded with only the cards opened to all (sealed.go,
// mirror), which every device holds beside its own. It is a fold of the
// log alone, so it is the same on every device; it is the whole public
// state, hidden cards as engine.Unknown; and it is the ordinary binary
// state hash, not the public view encoded as JSON.

// trial folds engine entries onto copies of this device's game and, when
// sealed, of the public game: an entry's post hash before the entry is
// applied, and its refusal if either game refuses it.
type trial struct {
	l   *ledger
	own engine.State // nil: only the public game is folded
	pub engine.State // nil: a plain game
}

// trial starts a trial at the current head.
func (l *ledger) trial() *trial {
	t := &trial{l: l, own: l.match.State.Clone()}
	if l.sealed != nil {
		t.pub = l.sealed.public.State.Clone()
	}
	return t
}

func (t *trial) apply(e engine.Entry) error {
	if t.own != nil {
		if err := engine.ApplyEntry(t.l.game, t.own, e); err != nil {
			return err
		}
	}
	if t.pub != nil {
		if err := engine.ApplyEntry(t.l.game, t.pub, t.l.publicEntry(t.pub, e)); err != nil {
			return fmt.Errorf("the public game refuses it: %w", err)
		}
	}
	return nil
}

// applyPublic folds e into the public game only (a sealed game; e is
// applied to this device's copy already).
func (t *trial) applyPublic(e engine.Entry) error {
	own := t.own
	t.own = nil
	defer func() { t.own = own }()
	return t.apply(e)
}

// post is the agreed hash after the entries applied.
func (t *trial) post() Hash {
	if t.pub != nil {
		return Hash(engine.Hash(t.pub))
	}
	return Hash(engine.Hash(t.own))
}

// publicEntry is e as the public game folds it (pub its state before e):
// a hidden draw's values unknown unless it is opened to every party.
func (l *ledger) publicEntry(pub engine.State, e engine.Entry) engine.Entry {
	e.Post = ""
	if req := pub.Status().Chance; e.IsChance() && req != nil && req.Hidden() && l.audience(*req) != nil {
		e.Chance = make(engine.Outcome, len(e.Chance))
		for i := range e.Chance {
			e.Chance[i] = engine.Unknown
		}
	}
	return e
}

// agreedNow is the agreed hash of the game as it stands (the post of an
// entry that changes no state). The public game records the state hash
// after each of its entries, so a sealed game reads the last one.
func (l *ledger) agreedNow() Hash {
	if l.sealed == nil {
		return Hash(engine.Hash(l.match.State))
	}
	pub := l.sealed.public
	if n := len(pub.Entries); n > 0 {
		var h Hash
		if b, err := hex.DecodeString(pub.Entries[n-1].Post); err == nil && len(b) == len(h) {
			copy(h[:], b)
			return h
		}
	}
	return Hash(engine.Hash(pub.State))
}

// appendOwn appends e to this device's game, its post checked: by the
// engine against the state hash (plain), or, sealed, against the public
// game's hash with e folded in, checked first (this device's own state
// hash is no other device's).
func (l *ledger) appendOwn(post string, e engine.Entry) error {
	if l.sealed == nil {
		e.Post = post
		return l.match.Append(e)
	}
	s := l.sealed
	pe := l.publicEntry(s.public.State, e)
	var own, pub engine.State
	if w := s.writing; w.fits(len(l.match.Entries), len(s.public.Entries), e) && w.post == post {
		// Our own entry: its trial folded both games already.
		own, pub = w.state, w.pubState
		s.reused++
	} else {
		t, err := l.foldPublic(post, e)
		if err != nil {
			return err
		}
		pub = t.pub
	}
	if e.IsChance() && e.Seat != engine.Spectator {
		return fmt.Errorf("%w: chance entry with seat %d", engine.ErrBadAction, e.Seat)
	}
	if own == nil {
		// Folded in place: Match.Append would also keep a copy to restore
		// on a post that differs, and this device's game carries none.
		if err := engine.ApplyEntry(l.game, l.match.State, e); err != nil {
			return err
		}
		own = l.match.State
	}
	// Its post is left empty: this device's state hash is no other
	// device's, nothing checks it, and hashing the game for it would add
	// a second hash to every entry (the agreed hash is the public game's,
	// recorded there; AgreedAt).
	e.Post = ""
	l.match.AppendFolded(e, own, "")
	s.folded = &folded{own: len(l.match.Entries) - 1, pub: len(s.public.Entries), e: pe, state: pub, post: post}
	return nil
}

// foldOwn appends es to this device's game (a sealed game; their agreed
// hash was checked on the public game): folded on one copy, with no post
// (as appendOwn); nothing changes on error.
func (l *ledger) foldOwn(es []engine.Entry) error {
	st := l.match.State.Clone()
	for _, e := range es {
		if e.IsChance() && e.Seat != engine.Spectator {
			return fmt.Errorf("%w: chance entry with seat %d", engine.ErrBadAction, e.Seat)
		}
		if err := engine.ApplyEntry(l.game, st, e); err != nil {
			return fmt.Errorf("seat %d: %w", e.Seat, err)
		}
	}
	for _, e := range es {
		e.Post = ""
		l.match.AppendFolded(e, st, "")
	}
	return nil
}

// written is the trial of an entry this device writes (Peer.Act, a hidden
// entry): both games folded and the post, kept so that taking the entry
// into the log folds neither again. ledger.apply hands it to appendOwn as
// sealState.writing for that one entry.
type written struct {
	own, pub int // the games' lengths the trial started from
	e        engine.Entry
	state    engine.State // this device's game after e
	pubState engine.State // the public game after e
	post     string
}

// keep records t, the trial of engine entry e whose agreed hash is post,
// for the entry about to be applied (sealed games; plain ones fold as
// before). t is not to be used after.
func (l *ledger) keep(t *trial, e engine.Entry, post Hash) {
	if l.sealed == nil || t.own == nil || t.pub == nil {
		return
	}
	l.sealed.written = l.trialOf(t, e, post.String())
}

// trialOf is t, the trial of e from the games as they are now, kept.
func (l *ledger) trialOf(t *trial, e engine.Entry, post string) *written {
	return &written{own: len(l.match.Entries), pub: len(l.sealed.public.Entries), e: e, state: t.own, pubState: t.pub, post: post}
}

// fits: w is the trial of engine entry e at index own of this device's
// game and pub of the public game.
func (w *written) fits(own, pub int, e engine.Entry) bool {
	return w != nil && w.own == own && w.pub == pub && w.e.Seat == e.Seat && bytes.Equal(w.e.Action, e.Action) &&
		slices.Equal(w.e.Chance, e.Chance) && w.e.Show == nil && e.Show == nil
}

// folded is the public game after one entry, folded by appendOwn to check
// the entry's post: mirror takes it rather than fold the entry again.
type folded struct {
	own, pub int          // the entry's index in this device's game and in the public game
	e        engine.Entry // as the public game folds it
	state    engine.State
	post     string
}

// fits: f is the fold of public entry e at index own of this device's
// game and pub of the public game.
func (f *folded) fits(own, pub int, e engine.Entry) bool {
	return f != nil && f.own == own && f.pub == pub && f.e.Seat == e.Seat && bytes.Equal(f.e.Action, e.Action) &&
		slices.Equal(f.e.Chance, e.Chance) && f.e.Show == e.Show
}

// checkPublic checks that post is the public game's hash after es (a
// sealed game; before es are applied anywhere).
func (l *ledger) checkPublic(post string, es ...engine.Entry) error {
	_, err := l.foldPublic(post, es...)
	return err
}

// foldPublic is checkPublic, with the public game's fold of es.
func (l *ledger) foldPublic(post string, es ...engine.Entry) (*trial, error) {
	t := &trial{l: l, pub: l.sealed.public.State.Clone()}
	for _, e := range es {
		if err := t.apply(e); err != nil {
			return nil, err
		}
	}
	if got := t.post(); got.String() != post {
		return nil, fmt.Errorf("%w: public game %s after the entry, entry says %.12s", ErrBadPost, got.Short(), post)
	}
	return t, nil
}

// agreedAt is the agreed hash (hex) after the first n engine entries, as
// the public game (sealed) or the game (plain) recorded it; "" for n out
// of range.
func (l *ledger) agreedAt(n int) string {
	m := l.match
	if l.sealed != nil {
		m = l.sealed.public
	}
	if n < 1 || n > len(m.Entries) {
		return ""
	}
	return m.Entries[n-1].Post
}

// AgreedAt is the agreed hash (hex) after the first n engine entries: the
// same on every device of the game and for its spectators (a sealed
// game's public game's state hash); "" before the genesis or for n out of
// range. It costs no hashing: the hash was recorded with the entry.
func (p *Peer) AgreedAt(n int) string {
	if p.led == nil {
		return ""
	}
	return p.led.agreedAt(n)
}

// AgreedAt is Peer.AgreedAt for the followed game.
func (f *Follower) AgreedAt(n int) string { return f.led.agreedAt(n) }
