package timelock

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"math/big"
)

// Wesolowski's verifiable delay function ("Efficient verifiable delay
// functions", Eurocrypt 2019): y = x^(2^T) takes T squarings one after the
// other in a group of unknown order, and a proof π = x^⌊2^T/ℓ⌋, for a
// prime ℓ hashed from (x, y, T), lets anyone check y with two short
// exponentiations: π^ℓ · x^(2^T mod ℓ) = y. Sound only while nobody knows
// the group's order: with it, π can be made for any y (see the test).

// ErrProof: a delay proof that does not check out.
var ErrProof = errors.New("timelock: delay proof does not check out")

// chunk is the number of squarings done by one big.Int.Exp call: Exp runs
// Montgomery arithmetic, much faster than Mul and Mod per squaring.
const chunk = 1 << 14

// Eval returns x^(2^t): t sequential squarings. stop, if not nil, is
// asked between chunks; Eval returns nil when it says so.
func (g *Group) Eval(x *big.Int, t uint64, stop func() bool) *big.Int {
	y := new(big.Int).Set(x)
	e := new(big.Int)
	for t > 0 {
		n := min(t, chunk)
		e.Lsh(big.NewInt(1), uint(n))
		y.Exp(y, e, g.N)
		t -= n
		if stop != nil && stop() {
			return nil
		}
	}
	return g.canon(y)
}

// challenge is ℓ: the first prime at or above a 128-bit hash of the
// statement. ProbablyPrime is deterministic (Baillie–PSW and Miller–Rabin
// with bases drawn from the number itself), so every peer finds the same ℓ.
func (g *Group) challenge(x, y *big.Int, t uint64) *big.Int {
	hs := sha256.New()
	hs.Write([]byte("tabula/timelock/wesolowski/v1\x00"))
	hs.Write(g.Encode(x))
	hs.Write(g.Encode(y))
	var tb [8]byte
	binary.BigEndian.PutUint64(tb[:], t)
	hs.Write(tb[:])
	l := new(big.Int).SetBytes(hs.Sum(nil)[:16])
	l.SetBit(l, 127, 1)
	l.SetBit(l, 0, 1)
	for !l.ProbablyPrime(20) {
		l.Add(l, big.NewInt(2))
	}
	return l
}

// Prove returns π for y = x^(2^t): x^⌊2^t/ℓ⌋, one exponentiation of
// t bits (about as long as Eval again).
func (g *Group) Prove(x, y *big.Int, t uint64) *big.Int {
	l := g.challenge(x, y, t)
	q := new(big.Int).Lsh(big.NewInt(1), uint(t))
	q.Quo(q, l)
	return g.exp(x, q)
}

// Verify checks π for y = x^(2^t): two exponentiations of 128 bits.
func (g *Group) Verify(x, y, pi *big.Int, t uint64) error {
	if !g.valid(x) || !g.valid(y) || !g.valid(pi) {
		return ErrProof
	}
	l := g.challenge(x, y, t)
	r := new(big.Int).Exp(big.NewInt(2), new(big.Int).SetUint64(t), l)
	if g.mul(g.exp(pi, l), g.exp(x, r)).Cmp(y) != 0 {
		return ErrProof
	}
	return nil
}
