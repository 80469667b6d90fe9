package deck

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Wire format: one type byte, the party byte, then the fields in order:
// points and scalars as 32 bytes, positions and party numbers as one or two
// bytes, list lengths as two bytes (big-endian). Decode accepts exactly
// what Encode writes: canonical points and scalars, bounded lists, no
// trailing bytes.

const (
	// MaxParties is the most parties a deck has.
	MaxParties = 4
	// MaxCards is the largest deck.
	MaxCards = 1024
)

// Encode gives m's canonical bytes.
func Encode(m Msg) []byte {
	b := []byte{m.kind(), byte(m.From())}
	switch m := m.(type) {
	case *KeyMsg:
		b = append(append(append(b, m.X[:]...), m.Y[:]...), m.Proof[:]...)
	case *EscrowMsg:
		b = binary.BigEndian.AppendUint16(b, uint16(len(m.Commits)))
		for _, c := range m.Commits {
			b = append(b, c[:]...)
		}
		b = binary.BigEndian.AppendUint16(b, uint16(len(m.Sealed)))
		for _, s := range m.Sealed {
			b = append(b, s[:]...)
		}
	case *ComplaintMsg:
		b = append(append(append(b, byte(m.Dealer)), m.K[:]...), m.Proof[:]...)
	case *ShuffleMsg:
		b = binary.BigEndian.AppendUint16(b, uint16(len(m.Out)))
		for _, c := range m.Out {
			b = append(b, c[:]...)
		}
	case *ShareMsg:
		b = binary.BigEndian.AppendUint16(b, uint16(m.Pos))
		if m.Commit != nil {
			b = append(append(append(b, m.D[:]...), m.Commit[:]...), m.Proof[scalarLen:]...)
			break
		}
		b = append(append(b, m.D[:]...), m.Proof[:]...)
	case *RecoverMsg:
		b = append(append(b, byte(m.Leaver)), m.Share[:]...)
	case *AuditMsg:
		b = append(append(b, m.X[:]...), m.Y[:]...)
	case *SealedShareMsg:
		b = binary.BigEndian.AppendUint16(append(b, byte(m.To)), uint16(m.Pos))
		b = append(append(b, m.E[:]...), m.Sealed[:]...)
	case *AccuseMsg:
		b = binary.BigEndian.AppendUint16(append(b, byte(m.Sender)), uint16(m.Pos))
		b = append(append(b, m.K[:]...), m.Proof[:]...)
	case *AckMsg:
		b = binary.BigEndian.AppendUint16(append(b, byte(m.Sender)), uint16(m.Pos))
	default:
		b = appendSecret(b, m)
	}
	return b
}

// reader takes fields off a message, remembering the first error.
type reader struct {
	b   []byte
	err error
}

func (r *reader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("deck: malformed message: %s", what)
	}
}

func (r *reader) take(n int, what string) []byte {
	if r.err != nil {
		return nil
	}
	if len(r.b) < n {
		r.fail("short " + what)
		return nil
	}
	v := r.b[:n]
	r.b = r.b[n:]
	return v
}

func (r *reader) party(what string) int {
	v := r.take(1, what)
	if v == nil {
		return 0
	}
	if v[0] >= MaxParties {
		r.fail(what + " out of range")
	}
	return int(v[0])
}

func (r *reader) count(what string, lo, hi int) int {
	v := r.take(2, what)
	if v == nil {
		return 0
	}
	n := int(binary.BigEndian.Uint16(v))
	if n < lo || n > hi {
		r.fail(fmt.Sprintf("%s %d not in [%d, %d]", what, n, lo, hi))
		return 0
	}
	return n
}

func (r *reader) point(what string) (p [pointLen]byte) {
	v := r.take(pointLen, what)
	if v != nil {
		if _, err := decPoint(v); err != nil {
			r.fail(what + ": " + err.Error())
		}
		copy(p[:], v)
	}
	return p
}

