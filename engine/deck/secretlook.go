package deck

import (
	"errors"
	"fmt"
)

// A secret look (docs/p2p.md, "Secrets", step 8): a drawn secret opened to
// one more party (the Master Merchant of Cities & Knights looks at a hand
// that holds a stolen card). A member, who knows both parts once the draw
// is settled, seals them to the looker in one envelope (an ephemeral DH
// key with the looker's escrow key, AES-256-GCM, as a part sealed in the
// draw); only the looker can open it, so the looker answers: an
// acknowledgement (SecretAckMsg) when both parts match R_A and R_B, else
// an accusation (SecretAccuseMsg: K = y·E with a DLEQ proof), which every
// party settles by opening that one envelope. A sealer so named owes the
// secret in public: it is asked open to every party, and the looker
// learns it from the opening. A false accusation names the looker and
// makes both parts public.

// secretLook is one look at a secret: its looker and the envelope.
type secretLook struct {
	to      int
	seal    *SecretLookMsg
	settled bool // acknowledged or accused
	wrong   bool // the accusation named the sealer
}

// SecretLookMsg is both parts sealed by audience member Party to looker
// To: E = e·G, and r_A ‖ r_B under AES-256-GCM keyed by HKDF(e·Y_To).
type SecretLookMsg struct {
	Party, To int
	E         [pointLen]byte
	Sealed    [secretLookLen]byte
}

const (
	secretLookLen       = 2*scalarLen + 16
	kindSecretLook byte = kindSecretRecover + 1
)

func (m *SecretLookMsg) From() int { return m.Party }
func (*SecretLookMsg) kind() byte  { return kindSecretLook }

func appendSecretLook(b []byte, m *SecretLookMsg) []byte {
	return append(append(append(b, byte(m.To)), m.E[:]...), m.Sealed[:]...)
}

func decodeSecretLook(party int, r *reader) Msg {
	m := &SecretLookMsg{Party: party, To: r.party("looker"), E: r.point("E")}
	copy(m.Sealed[:], r.take(secretLookLen, "sealed parts"))
	return m
}

// Look opens the secret to party to as well, once it is drawn: a member
// seals both parts to it (Due says when). Nothing is done for a member,
// a party that looked before, or a secret opened to all. Every party calls
// it at the same point of the log.
func (s *Secret) Look(to int) error {
	switch {
	case to < 0 || to >= s.d.n:
		return fmt.Errorf("deck: party %d cannot look at a secret of %d parties", to, s.d.n)
	case !s.Drawn():
		return fmt.Errorf("deck: a look at a secret not yet drawn")
	case s.member(to) >= 0 || s.Opened() || s.look(to) != nil:
		return nil
	}
	s.looks = append(s.looks, &secretLook{to: to})
	return nil
}

func (s *Secret) look(to int) *secretLook {
	for _, lk := range s.looks {
		if lk.to == to {
			return lk
		}
	}
	return nil
}

// Knows reports whether party p learns the value: a member, or a party
// whose look is answered (or the secret is open to all).
func (s *Secret) Knows(p int) bool {
	if s.member(p) >= 0 || s.Opened() {
		return true
	}
	lk := s.look(p)
	return lk != nil && lk.settled && !lk.wrong
}

// Lookers are the parties a look at the secret was started for.
func (s *Secret) Lookers() []int {
	var out []int
	for _, lk := range s.looks {
		out = append(out, lk.to)
	}
	return out
}

// lookSealer is the member that seals parts to a looker: the first still
// here.
func (s *Secret) lookSealer() int {
	if s.gone[0] {
		return s.aud[1]
	}
	return s.aud[0]
}

// lookDue is the look waiting for a message, and the party: the sealer's
// envelope, then the looker's answer. None once the secret is asked open
// to all (the opening answers every look).
func (s *Secret) lookDue() (*secretLook, int, bool) {
	if s.asked || s.Opened() {
		return nil, 0, false
	}
	for _, lk := range s.looks {
		switch {
		case lk.seal == nil:
			return lk, s.lookSealer(), true
		case !lk.settled:
			return lk, lk.to, true
		}
	}
	return nil, 0, false
}

func (s *Secret) lookInfo(from, to int) func(E []byte) *transcript {
	return func(E []byte) *transcript {
		return newTranscript("tabula/deck/secret-look/v1").bytes(s.id).int(from).int(to).bytes(E)
	}
}

