package p2p

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/big"
	"sync"
	"time"

	"tabula/engine"
	"tabula/engine/p2p/timelock"
	"tabula/engine/rng"
)

// Chance rounds locked in time (Bicorn-RX, package timelock).
//
// For chance request k every human seat i first sends a signed COMMIT of
// c_i = g^α_i in the RSA-2048 group, α_i being its chain pre-image
// x_{i,slot+1} (fixed at the genesis; slot is k while no round was
// retried). Only once it holds every human seat's commitment does a seat
// send its REVEAL (α_i, checked against its chain and c_i).
// The outcome is derived from Ω = (∏ c_i^ℓ_i)^(2^T): the commitments alone
// fix it. With every reveal in, Ω costs one exponentiation; when reveals
// are missing past the countdown, any honest peer computes the withheld
// part itself (T squarings, ForceJob) with a Wesolowski proof and writes
// the chance entry. So a withheld reveal never changes the outcome, in any
// seat count and for any set of withholders, and nobody's share or vote
// is needed to go on. A missing commitment (before any reveal) is the old
// case: the seat is stalled and may be voted to the bot (reason abort).
// The round then starts afresh (attempt 1, 2, …): the remaining seats
// commit to the next link of their chains, which the seat that held back
// could not know, and the outcome binds the attempt. So holding a
// commitment back buys no second roll the withholder could foresee.
//
// A chance entry's name holds k, the seat list, the signed commitments and
// Ω; the evidence (the reveals, the forced part and its proof) rides in its
// Sig field, outside its name, so peers that saw a late reveal and peers
// that forced it write the same entry.

// MaxDelay bounds the delay of a game that is not DefaultT (tests use
// short delays; a file with one is verified with it).
const MaxDelay = 1 << 16

var lockParams sync.Map // delay → *timelock.Params

// lockFor is the time lock of a game with the given delay.
func lockFor(delay uint64) (*timelock.Params, error) {
	if delay == timelock.DefaultT {
		return timelock.Default()
	}
	if delay < 1 || delay > MaxDelay {
		return nil, fmt.Errorf("%w: time-lock delay %d", ErrMismatch, delay)
	}
	if p, ok := lockParams.Load(delay); ok {
		return p.(*timelock.Params), nil
	}
	grp := timelock.RSA2048
	p, _ := timelock.Setup(grp, timelock.Base(grp), delay)
	lockParams.Store(delay, p)
	return p, nil
}

// lockChecks remembers what a peer has checked of chance rounds. Each
// check is an exponentiation in a 2048-bit group, and one round's parts
// pass by many times (resent, in our own entry, in the entry we apply,
// again in a replay). Keyed by content, so a hit is only ever a repeat of
// a check that passed; bounded (emptied when full).
type lockChecks struct {
	elems  map[string]*big.Int // decoded commitments by their bytes
	signed map[Hash]bool       // H(signed bytes ‖ signature) of commitments
	opened map[Hash]bool       // H(commitment ‖ opening) that matched
	rounds map[Hash]bool       // H(chance body ‖ evidence) whose Ω checked
	omegas map[Hash]*big.Int   // Ω by H(commitments, openings, forced part)
}

const maxLockChecks = 512

func newLockChecks() *lockChecks {
	return &lockChecks{elems: map[string]*big.Int{}, signed: map[Hash]bool{}, opened: map[Hash]bool{},
		rounds: map[Hash]bool{}, omegas: map[Hash]*big.Int{}}
}

func (lc *lockChecks) room() {
	if len(lc.elems)+len(lc.signed)+len(lc.opened)+len(lc.rounds)+len(lc.omegas) > maxLockChecks {
		*lc = *newLockChecks()
	}
}

// element decodes a commitment's group element.
func (l *ledger) element(b []byte) (*big.Int, error) {
	if x, ok := l.checks.elems[string(b)]; ok {
		return x, nil
	}
	x, err := l.lock.Decode(b)
	if err == nil {
		l.checks.room()
		l.checks.elems[string(b)] = x
	}
	return x, err
}

