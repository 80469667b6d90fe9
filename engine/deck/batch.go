package deck

import (
	"crypto/sha512"
	"encoding/binary"
	"slices"
)

// Shares in the commitment form, checked in a batch (docs/p2p.md, "Runs
// of shares checked at once"). A share's DLEQ proof sent as (c, s) is
// checked by recomputing R1 = s·G − c·X and R2 = s·A − c·D and hashing
// them back to c: two multi-scalar multiplications and four point
// encodings per proof. Sent as (R1, R2, s), the same proof (the same
// nonce, the same challenge c = H(…, R1, …, R2)) holds iff
// s·G = R1 + c·X and s·A = R2 + c·D, equations linear in the points: one
// random linear combination checks a whole run's at once.

// makeShare makes this party's public share of the card at pos with its
// proof, in the commitment form unless committed is false (a share sealed
// in an envelope, or a deck told to write as builds before did).
func (d *Deck) makeShare(pos int, committed bool) (*ShareMsg, error) {
	A := d.final()[pos].A
	D := mul(d.x, A)
	m := &ShareMsg{Party: d.me, Pos: pos, D: [pointLen]byte(encPoint(D))}
	ctx := shareContext(d.id, d.me, pos)
	k, err := dleqNonce(d.rnd, ctx, d.x)
	if err != nil {
		return nil, err
	}
	r1, r2 := encPoint(mulG(k)), encPoint(mul(k, A))
	c := dleqChallengeOf(ctx, d.keys[d.me].X[:], d.encA(pos), m.D[:], r1, r2)
	s := addS(k, mulS(c, d.x))
	if !committed {
		m.Proof = [proofLen]byte(proof{c, s}.encode())
		return m, nil
	}
	m.Commit = (*[2 * pointLen]byte)(append(r1, r2...))
	copy(m.Proof[scalarLen:], encScalar(s))
	return m, nil
}

// encA is the encoding of the final deck's A at pos, kept: every proof of
// a share of that card hashes it.
func (d *Deck) encA(pos int) []byte {
	if d.aEnc == nil {
		d.aEnc = make([]*[pointLen]byte, d.cards)
	}
	if d.aEnc[pos] == nil {
		d.aEnc[pos] = (*[pointLen]byte)(encPoint(d.final()[pos].A))
	}
	return d.aEnc[pos][:]
}

// committedShare is a share in the commitment form, decoded: the statement
// (its party's X, the card's A, D) and the proof (R1, R2, s), with the
// challenge c.
type committedShare struct {
	m              *ShareMsg
	A, D, R1, R2   *point
	c, s           *scalar
	xEnc, aEnc, sb []byte
}

// decodeCommitted decodes a commitment-form share of a card of the final
// deck from another party; false if it is none or does not decode.
func (d *Deck) decodeCommitted(m *ShareMsg) (committedShare, bool) {
	if m == nil || m.Commit == nil || d.Phase() != PhaseReady || m.Party < 0 || m.Party >= d.n || m.Pos < 0 || m.Pos >= d.cards {
		return committedShare{}, false
	}
	D, err1 := decPoint(m.D[:])
	R1, err2 := decPoint(m.Commit[:pointLen])
	R2, err3 := decPoint(m.Commit[pointLen:])
	s, err4 := decScalar(m.Proof[scalarLen:])
	if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
		return committedShare{}, false
	}
	cs := committedShare{m: m, A: d.final()[m.Pos].A, D: D, R1: R1, R2: R2, s: s,
		xEnc: d.keys[m.Party].X[:], aEnc: d.encA(m.Pos), sb: m.Proof[scalarLen:]}
	cs.c = dleqChallengeOf(shareContext(d.id, m.Party, m.Pos), cs.xEnc, cs.aEnc, m.D[:], m.Commit[:pointLen], m.Commit[pointLen:])
	return cs, true
}

// checkCommitted checks one commitment-form proof: the generic path, and
// what names the wrong share when a batch fails.
func (d *Deck) checkCommitted(m *ShareMsg) bool {
	cs, ok := d.decodeCommitted(m)
	if !ok {
		return false
	}
	negc := newScalar().Negate(cs.c)
	return equal(newPoint().VarTimeDoubleScalarBaseMult(negc, d.X[m.Party], cs.s), cs.R1) &&
		equal(newPoint().VarTimeMultiScalarMult([]*scalar{cs.s, negc}, []*point{cs.A, cs.D}), cs.R2)
}

