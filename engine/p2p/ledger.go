package p2p

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"

	"tabula/engine"
	"tabula/engine/p2p/timelock"
)

// Reasons an entry or message is refused. Every refusal wraps one of
// these (or an engine error) so tests and the UI can tell them apart.
var (
	ErrForged      = errors.New("bad signature")
	ErrWrongGame   = errors.New("entry for another game")
	ErrOutOfTurn   = errors.New("author may not act now")
	ErrBadPrev     = errors.New("entry does not follow the log head")
	ErrBadPost     = errors.New("post hash differs from ours")
	ErrBadReveal   = errors.New("reveal is not the committed pre-image")
	ErrConflict    = errors.New("entry conflicts with the log")
	ErrNoGenesis   = errors.New("no signed genesis yet")
	ErrEquivocated = errors.New("two different entries signed by one seat")
	ErrMismatch    = errors.New("incompatible peer")
	ErrExhausted   = errors.New("chance commitment exhausted")
	ErrCheat       = errors.New("a seat lied about its chance secret")
	ErrTooMuch     = errors.New("over the memory a seat may use")
)

// ledger is a verified log: genesis, entries, and the engine match they
// fold to. Peer wraps it with networking state; Verify uses it alone.
type ledger struct {
	gen     *Genesis
	genHash Hash // the log's base: the genesis
	genSigs [][]byte
	lock    *timelock.Params // the chance rounds' time lock (lock.go)
	checks  *lockChecks      // what of its rounds was checked (lock.go)
	game    engine.Game
	match   *engine.Match
	entries []Entry
	hashes  []Hash // hashes[i] names entries[i] (seq i+1)
	// revealed[i] is seat i's latest verified pre-image x_{i,j} with
	// j = revealedAt[i] (x_{i,0} is the tip). j is the chain position
	// (slot+1) of the round it revealed in last; a bot-played seat skips
	// rounds, and a retried round skips the links its first attempt
	// committed to, so its next reveal is checked over the gap.
	revealed   []Hash
	revealedAt []uint64
	// bots[i] is set while seat i is played by the bot.
	bots []*botSeat
	// chanceSeq[k] is the seq of the entry that answered request k.
	chanceSeq []uint64
	// attempt is the round of the pending chance request: 0, and one more
	// each time the seat set changes while it is pending (a takeover, a
	// reclaim). retries counts those over the game: each attempt takes
	// the next element of every chain (slot).
	attempt, retries uint64
	// wire is every entry as length-prefixed Encode bytes, kept as they
	// are applied so a snapshot costs one copy, not a re-encoding.
	wire []byte
	// trusted: entries up to this seq are our own log being replayed
	// (Restore, a rollback); a search bot's moves in them are not searched
	// again.
	trusted uint64
	// sealed holds this device's decks in a sealed game (sealed.go), or
	// an observer's; nil for a plain game.
	sealed *sealState
}

// newLedger checks a fully signed genesis and starts its match.
func newLedger(gen *Genesis, sigs [][]byte) (*ledger, error) {
	if err := checkGenesis(gen, sigs, true); err != nil {
		return nil, err
	}
	g, err := engine.Lookup(gen.Setup.Game)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMismatch, err)
	}
	if !engine.ReadsRules(g, gen.Rules) {
		return nil, fmt.Errorf("%w: the game uses rules %q, this build plays %q", ErrMismatch, gen.Rules, g.RulesVersion())
	}
	m, err := engine.NewMatch(g, engine.SetupFor(g, gen.Rules, gen.Setup), nil)
	if err != nil {
		return nil, err
	}
	lock, err := lockFor(gen.Delay)
	if err != nil {
		return nil, err
	}
	l := &ledger{gen: gen, genHash: gen.Hash(), genSigs: sigs, game: g, match: m, lock: lock, checks: newLockChecks()}
	for _, s := range gen.Seats {
		l.revealed = append(l.revealed, s.Tip)
	}
	l.revealedAt = make([]uint64, len(gen.Seats))
	l.bots = make([]*botSeat, len(gen.Seats))
	for s, sk := range gen.Seats {
		if k, hosted := HostedKind(sk.Kind); hosted {
			l.bots[s] = newBotSeat(gen.Game, s, k, 0, reasonHosted)
		}
	}
	return l, nil
}

