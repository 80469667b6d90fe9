package deck

import (
	"errors"
	"fmt"
	"io"
)

// All is the audience of a card opened to every party.
const All = -1

// Observer as Config.Me is a deck that belongs to no party: it takes every
// party's messages and checks them, knows the cards opened to all (and,
// after the audit, every card), and makes nothing (a spectator, a game
// file's verifier).
const Observer = -1

// Config sets up one party's view of one deck.
type Config struct {
	// ID names the deck uniquely (e.g. game id ‖ deck name); it is in every
	// card point, proof and derived key, so nothing moves between decks.
	ID      []byte
	Cards   int // 1..MaxCards
	Parties int // 2..MaxParties
	Me      int // this party, 0..Parties-1; Observer: none (it only checks)
	// Rand gives this party's secrets (keys, proof nonces). Nothing else is
	// random: the same reader gives the same bytes.
	Rand io.Reader
	// Forge, when set, makes this party a cheater for tests of other
	// layers: each message it makes passes through Forge before it is
	// applied here and handed out, so its own deck follows the lie. Nil in
	// play.
	Forge func(Msg) Msg
	// ChallengeProofs makes this party's public shares carry their proofs
	// as builds before batched checks did, (c, s) rather than (R1, R2, s):
	// for tests that such logs still fold. False in play.
	ChallengeProofs bool
}

// ct is a decoded ciphertext.
type ct struct{ A, B *point }

// opening is a card asked to be opened: to whom, and the shares in.
type opening struct {
	aud     uint8               // the audience: bit i for party i
	shares  []*ShareMsg         // per party, as received
	d       []*point            // per party: the share (received, unsealed or computed from a known key)
	card    int                 // the card once known here, else -1
	sealed  [][]*SealedShareMsg // [from][to]: shares sealed within the audience
	accused [][]*AccuseMsg      // [from][to]
	wrong   [][]bool            // [from][to]: an accusation proved the sealed share wrong
	bad     []bool              // [from]: its sealed share to this party fails
	// A look (look.go): the audience grew after the card was first
	// opened; the answers to sealed shares ([from][to]); the shares this
	// party unsealed, with their proofs ([from]).
	grew     bool
	acked    [][]bool
	unsealed []*ShareMsg
}

// Deck is one party's state of a jointly shuffled deck: fed with every
// party's messages in log order (its own included, or not: what it makes
// it has applied already), it says what it waits for and what this party
// knows. A refused message leaves it as it was.
type Deck struct {
	id           []byte
	cards, n, me int
	rnd          io.Reader
	forge        func(Msg) Msg
	x, y         *scalar
	cardPts      []*point
	cardOf       map[[pointLen]byte]int
	keys         []*KeyMsg
	X, Y         []*point
	H            *point
	escrows      []*EscrowMsg
	complaints   [][]*ComplaintMsg // [dealer][party]
	wrongShare   [][]bool          // [dealer][party]: a complaint proved party's escrow share wrong
	held         []*scalar         // my share of each party's key
	shuffles     []*ShuffleMsg
	decks        [][]ct // decks[k]: before party k's shuffle; decks[n]: final
	opens        []*opening
	gone         []bool
	recov        [][]*RecoverMsg // [leaver][party]
	secret       []*scalar       // deck keys known: own, recovered, revealed
	audits       []*AuditMsg
	escrowKey    []*scalar // escrow keys revealed at the audit
	cheats       []*CheatError
	escrowOK     []bool // [dealer]: escrow accepted without a proven complaint
	badShare     []bool // [dealer]: its escrow share to me does not open or fails its commitments
	made         *made  // the shuffle just computed here, until applied
	started      bool
	// challengeProofs: Config.ChallengeProofs. aEnc: the final deck's A
	// encoded, per card, as needed (batch.go). proven: the shares of the
	// batch ReceiveAll checked, while it applies them.
	challengeProofs bool
	aEnc            []*[pointLen]byte
	proven          []*ShareMsg
}

