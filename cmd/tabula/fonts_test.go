//go:build !js

package main

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"

	"tabula/app/i18n"
)

// TestFontsCoverMessages: the app's own fonts (web/, see tabula.css) hold
// every character of every message in every language, and every character
// written in the app's code (symbols on buttons, separators), so no text
// ever falls back to a system font or shows a missing-glyph box.
func TestFontsCoverMessages(t *testing.T) {
	fonts := map[string]map[rune]bool{}
	for _, name := range []string{"DejaVuSans.woff", "DejaVuSans-Bold.woff"} {
		cmap, err := woffCmap(filepath.Join(repoRoot(), "web", name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(cmap) < 500 {
			t.Fatalf("%s maps only %d characters", name, len(cmap))
		}
		fonts[name] = cmap
	}
	need := map[rune][]string{} // character → where it is used (first few)
	use := func(r rune, where string) {
		if r < ' ' || unicode.IsSpace(r) && r != ' ' && r != '\u00a0' {
			return
		}
		if len(need[r]) < 3 {
			need[r] = append(need[r], where)
		}
	}
	msgs := 0
	for _, l := range i18n.Languages {
		for _, id := range i18n.IDs(l) {
			s, _ := i18n.Text(l, id)
			msgs++
			for _, r := range s {
				use(r, string(l)+" "+id)
			}
		}
	}
	if msgs < 1000 {
		t.Fatalf("only %d messages in the catalogue", msgs)
	}
	err := filepath.WalkDir(filepath.Join(repoRoot(), "app"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(repoRoot(), path)
		for _, r := range string(b) {
			if r > '~' {
				use(r, rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var missing []string
	for r, where := range need {
		for name, cmap := range fonts {
			if !cmap[r] {
				missing = append(missing, fmt.Sprintf("%q U+%04X not in %s (used in %s)", r, r, name, strings.Join(where, ", ")))
			}
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Fatalf("%d characters the app shows are missing from its fonts (widen the subset, see web/tabula.css):\n%s",
			len(missing), strings.Join(missing, "\n"))
	}
	t.Logf("%d characters from %d messages and the app's code, all in both fonts", len(need), msgs)
}

// woffCmap reads the characters a WOFF (1.0) font maps to glyphs.
func woffCmap(path string) (map[rune]bool, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(b) < 44 || string(b[:4]) != "wOFF" {
		return nil, errors.New("not a WOFF file")
	}
	n := int(binary.BigEndian.Uint16(b[12:]))
	for i := 0; i < n; i++ {
		e := b[44+20*i:]
		if string(e[:4]) != "cmap" {
			continue
		}
		off, comp, orig := binary.BigEndian.Uint32(e[4:]), binary.BigEndian.Uint32(e[8:]), binary.BigEndian.Uint32(e[12:])
		if int(off+comp) > len(b) {
			return nil, errors.New("cmap table runs past the file")
		}
		table := b[off : off+comp]
		if comp < orig {
			z, err := zlib.NewReader(bytes.NewReader(table))
			if err != nil {
				return nil, err
			}
			if table, err = io.ReadAll(z); err != nil {
				return nil, err
			}
		}
		return parseCmap(table)
	}
	return nil, errors.New("no cmap table")
}

// parseCmap reads the Unicode subtable (format 12 if present, else 4).
func parseCmap(c []byte) (map[rune]bool, error) {
	u16 := func(o int) int { return int(binary.BigEndian.Uint16(c[o:])) }
	u32 := func(o int) int { return int(binary.BigEndian.Uint32(c[o:])) }
	best, format := -1, 0
	for i := 0; i < u16(2); i++ {
		rec := 4 + 8*i
		plat, enc, off := u16(rec), u16(rec+2), u32(rec+4)
		f := u16(off)
		if (plat == 3 && (enc == 1 || enc == 10) || plat == 0) && (f == 4 || f == 12) && f > format {
			best, format = off, f
		}
	}
	if best < 0 {
		return nil, errors.New("no Unicode cmap subtable")
	}
	out := map[rune]bool{}
	switch format {
	case 12:
		groups := u32(best + 12)
		for g := 0; g < groups; g++ {
			o := best + 16 + 12*g
			for r := u32(o); r <= u32(o+4); r++ {
				out[rune(r)] = true
			}
		}
	case 4:
		segs := u16(best+6) / 2
		ends, starts := best+14, best+16+2*segs
		deltas, ranges := starts+2*segs, starts+4*segs
		for s := 0; s < segs; s++ {
			end, start := u16(ends+2*s), u16(starts+2*s)
			delta, ro := u16(deltas+2*s), u16(ranges+2*s)
			for r := start; r <= end && r != 0xFFFF; r++ {
				g := (r + delta) & 0xFFFF
				if ro != 0 {
					g = u16(ranges + 2*s + ro + 2*(r-start))
					if g != 0 {
						g = (g + delta) & 0xFFFF
					}
				}
				if g != 0 {
					out[rune(r)] = true
				}
			}
		}
	}
	return out, nil
}
