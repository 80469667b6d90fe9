package timelock

import (
	"math/big"
	"sync"
)

// DefaultT is the delay of the games' time lock in squarings: 2^22. A
// desktop with GMP does a 2048-bit modular squaring in about 0.5 µs, so
// forcing a round open takes such an attacker at least 2 s; the protocol's
// commitment window must stay below that (docs/p2p.md says why). Honest
// devices pay it only when someone withholds (see the package benchmark).
const DefaultT = 1 << 22

var (
	defaultOnce   sync.Once
	defaultParams *Params
	defaultErr    error
)

// Default is the time lock every game uses: RSA-2048, Base, DefaultT, with
// h checked against its proof on first use.
func Default() (*Params, error) {
	defaultOnce.Do(func() {
		h, ok1 := new(big.Int).SetString(defaultH, 16)
		pi, ok2 := new(big.Int).SetString(defaultProof, 16)
		if !ok1 || !ok2 {
			defaultErr = ErrProof
			return
		}
		defaultParams, defaultErr = NewParams(RSA2048, Base(RSA2048), DefaultT, h, pi)
	})
	return defaultParams, defaultErr
}
