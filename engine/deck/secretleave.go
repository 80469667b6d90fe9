package deck

// A member of a secret that leaves (its seat handed to the bot) while
// the value is drawn or before it is opened.

import (
	"fmt"
)

// Gone records that party p left (its seat went to the bot) once the
// value is drawn: the other member opens the secret when asked.
func (s *Secret) Gone(p int) {
	if p >= 0 && p < s.d.n {
		s.left[p] = true
	}
	if i := s.member(p); i >= 0 {
		s.gone[i] = true
	}
}

// Committed reports whether both parts are committed.
func (s *Secret) Committed() bool { return s.commits[0] != nil && s.commits[1] != nil }

// Drawn reports whether the draw's messages are all in (nothing owed but
// an opening).
func (s *Secret) Drawn() bool { return s.settled[0] && s.settled[1] && !s.owes[0] && !s.owes[1] }

// Lose records that member p left during the draw, both parts committed:
// the other parties publish their escrow shares of its part, which is
// rebuilt and public, and the other member opens its own part: the value
// is public (a bot seat's cards are played by every device). With two
// parties there is no escrow (ErrNoEscrow).
func (s *Secret) Lose(p int) error {
	i := s.member(p)
	switch {
	case i < 0 || !s.Committed():
		return fmt.Errorf("deck: party %d cannot be rebuilt in this secret", p)
	case Threshold(s.d.n) == 0:
		return ErrNoEscrow
	}
	s.Gone(p)
	s.lost[i] = true
	return nil
}

// rebuildDue: a lost part waits for a share (the first party still here
// that holds one and has not given it), then the other member's own part
// in public.
func (s *Secret) rebuildDue() (int, bool) {
	for i := range 2 {
		if !s.lost[i] || s.public[i] {
			continue
		}
		for q := range s.d.n {
			if q != s.aud[i] && !s.left[q] && s.recov[i][q] == nil && !s.complained[i][q] {
				return q, true
			}
		}
	}
	for i := range 2 {
		if s.lost[1-i] && !s.lost[i] && !s.public[i] {
			return s.aud[i], true
		}
	}
	return 0, false
}

func (s *Secret) applyRecover(m *SecretRecoverMsg) error {
	i := m.Member
	if i < 0 || i > 1 || !s.lost[i] || s.public[i] || s.recov[i][m.Party] != nil || m.Party == s.aud[i] {
		return ErrNotNow
	}
	sh, err := decScalar(m.Share[:])
	if err != nil {
		return err
	}
	commits, err := decPoints(s.commits[i].Commits)
	if err != nil || !feldmanOK(commits, m.Party, sh) {
		return cheat(m.Party, fmt.Sprintf("a wrong share of secret part %d (it fails the escrow's commitments)", i), s.commits[i], m)
	}
	s.recov[i][m.Party] = m
	shares := make([]*[scalarLen]byte, s.d.n)
	for q, r := range s.recov[i] {
		if r != nil {
			shares[q] = &r.Share
		}
	}
	r, err := fromShares(Threshold(s.d.n), shares, s.R[i])
	if r != nil {
		s.parts[i], s.public[i] = r, true
	}
	return err
}

func (s *Secret) makeRecover() (Msg, error) {
	for i := range 2 {
		if s.lost[i] && !s.public[i] && s.recov[i][s.d.me] == nil && !s.complained[i][s.d.me] && s.aud[i] != s.d.me {
			if s.held[i] == nil {
				return s.makeComplaint(i) // the share dealt here fails its commitments
			}
			return &SecretRecoverMsg{Party: s.d.me, Member: i, Share: [scalarLen]byte(encScalar(s.held[i]))}, nil
		}
	}
	return nil, ErrNotNow
}