func openingKey(c *big.Int, a []byte) Hash {
	h := sha256.New()
	h.Write(c.Bytes())
	h.Write([]byte{0})
	h.Write(a)
	return Hash(h.Sum(nil))
}

// checkOpening checks that a opens the commitment c.
func (l *ledger) checkOpening(c *big.Int, a []byte) error {
	key := openingKey(c, a)
	if l.checks.opened[key] {
		return nil
	}
	if err := l.lock.Check(c, a); err != nil {
		return err
	}
	l.checks.room()
	l.checks.opened[key] = true
	return nil
}

// omega is Ω of a round from checked commitments, the openings (nil where
// withheld; each checked here) and the forced part.
func (l *ledger) omega(cs []*big.Int, open [][]byte, forced *timelock.Forced) (*big.Int, error) {
	h := sha256.New()
	for i, a := range open {
		h.Write(l.lock.Encode(cs[i]))
		if a == nil {
			h.Write([]byte{0})
			continue
		}
		h.Write([]byte{1})
		h.Write(a)
		if err := l.checkOpening(cs[i], a); err != nil {
			return nil, fmt.Errorf("contribution %d: %w", i, err)
		}
	}
	if forced != nil {
		h.Write(l.lock.Encode(forced.Y))
		h.Write(l.lock.Encode(forced.Proof))
	}
	key := Hash(h.Sum(nil))
	if o, ok := l.checks.omegas[key]; ok {
		return o, nil
	}
	o, err := l.lock.Combine(cs, open, forced)
	if err == nil {
		l.checks.room()
		l.checks.omegas[key] = o
	}
	return o, err
}

func roundKey(e *Entry) Hash {
	h := sha256.New()
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(e.Body)))
	h.Write(n[:])
	h.Write(e.Body)
	h.Write(e.Sig)
	return Hash(h.Sum(nil))
}

// Commit is a seat's time-lock commitment for attempt A of chance
// request K.
type Commit struct {
	Game GameID
	K    uint64
	A    uint64 // the attempt (ledger.attempt): 0 unless the round was retried
	Seat int
	C    []byte // a timelock group element, ElementSize bytes
	Sig  []byte
}

// A first attempt's commitment signs what protocol 5 signed; a retry's
// signs its attempt too, under its own domain, so no signature moves
// between attempts.
const (
	domainCommit      = "tabula/chance-commit/v1\x00"
	domainRetryCommit = "tabula/chance-retry-commit/v1\x00"
)

func (c *Commit) unsigned() []byte {
	var w writer
	w.fixed(c.Game[:])
	w.uvarint(c.K)
	w.seat(c.Seat)
	w.bytes(c.C)
	return w.b
}

func (c *Commit) signBytes() []byte {
	if c.A == 0 {
		return append([]byte(domainCommit), c.unsigned()...)
	}
	w := writer{b: append([]byte(domainRetryCommit), c.unsigned()...)}
	w.uvarint(c.A)
	return w.b
}

func (c *Commit) encode(w *writer) {
	w.fixed(c.unsigned())
	w.uvarint(c.A)
	w.bytes(c.Sig)
}

func readCommit(r *reader) *Commit {
	c := &Commit{}
	r.fixed(c.Game[:])
	c.K = r.uvarint()
	c.Seat = r.seat(MaxSeats - 1)
	c.C = r.bytes()
	c.A = r.uvarint()
	c.Sig = r.bytes()
	return c
}

// checkCommit checks a commitment's signature and element. Every peer
// passes on the commitments it holds until the round is settled, so the
// same one comes by many times: its signature is checked once.
func (l *ledger) checkCommit(c *Commit) (*big.Int, error) {
	switch {
	case c.Game != l.gen.Game:
		return nil, ErrWrongGame
	case c.Seat < 0 || c.Seat >= len(l.gen.Seats):
		return nil, fmt.Errorf("%w: commitment of seat %d", ErrMalformed, c.Seat)
	}
	sb := c.signBytes()
	key := sha256.Sum256(append(sb, c.Sig...))
	if !l.checks.signed[key] {
		if !l.gen.verifySeat(c.Seat, sb, c.Sig) {
			return nil, fmt.Errorf("%w: commitment is not signed by seat %d", ErrForged, c.Seat)
		}
		l.checks.room()
		l.checks.signed[key] = true
	}
	x, err := l.element(c.C)
	if err != nil {
		return nil, fmt.Errorf("%w: seat %d's commitment: %v", ErrMalformed, c.Seat, err)
	}
	return x, nil
}