// New makes this party's deck.
func New(cfg Config) (*Deck, error) {
	switch {
	case cfg.Parties < 2 || cfg.Parties > MaxParties:
		return nil, fmt.Errorf("deck: %d parties (2..%d)", cfg.Parties, MaxParties)
	case cfg.Me < Observer || cfg.Me >= cfg.Parties:
		return nil, fmt.Errorf("deck: party %d of %d", cfg.Me, cfg.Parties)
	case cfg.Cards < 1 || cfg.Cards > MaxCards:
		return nil, fmt.Errorf("deck: %d cards (1..%d)", cfg.Cards, MaxCards)
	case cfg.Rand == nil && cfg.Me != Observer:
		return nil, errors.New("deck: no random source")
	}
	n := cfg.Parties
	d := &Deck{
		id: append([]byte(nil), cfg.ID...), cards: cfg.Cards, n: n, me: cfg.Me, rnd: cfg.Rand, forge: cfg.Forge, challengeProofs: cfg.ChallengeProofs,
		cardOf: make(map[[pointLen]byte]int, cfg.Cards),
		keys:   make([]*KeyMsg, n), X: make([]*point, n), Y: make([]*point, n),
		escrows: make([]*EscrowMsg, n), complaints: make([][]*ComplaintMsg, n), held: make([]*scalar, n),
		opens: make([]*opening, cfg.Cards), gone: make([]bool, n), recov: make([][]*RecoverMsg, n),
		secret: make([]*scalar, n), audits: make([]*AuditMsg, n), escrowKey: make([]*scalar, n), escrowOK: make([]bool, n),
		badShare: make([]bool, n),
	}
	for i := range n {
		d.complaints[i] = make([]*ComplaintMsg, n)
		d.wrongShare = append(d.wrongShare, make([]bool, n))
		d.recov[i] = make([]*RecoverMsg, n)
	}
	init := make([]ct, d.cards)
	for c := range d.cards {
		M := cardPoint(d.id, c)
		d.cardPts = append(d.cardPts, M)
		d.cardOf[[pointLen]byte(encPoint(M))] = c
		init[c] = ct{newPoint(), M} // the trivial encryption (O, M_c)
	}
	d.decks = [][]ct{init}
	return d, nil
}

// Parties is the number of parties; Me this party.
func (d *Deck) Parties() int { return d.n }
func (d *Deck) Me() int      { return d.me }

// Cheats lists the cheating found so far, in the order found.
func (d *Deck) Cheats() []*CheatError { return append([]*CheatError(nil), d.cheats...) }

// Start makes this party's key and returns its KeyMsg (and whatever follows
// from it) to broadcast.
func (d *Deck) Start() ([]Msg, error) {
	if d.me == Observer {
		return nil, errors.New("deck: an observer makes no key")
	}
	if d.started {
		return nil, errors.New("deck: started twice")
	}
	k, err := d.makeKey()
	if err != nil {
		return nil, err
	}
	d.started = true
	return d.emit(k)
}

// Receive applies another party's message and returns this party's
// messages that follow from it (already applied here), to broadcast. An
// error refuses m and changes nothing; a *CheatError names who sent a
// message that proves cheating. Our own messages coming back are ignored.
func (d *Deck) Receive(m Msg) ([]Msg, error) {
	if isNil(m) {
		return nil, errors.New("deck: nil message")
	}
	if p := m.From(); p < 0 || p >= d.n {
		return nil, fmt.Errorf("deck: message from party %d of %d", p, d.n)
	}
	if m.From() == d.me {
		if d.has(m) || d.ownShareAgain(m) {
			return nil, nil
		}
		return nil, fmt.Errorf("deck: a message in our name that we did not make (%T)", m)
	}
	if d.has(m) {
		return nil, nil
	}
	if err := d.apply(m); err != nil {
		return nil, err
	}
	return d.follow()
}

// emit applies our own message and what follows from it.
func (d *Deck) emit(m Msg) ([]Msg, error) {
	if d.forge != nil {
		m = d.forge(m)
	}
	if err := d.apply(m); err != nil {
		return nil, fmt.Errorf("deck: our own message refused: %w", err)
	}
	out, err := d.follow()
	return append([]Msg{m}, out...), err
}

// follow makes the messages this party owes now.
func (d *Deck) follow() ([]Msg, error) {
	var out []Msg
	for {
		if err := d.stepForDeparted(); err != nil {
			return out, err
		}
		m, err := d.next()
		if err != nil || m == nil {
			return out, err
		}
		if d.forge != nil {
			m = d.forge(m)
		}
		if err := d.apply(m); err != nil {
			return out, fmt.Errorf("deck: our own message refused: %w", err)
		}
		out = append(out, m)
	}
}

// next is the next message this party owes, or nil.
func (d *Deck) next() (Msg, error) {
	if d.me == Observer || !d.started || d.keysIn() < d.n || d.gone[d.me] {
		return nil, nil // a party that left speaks no more
	}
	if d.escrowing() && d.escrows[d.me] == nil {
		return d.makeEscrow()
	}
	for dealer, bad := range d.badShare {
		if bad && d.complaints[dealer][d.me] == nil {
			return d.makeComplaint(dealer)
		}
	}
	for l := range d.n {
		if d.gone[l] && d.secret[l] == nil && d.held[l] != nil && d.recov[l][d.me] == nil {
			return d.makeRecover(l)
		}
	}
	if d.escrowing() && d.escrowsIn() < d.n {
		return nil, nil
	}
	if k := len(d.shuffles); k < d.n {
		if k == d.me {
			return d.makeShuffle()
		}
		return nil, nil
	}
	for pos, o := range d.opens {
		if o == nil {
			continue
		}
		if d.owes(o, d.me) && o.shares[d.me] == nil {
			return d.makeShare(pos, !d.challengeProofs)
		}
		for j := range d.n {
			if d.sealedDue(o, d.me, j) && o.sealed[d.me][j] == nil {
				return d.makeSealed(pos, j)
			}
		}
		for from := range d.n {
			if o.ackDue(from, d.me) && !o.bad[from] {
				return &AckMsg{Party: d.me, Sender: from, Pos: pos}, nil
			}
		}
		for from, bad := range o.bad {
			if bad && o.accused[from][d.me] == nil {
				return d.makeAccuse(pos, from)
			}
		}
	}
	return nil, nil
}

