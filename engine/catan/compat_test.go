package catan

import (
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"tabula/engine"
)

// Saves written by earlier builds (cmd/sim -save, rules catan/1) still load:
// every entry applies and matches the state hash recorded after it, and the
// final hash is the file's. One game has a greedy seat (trades, a Knight,
// development cards); one plays with strict phases.
func TestOldSavesLoad(t *testing.T) {
	files, _ := filepath.Glob("testdata/catan1-*.json.gz")
	if len(files) < 2 {
		t.Fatalf("saves missing: %v", files)
	}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(zr)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		m, save, err := engine.Load(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !m.State.Status().Over || engine.HashHex(m.State) != save.Hash || len(save.Entries) < 300 {
			t.Fatalf("%s: over %v, %d entries, hash %s", name, m.State.Status().Over, len(save.Entries), engine.HashHex(m.State))
		}
	}
}

// TestPinnedGameHashes pins the final hashes of games on both boards, with
// 3 and 4 players and strict phases, folded into one digest: like
// TestPinnedGameHash it changes only when the rules or the state encoding
// change.
func TestPinnedGameHashes(t *testing.T) {
	d := sha256.New()
	for g := 0; g < 12; g++ {
		opts := map[string]string{OptBoard: []string{BoardBeginner, BoardRandom}[g%2]}
		if g%3 == 2 {
			opts[OptStrictPhases] = "true"
		}
		s, err := NewState(engine.Setup{Players: 3 + g%2, Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		actions, chances := playRandomGame(t, s, uint64(3000+g), 2000, nil)
		fmt.Fprintf(d, "%s %d %d %d\n", engine.HashHex(s), actions, chances, s.Winner)
	}
	const want = "7b48d6bb25c4cead"
	if got := fmt.Sprintf("%x", d.Sum(nil))[:16]; got != want {
		t.Fatalf("pinned games: got %q, want %q", got, want)
	}
}