// alpha is the exponent a seat commits to for request k: its reveal.
func alpha(x Hash) []byte { return x[:] }

// chanceBody is the name part of a KindChance entry.
type chanceBody struct {
	K uint64 // chance request index, from 0
	// Seats that take part, ascending; nil when every seat does (the only
	// layout before any takeover). Commits follows it.
	Seats   []int
	Commits []Commit // K, Seat and Game implied
	Omega   []byte   // Ω, ElementSize bytes
}

func (c chanceBody) encode() []byte {
	var w writer
	w.uvarint(c.K)
	w.uvarint(uint64(len(c.Commits)))
	for _, m := range c.Commits {
		w.bytes(m.C)
		w.bytes(m.Sig)
	}
	w.bytes(c.Omega)
	if c.Seats != nil {
		w.seats(c.Seats)
	}
	return w.b
}

func decodeChanceBody(b []byte) (chanceBody, error) {
	r := reader{b: b}
	var c chanceBody
	c.K = r.uvarint()
	n := r.small(MaxSeats, "commitment count")
	for i := 0; i < n && r.err == nil; i++ {
		c.Commits = append(c.Commits, Commit{K: c.K, C: r.bytes(), Sig: r.bytes()})
	}
	c.Omega = r.bytes()
	if r.err == nil && len(r.b) > 0 {
		c.Seats = r.seats()
		if r.err == nil && len(c.Seats) != len(c.Commits) {
			r.fail("%d seats for %d commitments", len(c.Seats), len(c.Commits))
		}
	}
	return c, r.done()
}

// chanceProof is the evidence of a chance entry (its Sig field): every
// seat's reveal, or none where it was withheld and forced open.
type chanceProof struct {
	Reveals []*Hash // per seat of the body; nil: withheld
	Y, Pi   []byte  // the forced part and its proof, when any is withheld
}

func (c chanceProof) encode() []byte {
	var w writer
	w.uvarint(uint64(len(c.Reveals)))
	for _, x := range c.Reveals {
		if x == nil {
			w.byte1(0)
			continue
		}
		w.byte1(1)
		w.fixed(x[:])
	}
	w.bytes(c.Y)
	w.bytes(c.Pi)
	return w.b
}

func decodeChanceProof(b []byte) (chanceProof, error) {
	r := reader{b: b}
	var c chanceProof
	n := r.small(MaxSeats, "reveal count")
	for i := 0; i < n && r.err == nil; i++ {
		if r.byte1() == 0 {
			c.Reveals = append(c.Reveals, nil)
			continue
		}
		var x Hash
		r.fixed(x[:])
		c.Reveals = append(c.Reveals, &x)
	}
	c.Y, c.Pi = r.bytes(), r.bytes()
	return c, r.done()
}

// withheld lists the seats of a chance entry forced open.
func (c chanceProof) withheld(seats []int) []int {
	var out []int
	for i, x := range c.Reveals {
		if x == nil && i < len(seats) {
			out = append(out, seats[i])
		}
	}
	return out
}

// chanceKey is the rng key of attempt a of request k: "tabula/chance/v4"
// ‖ game ‖ k ‖ seats ‖ SHA-256(Ω) for the first (as in protocol 5), and
// "tabula/chance-retry/v1" ‖ game ‖ k ‖ a ‖ seats ‖ SHA-256(Ω) for a retry.
func chanceKey(game GameID, k, a uint64, seats []int, omega []byte) []byte {
	var key []byte
	if a == 0 {
		key = append([]byte("tabula/chance/v4\x00"), game[:]...)
		key = binary.BigEndian.AppendUint64(key, k)
	} else {
		key = append([]byte("tabula/chance-retry/v1\x00"), game[:]...)
		key = binary.BigEndian.AppendUint64(key, k)
		key = binary.BigEndian.AppendUint64(key, a)
	}
	for _, s := range seats {
		key = append(key, byte(s))
	}
	d := sha256.Sum256(omega)
	return append(key, d[:]...)
}

