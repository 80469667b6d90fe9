package relay

import (
	"bytes"
	"strings"
	"testing"
)

func testSealer(t testing.TB, fill byte) *sealer {
	t.Helper()
	s, err := newSealer(bytes.Repeat([]byte{fill}, SecretSize))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestTopicsAreDerivedFromTheSecretAndHideNames(t *testing.T) {
	a, b := testSealer(t, 1), testSealer(t, 2)
	if a.prefix == b.prefix {
		t.Fatal("two secrets gave one room")
	}
	if !strings.HasPrefix(a.prefix, "tabula/1/") || len(a.prefix) != len("tabula/1/")+22 {
		t.Fatalf("prefix %q: want tabula/1/ and 22 base64url characters", a.prefix)
	}
	k := a.keptTopic("reply/2", "resume")
	if strings.Contains(k, "reply") || strings.Contains(k, "resume") || strings.ContainsAny(k[len(a.prefix):], "+#") {
		t.Fatalf("kept topic %q shows a name or a wildcard", k)
	}
	if k != a.keptTopic("reply/2", "resume") || k == a.keptTopic("reply/2", "resumf") || k == a.keptTopic("reply/2resume", "") {
		t.Fatal("kept topics do not name exactly one box and key")
	}
	if _, err := newSealer(make([]byte, 16)); err == nil {
		t.Fatal("a 16-byte secret was taken")
	}
}

func TestSealingAddsOverheadAndNamesOnly(t *testing.T) {
	s := testSealer(t, 1)
	l := sealed{kind: kindKeep, box: "log", key: "17", body: []byte("a move"), stamp: 99}
	topic := s.keptTopic(l.box, l.key)
	p, err := s.seal(topic, l)
	if err != nil {
		t.Fatal(err)
	}
	if want := len(l.body) + Overhead + len(l.box) + len(l.key); len(p) != want {
		t.Fatalf("sealed %d bytes, want %d", len(p), want)
	}
	got, err := s.open(topic, p)
	if err != nil || got.box != l.box || got.key != l.key || string(got.body) != string(l.body) || got.stamp != 99 || got.kind != kindKeep {
		t.Fatalf("opened %+v, %v", got, err)
	}
	// Moved to another topic, sealed with another secret, or altered by
	// one bit, it does not open.
	if _, err := s.open(s.postTopic(), p); err == nil {
		t.Error("a kept letter opened on the post topic")
	}
	if _, err := s.open(s.keptTopic("log", "18"), p); err == nil {
		t.Error("a kept letter opened under another key's topic")
	}
	if _, err := testSealer(t, 2).open(topic, p); err == nil {
		t.Error("a letter opened with another secret")
	}
	for i := range p {
		q := bytes.Clone(p)
		q[i] ^= 1
		if _, err := s.open(topic, q); err == nil {
			t.Fatalf("a letter with byte %d altered opened", i)
		}
	}
	// A member's letter with a bad name or kind (sealed right) is refused too.
	for _, bad := range []sealed{
		{kind: kindPost, box: "a+b"},
		{kind: 9, box: "log"},
		{kind: kindForget, box: "log", key: "a/b"},
	} {
		q, _ := s.seal(s.postTopic(), bad)
		if _, err := s.open(s.postTopic(), q); err == nil {
			t.Errorf("letter %+v opened", bad)
		}
	}
}

// FuzzOpen: random bytes on a room's topics never panic and never open.
// The seeds include real letters, which open; the fuzzer can only make
// more of those by copying one (every process seals the seeds anew, with
// other nonces), so a letter that opens must be one of the seeds' letters.
func FuzzOpen(f *testing.F) {
	s := testSealer(f, 7)
	seeds := []sealed{
		{kind: kindPost, box: "moves", body: []byte("roll")},
		{kind: kindKeep, box: "log", key: "1", body: []byte("entry")},
		{kind: kindForget, box: "moves", key: "1"},
	}
	topicOf := func(l sealed) string {
		if l.kind == kindKeep {
			return s.keptTopic(l.box, l.key)
		}
		return s.postTopic()
	}
	for _, l := range seeds {
		p, err := s.seal(topicOf(l), l)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(l.kind == kindKeep, p)
	}
	f.Add(false, []byte{})
	f.Add(false, make([]byte, Overhead))
	f.Fuzz(func(t *testing.T, kept bool, payload []byte) {
		topic := s.postTopic()
		if kept {
			topic = s.keptTopic("log", "1")
		}
		l, err := s.open(topic, payload)
		if err != nil {
			return
		}
		for _, seed := range seeds {
			if topicOf(seed) == topic && seed.kind == l.kind && seed.box == l.box && seed.key == l.key && string(seed.body) == string(l.body) {
				return
			}
		}
		t.Fatalf("%d random bytes opened as %+v", len(payload), l)
	})
}
