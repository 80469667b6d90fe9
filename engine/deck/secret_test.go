package deck

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
)

// secrets runs one secret among a dealt table's parties (and an observer)
// with audience a < b, every message through its wire form, forge
// changing the messages of one party. It returns each party's Secret.
func runSecret(t *testing.T, tb *table, obs *Deck, a, b int, forge func(Msg) Msg, cheater int) []*Secret {
	t.Helper()
	id := []byte("game/secret 1")
	var ss []*Secret
	for i, d := range append(append([]*Deck(nil), tb.decks...), obs) {
		var f func(Msg) Msg
		if i == cheater {
			f = forge
		}
		s, err := NewSecret(d, id, a, b, seededRand(tb.game+77, i), f)
		if err != nil {
			t.Fatal(err)
		}
		ss = append(ss, s)
	}
	settle(t, ss, nil)
	return ss
}

// settle delivers the messages ss[0] says are due, each made by its
// party and taken by all of ss through its wire form (seen first, when
// set), until none is due.
func settle(t testing.TB, ss []*Secret, seen func(Msg, []byte)) {
	t.Helper()
	for range 12 {
		p, ok := ss[0].Due()
		if !ok {
			return
		}
		m, err := ss[p].Make()
		if err != nil {
			t.Fatalf("party %d makes no message: %v", p, err)
		}
		enc := Encode(m)
		if seen != nil {
			seen(m, enc)
		}
		got, err := Decode(enc)
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range ss {
			if err := s.Receive(got); err != nil {
				t.Fatalf("party %d refuses party %d's %T: %v", i, p, m, err)
			}
		}
	}
	t.Fatal("the secret never settles")
}

// The audience learns one value, uniform enough over 200 secrets; the
// other parties and an observer hold no value until it is opened, and
// the opening gives the same value everywhere.
func TestSecretHonest(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		t.Run(fmt.Sprint(n, " parties"), func(t *testing.T) {
			tb := newTable(t, uint64(40+n), n, 5)
			obs, err := New(Config{ID: []byte("x"), Cards: 5, Parties: n, Me: Observer})
			if err != nil {
				t.Fatal(err)
			}
			obs.keys, obs.X, obs.Y = tb.decks[0].keys, tb.decks[0].X, tb.decks[0].Y
			ss := runSecret(t, tb, obs, 0, n-1, nil, -1)
			v, ok := ss[0].Value(19)
			w, ok2 := ss[n-1].Value(19)
			if !ok || !ok2 || v != w {
				t.Fatalf("audience holds %d (%v) and %d (%v)", v, ok, w, ok2)
			}
			for i := 1; i < n-1; i++ {
				if _, ok := ss[i].Value(19); ok {
					t.Fatalf("party %d outside the audience knows the value", i)
				}
			}
			if _, ok := ss[n].Value(19); ok || !ss[n].Ready() {
				t.Fatal("the observer knows the value, or does not see it drawn")
			}
			m, err := ss[n-1].Opening()
			if err != nil {
				t.Fatal(err)
			}
			for i, s := range ss {
				if err := s.Show(m); err != nil {
					t.Fatalf("party %d refuses the opening: %v", i, err)
				}
				if got, ok := s.PublicValue(19); !ok || got != v {
					t.Fatalf("party %d opens %d, want %d", i, got, v)
				}
			}
		})
	}
}

// An opening with a part other than the committed one is refused and
// names its sender.
func TestSecretWrongOpening(t *testing.T) {
	tb := newTable(t, 50, 3, 5)
	ss := runSecret(t, tb, tb.decks[1], 0, 2, nil, -1)
	m, err := ss[2].Opening()
	if err != nil {
		t.Fatal(err)
	}
	m.Parts[0] = [scalarLen]byte(encScalar(smallScalar(7)))
	var ce *CheatError
	if err := ss[1].Show(m); !errors.As(err, &ce) || ce.Party != 2 {
		t.Fatalf("a wrong opening: %v", err)
	}
	if ss[1].Opened() {
		t.Fatal("a refused opening opened the secret")
	}
}

