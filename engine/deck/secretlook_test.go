package deck

import "testing"

// lookTable draws a secret for parties 0 and 2 of 4 (and an observer),
// then opens it to party 1 with Look; forge changes cheater's messages
// of the look only.
func lookTable(t *testing.T, forge func(Msg) Msg, cheater int) []*Secret {
	t.Helper()
	tb := newTable(t, 90, 4, 5)
	obs, err := New(Config{ID: []byte("x"), Cards: 5, Parties: 4, Me: Observer})
	if err != nil {
		t.Fatal(err)
	}
	obs.keys, obs.X, obs.Y = tb.decks[0].keys, tb.decks[0].X, tb.decks[0].Y
	ss := runSecret(t, tb, obs, 0, 2, nil, -1)
	for _, s := range ss {
		if err := s.Look(1); err != nil {
			t.Fatal(err)
		}
		if err := s.Look(2); err != nil { // a member: nothing to look at
			t.Fatal(err)
		}
	}
	if cheater >= 0 {
		ss[cheater].forge = forge
	}
	settle(t, ss, nil)
	return ss
}

// The looker learns the audience's value and nobody else does: the fourth
// party and an observer, who received every message of the draw and of
// the look, hold no value; the looker can show it (its opening checks on
// every party).
func TestSecretLookOpensToOneMore(t *testing.T) {
	ss := lookTable(t, nil, -1)
	v, ok := ss[0].Value(13)
	w, ok1 := ss[1].Value(13)
	if !ok || !ok1 || v != w {
		t.Fatalf("member holds %d (%v), looker %d (%v)", v, ok, w, ok1)
	}
	for _, i := range []int{3, 4} {
		if _, ok := ss[i].Value(13); ok || ss[i].parts[0] != nil || ss[i].parts[1] != nil {
			t.Fatalf("party %d outside the look holds the value or a part", i)
		}
	}
	for i, s := range ss {
		if s.Knows(1) != true || s.Knows(3) || len(s.Cheats()) != 0 {
			t.Fatalf("party %d: looker known %v, outsider known %v, cheats %v", i, s.Knows(1), s.Knows(3), s.Cheats())
		}
	}
	if _, err := ss[3].Opening(); err == nil {
		t.Fatal("a party outside the look makes an opening")
	}
	om, err := ss[1].Opening()
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range ss {
		if err := s.Show(om); err != nil {
			t.Fatalf("party %d refuses the looker's opening: %v", i, err)
		}
		if got, _ := s.PublicValue(13); got != v {
			t.Fatalf("party %d opens %d, not %d", i, got, v)
		}
	}
}

// A sealer whose envelope does not open to the committed parts is named by
// every party, with its commitments, its envelope and the looker's
// accusation as the proof; it then owes the secret in public, and the
// looker learns it from that opening.
func TestSecretLookWrongEnvelopeNamed(t *testing.T) {
	forge := func(m Msg) Msg {
		if m, ok := m.(*SecretLookMsg); ok {
			m.Sealed[5] ^= 1
		}
		return m
	}
	ss := lookTable(t, forge, 0)
	for i, s := range ss {
		cs := s.Cheats()
		if len(cs) != 1 || cs[0].Party != 0 || len(cs[0].Evidence) != 4 {
			t.Fatalf("party %d found %v", i, cs)
		}
		if !s.Opened() {
			t.Fatalf("party %d: the sealer named did not open the secret", i)
		}
	}
	v, _ := ss[2].Value(13)
	if w, ok := ss[1].Value(13); !ok || w != v {
		t.Fatalf("the looker holds %d (%v), the member %d", w, ok, v)
	}
}

// A looker that accuses a good envelope is named, and the envelope opens
// in public: both parts, checked against the commitments.
func TestSecretLookFalseAccusation(t *testing.T) {
	var liar *Secret
	forge := func(m Msg) Msg {
		if _, ok := m.(*SecretAckMsg); !ok {
			return m
		}
		parts := liar.parts
		liar.parts = [2]*scalar{}
		lk, _, _ := liar.lookDue()
		a, err := liar.makeLook(lk)
		liar.parts = parts
		if err != nil {
			panic(err)
		}
		return a
	}
	tb := newTable(t, 91, 4, 5)
	ss := runSecret(t, tb, tb.decks[3], 0, 2, nil, -1)
	liar = ss[1]
	for _, s := range ss {
		s.Look(1)
	}
	liar.forge = forge
	settle(t, ss, nil)
	for i, s := range ss {
		cs := s.Cheats()
		if len(cs) != 1 || cs[0].Party != 1 || !s.Opened() {
			t.Fatalf("party %d found %v, opened %v", i, cs, s.Opened())
		}
	}
}

// A look waits for the draw, and a look's messages in the wrong order or
// from the wrong party are refused without a change.
func TestSecretLookOrder(t *testing.T) {
	tb := newTable(t, 92, 3, 5)
	var ss []*Secret
	for i, d := range tb.decks {
		s, _ := NewSecret(d, []byte("order"), 0, 2, seededRand(92, i), nil)
		ss = append(ss, s)
	}
	if err := ss[0].Look(1); err == nil {
		t.Fatal("a look before the draw")
	}
	settle(t, ss, nil)
	for _, s := range ss {
		s.Look(1)
	}
	m, err := ss[0].Make()
	if err != nil {
		t.Fatal(err)
	}
	for i, bad := range []Msg{&SecretAckMsg{Party: 1}, &SecretLookMsg{Party: 2, To: 1, E: m.(*SecretLookMsg).E}} {
		if err := ss[1].Receive(bad); err == nil {
			t.Fatalf("bad message %d taken", i)
		}
	}
	other := *m.(*SecretLookMsg)
	other.To = 2
	if err := ss[1].Receive(&other); err == nil {
		t.Fatal("an envelope to another party taken as the look")
	}
	for i, s := range ss {
		if err := s.Receive(m); err != nil {
			t.Fatalf("party %d: %v", i, err)
		}
	}
	if p, ok := ss[0].Due(); !ok || p != 1 {
		t.Fatalf("due %d %v, not the looker", p, ok)
	}
}