func (r *reader) scalar(what string) (s [scalarLen]byte) {
	v := r.take(scalarLen, what)
	if v != nil {
		if _, err := decScalar(v); err != nil {
			r.fail(what + ": " + err.Error())
		}
		copy(s[:], v)
	}
	return s
}

func (r *reader) proof() (p [proofLen]byte) {
	a, b := r.scalar("proof challenge"), r.scalar("proof response")
	copy(p[:], a[:])
	copy(p[scalarLen:], b[:])
	return p
}

// Decode reads one message. Malformed input gives an error, never a panic.
// Every point and scalar is checked to be canonical, except a shuffle's
// ciphertexts: Deck.Receive checks those (with the same error).
func Decode(b []byte) (Msg, error) {
	if len(b) < 2 {
		return nil, errors.New("deck: malformed message: shorter than its header")
	}
	r := &reader{b: b[1:]}
	party := r.party("party")
	var m Msg
	switch b[0] {
	case kindKey:
		m = &KeyMsg{Party: party, X: r.point("X"), Y: r.point("Y"), Proof: r.proof()}
	case kindEscrow:
		e := &EscrowMsg{Party: party}
		e.Commits = make([][pointLen]byte, r.count("commitments", 1, MaxParties))
		for i := range e.Commits {
			e.Commits[i] = r.point("commitment")
		}
		e.Sealed = make([][sealedLen]byte, r.count("sealed shares", 2, MaxParties))
		for i := range e.Sealed {
			copy(e.Sealed[i][:], r.take(sealedLen, "sealed share"))
		}
		m = e
	case kindComplaint:
		m = &ComplaintMsg{Party: party, Dealer: r.party("dealer"), K: r.point("K"), Proof: r.proof()}
	case kindShuffle:
		s := &ShuffleMsg{Party: party}
		s.Out = make([]Ciphertext, r.count("deck size", 1, MaxCards))
		// Its points are checked where they are decoded for use
		// (applyShuffle): one decoding per point, the bulk of a deck's cost.
		for i := range s.Out {
			copy(s.Out[i][:], r.take(2*pointLen, "ciphertext"))
		}
		m = s
	case kindShare:
		pos := r.count("position", 0, MaxCards-1)
		m = &ShareMsg{Party: party, Pos: pos, D: r.point("D"), Proof: r.proof()}
	case kindShareCommitted:
		sm := &ShareMsg{Party: party, Pos: r.count("position", 0, MaxCards-1), D: r.point("D"), Commit: new([2 * pointLen]byte)}
		R1, R2, resp := r.point("R1"), r.point("R2"), r.scalar("proof response")
		copy(sm.Commit[:], append(R1[:], R2[:]...))
		copy(sm.Proof[scalarLen:], resp[:])
		m = sm
	case kindRecover:
		m = &RecoverMsg{Party: party, Leaver: r.party("leaver"), Share: r.scalar("share")}
	case kindAudit:
		m = &AuditMsg{Party: party, X: r.scalar("x"), Y: r.scalar("y")}
	case kindSealedShare:
		s := &SealedShareMsg{Party: party, To: r.party("recipient"), Pos: r.count("position", 0, MaxCards-1), E: r.point("E")}
		copy(s.Sealed[:], r.take(sealedShareLen, "sealed share"))
		m = s
	case kindAccuse:
		m = &AccuseMsg{Party: party, Sender: r.party("sender"), Pos: r.count("position", 0, MaxCards-1), K: r.point("K"), Proof: r.proof()}
	case kindAck:
		m = &AckMsg{Party: party, Sender: r.party("sender"), Pos: r.count("position", 0, MaxCards-1)}
	default:
		if m = decodeSecret(b[0], party, r); m == nil {
			return nil, fmt.Errorf("deck: malformed message: unknown type %d", b[0])
		}
	}
	if r.err == nil && len(r.b) != 0 {
		r.fail(fmt.Sprintf("%d trailing bytes", len(r.b)))
	}
	if r.err != nil {
		return nil, r.err
	}
	return m, nil
}
