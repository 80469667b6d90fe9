package deck

import (
	"errors"
	"fmt"
	"io"
)

// Escrow (3 or 4 parties): each party Shamir-shares its deck key x among
// the others with Feldman commitments, so that when it leaves, a threshold
// of the others rebuilds x and makes it public to everyone at once (its
// hand then opens to all remaining parties equally, as a bot seat's
// cards). Party j's share is f(j+1), sealed to j's escrow key (seal.go).

// Threshold is how many other parties' shares rebuild a party's key: a
// majority of the other parties. 3 parties: 2 (both others); 4 parties: 2
// of the other 3. With 2 parties it is 0: no escrow is dealt, since the
// one other party's share would be the whole key.
func Threshold(parties int) int {
	if parties < 3 {
		return 0
	}
	return (parties-1)/2 + 1
}

func (d *Deck) escrowing() bool { return Threshold(d.n) > 0 }

// feldmanOK checks s = f(j+1) against the commitments C_k = a_k·G:
// s·G = Σ (j+1)^k·C_k.
func feldmanOK(commits []*point, j int, s *scalar) bool {
	pows := make([]*scalar, len(commits))
	e, p := smallScalar(uint64(j+1)), smallScalar(1)
	for k := range commits {
		pows[k] = p
		p = mulS(p, e)
	}
	return equal(mulG(s), newPoint().VarTimeMultiScalarMult(pows, commits))
}

func decPoints(b [][pointLen]byte) ([]*point, error) {
	out := make([]*point, len(b))
	for i := range b {
		p, err := decPoint(b[i][:])
		if err != nil {
			return nil, err
		}
		out[i] = p
	}
	return out, nil
}

func (d *Deck) makeEscrow() (*EscrowMsg, error) {
	nt := newTranscript("tabula/deck/escrow-poly/v1").bytes(d.id).int(d.me).bytes(encScalar(d.x))
	commits, sealed, err := d.shareOut(d.id, d.x, d.rnd, nt)
	if err != nil {
		return nil, err
	}
	return &EscrowMsg{Party: d.me, Commits: commits, Sealed: sealed}, nil
}

// shareOut deals secret x among the other parties: a random polynomial of
// degree Threshold−1 with f(0) = x (coefficients drawn from rnd, hedged
// with nt), its Feldman commitments (the first is x·G) and each other
// party j's share f(j+1) sealed to j's escrow key under id.
func (d *Deck) shareOut(id []byte, x *scalar, rnd io.Reader, nt *transcript) ([][pointLen]byte, [][sealedLen]byte, error) {
	coef := []*scalar{x}
	for range Threshold(d.n) - 1 {
		a, err := randScalar(rnd, nt)
		if err != nil {
			return nil, nil, err
		}
		coef = append(coef, a)
	}
	var commits [][pointLen]byte
	for _, a := range coef {
		commits = append(commits, [pointLen]byte(encPoint(mulG(a))))
	}
	sealed := make([][sealedLen]byte, d.n)
	for j := range d.n {
		if j == d.me {
			continue
		}
		// f(j+1) by Horner's rule
		e, f := smallScalar(uint64(j+1)), newScalar()
		for k := len(coef) - 1; k >= 0; k-- {
			f = addS(mulS(f, e), coef[k])
		}
		sealed[j] = seal(mul(d.y, d.Y[j]), id, d.me, j, commits, f)
	}
	return commits, sealed, nil
}

// heldShare opens this party's share of dealer's sharing under id and
// checks it against the commitments: nil when it does not open or fails.
func (d *Deck) heldShare(id []byte, dealer int, commits [][pointLen]byte, sealed [sealedLen]byte) *scalar {
	cs, err := decPoints(commits)
	if err != nil {
		return nil
	}
	s := unseal(mul(d.y, d.Y[dealer]), id, dealer, d.me, commits, sealed)
	if s == nil || !feldmanOK(cs, d.me, s) {
		return nil
	}
	return s
}

