package timelock

import (
	"crypto/sha256"
	"fmt"
	"math/big"
	"testing"
)

// The table's powers give exactly the plain exponentiation's element, for
// exponents of every size the round uses, zero, and past the table (where
// the plain one takes over).
func TestFixedBaseMatchesExp(t *testing.T) {
	p := small()
	f := p.fixed()
	for i := 0; i < 40; i++ {
		bits := []int{0, 1, 4, 5, 128, 255, 256, 300, sumBits, sumBits + 1, 600}[i%11]
		e := new(big.Int)
		for e.BitLen() < bits {
			d := sha256.Sum256([]byte(fmt.Sprint("exponent ", i, e)))
			e.Lsh(e, 256).Or(e, new(big.Int).SetBytes(d[:]))
		}
		if bits > 0 {
			e.Rsh(e, uint(e.BitLen()-bits))
		} else {
			e.SetInt64(0)
		}
		for _, c := range []struct {
			name string
			fb   *fixedBase
			b    *big.Int
		}{{"g", f.g, p.G}, {"h", f.h, p.H}} {
			if got, want := c.fb.exp(c.b, e), p.exp(c.b, e); got.Cmp(want) != 0 {
				t.Fatalf("%s^e for a %d-bit e: the table gives another element", c.name, e.BitLen())
			}
		}
	}
}

// The plain exponentiation beside the table's, for one commitment.
func BenchmarkCommitPlain(b *testing.B) {
	p := small()
	a := new(big.Int).SetBytes(secret(0, 0))
	for b.Loop() {
		p.exp(p.G, a)
	}
}
