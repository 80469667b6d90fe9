package store

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"fmt"
	"io"
	"strings"

	"tabula/engine"
)

// A finished game is stored as its log alone, compressed: the game file
// without the state hash after each entry (64 hex digits per entry, most of
// an uncompressed file and incompressible), deflated, in base64 behind a
// tag. Opening it replays the log, which recomputes those hashes and
// checks the final one, still stored. A finished 4-player Catan game takes
// about a tenth of its file.
const compactTag = "tabula-z1:"

func isCompact(v string) bool { return strings.HasPrefix(v, compactTag) }

// compact encodes a finished game's file.
func compact(file []byte) (string, error) {
	s, err := engine.DecodeSave(file)
	if err != nil {
		return "", err
	}
	for i := range s.Entries {
		s.Entries[i].Post = ""
	}
	var b bytes.Buffer
	b.WriteString(compactTag)
	enc := base64.NewEncoder(base64.StdEncoding, &b)
	w, _ := flate.NewWriter(enc, flate.BestCompression)
	if _, err := w.Write(s.Encode()); err != nil {
		return "", err
	}
	if err := w.Close(); err != nil {
		return "", err
	}
	if err := enc.Close(); err != nil {
		return "", err
	}
	return b.String(), nil
}

// expand decodes a compact game, refusing one that would inflate past the
// largest game file before it is read whole.
func expand(v string) ([]byte, error) {
	r := flate.NewReader(base64.NewDecoder(base64.StdEncoding, strings.NewReader(v[len(compactTag):])))
	defer r.Close()
	b, err := engine.ReadLimited(r, engine.MaxSaveSize)
	if err != nil && err != io.ErrUnexpectedEOF {
		return nil, fmt.Errorf("%w: the stored game is damaged: %v", engine.ErrBadSave, err)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: the stored game is damaged (cut short)", engine.ErrBadSave)
	}
	return b, nil
}

// FileOf is the game file of a value stored under a game's key, compact
// or not (tools and tests that read the database directly).
func FileOf(v string) ([]byte, error) {
	if isCompact(v) {
		return expand(v)
	}
	return []byte(v), nil
}