// checkGenesis verifies the signatures present (all of them when full).
func checkGenesis(gen *Genesis, sigs [][]byte, full bool) error {
	if len(sigs) != len(gen.Seats) {
		return fmt.Errorf("%w: %d genesis signatures for %d seats", ErrMalformed, len(sigs), len(gen.Seats))
	}
	if gen.Chain < 1 {
		return fmt.Errorf("%w: chain length %d", ErrMalformed, gen.Chain)
	}
	for i, s := range sigs {
		if !gen.Party(i) {
			if len(s) != 0 {
				return fmt.Errorf("%w: hosted seat %d signed the genesis", ErrMalformed, i)
			}
			continue
		}
		if len(s) == 0 {
			if full {
				return fmt.Errorf("%w: seat %d has not signed the genesis", ErrNoGenesis, i)
			}
			continue
		}
		if err := checkGenesisSig(gen, i, s); err != nil {
			return err
		}
	}
	return nil
}

// checkGenesisSig checks seat's signature over the genesis.
func checkGenesisSig(gen *Genesis, seat int, sig []byte) error {
	if !gen.verifySeat(seat, gen.signBytes(), sig) {
		return fmt.Errorf("%w: genesis signature of seat %d", ErrForged, seat)
	}
	return nil
}

func (l *ledger) head() (uint64, Hash) {
	if len(l.entries) == 0 {
		return 0, l.genHash
	}
	return uint64(len(l.entries)), l.hashes[len(l.hashes)-1]
}

// hashes0 is the hash of entry seq (the genesis hash for 0).
func (l *ledger) hashes0(seq uint64) Hash {
	if seq == 0 {
		return l.genHash
	}
	return l.hashes[seq-1]
}

func (l *ledger) status() engine.Status { return l.match.State.Status() }

// deciders is the status's deciders in canonical (seat) order.
func (l *ledger) deciders() []engine.Seat {
	d := append([]engine.Seat(nil), l.status().Deciders...)
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return d
}

func (l *ledger) verifyEntrySig(e *Entry) error {
	if e.Author < 0 || e.Author >= len(l.gen.Seats) {
		return fmt.Errorf("%w: author seat %d is not in this game", ErrOutOfTurn, e.Author)
	}
	if !l.gen.verifySeat(e.Author, e.signBytes(), e.Sig) {
		return fmt.Errorf("%w: entry %d is not signed by seat %d", ErrForged, e.Seq, e.Author)
	}
	return nil
}

func (l *ledger) verifyProposalSig(p *Proposal) error {
	if p.Seat < 0 || p.Seat >= len(l.gen.Seats) {
		return fmt.Errorf("%w: proposal from seat %d", ErrOutOfTurn, p.Seat)
	}
	if p.Game != l.gen.Game {
		return ErrWrongGame
	}
	if !l.gen.verifySeat(p.Seat, p.signBytes(), p.Sig) {
		return fmt.Errorf("%w: proposal is not signed by seat %d", ErrForged, p.Seat)
	}
	return nil
}

