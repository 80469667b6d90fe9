// Package fuzzing turns a fuzz test's input into the choices of a random
// game: the fuzzer's bytes first, so it can steer them, then a seeded
// stream once they run out, so a short input still plays a whole game.
// Every game's FuzzRandomActions draws from it.
package fuzzing

import (
	"encoding/binary"
	"fmt"

	"tabula/engine/rng"
)

// Source yields the input's bytes, then a stream seeded by seed.
type Source struct {
	data   []byte
	stream *rng.Stream
}

// New is a source of data, continued by the stream of seed.
func New(data []byte, seed uint64) *Source {
	return &Source{data: data, stream: rng.NewStream([]byte(fmt.Sprintf("fuzz/%d", seed)))}
}

// Intn is a number in [0, n): two bytes of the input while it lasts.
func (s *Source) Intn(n int) int {
	if n <= 1 {
		return 0
	}
	if len(s.data) >= 2 {
		v := int(binary.BigEndian.Uint16(s.data))
		s.data = s.data[2:]
		return v % n
	}
	return s.stream.Intn(n)
}

// Byte is the input's next byte, or one from the stream.
func (s *Source) Byte() byte {
	if len(s.data) > 0 {
		b := s.data[0]
		s.data = s.data[1:]
		return b
	}
	return byte(s.stream.Intn(256))
}

// Seed folds all of data into a seed, for a test's own PRNG and chance
// source: inputs that differ anywhere play different games.
func Seed(data []byte) uint64 {
	var seed uint64
	for i, b := range data {
		seed = seed*131 + uint64(b) + uint64(i)
	}
	return seed
}