func (s *Secret) lookAccuseContext(p, sender int) *transcript {
	return newTranscript("tabula/deck/secret-look-accuse/v1").bytes(s.id).int(p).int(sender)
}

// makeLook is our message for look lk: the envelope (a member) or the
// answer (the looker).
func (s *Secret) makeLook(lk *secretLook) (Msg, error) {
	me := s.d.me
	if lk.seal == nil {
		if s.parts[0] == nil || s.parts[1] == nil {
			return nil, errors.New("deck: a look at a secret whose parts are not both known here")
		}
		plain := append(encScalar(s.parts[0]), encScalar(s.parts[1])...)
		nt := newTranscript("tabula/deck/secret-look-ephemeral/v1").bytes(s.id).int(lk.to).bytes(plain)
		E, ct, err := sealEphemeral(s.rnd, nt, s.d.Y[lk.to], s.lookInfo(me, lk.to), plain)
		if err != nil {
			return nil, err
		}
		m := &SecretLookMsg{Party: me, To: lk.to, E: E}
		copy(m.Sealed[:], ct)
		return m, nil
	}
	if s.parts[0] != nil && s.parts[1] != nil {
		return &SecretAckMsg{Party: me}, nil
	}
	E, _ := decPoint(lk.seal.E[:]) // checked when taken
	K := mul(s.d.y, E)
	pf, err := proveDLEQ(s.rnd, s.lookAccuseContext(me, lk.seal.Party), s.d.y, s.d.Y[me], E, K)
	if err != nil {
		return nil, err
	}
	return &SecretAccuseMsg{Party: me, Sender: lk.seal.Party, K: [pointLen]byte(encPoint(K)), Proof: [proofLen]byte(pf.encode())}, nil
}

// openLook opens look envelope m with DH point K: both parts, or nil when
// it does not open to the committed ones.
func (s *Secret) openLook(m *SecretLookMsg, K *point) [2]*scalar {
	aead := aeadFor(K, s.lookInfo(m.Party, m.To)(m.E[:]))
	b, err := aead.Open(nil, make([]byte, aead.NonceSize()), m.Sealed[:], nil)
	if err != nil || len(b) != 2*scalarLen {
		return [2]*scalar{}
	}
	var out [2]*scalar
	for k := range 2 {
		r, err := decScalar(b[k*scalarLen : (k+1)*scalarLen])
		if err != nil || !equal(mulG(r), s.R[k]) {
			return [2]*scalar{}
		}
		out[k] = r
	}
	return out
}

// receiveLook takes look lk's message from its due party p.
func (s *Secret) receiveLook(lk *secretLook, p int, m Msg) error {
	switch m := m.(type) {
	case *SecretLookMsg:
		if lk.seal != nil || m.To != lk.to {
			return ErrNotNow
		}
		E, err := decPoint(m.E[:])
		if err != nil || isZero(E) {
			return errors.New("deck: a secret look under the identity")
		}
		lk.seal = m
		if m.To == s.d.me {
			if parts := s.openLook(m, mul(s.d.y, E)); parts[0] != nil {
				s.parts = parts
			}
		}
		return nil
	case *SecretAckMsg:
		if lk.seal == nil {
			return ErrNotNow
		}
		lk.settled = true
		return nil
	case *SecretAccuseMsg:
		if lk.seal == nil || m.Sender != lk.seal.Party {
			return ErrNotNow
		}
		K, pf, err := decPointProof(m.K, m.Proof)
		if err != nil {
			return err
		}
		E, _ := decPoint(lk.seal.E[:])
		if !verifyDLEQ(s.lookAccuseContext(p, m.Sender), pf, s.d.Y[p], E, K) {
			return cheat(p, "an accusation with a false shared key", m)
		}
		lk.settled = true
		if parts := s.openLook(lk.seal, K); parts[0] != nil {
			// The envelope was good: both parts are public now, and the looker lied.
			s.parts, s.public = parts, [2]bool{true, true}
			s.cheats = append(s.cheats, cheat(p, "a false accusation of a valid secret look", lk.seal, m))
			return nil
		}
		lk.wrong, s.asked = true, true // the sealer owes the secret in public
		s.cheats = append(s.cheats, cheat(lk.seal.Party, "a secret look whose envelope does not open to the committed parts", s.commits[0], s.commits[1], lk.seal, m))
		return nil
	}
	return ErrNotNow
}