// A member whose envelope does not open to its committed part is accused
// by its recipient and named by every party; it then owes its part in
// public, and the audience still agrees on the value while the third
// party does not learn it.
func TestSecretWrongEnvelope(t *testing.T) {
	for _, cheater := range []int{0, 2} {
		t.Run(fmt.Sprint("cheater ", cheater), func(t *testing.T) {
			tb := newTable(t, 60, 3, 5)
			forge := func(m Msg) Msg {
				switch m := m.(type) {
				case *SecretSealMsg:
					m.Sealed[3] ^= 1
				case *SecretCommitMsg:
					if m.Seal != nil {
						m.Seal.Sealed[3] ^= 1
					}
				}
				return m
			}
			ss := runSecret(t, tb, tb.decks[1], 0, 2, forge, cheater)
			for i, s := range ss[:3] {
				cs := s.Cheats()
				if len(cs) != 1 || cs[0].Party != cheater {
					t.Fatalf("party %d found %v", i, cs)
				}
			}
			v, ok := ss[0].Value(11)
			w, ok2 := ss[2].Value(11)
			if !ok || !ok2 || v != w {
				t.Fatalf("audience holds %d (%v) and %d (%v)", v, ok, w, ok2)
			}
			if _, ok := ss[1].Value(11); ok {
				t.Fatal("the third party learns the value")
			}
		})
	}
}

// A member that leaves during the draw, both parts committed: the other
// parties' escrow shares rebuild its part in public, the other member
// opens its own, and every party (an observer too) holds the same public
// value, which neither member could choose after seeing the other's.
// With two parties there is no escrow.
func TestSecretMemberLeavesDuringDraw(t *testing.T) {
	for _, n := range []int{3, 4} {
		t.Run(fmt.Sprint(n, " parties"), func(t *testing.T) {
			tb := newTable(t, uint64(80+n), n, 5)
			id := []byte("game/secret 2")
			var ss []*Secret
			for i, d := range tb.decks {
				s, err := NewSecret(d, id, 0, 1, seededRand(tb.game+5, i), nil)
				if err != nil {
					t.Fatal(err)
				}
				ss = append(ss, s)
			}
			deliver := func() {
				p, ok := ss[1].Due()
				if !ok {
					t.Fatal("nothing due")
				}
				m, err := ss[p].Make()
				if err != nil {
					t.Fatalf("party %d: %v", p, err)
				}
				got, _ := Decode(Encode(m))
				for i, s := range ss {
					if i == 0 {
						continue // it left
					}
					if err := s.Receive(got); err != nil {
						t.Fatalf("party %d refuses %T: %v", i, m, err)
					}
				}
			}
			// Both commits (party 1's carries its envelope to party 0),
			// then party 0 goes silent instead of sealing its part.
			for range 2 {
				p, _ := ss[0].Due()
				m, _ := ss[p].Make()
				got, _ := Decode(Encode(m))
				for _, s := range ss {
					if err := s.Receive(got); err != nil {
						t.Fatal(err)
					}
				}
			}
			for _, s := range ss[1:] {
				if err := s.Lose(0); err != nil {
					t.Fatal(err)
				}
			}
			for steps := 0; steps < 8; steps++ {
				if _, ok := ss[1].Due(); !ok {
					break
				}
				deliver()
			}
			want, ok := ss[1].PublicValue(13)
			if !ok || !ss[1].Ready() {
				t.Fatal("the value was not made public")
			}
			for i, s := range ss[1:] {
				if v, ok := s.PublicValue(13); !ok || v != want {
					t.Fatalf("party %d holds %d (%v), want %d", i+1, v, ok, want)
				}
			}
			// It is the value party 0 would have had: both parts as committed.
			if v, ok := ss[0].Value(13); ok && v != want {
				t.Fatalf("rebuilt value %d, party 0's %d", want, v)
			}
		})
	}
	tb := newTable(t, 89, 2, 5)
	s, _ := NewSecret(tb.decks[1], []byte("x"), 0, 1, seededRand(1, 1), nil)
	s.commits = [2]*SecretCommitMsg{{}, {}}
	if err := s.Lose(0); !errors.Is(err, ErrNoEscrow) {
		t.Fatalf("two parties: %v", err)
	}
}

