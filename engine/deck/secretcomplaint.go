package deck

import (
	"fmt"
	"strconv"
)

// A party whose escrow share of a departed member's part does not open or
// fails the part's commitments (secretleave.go) complains where its share
// is due, as for a deck key's escrow (escrow.go): it discloses the pair's
// Diffie–Hellman point with a DLEQ proof, every party opens that one
// share, and a wrong share names the member, a valid one the complainer
// (whose share, public now, then counts as given). The point is the
// pair's static key under the escrow keys of the secret's deck, so it
// opens every escrow share sealed between the two, either way: that is
// the price of settling it in public. A part whose valid shares fall
// short of the threshold cannot be rebuilt (Unrecoverable).

func (s *Secret) complaintContext(p, dealer int) *transcript {
	return newTranscript("tabula/deck/secret-complaint/v1").bytes(s.id).int(p).int(dealer)
}

// makeComplaint is this party's complaint about member i's escrow share.
func (s *Secret) makeComplaint(i int) (Msg, error) {
	me, dealer := s.d.me, s.aud[i]
	K := mul(s.d.y, s.d.Y[dealer])
	pf, err := proveDLEQ(s.rnd, s.complaintContext(me, dealer), s.d.y, s.d.Y[me], s.d.Y[dealer], K)
	if err != nil {
		return nil, err
	}
	return &ComplaintMsg{Party: me, Dealer: dealer, K: [pointLen]byte(encPoint(K)), Proof: [proofLen]byte(pf.encode())}, nil
}

// applyComplaint settles a complaint about a lost part's escrow share in
// public (Receive has checked that its party is due).
func (s *Secret) applyComplaint(m *ComplaintMsg) error {
	i := s.member(m.Dealer)
	q := m.Party
	if i < 0 || q < 0 || q >= s.d.n || q == m.Dealer || !s.lost[i] || s.public[i] || s.recov[i][q] != nil || s.complained[i][q] {
		return ErrNotNow
	}
	K, pf, err := decPointProof(m.K, m.Proof)
	if err != nil {
		return err
	}
	if !verifyDLEQ(s.complaintContext(q, m.Dealer), pf, s.d.Y[q], s.d.Y[m.Dealer], K) {
		return cheat(q, "a complaint with a false pairwise key", m)
	}
	c := s.commits[i]
	commits, _ := decPoints(c.Commits) // checked at the commitment
	sh := unseal(K, s.id, m.Dealer, q, c.Commits, c.Shares[q])
	if sh != nil && feldmanOK(commits, q, sh) {
		// The share is valid and public now: it counts as given.
		if err := s.applyRecover(&SecretRecoverMsg{Party: q, Member: i, Share: [scalarLen]byte(encScalar(sh))}); err != nil {
			return err
		}
		s.complained[i][q] = true
		s.cheats = append(s.cheats, cheat(q, "a false complaint about a valid escrow share of secret part "+strconv.Itoa(i), c, m))
		return nil
	}
	s.complained[i][q], s.wrong[i][q] = true, true
	s.cheats = append(s.cheats, cheat(m.Dealer, fmt.Sprintf("a wrong escrow share of secret part %d (it fails the part's commitments)", i), c, m))
	return nil
}

// Unrecoverable reports whether a departed member's part can no longer be
// made public: every party still here gave its share or was proved to
// hold a wrong one, too few valid shares came, and the other member
// opened what it knows. Nobody can know the value then, so it is drawn
// afresh in public.
func (s *Secret) Unrecoverable() bool {
	for i := range 2 {
		if s.lost[i] && !s.public[i] {
			_, due := s.Due()
			return !due
		}
	}
	return false
}
