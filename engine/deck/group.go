package deck

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/sha512"
	"encoding/binary"
	"errors"
	"io"

	"github.com/gtank/ristretto255"
)

// The group: ristretto255 (prime order ℓ ≈ 2^252), its canonical base G.
type (
	point  = ristretto255.Element
	scalar = ristretto255.Scalar
)

const (
	pointLen  = 32
	scalarLen = 32
)

var (
	errPoint  = errors.New("deck: not a canonical ristretto255 point")
	errScalar = errors.New("deck: not a canonical scalar")
)

func newPoint() *point   { return ristretto255.NewElement() }
func newScalar() *scalar { return ristretto255.NewScalar() }

// base returns a fresh copy of G.
func base() *point { return newPoint().Base() }

func mulG(s *scalar) *point          { return newPoint().ScalarBaseMult(s) }
func mul(s *scalar, p *point) *point { return newPoint().ScalarMult(s, p) }
func add(p, q *point) *point         { return newPoint().Add(p, q) }
func sub(p, q *point) *point         { return newPoint().Subtract(p, q) }
func equal(p, q *point) bool         { return p.Equal(q) == 1 }
func isZero(p *point) bool           { return p.Equal(newPoint()) == 1 }
func encPoint(p *point) []byte       { return p.Encode(make([]byte, 0, pointLen)) }
func encScalar(s *scalar) []byte     { return s.Encode(make([]byte, 0, scalarLen)) }
func scalarEq(a, b *scalar) bool     { return a.Equal(b) == 1 }
func addS(a, b *scalar) *scalar      { return newScalar().Add(a, b) }
func mulS(a, b *scalar) *scalar      { return newScalar().Multiply(a, b) }
func decPoint(b []byte) (*point, error) {
	p := newPoint()
	if len(b) != pointLen || p.Decode(b) != nil {
		return nil, errPoint
	}
	return p, nil
}

func decScalar(b []byte) (*scalar, error) {
	s := newScalar()
	if len(b) != scalarLen || s.Decode(b) != nil {
		return nil, errScalar
	}
	return s, nil
}

// smallScalar is the scalar k (a Shamir evaluation point or a power of it).
func smallScalar(k uint64) *scalar {
	var b [scalarLen]byte
	binary.LittleEndian.PutUint64(b[:], k)
	s, err := decScalar(b[:])
	if err != nil {
		panic(err) // k < 2^64 < ℓ: always canonical
	}
	return s
}

// transcript is a domain-separated SHA-512 over length-prefixed fields:
// the Fiat–Shamir challenges, commitments and derived keys all go through
// it, so no two uses can be confused.
type transcript struct{ buf []byte }

func newTranscript(domain string) *transcript {
	t := &transcript{}
	t.bytes([]byte(domain))
	return t
}

func (t *transcript) bytes(b []byte) *transcript {
	t.buf = binary.AppendUvarint(t.buf, uint64(len(b)))
	t.buf = append(t.buf, b...)
	return t
}

func (t *transcript) int(v int) *transcript { return t.bytes(binary.AppendUvarint(nil, uint64(v))) }

func (t *transcript) points(ps ...*point) *transcript {
	for _, p := range ps {
		t.bytes(encPoint(p))
	}
	return t
}

func (t *transcript) sum() [64]byte { return sha512.Sum512(t.buf) }

// challenge maps the transcript to a uniform scalar (wide reduction).
func (t *transcript) challenge() *scalar {
	h := t.sum()
	return newScalar().FromUniformBytes(h[:])
}

// element maps the transcript to a group element (hash-to-group:
// ristretto255's one-way map of 64 uniform bytes).
func (t *transcript) element() *point {
	h := t.sum()
	return newPoint().FromUniformBytes(h[:])
}

// cardPoint is M_c, the plaintext of card c of the deck: nobody knows its
// discrete logarithm.
func cardPoint(deckID []byte, c int) *point {
	return newTranscript("tabula/deck/card/v1").bytes(deckID).int(c).element()
}

// randScalar draws a secret scalar: 64 bytes from rnd, hashed with the
// caller's secret context (hedged: a repeated or weak reader alone cannot
// repeat a nonce for another statement).
func randScalar(rnd io.Reader, t *transcript) (*scalar, error) {
	var b [64]byte
	if _, err := io.ReadFull(rnd, b[:]); err != nil {
		return nil, errors.New("deck: random source: " + err.Error())
	}
	t.bytes(b[:])
	return t.challenge(), nil
}

// prg is a deterministic stream expanded from a secret seed: AES-256 in
// counter mode under an HKDF-SHA-512 key (a standard PRG construction).
type prg struct{ s cipher.Stream }

func newPRG(seed []byte, info string) *prg {
	key, err := hkdf.Key(sha512.New, seed, nil, info, 32)
	if err != nil {
		panic(err) // fixed, valid lengths
	}
	blk, err := aes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	return &prg{cipher.NewCTR(blk, make([]byte, aes.BlockSize))}
}

func (g *prg) Read(p []byte) (int, error) {
	clear(p)
	g.s.XORKeyStream(p, p)
	return len(p), nil
}

func (g *prg) scalar() *scalar {
	var b [64]byte
	g.Read(b[:])
	return newScalar().FromUniformBytes(b[:])
}

// intn is uniform in [0, n) by rejection sampling.
func (g *prg) intn(n int) int {
	limit := ^uint64(0) - ^uint64(0)%uint64(n) // a multiple of n
	var b [8]byte
	for {
		g.Read(b[:])
		if v := binary.LittleEndian.Uint64(b[:]); v < limit {
			return int(v % uint64(n))
		}
	}
}
