package deck

// The messages of a secret (secret.go) and their wire form (wire.go).

import (
	"encoding/binary"
)

// SecretCommitMsg commits Party's part r: R = r·G with a Schnorr proof,
// the Feldman commitments of a sharing of r (Commits[0] = R; none with two
// parties) and each other party's share sealed to it (Shares[Party] zero;
// no shares with two parties). Seal: the second member's part sealed to
// the first (nil from the first member).
type SecretCommitMsg struct {
	Party   int
	R       [pointLen]byte
	Proof   [proofLen]byte
	Commits [][pointLen]byte
	Shares  [][sealedLen]byte
	Seal    *SecretSeal
}

// SecretSeal is a part sealed to party To alone: E = e·G, and the part
// under AES-256-GCM keyed by HKDF(e·Y_To).
type SecretSeal struct {
	To     int
	E      [pointLen]byte
	Sealed [secretSealLen]byte
}

const secretSealLen = scalarLen + 16

// SecretSealMsg is the first member's part sealed to the second.
type SecretSealMsg struct {
	Party int
	SecretSeal
}

// SecretAccuseMsg says Party's envelope from Sender does not open to
// Sender's committed part; it discloses K = y_Party·E with a DLEQ proof.
type SecretAccuseMsg struct {
	Party, Sender int
	K             [pointLen]byte
	Proof         [proofLen]byte
}

// SecretAckMsg is the second member's word that the first's envelope
// opened to its committed part.
type SecretAckMsg struct{ Party int }

// SecretOpenMsg publishes parts: Parts[i] is audience member i's part
// when bit i of Has is set.
type SecretOpenMsg struct {
	Party int
	Has   uint8
	Parts [2][scalarLen]byte
}

func (m *SecretCommitMsg) From() int { return m.Party }
func (m *SecretSealMsg) From() int   { return m.Party }
func (m *SecretAccuseMsg) From() int { return m.Party }
func (m *SecretAckMsg) From() int    { return m.Party }
func (m *SecretOpenMsg) From() int   { return m.Party }

const (
	kindSecretCommit byte = 32 + iota
	kindSecretSeal
	kindSecretAccuse
	kindSecretAck
	kindSecretOpen
	kindSecretRecover
)

func (*SecretCommitMsg) kind() byte { return kindSecretCommit }
func (*SecretSealMsg) kind() byte   { return kindSecretSeal }
func (*SecretAccuseMsg) kind() byte { return kindSecretAccuse }
func (*SecretAckMsg) kind() byte    { return kindSecretAck }
func (*SecretOpenMsg) kind() byte   { return kindSecretOpen }

// SecretRecoverMsg publishes Party's escrow share of audience member
// Member's part (Member: 0 or 1), after that member left during the draw.
type SecretRecoverMsg struct {
	Party, Member int
	Share         [scalarLen]byte
}

func (m *SecretRecoverMsg) From() int { return m.Party }
func (*SecretRecoverMsg) kind() byte  { return kindSecretRecover }

// appendSecret is a secret message's wire form after its header (wire.go).
func appendSecret(b []byte, m Msg) []byte {
	switch m := m.(type) {
	case *SecretCommitMsg:
		b = append(append(b, m.R[:]...), m.Proof[:]...)
		b = binary.BigEndian.AppendUint16(b, uint16(len(m.Commits)))
		for _, c := range m.Commits {
			b = append(b, c[:]...)
		}
		b = binary.BigEndian.AppendUint16(b, uint16(len(m.Shares)))
		for _, s := range m.Shares {
			b = append(b, s[:]...)
		}
		if m.Seal == nil {
			return append(b, 0)
		}
		return appendSeal(append(b, 1), m.Seal)
	case *SecretSealMsg:
		return appendSeal(b, &m.SecretSeal)
	case *SecretAccuseMsg:
		return append(append(append(b, byte(m.Sender)), m.K[:]...), m.Proof[:]...)
	case *SecretAckMsg:
		return b
	case *SecretRecoverMsg:
		return append(append(b, byte(m.Member)), m.Share[:]...)
	case *SecretLookMsg:
		return appendSecretLook(b, m)
	case *SecretOpenMsg:
		b = append(b, m.Has)
		for k := range 2 {
			if m.Has&(1<<k) != 0 {
				b = append(b, m.Parts[k][:]...)
			}
		}
	}
	return b
}

func appendSeal(b []byte, s *SecretSeal) []byte {
	return append(append(append(b, byte(s.To)), s.E[:]...), s.Sealed[:]...)
}

func (r *reader) seal() SecretSeal {
	s := SecretSeal{To: r.party("recipient"), E: r.point("E")}
	copy(s.Sealed[:], r.take(secretSealLen, "sealed part"))
	return s
}

// decodeSecret reads a secret message after its header; nil for a type
// that is none.
func decodeSecret(kind byte, party int, r *reader) Msg {
	switch kind {
	case kindSecretCommit:
		m := &SecretCommitMsg{Party: party, R: r.point("R"), Proof: r.proof()}
		if n := r.count("commitments", 0, MaxParties); n > 0 {
			m.Commits = make([][pointLen]byte, n)
		}
		for i := range m.Commits {
			m.Commits[i] = r.point("commitment")
		}
		if n := r.count("sealed shares", 0, MaxParties); n > 0 {
			m.Shares = make([][sealedLen]byte, n)
		}
		for i := range m.Shares {
			copy(m.Shares[i][:], r.take(sealedLen, "sealed share"))
		}
		switch f := r.take(1, "envelope flag"); {
		case f == nil:
		case f[0] == 1:
			sl := r.seal()
			m.Seal = &sl
		case f[0] != 0:
			r.fail("envelope flag")
		}
		return m
	case kindSecretLook:
		return decodeSecretLook(party, r)
	case kindSecretSeal:
		return &SecretSealMsg{Party: party, SecretSeal: r.seal()}
	case kindSecretAccuse:
		return &SecretAccuseMsg{Party: party, Sender: r.party("sender"), K: r.point("K"), Proof: r.proof()}
	case kindSecretAck:
		return &SecretAckMsg{Party: party}
	case kindSecretRecover:
		m := &SecretRecoverMsg{Party: party, Member: r.party("member"), Share: r.scalar("share")}
		if m.Member > 1 {
			r.fail("member")
		}
		return m
	case kindSecretOpen:
		m := &SecretOpenMsg{Party: party}
		if h := r.take(1, "parts"); h != nil {
			m.Has = h[0]
		}
		if m.Has == 0 || m.Has > 3 {
			r.fail("parts")
		}
		for k := range 2 {
			if m.Has&(1<<k) != 0 {
				m.Parts[k] = r.scalar("part")
			}
		}
		return m
	}
	return nil
}