// BenchmarkSecret is one steal's draw and opening among n parties, every
// party's work in series (each makes its messages and takes every one):
// bytes/steal is the messages' wire size (the signed entries add their
// own header and signature each).
//
//	go test -run X -bench Secret ./engine/deck/
func BenchmarkSecret(b *testing.B) {
	for _, n := range []int{3, 4} {
		b.Run(fmt.Sprint(n, " parties"), func(b *testing.B) {
			tb := newTable(b, uint64(100+n), n, 5)
			bytes, msgs := 0, 0
			b.ResetTimer()
			for it := range b.N {
				var ss []*Secret
				for i, d := range tb.decks {
					s, err := NewSecret(d, fmt.Appendf(nil, "bench %d", it), 0, n-1, seededRand(uint64(it), i), nil)
					if err != nil {
						b.Fatal(err)
					}
					ss = append(ss, s)
				}
				ss[0].Ask() // and its opening
				for _, s := range ss[1:] {
					s.Ask()
				}
				settle(b, ss, func(_ Msg, enc []byte) { bytes, msgs = bytes+len(enc), msgs+1 })
				if _, ok := ss[1].PublicValue(19); !ok {
					b.Fatal("not opened")
				}
			}
			b.ReportMetric(float64(bytes)/float64(b.N), "bytes/steal")
			b.ReportMetric(float64(msgs)/float64(b.N), "msgs/steal")
		})
	}
}

// Every secret message has one wire form: it re-encodes to itself, no
// cut of it and no trailing byte decodes, and a deck (not a secret)
// refuses it without a panic.
func TestSecretWire(t *testing.T) {
	tb := newTable(t, 70, 3, 5)
	var msgs []Msg
	id := []byte("wire")
	var ss []*Secret
	for i, d := range tb.decks {
		s, _ := NewSecret(d, id, 0, 2, seededRand(70, i), nil)
		s.Ask()
		ss = append(ss, s)
	}
	settle(t, ss, func(m Msg, _ []byte) { msgs = append(msgs, m) })
	msgs = append(msgs, &SecretAccuseMsg{Party: 1, Sender: 2, K: [pointLen]byte(encPoint(base()))},
		&SecretRecoverMsg{Party: 1, Member: 1}, &SecretOpenMsg{Party: 0, Has: 2},
		&SecretLookMsg{Party: 0, To: 1, E: [pointLen]byte(encPoint(base()))})
	for i, m := range msgs {
		b := Encode(m)
		got, err := Decode(b)
		if err != nil || !bytes.Equal(Encode(got), b) {
			t.Fatalf("message %d (%T): %v", i, m, err)
		}
		for k := range len(b) {
			if _, err := Decode(b[:k]); err == nil {
				t.Fatalf("message %d (%T) cut to %d bytes decodes", i, m, k)
			}
		}
		if _, err := Decode(append(bytes.Clone(b), 0)); err == nil {
			t.Fatalf("message %d (%T) with a trailing byte decodes", i, m)
		}
		if _, err := tb.decks[1].Receive(got); err == nil {
			t.Fatalf("a deck took secret message %T", m)
		}
	}
	if len(msgs) < 8 {
		t.Fatalf("%d messages", len(msgs))
	}
}

// BenchmarkSecretSteps is, among 4 parties, a steal's draw (a secret drawn
// to two parties, the value known to both, nothing opened) and a look at
// it by a third party (Secret.Look: the Master Merchant), each timed
// alone, every party's work in series (each makes its messages and takes
// every one). The browser's figure: make bench-deck DECK_BENCH=SecretSteps.
func BenchmarkSecretSteps(b *testing.B) {
	draw := func(it int, tb *table) []*Secret {
		var ss []*Secret
		for i, d := range tb.decks {
			s, err := NewSecret(d, fmt.Appendf(nil, "bench %d", it), 0, 2, seededRand(uint64(it), i), nil)
			if err != nil {
				b.Fatal(err)
			}
			ss = append(ss, s)
		}
		settle(b, ss, nil)
		if v, ok := ss[0].Value(19); !ok {
			b.Fatal("the thief holds no value")
		} else if w, ok := ss[2].Value(19); !ok || w != v {
			b.Fatal("the victim holds another value")
		}
		return ss
	}
	b.Run("steal", func(b *testing.B) {
		tb := newTable(b, 104, 4, 5)
		b.ResetTimer()
		for it := range b.N {
			draw(it, tb)
		}
	})
	b.Run("look", func(b *testing.B) {
		tb := newTable(b, 104, 4, 5)
		b.ResetTimer()
		for it := range b.N {
			b.StopTimer()
			ss := draw(it, tb)
			b.StartTimer()
			for _, s := range ss {
				if err := s.Look(1); err != nil {
					b.Fatal(err)
				}
			}
			settle(b, ss, nil)
			if v, _ := ss[0].Value(19); !ss[1].Knows(1) {
				b.Fatal("the looker learned nothing")
			} else if w, ok := ss[1].Value(19); !ok || w != v {
				b.Fatal("the looker holds another value")
			}
		}
	})
}