// apply checks e as the next entry and applies it. On any error the
// ledger is exactly as before.
func (l *ledger) apply(e Entry) error {
	seq, headHash := l.head()
	if s := l.sealed; s != nil {
		s.folded = nil // a fold kept by an entry refused after it
		s.writing, s.written = s.written, nil
		defer func() { s.writing = nil }()
	}
	switch {
	case e.Game != l.gen.Game:
		return ErrWrongGame
	case e.Seq != seq+1:
		return fmt.Errorf("%w: entry %d, expected %d", ErrBadPrev, e.Seq, seq+1)
	case e.Prev != headHash:
		return fmt.Errorf("%w: entry %d names prev %s, our head is %s", ErrBadPrev, e.Seq, e.Prev.Short(), headHash.Short())
	}
	st := l.status()
	if st.Over && !((e.Kind == KindDeck || e.Kind == KindSecret) && l.sealedGame()) {
		return engine.ErrGameOver
	}
	if k, _, due := l.sealedDue(); due && e.Kind != k && e.Kind != KindTakeover {
		return fmt.Errorf("%w: the log waits for a %s message", ErrOutOfTurn, k)
	}
	if _, left := l.leftDue(); left != nil && e.Kind != KindLeft && e.Kind != KindHidden && e.Kind != KindTakeover {
		return fmt.Errorf("%w: the log waits for the cards of a seat that left", ErrOutOfTurn)
	}
	post := hex.EncodeToString(e.Post[:])
	n0 := len(l.match.Entries)
	switch e.Kind {
	case KindAction:
		if err := l.verifyEntrySig(&e); err != nil {
			return err
		}
		switch {
		case st.Chance != nil:
			return fmt.Errorf("%w: waiting for chance (%s), not seat %d", ErrOutOfTurn, st.Chance.Kind, e.Author)
		case !st.Decides(engine.Seat(e.Author)):
			return fmt.Errorf("%w: seat %d, deciders are %v", ErrOutOfTurn, e.Author, st.Deciders)
		case len(st.Deciders) > 1:
			return fmt.Errorf("%w: simultaneous decisions travel as proposals", ErrOutOfTurn)
		case len(e.Body) > MaxAction:
			return fmt.Errorf("%w: action of %d bytes", engine.ErrBadAction, len(e.Body))
		}
		if err := l.appendOwn(post, engine.Entry{Seat: engine.Seat(e.Author), Action: e.Body}); err != nil {
			return mapHash(err)
		}
	case KindChance:
		if err := l.applyChance(&e, post); err != nil {
			return err
		}
	case KindBatch:
		if e.Author != -1 || len(e.Sig) != 0 {
			return fmt.Errorf("%w: batch entries have no author", ErrMalformed)
		}
		ps, err := decodeBatch(e.Body)
		if err != nil {
			return err
		}
		if err := l.applyBatch(ps, seq, headHash, post); err != nil {
			return err
		}
	case KindTakeover:
		if err := l.applyTakeover(&e, seq, headHash); err != nil {
			return err
		}
	case KindBot:
		if err := l.applyBot(&e, post); err != nil {
			return err
		}
	case KindReclaim:
		if err := l.applyReclaim(&e); err != nil {
			return err
		}
	case KindDeck:
		if err := l.applyDeck(&e); err != nil {
			return err
		}
	case KindHidden:
		if err := l.applyHidden(&e, post); err != nil {
			return err
		}
	case KindShow:
		if err := l.applyShow(&e); err != nil {
			return err
		}
	case KindLeft:
		if err := l.applyLeft(&e); err != nil {
			return err
		}
	case KindSecret:
		if err := l.applySecret(&e); err != nil {
			return err
		}
	default:
		return fmt.Errorf("%w: entry kind %d", ErrMalformed, e.Kind)
	}
	if e.Kind == KindChance {
		l.tookSecretChance(st.Chance, l.match.Entries[len(l.match.Entries)-1].Chance)
	}
	if e.Kind == KindChance || e.Kind == KindHidden || e.Kind == KindDeck && answersDraw(e.Body) {
		l.attempt = 0
	} else if st.Chance != nil && e.Kind != KindDeck && e.Kind != KindSecret {
		// The round's seats changed before it was settled: it starts
		// afresh, with secrets nobody could know when the change began.
		l.attempt++
		l.retries++
	}
	l.entries = append(l.entries, e)
	l.hashes = append(l.hashes, e.Hash())
	w := writer{b: l.wire}
	w.bytes(e.Encode())
	l.wire = w.b
	l.mirror(n0)
	l.sealSync()
	return nil
}