func chanceOutcome(game GameID, k, a uint64, seats []int, omega []byte, req engine.ChanceRequest) engine.Outcome {
	return rng.Derive(chanceKey(game, k, a, seats, omega), req)
}

// applyChance checks a chance entry against the log and applies it.
func (l *ledger) applyChance(e *Entry, post string) error {
	if e.Author != -1 {
		return fmt.Errorf("%w: chance entries have no author", ErrMalformed)
	}
	st := l.status()
	if st.Chance == nil {
		return fmt.Errorf("%w: no chance request is pending", ErrOutOfTurn)
	}
	if l.sealedChance(*st.Chance) {
		return fmt.Errorf("%w: request %s is answered by sealed entries, not the chance round", ErrOutOfTurn, st.Chance.Kind)
	}
	cb, err := decodeChanceBody(e.Body)
	if err != nil {
		return err
	}
	pr, err := decodeChanceProof(e.Sig)
	if err != nil {
		return err
	}
	k, a, j := uint64(l.match.ChanceCount()), l.attempt, l.slot()+1
	rs := l.revealSeats()
	if cb.K != k || !sameSeatSet(cb.Seats, l.revealers(), len(l.gen.Seats)) || len(cb.Commits) != len(rs) || len(pr.Reveals) != len(rs) {
		return fmt.Errorf("%w: chance entry for request %d with %d commitments, expected request %d with seats %v", ErrConflict, cb.K, len(cb.Commits), k, rs)
	}
	cs := make([]*big.Int, len(rs))
	open := make([][]byte, len(rs))
	for i, s := range rs {
		c := cb.Commits[i]
		c.Game, c.K, c.A, c.Seat = l.gen.Game, k, a, s
		if cs[i], err = l.checkCommit(&c); err != nil {
			return err
		}
		if x := pr.Reveals[i]; x != nil {
			if err := l.checkReveal(s, j, *x); err != nil {
				return err
			}
			open[i] = alpha(*x)
		}
	}
	if key := roundKey(e); !l.checks.rounds[key] {
		var forced *timelock.Forced
		if len(pr.withheld(rs)) > 0 {
			y, err1 := l.lock.Decode(pr.Y)
			pi, err2 := l.lock.Decode(pr.Pi)
			if err1 != nil || err2 != nil {
				return fmt.Errorf("%w: forced part of request %d", ErrBadReveal, k)
			}
			forced = &timelock.Forced{Y: y, Proof: pi}
		}
		omega, err := l.omega(cs, open, forced)
		if err != nil {
			return fmt.Errorf("%w: request %d: %v", ErrBadReveal, k, err)
		}
		if !bytes.Equal(l.lock.Encode(omega), cb.Omega) {
			return fmt.Errorf("%w: request %d: the entry's output is not the round's", ErrBadReveal, k)
		}
		l.checks.room()
		l.checks.rounds[key] = true
	}
	o := chanceOutcome(l.gen.Game, k, a, cb.Seats, cb.Omega, *st.Chance)
	if err := l.appendOwn(post, engine.Entry{Seat: engine.Spectator, Chance: o}); err != nil {
		return mapHash(err)
	}
	for i, x := range pr.Reveals {
		if x != nil {
			l.revealed[rs[i]], l.revealedAt[rs[i]] = *x, j
		}
	}
	l.chanceSeq = append(l.chanceSeq, e.Seq)
	return nil
}

// ---- Peer side ----

// roundID names one attempt of one chance request.
type roundID struct{ k, a uint64 }

func (r roundID) after(o roundID) bool { return r.k > o.k || r.k == o.k && r.a > o.a }

