package timelock

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"math/big"
)

// A round is one commit-reveal-recover draw of Bicorn-RX (Choi, Arun,
// Tyagi, Bonneau, "Bicorn: an optimistically efficient distributed
// randomness beacon", FC 2023):
//
//   - every contributor i commits c_i = g^α_i for a secret α_i;
//   - with all commitments known, weights ℓ_i = H(c_1 … c_n, i) (128 bits)
//     fix the output Ω = (∏ c_i^ℓ_i)^(2^T);
//   - optimistic: everyone opens α_i (checked by g^α_i = c_i) and
//     Ω = h^(Σ ℓ_i α_i) with the public h = g^(2^T): one exponentiation;
//   - recover: for the set W that withheld, anyone computes
//     Y = (∏_{j∈W} c_j^ℓ_j)^(2^T) with a Wesolowski proof, T squarings,
//     and Ω = Y · h^(Σ_{i∉W} ℓ_i α_i).
//
// Ω is fixed once the commitments are: opening or withholding changes how
// long it takes to learn it, never what it is. Nobody learns it before
// T squarings after the last commitment unless every contributor opens.
// The weights stop a last committer from cancelling the others
// (c_L = g^β / ∏ c_i would make Ω = h^β, known at once).

// Params fix a time lock: the group, its base g, the delay T in
// squarings and h = g^(2^T) (checked against its proof once, on load).
type Params struct {
	*Group
	G *big.Int
	T uint64
	H *big.Int

	tabs tables // powers of G and H (fixedbase.go)
}

// ErrOpening: an opening that does not match its commitment (the
// contributor lied, or a peer passed on a wrong value).
var ErrOpening = errors.New("timelock: opening does not match its commitment")

// NewParams checks h and its proof for (g, t) and returns the params.
func NewParams(grp *Group, g *big.Int, t uint64, h, proof *big.Int) (*Params, error) {
	if err := grp.Verify(g, h, proof, t); err != nil {
		return nil, fmt.Errorf("timelock params for T = %d: %w", t, err)
	}
	return &Params{Group: grp, G: g, T: t, H: h}, nil
}

// Base is the generator every game uses: hashed, so nobody knows a
// discrete logarithm of it or a relation to other elements.
func Base(grp *Group) *big.Int { return grp.HashToElement("base") }

// Commit is c = g^α for the secret α (big-endian bytes).
func (p *Params) Commit(alpha []byte) *big.Int {
	return p.fixed().g.exp(p.G, new(big.Int).SetBytes(alpha))
}

// Check reports whether alpha opens c.
func (p *Params) Check(c *big.Int, alpha []byte) error {
	if p.Commit(alpha).Cmp(c) != 0 {
		return ErrOpening
	}
	return nil
}

// Weights are ℓ_i = H(c_1 … c_n, i), 128 bits each, odd.
func (p *Params) Weights(commits []*big.Int) []*big.Int {
	hs := sha256.New()
	hs.Write([]byte("tabula/timelock/weights/v1\x00"))
	for _, c := range commits {
		hs.Write(p.Encode(c))
	}
	root := hs.Sum(nil)
	w := make([]*big.Int, len(commits))
	for i := range commits {
		d := sha256.Sum256(append(append([]byte{}, root...), byte(i>>8), byte(i)))
		w[i] = new(big.Int).SetBytes(d[:16])
		w[i].SetBit(w[i], 0, 1)
	}
	return w
}

// Forced is the recovered part of a round: Y = (∏_{j∈W} c_j^ℓ_j)^(2^T)
// and its delay proof.
type Forced struct {
	Y, Proof *big.Int
}

// Locked is the base whose T-th power the withheld set W owes:
// ∏_{j∈W} c_j^ℓ_j.
func (p *Params) Locked(commits []*big.Int, withheld []bool) *big.Int {
	w := p.Weights(commits)
	x := big.NewInt(1)
	for i, c := range commits {
		if withheld[i] {
			x = p.mul(x, p.exp(c, w[i]))
		}
	}
	return x
}

// Force opens what the withheld set W owes, alone: T squarings and about
// as many again for the proof. stop, if not nil, is asked between chunks
// of squarings; Force returns nil when it says so.
func (p *Params) Force(commits []*big.Int, withheld []bool, stop func() bool) *Forced {
	x := p.Locked(commits, withheld)
	y := p.Eval(x, p.T, stop)
	if y == nil {
		return nil
	}
	return &Forced{Y: y, Proof: p.Prove(x, y, p.T)}
}

// Output is Ω of a round from the commitments, the openings (nil where
// withheld) and, when any is withheld, the forced part. Every opening
// and the proof are checked; an error names what failed.
func (p *Params) Output(commits []*big.Int, openings [][]byte, forced *Forced) (*big.Int, error) {
	if len(openings) != len(commits) {
		return nil, fmt.Errorf("timelock: %d openings for %d commitments", len(openings), len(commits))
	}
	for i, a := range openings {
		if a == nil {
			continue
		}
		if err := p.Check(commits[i], a); err != nil {
			return nil, fmt.Errorf("contribution %d: %w", i, err)
		}
	}
	return p.Combine(commits, openings, forced)
}

// Combine is Output for openings the caller has checked already (each
// check is one exponentiation; a peer that holds a round's openings
// checked need not pay them again). The forced part's proof is checked.
func (p *Params) Combine(commits []*big.Int, openings [][]byte, forced *Forced) (*big.Int, error) {
	if len(openings) != len(commits) {
		return nil, fmt.Errorf("timelock: %d openings for %d commitments", len(openings), len(commits))
	}
	w := p.Weights(commits)
	sum := new(big.Int)
	withheld := make([]bool, len(commits))
	any := false
	for i, a := range openings {
		if a == nil {
			withheld[i], any = true, true
			continue
		}
		sum.Add(sum, new(big.Int).Mul(w[i], new(big.Int).SetBytes(a)))
	}
	omega := p.fixed().h.exp(p.H, sum)
	if !any {
		return omega, nil
	}
	if forced == nil {
		return nil, fmt.Errorf("timelock: contributions withheld and nothing forced")
	}
	if err := p.Verify(p.Locked(commits, withheld), forced.Y, forced.Proof, p.T); err != nil {
		return nil, err
	}
	return p.mul(omega, forced.Y), nil
}