// apply checks m and takes it in; on error nothing changed.
func (d *Deck) apply(m Msg) error {
	switch m := m.(type) {
	case *KeyMsg:
		return d.applyKey(m)
	case *EscrowMsg:
		return d.applyEscrow(m)
	case *ComplaintMsg:
		return d.applyComplaint(m)
	case *ShuffleMsg:
		return d.applyShuffle(m)
	case *ShareMsg:
		return d.applyShare(m)
	case *RecoverMsg:
		return d.applyRecover(m)
	case *AuditMsg:
		return d.applyAudit(m)
	case *SealedShareMsg:
		return d.applySealed(m)
	case *AccuseMsg:
		return d.applyAccuse(m)
	case *AckMsg:
		return d.applyAck(m)
	}
	return fmt.Errorf("deck: unknown message %T", m)
}

// has tells whether exactly m was taken in already; a different message
// in the same slot is left to apply, which refuses it.
func (d *Deck) has(m Msg) bool {
	var have Msg
	switch m := m.(type) {
	case *KeyMsg:
		have = nilIf(d.keys[m.Party])
	case *EscrowMsg:
		have = nilIf(d.escrows[m.Party])
	case *ComplaintMsg:
		if m.Dealer >= 0 && m.Dealer < d.n {
			have = nilIf(d.complaints[m.Dealer][m.Party])
		}
	case *ShuffleMsg:
		if m.Party < len(d.shuffles) {
			have = d.shuffles[m.Party]
		}
	case *ShareMsg:
		if m.Pos >= 0 && m.Pos < d.cards && d.opens[m.Pos] != nil {
			have = nilIf(d.opens[m.Pos].shares[m.Party])
		}
	case *RecoverMsg:
		if m.Leaver >= 0 && m.Leaver < d.n {
			have = nilIf(d.recov[m.Leaver][m.Party])
		}
	case *AuditMsg:
		have = nilIf(d.audits[m.Party])
	case *SealedShareMsg:
		if m.Pos >= 0 && m.Pos < d.cards && d.opens[m.Pos] != nil && m.To >= 0 && m.To < d.n {
			have = nilIf(d.opens[m.Pos].sealed[m.Party][m.To])
		}
	case *AccuseMsg:
		if m.Pos >= 0 && m.Pos < d.cards && d.opens[m.Pos] != nil && m.Sender >= 0 && m.Sender < d.n {
			have = nilIf(d.opens[m.Pos].accused[m.Sender][m.Party])
		}
	case *AckMsg:
		if m.Pos >= 0 && m.Pos < d.cards && d.opens[m.Pos] != nil && m.Sender >= 0 && m.Sender < d.n && m.Party >= 0 && m.Party < d.n &&
			d.opens[m.Pos].acked[m.Sender][m.Party] {
			return true // an acknowledgement says nothing more
		}
	}
	return have != nil && string(Encode(have)) == string(Encode(m))
}

// ownShareAgain tells whether m is our public share in, with a valid
// proof in the other form: a log written before batched checks, replayed
// into a deck that now makes the commitment form (D is x·A either way).
func (d *Deck) ownShareAgain(m Msg) bool {
	s, ok := m.(*ShareMsg)
	if !ok || d.Phase() != PhaseReady || s.Pos < 0 || s.Pos >= d.cards || d.opens[s.Pos] == nil {
		return false
	}
	have := d.opens[s.Pos].shares[d.me]
	if have == nil || have.D != s.D {
		return false
	}
	_, valid, err := d.shareProof(s)
	return valid && err == nil
}

// nilIf turns a typed nil pointer into a nil Msg.
func nilIf[T any, P interface {
	*T
	Msg
}](p P) Msg {
	if p == nil {
		return nil
	}
	return p
}

func isNil(m Msg) bool {
	switch m := m.(type) {
	case *KeyMsg:
		return m == nil
	case *EscrowMsg:
		return m == nil
	case *ComplaintMsg:
		return m == nil
	case *ShuffleMsg:
		return m == nil
	case *ShareMsg:
		return m == nil
	case *RecoverMsg:
		return m == nil
	case *AuditMsg:
		return m == nil
	case *SealedShareMsg:
		return m == nil
	case *AccuseMsg:
		return m == nil
	case *AckMsg:
		return m == nil
	}
	return m == nil
}