// lockRound is what this peer holds of the pending chance round (attempt
// a of request k).
type lockRound struct {
	k, a    uint64
	commits map[int]Commit
	elems   map[int]*big.Int
	force   *ForceJob
	caught  map[int]bool // seats whose commitment their reveal does not open
	// aheadSince: when a party first told us of a longer log (mayForce).
	aheadSince time.Duration
	aheadSet   bool
}

func (p *Peer) round(k uint64) *lockRound {
	id := roundID{k, p.led.attempt}
	if p.rnd == nil || p.rnd.k != k || p.rnd.a != id.a {
		p.rnd = &lockRound{k: k, a: id.a, commits: map[int]Commit{}, elems: map[int]*big.Int{}}
		for _, c := range p.earlyCommits[id] {
			p.takeCommit(c)
		}
		for j := range p.earlyCommits {
			if !j.after(id) {
				delete(p.earlyCommits, j)
			}
		}
	}
	return p.rnd
}

func (p *Peer) takeCommit(c Commit) {
	r := p.rnd
	if c.K != r.k || c.A != r.a {
		return
	}
	x, err := p.led.checkCommit(&c)
	if err != nil {
		return
	}
	if old, ok := r.commits[c.Seat]; ok {
		if !bytes.Equal(old.C, c.C) {
			p.event(Event{Kind: EvEquivocation, Seat: c.Seat, Seq: c.K, Proof: [2][]byte{Encode(&old), Encode(&c)},
				Err: fmt.Errorf("seat %d signed two commitments for chance request %d", c.Seat, c.K)})
		}
		return
	}
	r.commits[c.Seat], r.elems[c.Seat] = c, x
}

func (p *Peer) onCommit(from int, c *Commit) {
	if p.led == nil || c.Game != p.gameID {
		return
	}
	if _, err := p.led.checkCommit(c); err != nil {
		p.reject(from, err)
		return
	}
	if p.led.isBot(c.Seat) {
		return
	}
	k := uint64(p.led.match.ChanceCount())
	id, now := roundID{c.K, c.A}, roundID{k, p.led.attempt}
	switch {
	case c.K < k:
		p.serveSync(from, p.led.chanceSeq[c.K])
	case now.after(id):
		// An attempt our log has left (the sender has not seen the
		// entry that changed the seats yet; its pings will tell).
	case id.after(now) || p.led.status().Chance == nil:
		// Ahead of our log: kept (checked again) until we reach it.
		if c.K <= k+8 && c.A <= now.a+8 {
			if p.earlyCommits[id] == nil {
				p.earlyCommits[id] = map[int]Commit{}
			}
			if _, ok := p.earlyCommits[id][c.Seat]; !ok {
				p.earlyCommits[id][c.Seat] = *c
			}
		}
	default:
		p.round(k)
		p.takeCommit(*c)
	}
}

// ownCommit sends our commitment for request k once (and keeps it for
// resending); false when the chain is exhausted.
func (p *Peer) ownCommit(k uint64) (Commit, bool) {
	r := p.round(k)
	if c, ok := r.commits[p.seat]; ok {
		return c, true
	}
	x, ok := p.chain.reveal(p.led.slot() + 1)
	if !ok {
		return Commit{}, false
	}
	el := p.led.lock.Commit(alpha(x))
	p.led.checks.room()
	p.led.checks.opened[openingKey(el, alpha(x))] = true
	c := Commit{Game: p.gameID, K: k, A: r.a, Seat: p.seat, C: p.led.lock.Encode(el)}
	c.Sig = ed25519.Sign(p.priv, c.signBytes())
	r.commits[p.seat], r.elems[p.seat] = c, el
	p.send(Broadcast, &c)
	return c, true
}

// committed reports whether every seat of the round has committed.
func (p *Peer) committed(k uint64) bool {
	r := p.round(k)
	for _, s := range p.led.revealSeats() {
		if _, ok := r.commits[s]; !ok {
			return false
		}
	}
	return true
}

