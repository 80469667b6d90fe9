package timelock

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"math/big"
	"sync"
	"testing"
)

// small is a time lock of 2^10 squarings: the algebra is that of Default,
// only the delay is short enough for tests.
var small = sync.OnceValue(func() *Params {
	p, proof := Setup(RSA2048, Base(RSA2048), 1<<10)
	q, err := NewParams(p.Group, p.G, p.T, p.H, proof)
	if err != nil {
		panic(err)
	}
	return q
})

func secret(i, round int) []byte {
	s := sha256.Sum256([]byte(fmt.Sprintf("secret %d/%d", i, round)))
	return s[:]
}

func commitAll(p *Params, n, round int) ([]*big.Int, [][]byte) {
	var cs []*big.Int
	var as [][]byte
	for i := 0; i < n; i++ {
		a := secret(i, round)
		as = append(as, a)
		cs = append(cs, p.Commit(a))
	}
	return cs, as
}

func withhold(as [][]byte, who ...int) ([][]byte, []bool) {
	out := append([][]byte{}, as...)
	w := make([]bool, len(as))
	for _, i := range who {
		out[i], w[i] = nil, true
	}
	return out, w
}

// The honest seats alone, after the delay, get exactly the output the
// withheld openings would have made: for one withholder of two, and for
// every set of withholders of four (a colluding pair included).
func TestForceOpenYieldsExactlyTheWithheldValue(t *testing.T) {
	p := small()
	for _, n := range []int{2, 3, 4} {
		cs, as := commitAll(p, n, n)
		want, err := p.Output(cs, as, nil)
		if err != nil {
			t.Fatal(err)
		}
		for set := 1; set < 1<<n; set++ {
			var who []int
			for i := 0; i < n; i++ {
				if set>>i&1 == 1 {
					who = append(who, i)
				}
			}
			open, w := withhold(as, who...)
			f := p.Force(cs, w, nil)
			got, err := p.Output(cs, open, f)
			if err != nil {
				t.Fatalf("%d seats, %v withheld: %v", n, who, err)
			}
			if got.Cmp(want) != 0 {
				t.Fatalf("%d seats, %v withheld: forced output differs from the opened one", n, who)
			}
			if len(who) == 1 {
				// Y is the withheld seat's own part, h^(ℓ_j α_j).
				j := who[0]
				part := p.exp(p.H, new(big.Int).Mul(p.Weights(cs)[j], new(big.Int).SetBytes(as[j])))
				if f.Y.Cmp(part) != 0 {
					t.Fatalf("forced value is not seat %d's withheld part", j)
				}
			}
		}
	}
}

// A contributor that opens a value other than its commitment's is caught
// by everyone; a forced part with a wrong value, a proof for another
// withheld set, or none at all is refused.
func TestCheatingContributorIsCaught(t *testing.T) {
	p := small()
	cs, as := commitAll(p, 3, 7)
	lie := append([][]byte{}, as...)
	lie[1] = secret(1, 8)
	if _, err := p.Output(cs, lie, nil); !errors.Is(err, ErrOpening) {
		t.Fatalf("a wrong opening: %v, want ErrOpening", err)
	}
	open, w := withhold(as, 2)
	f := p.Force(cs, w, nil)
	bad := &Forced{Y: p.mul(f.Y, p.G), Proof: f.Proof}
	if _, err := p.Output(cs, open, bad); !errors.Is(err, ErrProof) {
		t.Fatalf("a wrong forced value: %v, want ErrProof", err)
	}
	_, w0 := withhold(as, 0)
	if _, err := p.Output(cs, open, p.Force(cs, w0, nil)); !errors.Is(err, ErrProof) {
		t.Fatalf("a forced part of another seat: %v, want ErrProof", err)
	}
	if _, err := p.Output(cs, open, nil); err == nil {
		t.Fatal("a withheld opening with nothing forced was accepted")
	}
}

// Without the weights a last committer could cancel the others' and know
// the output at once (c = g^β / c_other makes Ω = h^β). With them, its
// guess is wrong.
func TestLastCommitterCannotCancelTheOthers(t *testing.T) {
	p := small()
	honest := p.Commit(secret(0, 1))
	beta := new(big.Int).SetBytes(secret(9, 9))
	rogue := p.mul(p.exp(p.G, beta), new(big.Int).ModInverse(honest, p.N))
	cs := []*big.Int{honest, rogue}
	_, w := withhold([][]byte{nil, nil}, 0, 1)
	got, err := p.Output(cs, [][]byte{nil, nil}, p.Force(cs, w, nil))
	if err != nil {
		t.Fatal(err)
	}
	if got.Cmp(p.exp(p.H, beta)) == 0 {
		t.Fatal("the rogue committer chose the output")
	}
}

// Die returns a d6 (1..6) from an output: the first 8 bytes of its hash
// modulo 6 (bias below 2^-60).
func die(p *Params, omega *big.Int) int {
	d := sha256.Sum256(p.Encode(omega))
	v := new(big.Int).SetBytes(d[:8])
	return 1 + int(new(big.Int).Mod(v, big.NewInt(6)).Int64())
}

// The games' constants: h checks against its proof for DefaultT.
func TestDefaultParamsCheck(t *testing.T) {
	p, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if p.T != DefaultT || p.G.Cmp(Base(RSA2048)) != 0 {
		t.Fatalf("default params: T %d", p.T)
	}
}
