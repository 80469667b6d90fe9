//go:build !js

package main

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// dataFixture is a module with a custom section and a data section of
// segments out of address order: two 2 bytes apart, one far off, one at an
// address that takes a multi-byte signed LEB128.
func dataFixture(t *testing.T) []byte {
	t.Helper()
	seg := func(at int64, b string) []byte {
		s := appendSLEB([]byte{0, 0x41}, at)
		s = append(s, 0x0b)
		s = binary.AppendUvarint(s, uint64(len(b)))
		return append(s, b...)
	}
	body := bytes.Join([][]byte{{4}, seg(100000, "far"), seg(100, "ab"), seg(104, "cd"), seg(20, "x")}, nil)
	m := []byte("\x00asm\x01\x00\x00\x00")
	m = append(m, 0, 5, 4, 'k', 'e', 'e', 'p')
	m = append(m, 11, byte(len(body)))
	m = append(m, body...)
	return append(m, 0, 3, 2, 'z', 'z')
}

// memory is what a module's data section writes into memory 0.
func initialMemory(t *testing.T, b []byte) (map[uint32]byte, int) {
	t.Helper()
	m, err := parseWasm(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range m.sections {
		if s.id != 11 {
			continue
		}
		segs, err := dataSegments(b[:s.end], s.start)
		if err != nil {
			t.Fatal(err)
		}
		mem := map[uint32]byte{}
		for _, d := range segs {
			for i, c := range d.bytes {
				if c != 0 {
					mem[d.at+uint32(i)] = c
				}
			}
		}
		return mem, len(segs)
	}
	t.Fatal("no data section")
	return nil, 0
}

// Packing joins close segments, keeps far ones apart, leaves every other
// section as it was, and the memory the module starts with is the same.
func TestPackDataKeepsTheMemory(t *testing.T) {
	in := dataFixture(t)
	out, err := packData(in)
	if err != nil {
		t.Fatal(err)
	}
	before, n := initialMemory(t, in)
	after, m := initialMemory(t, out)
	if n != 4 || m != 3 {
		t.Errorf("%d segments packed into %d, want 4 into 3 (20; 100 to 105; 100000)", n, m)
	}
	if len(before) != 8 || len(after) != len(before) {
		t.Fatalf("memory %v became %v", before, after)
	}
	for a, c := range before {
		if after[a] != c {
			t.Errorf("byte at %d: %q became %q", a, c, after[a])
		}
	}
	if !bytes.HasPrefix(out, in[:15]) || !bytes.HasSuffix(out, in[len(in)-5:]) {
		t.Errorf("the sections around the data changed:\n%x\n%x", in, out)
	}
	again, err := packData(out)
	if err != nil || !bytes.Equal(again, out) {
		t.Errorf("packing a packed module changed it (%v)", err)
	}
}

// A data section that is not what Go's linker writes is refused, not
// mangled.
func TestPackDataRefusesOddSections(t *testing.T) {
	in := dataFixture(t)
	i := bytes.Index(in, []byte{11})
	for name, edit := range map[string]func([]byte){
		"passive segment":   func(b []byte) { b[i+3] = 1 },
		"address not const": func(b []byte) { b[i+4] = 0x42 },
		"segment too long":  func(b []byte) { b[len(b)-7] = 5 }, // the last segment, "x", its length
	} {
		b := bytes.Clone(in)
		edit(b)
		if _, err := packData(b); err == nil {
			t.Errorf("%s: packed", name)
		}
	}
	overlap := bytes.Clone(in)
	overlap[bytes.Index(overlap, []byte("cd"))-3] = 101 // "cd" at 101 overlaps "ab"
	if _, err := packData(overlap); err == nil {
		t.Error("overlapping segments packed")
	}
}
