//go:build !js

package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
)

// wasmModule is what the size report reads of a WebAssembly module: the
// size of each section, each function body's size, and the functions'
// names from the "name" section (a build without -s keeps it).
type wasmModule struct {
	sections []wasmSection
	imported int      // functions imported (they come first in the index space)
	bodies   []int    // code section: the size of each defined function
	names    []string // by function index (imports first); "" when unnamed
}

type wasmSection struct {
	id         byte
	name       string // custom sections only
	start, end int    // the whole section, header included
}

// parseWasm reads the sections of a module (the binary format's version 1).
func parseWasm(b []byte) (*wasmModule, error) {
	if len(b) < 8 || !bytes.Equal(b[:8], []byte("\x00asm\x01\x00\x00\x00")) {
		return nil, errors.New("not a WebAssembly module")
	}
	m := &wasmModule{}
	r := &wasmReader{b: b, at: 8}
	for r.at < len(b) {
		start := r.at
		id := r.byte()
		size := r.u32()
		body := r.at
		end := body + int(size)
		if r.err != nil || end > len(b) {
			return nil, fmt.Errorf("section at byte %d runs past the end", start)
		}
		s := wasmSection{id: id, start: start, end: end}
		sr := &wasmReader{b: b[:end], at: body}
		switch id {
		case 0:
			s.name = sr.name()
			if s.name == "name" {
				m.readNames(sr)
			}
		case 2:
			m.readImports(sr)
		case 10:
			n := sr.u32()
			for range n {
				sz := sr.u32()
				m.bodies = append(m.bodies, int(sz))
				sr.at += int(sz)
			}
		}
		if sr.err != nil {
			return nil, fmt.Errorf("section %d at byte %d: %w", id, start, sr.err)
		}
		m.sections = append(m.sections, s)
		r.at = end
	}
	return m, nil
}

func (m *wasmModule) readImports(r *wasmReader) {
	n := r.u32()
	for range n {
		r.name()
		r.name()
		switch kind := r.byte(); kind {
		case 0: // function: its type
			r.u32()
			m.imported++
		case 1: // table: element type, limits
			r.byte()
			r.limits()
		case 2: // memory
			r.limits()
		case 3: // global: type, mutability
			r.byte()
			r.byte()
		default:
			r.err = fmt.Errorf("import kind %d", kind)
			return
		}
	}
}

// readNames reads the function names (subsection 1) of a "name" section.
func (m *wasmModule) readNames(r *wasmReader) {
	for r.at < len(r.b) && r.err == nil {
		id := r.byte()
		size := int(r.u32())
		end := r.at + size
		if id == 1 {
			n := r.u32()
			for range n {
				idx := int(r.u32())
				name := r.name()
				for len(m.names) <= idx {
					m.names = append(m.names, "")
				}
				m.names[idx] = name
			}
		}
		r.at = end
	}
}

// stripped is the module without its custom sections but "go:buildid":
// the bytes `go build -ldflags=-s` writes.
func stripped(b []byte, m *wasmModule) []byte {
	out := append([]byte(nil), b[:8]...)
	for _, s := range m.sections {
		if s.id == 0 && s.name != "go:buildid" {
			continue
		}
		out = append(out, b[s.start:s.end]...)
	}
	return out
}

type wasmReader struct {
	b   []byte
	at  int
	err error
}

func (r *wasmReader) byte() byte {
	if r.at >= len(r.b) {
		r.err = errors.New("unexpected end")
		return 0
	}
	c := r.b[r.at]
	r.at++
	return c
}

func (r *wasmReader) u32() uint32 {
	if r.at >= len(r.b) {
		r.err = errors.New("unexpected end")
		return 0
	}
	v, n := binary.Uvarint(r.b[r.at:])
	if n <= 0 || v > 1<<32-1 {
		r.err = errors.New("bad LEB128 number")
		return 0
	}
	r.at += n
	return uint32(v)
}

func (r *wasmReader) name() string {
	n := int(r.u32())
	if r.err != nil || r.at+n > len(r.b) {
		r.err = errors.New("name runs past the end")
		return ""
	}
	s := string(r.b[r.at : r.at+n])
	r.at += n
	return s
}

func (r *wasmReader) limits() {
	if r.byte()&1 != 0 {
		r.u32()
	}
	r.u32()
}

// packageNamer finds the package of a function named in the "name"
// section. Go's linker writes names there with every character outside
// [A-Za-z0-9._] made "_" ("tabula/engine/catan.(*Game).Apply" becomes
// "tabula_engine_catan.__Game_.Apply"), so the package is the longest of
// the build's packages, written the same way, that starts the name.
type packageNamer struct {
	byName map[string]string // written as in the name section → import path
	maxLen int
}

func newPackageNamer(pkgs []string) *packageNamer {
	n := &packageNamer{byName: map[string]string{}}
	for _, p := range pkgs {
		w := wasmName(p)
		n.byName[w] = p
		n.maxLen = max(n.maxLen, len(w))
	}
	return n
}

func wasmName(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '.' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, s)
}

// of is the import path of the package of a function name; a function
// the linker makes for a type (equality, hashing) counts for the type's
// package. "" when no package fits.
func (n *packageNamer) of(sym string) string {
	for _, p := range []string{"type_.eq.", "type_.hash.", "go_.", "type_."} {
		sym = strings.TrimPrefix(sym, p)
	}
	sym = strings.TrimLeft(sym, "_")
	for i := min(len(sym)-1, n.maxLen); i > 0; i-- {
		if sym[i] != '.' {
			continue
		}
		if p, ok := n.byName[sym[:i]]; ok {
			return p
		}
	}
	return ""
}
