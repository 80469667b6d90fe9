package p2p

import (
	"crypto/sha256"
	"encoding/binary"

	"tabula/engine"
	"tabula/engine/rng"
)

// Commit-reveal chance.
//
// Each seat picks a secret s and commits tip = H^N(s) in the genesis
// (H = SHA-256 of the 32 bytes). For chance request k (counted from 0 over
// the game, as engine.Match counts them) every seat reveals
// x_{k+1} = H^{N-k-1}(s); a reveal is checked by H(x_{k+1}) = x_k with
// x_0 = tip. The outcome is rng.Derive over
// "tabula/chance" ‖ game ‖ uint64be(k) ‖ x_1 ‖ … ‖ x_n (seat order).
// No seat can choose the outcome: the last revealer can only stall.

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

// ChanceKey is the rng key of chance request k given every seat's reveal.
func ChanceKey(game GameID, k uint64, reveals []Hash) []byte {
	key := make([]byte, 0, 13+16+8+32*len(reveals))
	key = append(key, "tabula/chance"...)
	key = append(key, game[:]...)
	key = binary.BigEndian.AppendUint64(key, k)
	for _, x := range reveals {
		key = append(key, x[:]...)
	}
	return key
}

// ChanceOutcome derives the outcome of request req.
func ChanceOutcome(game GameID, k uint64, reveals []Hash, req engine.ChanceRequest) engine.Outcome {
	return rng.Derive(ChanceKey(game, k, reveals), req)
}

// ChanceKeyOf is the rng key of request k when only seats reveal (the
// others are played by the bot): "tabula/chance/seats" ‖ game ‖ k ‖ then
// each seat's number and reveal. nil seats is ChanceKey.
func ChanceKeyOf(game GameID, k uint64, seats []int, reveals []Hash) []byte {
	if seats == nil {
		return ChanceKey(game, k, reveals)
	}
	key := make([]byte, 0, 19+16+8+33*len(reveals))
	key = append(key, "tabula/chance/seats"...)
	key = append(key, game[:]...)
	key = binary.BigEndian.AppendUint64(key, k)
	for i, x := range reveals {
		key = append(key, byte(seats[i]))
		key = append(key, x[:]...)
	}
	return key
}

func chanceOutcome(game GameID, k uint64, seats []int, reveals []Hash, req engine.ChanceRequest) engine.Outcome {
	return rng.Derive(ChanceKeyOf(game, k, seats, reveals), req)
}