func (d *Deck) applyEscrow(m *EscrowMsg) error {
	if !d.escrowing() || d.keysIn() < d.n {
		return ErrNotNow
	}
	if d.escrows[m.Party] != nil {
		return cheat(m.Party, "two different escrows", d.escrows[m.Party], m)
	}
	if len(m.Commits) != Threshold(d.n) || len(m.Sealed) != d.n {
		return fmt.Errorf("deck: escrow of %d commitments and %d shares, want %d and %d",
			len(m.Commits), len(m.Sealed), Threshold(d.n), d.n)
	}
	if m.Sealed[m.Party] != [sealedLen]byte{} {
		return errors.New("deck: escrow holds a share for its own dealer")
	}
	commits, err := decPoints(m.Commits)
	if err != nil {
		return err
	}
	if !equal(commits[0], d.X[m.Party]) {
		return cheat(m.Party, "an escrow that does not commit to its key", d.keys[m.Party], m)
	}
	var mine *scalar
	bad := false
	if m.Party != d.me && d.me != Observer {
		mine = d.heldShare(d.id, m.Party, m.Commits, m.Sealed[d.me])
		bad = mine == nil
	}
	d.escrows[m.Party] = m
	d.escrowOK[m.Party] = true
	if bad {
		d.badShare[m.Party] = true
	} else {
		d.held[m.Party] = mine
	}
	return nil
}

func complaintContext(deckID []byte, party, dealer int) *transcript {
	return newTranscript("tabula/deck/complaint/v1").bytes(deckID).int(party).int(dealer)
}

func (d *Deck) makeComplaint(dealer int) (*ComplaintMsg, error) {
	K := mul(d.y, d.Y[dealer])
	pf, err := proveDLEQ(d.rnd, complaintContext(d.id, d.me, dealer), d.y, d.Y[d.me], d.Y[dealer], K)
	if err != nil {
		return nil, err
	}
	return &ComplaintMsg{Party: d.me, Dealer: dealer, K: [pointLen]byte(encPoint(K)), Proof: [proofLen]byte(pf.encode())}, nil
}

// applyComplaint settles a complaint in public: the disclosed pairwise key
// (proven by DLEQ) opens the share for everyone, and the share either fails
// the dealer's commitments (the dealer cheated) or passes (the complainer
// lied). Either way the complaint is taken and the cheat recorded.
func (d *Deck) applyComplaint(m *ComplaintMsg) error {
	if m.Dealer >= d.n || m.Dealer == m.Party {
		return fmt.Errorf("deck: complaint about party %d", m.Dealer)
	}
	e := d.escrows[m.Dealer]
	if e == nil {
		return ErrNotNow
	}
	if old := d.complaints[m.Dealer][m.Party]; old != nil {
		return cheat(m.Party, "two different complaints", old, m)
	}
	K, pf, err := decPointProof(m.K, m.Proof)
	if err != nil {
		return err
	}
	if !verifyDLEQ(complaintContext(d.id, m.Party, m.Dealer), pf, d.Y[m.Party], d.Y[m.Dealer], K) {
		return cheat(m.Party, "a complaint with a false pairwise key", m)
	}
	commits, _ := decPoints(e.Commits) // checked when the escrow was taken
	s := unseal(K, d.id, m.Dealer, m.Party, e.Commits, e.Sealed[m.Party])
	d.complaints[m.Dealer][m.Party] = m
	if s != nil && feldmanOK(commits, m.Party, s) {
		d.cheats = append(d.cheats, cheat(m.Party, "a false complaint about a valid escrow share", e, m))
		return nil
	}
	d.escrowOK[m.Dealer] = false
	d.wrongShare[m.Dealer][m.Party] = true
	d.cheats = append(d.cheats, cheat(m.Dealer, "a wrong escrow share (it fails the dealer's commitments)", e, m))
	return nil
}

// EscrowShareWrong reports whether a complaint proved party's escrow share
// of dealer's key wrong: that party holds no share to give if dealer
// leaves, and the dealer is named.
func (d *Deck) EscrowShareWrong(dealer, party int) bool {
	return dealer >= 0 && dealer < d.n && party >= 0 && party < d.n && d.wrongShare[dealer][party]
}

// Leave records that party l left (its seat went to the bot): the same
// point of the log for every party. This party then publishes its share
// of l's key; once Threshold shares are in, l's key is rebuilt and public
// to all, l's shares of every card are computed by anyone, and a card
// opened to l alone opens to all.
//
// A party may leave its own deck too (l == Me): it then sends nothing
// more, takes the others' shares of its own key like everyone, and keeps
// following the deck as a member whose key is public, so that its device
// can take the seat back later (its cards then open to all, since its key
// is everyone's).
func (d *Deck) Leave(l int) ([]Msg, error) {
	if l >= 0 && l < d.n && d.gone[l] {
		return nil, nil
	}
	if err := d.CanLeave(l, nil); err != nil {
		return nil, err
	}
	d.gone[l] = true
	if l == d.me {
		return nil, nil
	}
	return d.follow()
}

