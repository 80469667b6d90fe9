package p2p

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// The wire and signing encoding is a tiny hand-written binary format:
// unsigned varints, fixed-size byte arrays, and length-prefixed byte
// strings. It is canonical (one value, one encoding: varints must be
// minimal, nothing may trail), so "the exact encoded bytes" that a
// signature covers are well defined, and it needs no reflection.

// ErrMalformed wraps every decoding failure.
var ErrMalformed = errors.New("p2p: malformed message")

// maxBytes bounds any single length-prefixed field; messages are
// chunked to ≤16 KiB anyway.
const maxBytes = 1 << 16

type writer struct{ b []byte }

func (w *writer) uvarint(v uint64) { w.b = binary.AppendUvarint(w.b, v) }
func (w *writer) byte1(v byte)     { w.b = append(w.b, v) }
func (w *writer) fixed(p []byte)   { w.b = append(w.b, p...) }
func (w *writer) bytes(p []byte)   { w.uvarint(uint64(len(p))); w.b = append(w.b, p...) }
func (w *writer) str(s string)     { w.uvarint(uint64(len(s))); w.b = append(w.b, s...) }

// seat writes a seat with -1 (nobody) as 0 and seat s as s+1.
func (w *writer) seat(s int) { w.uvarint(uint64(s + 1)) }

// sealed is a signed message's wire form: the bytes its signature
// covers, then the signature.
func sealed(unsigned, sig []byte) []byte {
	w := writer{b: unsigned}
	w.bytes(sig)
	return w.b
}

type reader struct {
	b   []byte
	err error
}

func (r *reader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: %s", ErrMalformed, fmt.Sprintf(format, args...))
	}
}

func (r *reader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail("bad varint")
		return 0
	}
	// Canonical: the minimal encoding only.
	if n != len(binary.AppendUvarint(nil, v)) {
		r.fail("non-minimal varint")
		return 0
	}
	r.b = r.b[n:]
	return v
}

// small reads a varint that must be at most max.
func (r *reader) small(max uint64, what string) int {
	v := r.uvarint()
	if v > max {
		r.fail("%s %d exceeds %d", what, v, max)
		return 0
	}
	return int(v)
}

func (r *reader) byte1() byte {
	if r.err != nil {
		return 0
	}
	if len(r.b) < 1 {
		r.fail("truncated")
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return v
}

func (r *reader) fixed(dst []byte) {
	if r.err != nil {
		return
	}
	if len(r.b) < len(dst) {
		r.fail("truncated")
		return
	}
	copy(dst, r.b)
	r.b = r.b[len(dst):]
}

func (r *reader) bytes() []byte {
	n := r.small(maxBytes, "field length")
	if r.err != nil {
		return nil
	}
	if len(r.b) < n {
		r.fail("truncated")
		return nil
	}
	v := append([]byte(nil), r.b[:n]...)
	r.b = r.b[n:]
	return v
}

func (r *reader) str() string { return string(r.bytes()) }

func (r *reader) seat(max int) int {
	v := r.small(uint64(max)+1, "seat")
	return v - 1
}

// seats writes a seat list: its length, then each seat.
func (w *writer) seats(ss []int) {
	w.uvarint(uint64(len(ss)))
	for _, s := range ss {
		w.uvarint(uint64(s))
	}
}

// seats reads a seat list; seats must be ascending (one encoding per set).
func (r *reader) seats() []int {
	n := r.small(MaxSeats, "seat count")
	out := make([]int, 0, n)
	for i := 0; i < n && r.err == nil; i++ {
		s := r.small(MaxSeats-1, "seat")
		if len(out) > 0 && s <= out[len(out)-1] {
			r.fail("seats not ascending")
		}
		out = append(out, s)
	}
	return out
}

// done checks that nothing trails and returns the first error.
func (r *reader) done() error {
	if r.err == nil && len(r.b) != 0 {
		r.fail("%d trailing bytes", len(r.b))
	}
	return r.err
}