// applyBatch applies one round of simultaneous decisions atomically.
func (l *ledger) applyBatch(ps []Proposal, base uint64, baseHash Hash, post string) error {
	st := l.status()
	ds := l.deciders()
	if st.Chance != nil || len(ds) < 2 {
		return fmt.Errorf("%w: no simultaneous decision is pending", ErrOutOfTurn)
	}
	if len(ps) != len(ds) {
		return fmt.Errorf("%w: batch has %d proposals for %d deciders", ErrConflict, len(ps), len(ds))
	}
	for i := range ps {
		p := &ps[i]
		if l.isBot(p.Seat) {
			// The bot's part: unsigned, and exactly its choice.
			if len(p.Sig) != 0 || p.Game != l.gen.Game {
				return fmt.Errorf("%w: bot proposal of seat %d", ErrMalformed, p.Seat)
			}
			l.trust(p.Seat, p.Action)
			want, err := l.botChoice(p.Seat)
			if err != nil {
				return err
			}
			if !bytes.Equal(want, p.Action) {
				return fmt.Errorf("%w: seat %d's bot plays %s, the batch says %s", ErrBadBot, p.Seat, want, p.Action)
			}
		} else if err := l.verifyProposalSig(p); err != nil {
			return err
		}
		if engine.Seat(p.Seat) != ds[i] {
			return fmt.Errorf("%w: batch proposal %d is from seat %d, expected seat %d", ErrOutOfTurn, i, p.Seat, ds[i])
		}
		if p.Base != base || p.BaseHash != baseHash {
			return fmt.Errorf("%w: proposal of seat %d answers entry %d", ErrBadPrev, p.Seat, p.Base)
		}
		if len(p.Action) > MaxAction {
			return fmt.Errorf("%w: action of %d bytes", engine.ErrBadAction, len(p.Action))
		}
	}
	raws := make([][]byte, len(ps))
	shows := make([][]showing, len(ps))
	for i := range ps {
		var err error
		if raws[i], shows[i], err = l.proposalParts(ps[i].Seat, ps[i].Action); err != nil {
			return fmt.Errorf("seat %d: %w", ps[i].Seat, err)
		}
	}
	var es []engine.Entry
	for i := range ps {
		es = append(es, batchEntries(ps[i].Seat, raws[i], shows[i])...)
	}
	if l.sealed != nil {
		if err := l.checkPublic(post, es...); err != nil {
			return err
		}
		if err := l.foldOwn(es); err != nil {
			return err
		}
	} else {
		before, n := l.match.State.Clone(), len(l.match.Entries)
		undo := func() { l.match.State, l.match.Entries = before, l.match.Entries[:n] }
		for _, e := range es {
			if err := l.match.Append(e); err != nil {
				undo()
				return fmt.Errorf("seat %d: %w", e.Seat, err)
			}
		}
		if got := engine.HashHex(l.match.State); got != post {
			undo()
			return fmt.Errorf("%w: %s after the batch, entry says %s", ErrBadPost, got[:12], post[:12])
		}
	}
	for i := range ps {
		if l.isBot(ps[i].Seat) {
			l.commitBot(ps[i].Seat)
		}
		if len(shows[i]) > 0 && !l.isBot(ps[i].Seat) {
			l.commitShows(ps[i].Seat, shows[i]) // a bot's cards are open: no share to take
		}
	}
	return nil
}

// revealSeats is every seat whose reveal the next chance entry holds.
func (l *ledger) revealSeats() []int { return l.humans() }

// sameSeatSet: a chance body's seat list is nil exactly when every seat
// reveals, else the revealing seats.
func sameSeatSet(body, want []int, n int) bool {
	if want == nil {
		return body == nil
	}
	return body != nil && sameSeats(body, want)
}

// slot is the chain position of the pending round: its secrets are the
// chain links x_{slot+1}. One per chance request and one per retry
// (attempt > 0) before it, so a game answers N requests less its retries.
func (l *ledger) slot() uint64 { return uint64(l.match.ChanceCount()) + l.retries }

// checkReveal checks x as seat's link x_j (j = slot+1 of its round):
// hashing it (j - revealedAt) times must give the seat's last verified
// link.
func (l *ledger) checkReveal(seat int, j uint64, x Hash) error {
	at := l.revealedAt[seat]
	if j <= at || j-at > uint64(l.gen.Chain) {
		return fmt.Errorf("%w: seat %d, chain link %d", ErrBadReveal, seat, j)
	}
	for i := at; i < j; i++ {
		x = h(x)
	}
	if x != l.revealed[seat] {
		return fmt.Errorf("%w: seat %d, chain link %d", ErrBadReveal, seat, j)
	}
	return nil
}

func mapHash(err error) error {
	if errors.Is(err, engine.ErrHashMismatch) {
		return fmt.Errorf("%w: %v", ErrBadPost, err)
	}
	return err
}
