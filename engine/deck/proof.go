package deck

import "io"

// proof is a Fiat–Shamir proof (challenge c, response s), 64 bytes. Both
// kinds below are the textbook sigma protocols with the challenge hashed
// over a domain-separated transcript that binds the deck, the party and
// what is proven, so a proof is never valid for another statement.
type proof struct{ c, s *scalar }

const proofLen = 2 * scalarLen

func (p proof) encode() []byte { return append(encScalar(p.c), encScalar(p.s)...) }

func decProof(b []byte) (proof, error) {
	if len(b) != proofLen {
		return proof{}, errScalar
	}
	c, err := decScalar(b[:scalarLen])
	if err != nil {
		return proof{}, err
	}
	s, err := decScalar(b[scalarLen:])
	if err != nil {
		return proof{}, err
	}
	return proof{c, s}, nil
}

// decPointProof decodes a message's point and the proof about it.
func decPointProof(p [pointLen]byte, pf [proofLen]byte) (*point, proof, error) {
	P, err := decPoint(p[:])
	if err != nil {
		return nil, proof{}, err
	}
	q, err := decProof(pf[:])
	return P, q, err
}

// proveDLEQ proves knowledge of x with P1 = x·G and P2 = x·B2
// (Chaum–Pedersen). With B2 nil it is a Schnorr proof of knowledge of
// log_G P1. ctx binds the statement's use.
func proveDLEQ(rnd io.Reader, ctx *transcript, x *scalar, P1, B2, P2 *point) (proof, error) {
	k, err := dleqNonce(rnd, ctx, x)
	if err != nil {
		return proof{}, err
	}
	R1 := mulG(k)
	var R2 *point
	if B2 != nil {
		R2 = mul(k, B2)
	}
	c := dleqChallenge(ctx, P1, B2, P2, R1, R2)
	s := addS(k, mulS(c, x))
	return proof{c, s}, nil
}

// dleqNonce is a proof's secret nonce k, hedged with the statement's
// context and the secret x.
func dleqNonce(rnd io.Reader, ctx *transcript, x *scalar) (*scalar, error) {
	return randScalar(rnd, newTranscript("tabula/deck/nonce/v1").bytes(ctx.buf).bytes(encScalar(x)))
}

// verifyDLEQ checks a proof of proveDLEQ: R1 = s·G − c·P1 (and R2 alike)
// must hash back to c. Variable time: everything in it is public.
func verifyDLEQ(ctx *transcript, pf proof, P1, B2, P2 *point) bool {
	negc := newScalar().Negate(pf.c)
	R1 := newPoint().VarTimeDoubleScalarBaseMult(negc, P1, pf.s)
	var R2 *point
	if B2 != nil {
		R2 = newPoint().VarTimeMultiScalarMult([]*scalar{pf.s, negc}, []*point{B2, P2})
	}
	return scalarEq(dleqChallenge(ctx, P1, B2, P2, R1, R2), pf.c)
}

func dleqChallenge(ctx *transcript, P1, B2, P2, R1, R2 *point) *scalar {
	if B2 == nil {
		return dleqChallengeOf(ctx, encPoint(P1), nil, nil, encPoint(R1), nil)
	}
	return dleqChallengeOf(ctx, encPoint(P1), encPoint(B2), encPoint(P2), encPoint(R1), encPoint(R2))
}

// baseEnc is G's encoding, which every challenge hashes.
var baseEnc = encPoint(base())

// dleqChallengeOf is dleqChallenge over the points' encodings (b2 nil for
// a Schnorr proof): a caller that holds them saves the encoding's
// inversion per point.
func dleqChallengeOf(ctx *transcript, p1, b2, p2, r1, r2 []byte) *scalar {
	t := newTranscript("tabula/deck/dleq/v1").bytes(ctx.buf).bytes(baseEnc).bytes(p1).bytes(r1)
	if b2 != nil {
		t.bytes(b2).bytes(p2).bytes(r2)
	}
	return t.challenge()
}