// ForceJob is a chance round the honest side opens alone: the part owed by
// the seats that withheld their reveal. Run it off the peer's lock (it
// takes DefaultT squarings: see the timelock benchmark) and hand the result
// to Peer.Forced. EvForce announces one.
type ForceJob struct {
	K        uint64
	Withheld []int // the seats whose reveals are missing
	lock     *timelock.Params
	elems    []*big.Int
	mask     []bool
}

// Run computes the forced part; stop (may be nil) is asked now and then,
// and Run returns nil when it says to stop.
func (j *ForceJob) Run(stop func() bool) *timelock.Forced {
	return j.lock.Force(j.elems, j.mask, stop)
}

// needForce returns the job for the reveals still missing at request k
// (nil when none is missing), the same one while the set is unchanged.
func (p *Peer) needForce(k uint64, missing []int) *ForceJob {
	r := p.round(k)
	if len(missing) == 0 {
		return nil
	}
	if r.force != nil && sameSeats(r.force.Withheld, missing) {
		return r.force
	}
	rs := p.led.revealSeats()
	j := &ForceJob{K: k, Withheld: append([]int(nil), missing...), lock: p.led.lock, mask: make([]bool, len(rs))}
	for i, s := range rs {
		j.elems = append(j.elems, r.elems[s])
		j.mask[i] = containsSeat(missing, s)
	}
	r.force = j
	p.forced = nil
	p.event(Event{Kind: EvForce, Seq: k, K: k, Seats: j.Withheld, Force: j,
		Err: fmt.Errorf("chance request %d: seats %v withheld their reveals; opening their time lock", k, j.Withheld)})
	return j
}

// mayForce: no party has told us (in a recent signed ping) of a longer
// log than ours for more than a countdown. What we hold of the roll may be
// stale (the others may have settled it, or taken our seat over while we
// were cut off): sync brings that first. A party that claims a longer log
// and does not serve it holds us up one countdown.
func (p *Peer) mayForce(r *lockRound) bool {
	if !p.hearAnyone() {
		r.aheadSet = false // the countdown runs only while we hear the party
		return false
	}
	seq, _ := p.led.head()
	for j := range p.led.gen.Seats {
		h := p.heads[j]
		fresh := p.now-h.at < p.cfg.AwayAfter
		// A party heard again (back from a cut) whose head we do not
		// know yet counts as ahead until its ping tells: its log may
		// hold the roll, or a takeover of our seat.
		unknown := !fresh && !p.away[j] && containsSeat(p.led.humans(), j)
		if j != p.seat && (unknown || h.seq > seq && fresh) {
			if !r.aheadSet {
				r.aheadSet, r.aheadSince = true, p.now
			}
			return p.now-r.aheadSince >= p.cfg.StallAfter
		}
	}
	// A longer log reported before (then served, or before a cut) starts
	// no countdown now: the next report gets its own.
	r.aheadSet = false
	return true
}

// hearAnyone: some other party (not played by the bot) is not away. A
// device that hears nobody cannot tell the others' silence from its own
// lost link, so it forces nothing open: settled alone, the roll would
// only fork it from the others, who may have voted its seat out. Then,
// and only then, the others' silence may be voted on (canTakeover).
func (p *Peer) hearAnyone() bool {
	for _, j := range p.led.humans() {
		if j != p.seat && !p.away[j] {
			return true
		}
	}
	return false
}

// PendingForce is the force-open the peer waits for, or nil.
func (p *Peer) PendingForce() *ForceJob {
	if p.rnd == nil || p.led == nil || uint64(p.led.match.ChanceCount()) != p.rnd.k || p.led.attempt != p.rnd.a {
		return nil
	}
	if p.forced != nil && p.forced.job == p.rnd.force {
		return nil
	}
	return p.rnd.force
}

type forcedResult struct {
	job *ForceJob
	f   *timelock.Forced
}

// Forced hands the peer the result of j.Run.
func (p *Peer) Forced(j *ForceJob, f *timelock.Forced) Output {
	if f != nil && p.rnd != nil && p.rnd.force == j {
		p.forced = &forcedResult{job: j, f: f}
		p.progress()
	}
	return p.flush()
}

