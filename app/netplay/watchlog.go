package netplay

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"tabula/app/relay"
)

// The watch room (relay secret: the watch key) holds one box, "watch":
//
//	key "genesis"  the signed genesis message (p2p.GenesisMsg);
//	key "log.<c>"  chunk c of the signed log: consecutive entries as the
//	               peers exchange them.
//
// Chunks are cut greedily from the first entry: at most chunkEntries
// entries and chunkBytes bytes each, so every device holding the same log
// cuts the same chunks, and keeping one twice is harmless. The last chunk
// is kept again as it grows: 32 entries (about 12 KB in a Catan game)
// bound what each new entry costs to send, and a whole game is still a
// few dozen letters.
const (
	watchBox     = "watch"
	genesisKey   = "genesis"
	chunkPrefix  = "log."
	chunkEntries = 32
	chunkBytes   = relay.MaxBody - 64 // room for the chunk's header
	chunkV1      = 1
)

// ErrEntryTooBig: an entry that fits no letter (a spectator stops before it).
var ErrEntryTooBig = errors.New("netplay: a log entry too big for a watch letter")

// chunk is one letter's worth of the log: entries first, first+1, …
// (seq numbers, from 1) in their encoded form.
type chunk struct {
	first   uint64
	entries [][]byte
}

func logKey(c int) string { return chunkPrefix + strconv.Itoa(c) }

// chunkIndex reads a chunk's key.
func chunkIndex(key string) (int, bool) {
	rest, ok := strings.CutPrefix(key, chunkPrefix)
	if !ok {
		return 0, false
	}
	c, err := strconv.Atoi(rest)
	return c, err == nil && c >= 0 && strconv.Itoa(c) == rest
}

// cutChunks cuts encoded entries (seq 1 onwards) into chunks. An entry
// over chunkBytes ends the cut: the chunks before it and ErrEntryTooBig.
func cutChunks(enc [][]byte) ([]chunk, error) {
	var out []chunk
	cur := chunk{first: 1}
	size := 0
	for i, e := range enc {
		n := len(e) + binary.MaxVarintLen32
		if n > chunkBytes {
			if len(cur.entries) > 0 {
				out = append(out, cur)
			}
			return out, fmt.Errorf("%w: entry %d is %d bytes", ErrEntryTooBig, i+1, len(e))
		}
		if len(cur.entries) == chunkEntries || size+n > chunkBytes {
			out = append(out, cur)
			cur, size = chunk{first: uint64(i) + 1}, 0
		}
		cur.entries = append(cur.entries, e)
		size += n
	}
	if len(cur.entries) > 0 {
		out = append(out, cur)
	}
	return out, nil
}

// encode is the chunk's letter body: version, first seq, count, then each
// entry length-prefixed.
func (c chunk) encode() []byte {
	b := []byte{chunkV1}
	b = binary.AppendUvarint(b, c.first)
	b = binary.AppendUvarint(b, uint64(len(c.entries)))
	for _, e := range c.entries {
		b = binary.AppendUvarint(b, uint64(len(e)))
		b = append(b, e...)
	}
	return b
}

var errChunk = errors.New("netplay: a damaged log letter")

// decodeChunk reads a chunk's letter body (the entries stay encoded:
// the spectator decodes and verifies them one by one).
func decodeChunk(b []byte) (chunk, error) {
	var c chunk
	if len(b) < 1 || b[0] != chunkV1 {
		return c, errChunk
	}
	b = b[1:]
	first, n := binary.Uvarint(b)
	if n <= 0 || first == 0 || first > 1<<40 {
		return c, errChunk
	}
	b = b[n:]
	count, n := binary.Uvarint(b)
	if n <= 0 || count == 0 || count > chunkEntries {
		return c, errChunk
	}
	b = b[n:]
	c.first = first
	for range count {
		l, n := binary.Uvarint(b)
		if n <= 0 || l > uint64(len(b)-n) {
			return chunk{}, errChunk
		}
		c.entries = append(c.entries, b[n:n+int(l)])
		b = b[n+int(l):]
	}
	if len(b) != 0 {
		return chunk{}, errChunk
	}
	return c, nil
}

// covers reports whether a kept letter already holds all of c: the same
// first entry and at least c's entries, byte for byte.
func covers(kept []byte, c chunk) bool {
	k, err := decodeChunk(kept)
	if err != nil || k.first != c.first || len(k.entries) < len(c.entries) {
		return false
	}
	for i, e := range c.entries {
		if !bytes.Equal(k.entries[i], e) {
			return false
		}
	}
	return true
}