// CanLeave reports whether party l could leave now, the parties in also
// leaving with it, without the deck then waiting on it forever: escrow
// is kept (3 or more parties), l's escrow is in, and enough others stay
// to rebuild its key. Every party's deck answers alike (it reads only
// public messages), so a takeover can be refused by every device at once.
func (d *Deck) CanLeave(l int, also []int) error {
	switch {
	case l < 0 || l >= d.n:
		return fmt.Errorf("deck: party %d of %d", l, d.n)
	case d.gone[l]:
		return nil
	case !d.escrowing():
		return ErrNoEscrow
	case d.escrows[l] == nil || d.Phase() < PhaseShuffle:
		return fmt.Errorf("deck: party %d left before every escrow was in: deal the deck again without it", l)
	}
	stay := d.present(l)
	for _, j := range also {
		if j != l && j >= 0 && j < d.n && !d.gone[j] && !d.wrongShare[l][j] {
			stay--
		}
	}
	if stay < Threshold(d.n) {
		return ErrTooFew
	}
	return nil
}

// present counts the parties other than l that have not left and hold a
// share of l's key that no complaint proved wrong: the ones whose escrow
// shares of l's key can still come.
func (d *Deck) present(l int) int {
	k := 0
	for j, g := range d.gone {
		if j != l && !g && !d.wrongShare[l][j] {
			k++
		}
	}
	return k
}

func (d *Deck) makeRecover(l int) (*RecoverMsg, error) {
	return &RecoverMsg{Party: d.me, Leaver: l, Share: [scalarLen]byte(encScalar(d.held[l]))}, nil
}

func (d *Deck) applyRecover(m *RecoverMsg) error {
	l := m.Leaver
	if l >= d.n || l == m.Party || !d.gone[l] {
		return ErrNotNow
	}
	if d.secret[l] != nil && (l != d.me || count(d.recov[l]) >= Threshold(d.n)) {
		return nil // rebuilt already: late shares change nothing
	}
	if old := d.recov[l][m.Party]; old != nil {
		return cheat(m.Party, "two different shares of a departed key", old, m)
	}
	s, err := decScalar(m.Share[:])
	if err != nil {
		return err
	}
	commits, _ := decPoints(d.escrows[l].Commits)
	if !feldmanOK(commits, m.Party, s) {
		return cheat(m.Party, fmt.Sprintf("a wrong share of party %d's key (it fails the escrow's commitments)", l), d.escrows[l], m)
	}
	d.recov[l][m.Party] = m
	shares := make([]*[scalarLen]byte, d.n)
	for j, r := range d.recov[l] {
		if r != nil {
			shares[j] = &r.Share
		}
	}
	x, err := fromShares(Threshold(d.n), shares, d.X[l])
	if x == nil {
		return err
	}
	d.learnKey(l, x)
	return nil
}

// fromShares rebuilds a shared secret from the first t shares in (share
// j is party j's, f(j+1); each passed Feldman's check), checked against
// its commitment C = f(0)·G: nil with fewer than t.
func fromShares(t int, shares []*[scalarLen]byte, C *point) (*scalar, error) {
	var xs []int
	var ss []*scalar
	for j, b := range shares {
		if b != nil && len(xs) < t {
			v, _ := decScalar(b[:])
			xs, ss = append(xs, j+1), append(ss, v)
		}
	}
	if len(xs) < t {
		return nil, nil
	}
	x := interpolate0(xs, ss)
	if !equal(mulG(x), C) {
		// Cannot happen with shares that pass Feldman's check.
		return nil, errors.New("deck: rebuilt secret does not match its commitment")
	}
	return x, nil
}

// interpolate0 is the Lagrange interpolation at 0 of the points (xs, ss).
func interpolate0(xs []int, ss []*scalar) *scalar {
	out := newScalar()
	for i, xi := range xs {
		num, den := smallScalar(1), smallScalar(1)
		for j, xj := range xs {
			if j == i {
				continue
			}
			num = mulS(num, smallScalar(uint64(xj)))
			den = mulS(den, newScalar().Subtract(smallScalar(uint64(xj)), smallScalar(uint64(xi))))
		}
		out = addS(out, mulS(ss[i], mulS(num, newScalar().Invert(den))))
	}
	return out
}

// RecoveredKey is party l's deck key if it is public (rebuilt after l left,
// or revealed at the audit).
func (d *Deck) RecoveredKey(l int) ([scalarLen]byte, bool) {
	if l < 0 || l >= d.n || l == d.me || d.secret[l] == nil {
		return [scalarLen]byte{}, false
	}
	return [scalarLen]byte(encScalar(d.secret[l])), true
}
