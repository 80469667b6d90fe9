package cards_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"testing"

	"tabula/engine"
	"tabula/engine/agricola"
	"tabula/engine/agricola/agricolatest"
	"tabula/engine/bot"
	"tabula/engine/rng"
	"tabula/engine/sealedtest"
)

// EncodeCanonical writes the bytes encoding/json writes for the state, at
// every step of random games of every size: family and card games, dealt,
// drafted and sealed, with a seat's cards' counters, fields on cards and names
// that need escaping (each a byte of its own) put in once a game; and engine.Hash, which reads it, hashes
// those bytes.
func TestEncodeCanonicalMatchesJSON(t *testing.T) {
	options := []map[string]string{
		{agricola.OptionCards: agricola.CardsNone},
		nil,
		{agricola.OptionDraft: "on"},
	}
	parts := []string{`"sealed"`, `"ext"`, `"winners"`, `"cardFields"`, `"choices"`, `"people"`, `"draft"`, `"packet"`, `"harvest"`, `"over"`}
	seen := map[string]bool{}
	for players := 1; players <= 4; players++ {
		for k, opts := range options {
			st, err := agricola.Game{}.New(engine.Setup{Game: agricola.ID, Players: players, Options: opts})
			if err != nil {
				t.Fatal(err)
			}
			seed := uint64(10*players + k)
			src, b := rng.Seeded{Seed: seed}, bot.NewRandom(seed)
			for c, n := 0, 0; ; n++ {
				s := st.(*agricola.State)
				if n == 40 {
					p := &s.Seats[0]
					p.Ext = map[string]int{"B019": 2, "A001": 0, "<&>": 1}
					p.Used = append(p.Used, "a&b", "a<b", "a>b", "a\"b", "a\\b", "a\u2028b", "é", "a\x01b", "a\x7fb", "a~ b")
					p.CardFields = append(p.CardFields, agricola.CardField{Card: "B019", Only: agricola.Grain, Crop: agricola.Crop{N: 2}},
						agricola.CardField{Card: "X", Crop: agricola.Crop{Kind: agricola.Vegetable}})
				}
				want := encodesAsJSON(t, s, seen, parts)
				status := st.Status()
				if status.Over {
					if engine.Hash(st) != sha256.Sum256(want) {
						t.Fatalf("%d players, options %v: the hash is not that of encoding/json's bytes", players, opts)
					}
					break
				}
				if status.Chance != nil {
					if err := st.Resolve(src.Outcome(c, *status.Chance)); err != nil {
						t.Fatal(err)
					}
					c++
				} else if err := st.Apply(status.Deciders[0], b.Choose(st, status.Deciders[0])); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	// Sealed play: the referee's state and each device's (hands unknown).
	tb := agricolatest.Sealed(t, 3, 9, map[string]string{agricola.OptionDraft: "on"})
	for n := 0; n < 400; n++ {
		for _, m := range append([]*engine.Match{tb.Referee}, tb.Devices...) {
			encodesAsJSON(t, m.State.(*agricola.State), seen, parts)
		}
		if more, err := tb.Step(sealedtest.Random); err != nil {
			t.Fatal(err)
		} else if !more {
			break
		}
	}
	for _, part := range parts {
		if !seen[part] {
			t.Errorf("no state had %s", part)
		}
	}
}

// encodesAsJSON fails t unless s's EncodeCanonical is encoding/json's
// bytes, which it returns; seen records which parts appeared.
func encodesAsJSON(t *testing.T, s *agricola.State, seen map[string]bool, parts []string) []byte {
	t.Helper()
	got, err := s.EncodeCanonical()
	if err != nil {
		t.Fatal(err)
	}
	want, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		t.Fatalf("round %d: differs at byte %d:\n  by hand %.120s\n  json    %.120s", s.Round, i, got[max(i-40, 0):], want[max(i-40, 0):])
	}
	for _, part := range parts {
		seen[part] = seen[part] || bytes.Contains(got, []byte(part))
	}
	return want
}
