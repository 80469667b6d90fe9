package timelock

import (
	"errors"
	"math/big"
	"strings"
	"testing"
)

func TestModulusIsTheRSA2048Challenge(t *testing.T) {
	n := RSA2048.N
	if n.BitLen() != 2048 || !strings.HasSuffix(n.String(), "2120720357") || !strings.HasPrefix(n.String(), "2519590847565789") {
		t.Fatalf("modulus is not RSA-2048: %d bits", n.BitLen())
	}
	for p := int64(2); p < 10000; p++ {
		if new(big.Int).Mod(n, big.NewInt(p)).Sign() == 0 {
			t.Fatalf("modulus divisible by %d", p)
		}
	}
}

func TestDelayProofChecksAndRefusesChanges(t *testing.T) {
	g := RSA2048
	x := g.HashToElement("test", []byte("x"))
	const T = 1000
	y := g.Eval(x, T, nil)
	// y = x^(2^T) computed the slow way.
	want := new(big.Int).Set(x)
	for i := 0; i < T; i++ {
		want.Mul(want, want).Mod(want, g.N)
	}
	if g.canon(want).Cmp(y) != 0 {
		t.Fatal("Eval is not T squarings")
	}
	pi := g.Prove(x, y, T)
	if err := g.Verify(x, y, pi, T); err != nil {
		t.Fatal(err)
	}
	other := g.mul(y, x)
	for name, err := range map[string]error{
		"another output": g.Verify(x, other, pi, T),
		"another proof":  g.Verify(x, y, g.mul(pi, x), T),
		"another delay":  g.Verify(x, y, pi, T-1),
		"another input":  g.Verify(g.mul(x, x), y, pi, T),
		"zero proof":     g.Verify(x, y, new(big.Int), T),
		"−y (same class, not a representative)": g.Verify(x, new(big.Int).Sub(g.N, y), pi, T),
	} {
		if !errors.Is(err, ErrProof) {
			t.Errorf("%s: %v, want ErrProof", name, err)
		}
	}
}

// Why the modulus must be one whose factors nobody holds: knowing the
// group's order, anyone "proves" any output it likes. So a seat's own RSA
// modulus cannot carry proofs of its own time-locked values.
func TestKnownOrderForgesAnyDelayProof(t *testing.T) {
	p, q := prime("p"), prime("q")
	grp := newGroup(new(big.Int).Mul(p, q))
	// λ(N) = lcm(p−1, q−1): every exponent works modulo it.
	one := big.NewInt(1)
	pm, qm := new(big.Int).Sub(p, one), new(big.Int).Sub(q, one)
	lambda := new(big.Int).Div(new(big.Int).Mul(pm, qm), new(big.Int).GCD(nil, nil, pm, qm))
	x := grp.HashToElement("test", []byte("x"))
	const T = 1 << 16
	lie := grp.HashToElement("test", []byte("any output")) // not x^(2^T)
	if grp.Eval(x, T, nil).Cmp(lie) == 0 {
		t.Fatal("the lie is the truth")
	}
	l := grp.challenge(x, lie, T)
	r := new(big.Int).Exp(big.NewInt(2), big.NewInt(T), l)
	// π = (lie / x^r)^(1/ℓ), the root taken with the known order.
	base := grp.mul(lie, new(big.Int).ModInverse(grp.exp(x, r), grp.N))
	pi := grp.exp(base, new(big.Int).ModInverse(l, lambda))
	if err := grp.Verify(x, lie, pi, T); err != nil {
		t.Fatalf("with the order known the forgery should pass: %v", err)
	}
}

// prime is a deterministic 512-bit prime for the known-order test group.
func prime(seed string) *big.Int {
	x := RSA2048.HashToElement("test-prime", []byte(seed))
	x.Rsh(x, uint(x.BitLen()-512))
	x.SetBit(x, 511, 1)
	x.SetBit(x, 0, 1)
	for !x.ProbablyPrime(20) {
		x.Add(x, big.NewInt(2))
	}
	return x
}

func TestElementEncodingRefusesNonElements(t *testing.T) {
	g := RSA2048
	x := g.HashToElement("test", []byte("x"))
	if y, err := g.Decode(g.Encode(x)); err != nil || y.Cmp(x) != 0 {
		t.Fatalf("round trip: %v", err)
	}
	for name, b := range map[string][]byte{
		"short":    make([]byte, 10),
		"zero":     make([]byte, ElementSize),
		"over N/2": new(big.Int).Sub(g.N, big.NewInt(1)).FillBytes(make([]byte, ElementSize)),
	} {
		if _, err := g.Decode(b); !errors.Is(err, ErrElement) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
