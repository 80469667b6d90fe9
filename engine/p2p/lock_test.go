package p2p

import (
	"math/big"
)

// omegaOf is Ω of a chance body's commitments for the given secrets,
// unchecked (a guess at another seat's secret gives a guess at Ω).
func omegaOf(l *ledger, cb chanceBody, xs []Hash) []byte {
	var cs []*big.Int
	for _, c := range cb.Commits {
		x, err := l.lock.Decode(c.C)
		if err != nil {
			panic(err)
		}
		cs = append(cs, x)
	}
	w := l.lock.Weights(cs)
	sum := new(big.Int)
	for i, x := range xs {
		sum.Add(sum, new(big.Int).Mul(w[i], new(big.Int).SetBytes(alpha(x))))
	}
	y := new(big.Int).Exp(l.lock.H, sum, l.lock.N)
	if y.Cmp(new(big.Int).Rsh(l.lock.N, 1)) > 0 {
		y.Sub(l.lock.N, y)
	}
	return l.lock.Encode(y)
}
