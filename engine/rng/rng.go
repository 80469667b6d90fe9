// Package rng turns key material into chance outcomes, the same way forever.
//
// Every chance outcome in Tabula comes from Derive: a SHA-256 counter-mode
// stream over a key, cut into 64-bit big-endian words, mapped into each range
// by rejection sampling (no modulo bias). The algorithm is fixed by this
// package and pinned by test vectors, so a log replays identically natively,
// in wasm, and in any future build.
//
// Two kinds of key are used:
//   - Seeded (hot-seat and bot play): "tabula/seed" ‖ seed ‖ k, where k counts
//     the chance requests of the game from 0.
//   - Commit-reveal (network play, see engine/p2p): "tabula/chance" ‖ game ‖ k
//     ‖ each seat's revealed pre-image.
package rng

import (
	"crypto/sha256"
	"encoding/binary"

	"tabula/engine"
)

// Stream is a deterministic sequence of 64-bit words derived from a key.
type Stream struct {
	key   []byte
	block uint32
	buf   [sha256.Size]byte
	used  int
}

// NewStream starts the stream of key.
func NewStream(key []byte) *Stream {
	s := &Stream{key: append([]byte(nil), key...), used: sha256.Size}
	return s
}

// Uint64 returns the next word: block j is SHA-256(key ‖ uint32be(j)).
func (s *Stream) Uint64() uint64 {
	if s.used+8 > sha256.Size {
		h := sha256.New()
		h.Write(s.key)
		var j [4]byte
		binary.BigEndian.PutUint32(j[:], s.block)
		h.Write(j[:])
		h.Sum(s.buf[:0])
		s.block++
		s.used = 0
	}
	v := binary.BigEndian.Uint64(s.buf[s.used:])
	s.used += 8
	return v
}

// Intn returns a uniform value in [0, n) by rejection sampling; n ≤ 1 gives
// 0 without consuming the stream.
func (s *Stream) Intn(n int) int {
	if n <= 1 {
		return 0
	}
	un := uint64(n)
	limit := ^uint64(0) - (^uint64(0) % un) // largest multiple of n, exclusive
	for {
		v := s.Uint64()
		if v < limit {
			return int(v % un)
		}
	}
}

// Derive answers req from key.
func Derive(key []byte, req engine.ChanceRequest) engine.Outcome {
	s := NewStream(key)
	out := make(engine.Outcome, len(req.Ranges))
	for i, n := range req.Ranges {
		out[i] = s.Intn(n)
	}
	return out
}

// Seeded is the chance source of hot-seat and bot games: outcome k is a pure
// function of the seed, k and the request, so a game resumed or rewound from
// its log goes on with exactly the outcomes it would have had.
type Seeded struct {
	Seed uint64
}

// SeedKey is the key of chance request k under seed.
func SeedKey(seed, k uint64) []byte {
	key := make([]byte, 0, 32)
	key = append(key, "tabula/seed"...)
	key = binary.BigEndian.AppendUint64(key, seed)
	key = binary.BigEndian.AppendUint64(key, k)
	return key
}

// Outcome answers chance request k (the k-th of the game, from 0).
func (s Seeded) Outcome(k int, req engine.ChanceRequest) engine.Outcome {
	return Derive(SeedKey(s.Seed, uint64(k)), req)
}