// chanceEntry builds the entry for request k from what this peer holds:
// every reveal, or the reveals it has and the forced part of the others.
// ok is false while something is missing.
func (p *Peer) chanceEntry(seq uint64, headHash Hash, k uint64, req engine.ChanceRequest) (Entry, bool) {
	r := p.round(k)
	rs := p.led.revealSeats()
	reveals := p.reveal(k)
	cb := chanceBody{K: k, Seats: p.led.revealers()}
	var pr chanceProof
	cs := make([]*big.Int, len(rs))
	open := make([][]byte, len(rs))
	var missing, late []int // missing: forced; late: not revealed at all
	for i, s := range rs {
		cb.Commits = append(cb.Commits, Commit{C: r.commits[s].C, Sig: r.commits[s].Sig})
		cs[i] = r.elems[s]
		if x, ok := reveals[s]; ok {
			if err := p.led.checkOpening(cs[i], alpha(x)); err == nil {
				x := x
				pr.Reveals = append(pr.Reveals, &x)
				open[i] = alpha(x)
				continue
			}
			// Its commitment is not of its chain's secret: the round
			// goes on without its reveal, as if withheld.
			p.caughtCommit(s, k)
		} else {
			late = append(late, s)
		}
		pr.Reveals = append(pr.Reveals, nil)
		missing = append(missing, s)
	}
	var forced *timelock.Forced
	if len(missing) > 0 {
		if (len(late) > 0 && !p.Stalled(late[0])) || !p.mayForce(r) {
			return Entry{}, false
		}
		j := p.needForce(k, missing)
		if p.forced == nil || p.forced.job != j {
			if p.cfg.ForceInline {
				p.forced = &forcedResult{job: j, f: j.Run(nil)}
			} else {
				return Entry{}, false
			}
		}
		forced = p.forced.f
		pr.Y, pr.Pi = p.led.lock.Encode(forced.Y), p.led.lock.Encode(forced.Proof)
	}
	omega, err := p.led.omega(cs, open, forced)
	if err != nil {
		p.reject(p.seat, err)
		return Entry{}, false
	}
	cb.Omega = p.led.lock.Encode(omega)
	t := p.led.trial()
	if err := t.apply(engine.Entry{Seat: engine.Spectator, Chance: chanceOutcome(p.gameID, k, r.a, cb.Seats, cb.Omega, req)}); err != nil {
		p.reject(p.seat, err)
		return Entry{}, false
	}
	e := Entry{Game: p.gameID, Seq: seq + 1, Prev: headHash, Author: -1, Kind: KindChance,
		Body: cb.encode(), Sig: pr.encode(), Post: t.post()}
	p.led.checks.room()
	p.led.checks.rounds[roundKey(&e)] = true // its Ω is the one just computed
	return e, true
}

// forcedIn lists the seats a chance entry forced open.
func forcedIn(e *Entry) []Abort {
	cb, err1 := decodeChanceBody(e.Body)
	pr, err2 := decodeChanceProof(e.Sig)
	if err1 != nil || err2 != nil {
		return nil
	}
	seats := cb.Seats
	if seats == nil {
		for i := range pr.Reveals {
			seats = append(seats, i)
		}
	}
	var out []Abort
	for _, s := range pr.withheld(seats) {
		out = append(out, Abort{Seat: s, K: cb.K, Seq: e.Seq, Forced: true})
	}
	return out
}

// caughtCommit reports, once per request, a seat whose signed commitment
// does not open with the secret its chain fixed: its reveal is useless,
// so its part is forced open like a withheld one.
func (p *Peer) caughtCommit(seat int, k uint64) {
	if p.rnd.caught == nil {
		p.rnd.caught = map[int]bool{}
	}
	if !p.rnd.caught[seat] {
		p.rnd.caught[seat] = true
		p.event(Event{Kind: EvCheat, Seat: seat, K: k,
			Err: fmt.Errorf("%w: seat %d committed to something other than its chance secret for request %d", ErrCheat, seat, k)})
	}
}