// checkBatch tells whether every share's proof in ms holds, with one
// multi-scalar multiplication: for coefficients z_i, w_i of 128 bits
// drawn from a hash of the whole batch,
//
//	Σ z_i·(s_i·G − c_i·X_i − R1_i) + Σ w_i·(s_i·A_i − c_i·D_i − R2_i) = O.
//
// Every proof holding, every term is O. One failing, its term is a point
// other than O (the group has prime order), so the sum is O for at most
// one value of its coefficient given the others: a chance of 2^-128 per
// draw of the coefficients, which the sender cannot steer but by hashing
// about 2^128 batches (docs/p2p.md). Every share must be in the
// commitment form; false when one does not decode.
func (d *Deck) checkBatch(ms []*ShareMsg) bool {
	t := newTranscript("tabula/deck/batch/v1").bytes(d.id)
	css := make([]committedShare, len(ms))
	for i, m := range ms {
		cs, ok := d.decodeCommitted(m)
		if !ok {
			return false
		}
		css[i] = cs
		t.int(m.Party).int(m.Pos).bytes(cs.xEnc).bytes(cs.aEnc).bytes(m.D[:]).bytes(m.Commit[:]).bytes(cs.sb)
	}
	seed := t.sum()
	onG := newScalar()
	onX := make([]*scalar, d.n)
	scalars := make([]*scalar, 0, 2+4*len(ms))
	points := make([]*point, 0, cap(scalars))
	for i, cs := range css {
		z, w := batchCoefficients(seed, i)
		onG.Add(onG, mulS(z, cs.s))
		if onX[cs.m.Party] == nil {
			onX[cs.m.Party] = newScalar()
		}
		onX[cs.m.Party].Subtract(onX[cs.m.Party], mulS(z, cs.c))
		scalars = append(scalars, newScalar().Negate(z), mulS(w, cs.s), newScalar().Negate(mulS(w, cs.c)), newScalar().Negate(w))
		points = append(points, cs.R1, cs.A, cs.D, cs.R2)
	}
	scalars, points = append(scalars, onG), append(points, base())
	for p, x := range onX {
		if x != nil {
			scalars, points = append(scalars, x), append(points, d.X[p])
		}
	}
	return isZero(newPoint().VarTimeMultiScalarMult(scalars, points))
}

// batchCoefficients are proof i's z and w: 128 bits each of
// SHA-512(seed ‖ i).
func batchCoefficients(seed [64]byte, i int) (z, w *scalar) {
	h := sha512.Sum512(binary.AppendUvarint(seed[:], uint64(i)))
	var b [scalarLen]byte
	copy(b[:16], h[:16])
	z, _ = decScalar(b[:]) // below 2^128 < ℓ: canonical
	copy(b[:16], h[16:32])
	w, _ = decScalar(b[:])
	return z, w
}

// ReceiveAll is Receive of each message in order, stopping at the first
// refused (those before it stay taken, as one by one): what follows from
// them, and that refusal. The public shares among them in the commitment
// form from other parties are checked first in one batch; if it holds,
// their proofs are not checked again one by one, and if it fails, each is
// checked alone as Receive does, which names the first wrong one.
func (d *Deck) ReceiveAll(ms []Msg) ([]Msg, error) {
	var batch []*ShareMsg
	for _, m := range ms {
		if s, ok := m.(*ShareMsg); ok && s != nil && s.Commit != nil && s.Party != d.me && !slices.Contains(batch, s) {
			batch = append(batch, s)
		}
	}
	if len(batch) > 1 && d.checkBatch(batch) {
		d.proven = batch
		defer func() { d.proven = nil }()
	}
	var out []Msg
	for _, m := range ms {
		more, err := d.Receive(m)
		out = append(out, more...)
		if err != nil {
			return out, err
		}
	}
	return out, nil
}

// shareProof decodes a share's D (an error if it or the proof does not
// decode) and checks its proof, in either form: ok tells whether it holds
// (a share of ReceiveAll's batch that held is not checked again). The
// caller has checked that the deck is ready and the party and card exist.
func (d *Deck) shareProof(m *ShareMsg) (D *point, ok bool, err error) {
	if m.Commit != nil {
		if D, err = decPoint(m.D[:]); err != nil {
			return nil, false, err
		}
		return D, slices.Contains(d.proven, m) || d.checkCommitted(m), nil
	}
	D, pf, err := decPointProof(m.D, m.Proof)
	if err != nil {
		return nil, false, err
	}
	return D, verifyDLEQ(shareContext(d.id, m.Party, m.Pos), pf, d.X[m.Party], d.final()[m.Pos].A, D), nil
}
