//go:build !js

package main

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// packData rewrites a module's data section as few segments as possible:
// neighbouring segments less than dataGap bytes apart become one, the
// zeros between them written out. Go's linker starts a new segment at
// every run of zeros longer than a few bytes (up to the format's 100,000
// segments), which keeps the raw module small, but each segment's header
// (its address, its length) breaks the patterns a compressor finds: the
// shipped copies (gzip, brotli) are smaller with the zeros written out.
// Memory starts zeroed, so the module initialises the same bytes either
// way.
func packData(b []byte) ([]byte, error) {
	m, err := parseWasm(b)
	if err != nil {
		return nil, err
	}
	if slices.ContainsFunc(m.sections, func(s wasmSection) bool { return s.id == 12 }) {
		// Go's linker writes none; one would have to count the new segments.
		return nil, errors.New("the module has a data count section")
	}
	i := slices.IndexFunc(m.sections, func(s wasmSection) bool { return s.id == 11 })
	if i < 0 {
		return b, nil
	}
	s := m.sections[i]
	segs, err := dataSegments(b[:s.end], s.start)
	if err != nil {
		return nil, fmt.Errorf("data section: %w", err)
	}
	if len(segs) == 0 {
		return b, nil
	}
	slices.SortFunc(segs, func(a, b dataSegment) int { return cmp.Compare(a.at, b.at) })
	// Runs of segments to join: segs[run[k]:run[k+1]].
	run := []int{0}
	for k := 1; k < len(segs); k++ {
		end := segs[k-1].at + uint32(len(segs[k-1].bytes))
		if segs[k].at < end {
			return nil, fmt.Errorf("data segments overlap at address %d", segs[k].at)
		}
		if segs[k].at-end >= dataGap {
			run = append(run, k)
		}
	}
	run = append(run, len(segs))
	body := make([]byte, 0, s.end-s.start+len(segs)*dataGap)
	body = binary.AppendUvarint(body, uint64(len(run)-1))
	for k := 0; k+1 < len(run); k++ {
		first, last := segs[run[k]], segs[run[k+1]-1]
		// Active segment of memory 0 at (i32.const at).
		body = append(body, 0, 0x41)
		body = appendSLEB(body, int64(first.at))
		body = append(body, 0x0b)
		body = binary.AppendUvarint(body, uint64(last.at-first.at)+uint64(len(last.bytes)))
		at := first.at
		for _, d := range segs[run[k]:run[k+1]] {
			for ; at < d.at; at++ {
				body = append(body, 0)
			}
			body = append(body, d.bytes...)
			at += uint32(len(d.bytes))
		}
	}
	out := append([]byte(nil), b[:s.start]...)
	out = append(out, 11)
	out = binary.AppendUvarint(out, uint64(len(body)))
	out = append(out, body...)
	return append(out, b[s.end:]...), nil
}

// dataGap: segments closer than this are joined. Beyond a few dozen bytes
// the compressed sizes hardly change, while the raw module grows.
const dataGap = 64

type dataSegment struct {
	at    uint32 // address in memory 0
	bytes []byte
}

// dataSegments reads the segments of the data section starting at start
// (Go's linker writes active segments of memory 0 at a constant address).
func dataSegments(b []byte, start int) ([]dataSegment, error) {
	r := &wasmReader{b: b, at: start + 1}
	r.u32() // section size
	n := r.u32()
	segs := make([]dataSegment, 0, n)
	for range n {
		if flag := r.u32(); flag != 0 {
			return nil, fmt.Errorf("segment kind %d", flag)
		}
		if r.byte() != 0x41 {
			return nil, errors.New("segment address is not an i32.const")
		}
		at := r.sleb()
		if r.byte() != 0x0b {
			return nil, errors.New("segment address is not one constant")
		}
		size := int(r.u32())
		if r.err != nil || r.at+size > len(b) || at < 0 || at > 1<<32-1 {
			return nil, errors.New("segment runs past the end")
		}
		segs = append(segs, dataSegment{uint32(at), b[r.at : r.at+size]})
		r.at += size
	}
	if r.err != nil {
		return nil, r.err
	}
	if r.at != len(b) {
		return nil, errors.New("bytes after the last segment")
	}
	return segs, nil
}

// sleb reads a signed LEB128 number (an i32.const's operand).
func (r *wasmReader) sleb() int64 {
	var v int64
	var shift uint
	for {
		if r.at >= len(r.b) || shift > 35 {
			r.err = errors.New("bad signed LEB128 number")
			return 0
		}
		c := r.b[r.at]
		r.at++
		v |= int64(c&0x7f) << shift
		shift += 7
		if c&0x80 == 0 {
			if shift < 64 && c&0x40 != 0 {
				v |= -1 << shift
			}
			return v
		}
	}
}

// appendSLEB appends v as a signed LEB128 number.
func appendSLEB(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 && c&0x40 == 0 || v == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
