package deck

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"testing"
)

// scriptedGame plays one 3-party game with every kind of message: set-up,
// private, public and shown cards, a card opened to two parties (sealed
// shares) with a false accusation, a complaint, a leave with its key
// rebuilt, and the audit. It returns the log; challengeProofs: public
// shares as builds before batched checks wrote them.
func scriptedGame(t testing.TB, challengeProofs bool) [][]byte {
	tb := startTable(&table{t: t, left: map[int]bool{}, challengeProofs: challengeProofs}, 77, 3, devCards)
	tb.open(0, 0)
	tb.open(1, 1)
	tb.open(2, 2)
	tb.open(3, All)
	tb.open(1, All)
	tb.openAmong(5, 0, 1)
	acc, err := tb.decks[1].makeAccuse(5, 0) // a false accusation: it is named
	if err != nil {
		t.Fatal(err)
	}
	out, err := tb.decks[1].emit(acc)
	if err != nil {
		t.Fatal(err)
	}
	tb.send(out)
	c, err := tb.decks[2].makeComplaint(0) // a false complaint: it is named
	if err != nil {
		t.Fatal(err)
	}
	tb.send([]Msg{c})
	tb.leave(2)
	tb.open(4, 0)
	tb.audit()
	return tb.log
}

// The same inputs (seeds included) give the same bytes, here and in wasm:
// the log's hash is pinned. With shares in the challenge form the bytes
// are those of builds before batched checks (the same pin as then).
func TestDeterministicBytes(t *testing.T) {
	for _, c := range []struct {
		challengeProofs bool
		pinned          string
	}{
		{false, "512548146d5fad3f336c63161ecbd5e5517bca321ab053c8c70e1f0fb3bafa57"},
		{true, "c947f605f28aed9b3c8047cf63f348fbdd7fb1699442a4e2e5d01709d9334f72"},
	} {
		a, b := scriptedGame(t, c.challengeProofs), scriptedGame(t, c.challengeProofs)
		if len(a) != len(b) {
			t.Fatalf("%d and %d messages", len(a), len(b))
		}
		h := sha256.New()
		for i := range a {
			if !bytes.Equal(a[i], b[i]) {
				t.Fatalf("message %d differs", i)
			}
			h.Write(a[i])
		}
		if got := hex.EncodeToString(h.Sum(nil)); got != c.pinned {
			t.Fatalf("challenge proofs %v: log hash %s, pinned %s: the protocol's bytes changed (on purpose? pin the new hash)", c.challengeProofs, got, c.pinned)
		}
	}
}

// A party's deck is rebuilt from its random seed and the log (with the
// opens and leaves at their places): what a reloaded device does. Its own
// messages come out the same, so the log's copies are its own.
func TestReplayRebuildsDeck(t *testing.T) {
	tb := newTable(t, 78, 3, devCards)
	tb.open(0, 0)
	tb.open(1, 1)
	tb.open(1, All)
	tb.openAmong(3, 0, 1)
	tb.leave(2)
	tb.open(2, 0)
	for p := range 2 {
		if got, want := fingerprint(tb.replay(p)), fingerprint(tb.decks[p]); got != want {
			t.Fatalf("party %d's replayed deck differs", p)
		}
	}
	if c, err := tb.replay(0).Card(2); err != nil || c != tb.cardAt(0, 2) {
		t.Fatalf("replayed deck knows card %d (%v), want %d", c, err, tb.cardAt(0, 2))
	}
}

// Every message of a game decodes to itself; any truncation, any extra
// byte and a non-canonical scalar or point are refused with an error.
func TestWireCanonical(t *testing.T) {
	kinds := map[byte]int{}
	for i, b := range append(scriptedGame(t, false), scriptedGame(t, true)...) {
		kinds[b[0]]++
		m, err := Decode(b)
		if err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
		if !bytes.Equal(Encode(m), b) {
			t.Fatalf("message %d does not re-encode to itself", i)
		}
		for k := range len(b) {
			if k > 100 && k < len(b)-100 {
				continue // the middle of a long shuffle: its ends cover every field
			}
			if _, err := Decode(b[:k]); err == nil {
				t.Fatalf("message %d cut to %d bytes decodes", i, k)
			}
		}
		if _, err := Decode(append(bytes.Clone(b), 0)); err == nil {
			t.Fatalf("message %d with a trailing byte decodes", i)
		}
	}
	for _, k := range []byte{kindKey, kindEscrow, kindComplaint, kindShuffle, kindShare, kindRecover, kindAudit, kindSealedShare, kindAccuse, kindShareCommitted} {
		if kinds[k] == 0 {
			t.Errorf("no message of kind %d in the game", k)
		}
	}
	ff := bytes.Repeat([]byte{0xff}, 32)
	audit := append([]byte{kindAudit, 0}, append(ff, make([]byte, 32)...)...)
	key := append([]byte{kindKey, 0}, append(ff, make([]byte, 32+64)...)...)
	sealedTo9 := append([]byte{kindSealedShare, 0, 9, 0, 0}, make([]byte, 32+sealedShareLen)...)
	for _, b := range [][]byte{audit, key, sealedTo9, {kindShare, 9, 0, 0}, {kindShareCommitted, 0, 0, 0}, {42, 0}, {kindShuffle, 0, 0xff, 0xff}} {
		if _, err := Decode(b); err == nil {
			t.Fatalf("malformed % x decodes", b[:4])
		}
	}
}

// FuzzDeckMessages decodes random bytes as a message and feeds it to a
// deck waiting for keys and to the decks of a ready 3-party table with a
// card being opened to one party and one to two: nothing panics, a refused message changes nothing,
// and what decodes encodes back to the same bytes.
func FuzzDeckMessages(f *testing.F) {
	for _, b := range append(scriptedGame(f, false), scriptedGame(f, true)...) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Decode(b)
		if err != nil {
			return
		}
		if !bytes.Equal(Encode(m), b) {
			t.Fatalf("% x decodes but encodes as % x", b, Encode(m))
		}
		fresh, _ := New(Config{ID: []byte("game 5/dev"), Cards: 6, Parties: 3, Me: 0, Rand: seededRand(5, 0)})
		fresh.Start()
		tb := newTable(t, 5, 3, 6)
		tb.drop = func(m Msg) bool { return m.From() == 2 }
		tb.open(0, 0)
		tb.openAmong(1, 0, 1)
		for _, d := range append([]*Deck{fresh}, tb.decks...) {
			before := fingerprint(d)
			_, err := d.Receive(m)
			if err != nil && fingerprint(d) != before {
				t.Fatalf("party %d refused %T (%v) but changed", d.Me(), m, err)
			}
			var ce *CheatError
			if errors.As(err, &ce) && (ce.Party < 0 || ce.Party >= 3) {
				t.Fatalf("cheat names party %d", ce.Party)
			}
		}
	})
}
