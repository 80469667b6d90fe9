package p2p

import (
	"crypto/sha256"
)

// Each seat's chance secrets: a hash chain.
//
// Each seat picks a secret s and commits tip = H^N(s) in the genesis
// (H = SHA-256 of the 32 bytes). For chance request k (counted from 0 over
// the game, as engine.Match counts them) a seat's secret is
// x_{k+1} = H^{N-k-1}(s), checked by H(x_{k+1}) = x_k with x_0 = tip. It
// commits to it in the time lock first and reveals it after (lock.go),
// so its part of every round is fixed from the genesis.

func h(x Hash) Hash { return sha256.Sum256(x[:]) }

// chain is one seat's secret hash chain, kept whole in memory
// (N·32 = 128 KiB) so each reveal costs nothing.
type chain struct {
	links []Hash // links[j] = H^j(s), j = 0..N
}

func newChain(secret Hash, n int) *chain {
	c := &chain{links: make([]Hash, n+1)}
	c.links[0] = secret
	for j := 1; j <= n; j++ {
		c.links[j] = h(c.links[j-1])
	}
	return c
}

func (c *chain) tip() Hash { return c.links[len(c.links)-1] }

// reveal returns x_j (j ≥ 1), or false when the chain is exhausted.
func (c *chain) reveal(j uint64) (Hash, bool) {
	n := uint64(len(c.links) - 1)
	if j == 0 || j > n {
		return Hash{}, false
	}
	return c.links[n-j], true
}
