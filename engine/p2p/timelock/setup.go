package timelock

import "math/big"

// Setup computes h = g^(2^t) and its proof: t squarings and as many again.
// Games use the constants made by it once (params.go); tests use it with
// a small t.
func Setup(grp *Group, g *big.Int, t uint64) (*Params, *big.Int) {
	h := grp.Eval(g, t, nil)
	proof := grp.Prove(g, h, t)
	return &Params{Group: grp, G: g, T: t, H: h}, proof
}
