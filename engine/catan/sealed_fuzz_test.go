package catan

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"tabula/engine"
	"tabula/engine/fuzzing"
	"tabula/engine/sealedtest"
)

// FuzzSealedDevice feeds a sealed device (one that holds other seats' cards
// unknown) random shows, draw outcomes and actions from positions of a
// sealed game: nothing panics, a refused step leaves the state's encoding
// unchanged, and deck, hands and played cards still add up.
func FuzzSealedDevice(f *testing.F) {
	f.Add([]byte{0})
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8})
	f.Add([]byte{0xff, 0x10, 0x20, 0x80, 0x81, 0x82})
	starts := sealedStarts(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		seed := fuzzing.Seed(data)
		r := rand.New(rand.NewPCG(seed, 23))
		next := fuzzing.New(data, seed).Byte
		s := starts[int(next())%len(starts)].Copy()
		for i := 0; i < 200 && s.Phase != PhaseOver; i++ {
			before, _ := s.EncodeCanonical()
			var err error
			switch b := next(); {
			case b%4 == 0:
				sh := engine.Shown{Deck: DevDeckName}
				if b%32 == 4 {
					sh.Deck = "progress"
				}
				for k := 0; k <= int(b/64); k++ {
					sh.Cards = append(sh.Cards, r.IntN(28)-2)
					sh.Values = append(sh.Values, r.IntN(28)-2)
				}
				err = s.Show(sh)
			case s.Status().Chance != nil:
				o := engine.Outcome{r.IntN(28) - 2}
				if b%2 == 0 {
					o = append(o, 0)
				}
				if err = s.Resolve(o); err != nil {
					o = make(engine.Outcome, len(s.Status().Chance.Ranges))
					err = s.Resolve(o)
				}
			default:
				seat := engine.Seat(r.IntN(s.Players))
				if legal := s.Legal(seat); len(legal) > 0 && b%3 != 0 {
					err = s.Apply(seat, legal[r.IntN(len(legal))])
				} else {
					err = s.Apply(seat, randomAction(r))
				}
			}
			if err != nil {
				if after, _ := s.EncodeCanonical(); string(after) != string(before) {
					t.Fatalf("a refused step (%v) changed the state", err)
				}
			}
			checkInvariants(t, s)
		}
	})
}

// sealedStarts are positions of one sealed game as seat 1's device holds
// them, every 150 steps: copies of positions played once per test binary
// (three users; the game takes seconds, tens of them in wasm).
func sealedStarts(tb testing.TB) []*State {
	sealedPlayed.Do(func() {
		table, err := sealedtest.New(Game{}, engine.Setup{Players: 3, Options: map[string]string{OptBoard: BoardRandom, engine.Secrets: "1"}}, 11)
		if err != nil {
			sealedPlayed.err = err
			return
		}
		for k := 0; k < 8; k++ {
			sealedPlayed.starts = append(sealedPlayed.starts, table.Devices[1].State.(*State).Copy())
			if err := table.Play(150, nil); err != nil {
				sealedPlayed.err = err
				return
			}
		}
	})
	if sealedPlayed.err != nil {
		tb.Fatal(sealedPlayed.err)
	}
	out := make([]*State, len(sealedPlayed.starts))
	for i, s := range sealedPlayed.starts {
		out[i] = s.Copy()
	}
	return out
}

var sealedPlayed struct {
	sync.Once
	starts []*State
	err    error
}

// A sealed state's canonical encoding is still the reflection encoding.
func TestSealedEncodingIsTheReflectionEncoding(t *testing.T) {
	for i, s := range sealedStarts(t) {
		got, err := s.EncodeCanonical()
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal((*plainState)(s))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("position %d:\n got %s\nwant %s", i, got, want)
		}
		if i > 0 && !strings.Contains(string(got), `"sealed":{"next":`) {
			t.Fatalf("position %d encodes no sealed part", i)
		}
	}
}

// A sealed device's bot determinizes a plain copy: every seat holds as
// many development cards as the device's view says, its own seat's view is
// the same, and the copy keeps the invariants.
func TestSealedDeviceDeterminizes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	unknown := 0
	defer func() {
		if unknown == 0 {
			t.Error("no position held an unknown card")
		}
	}()
	for i, s := range sealedStarts(t) {
		for _, c := range s.Sealed.Cards {
			if c.Num == engine.Unknown {
				unknown++
			}
		}
		d, ok := s.Determinize(1, r).(*State)
		if !ok || d.Sealed != nil {
			t.Fatalf("position %d: the copy is not plain", i)
		}
		checkInvariants(t, d)
		got, _ := json.Marshal(d.ViewOf(1))
		want, _ := json.Marshal(s.ViewOf(1))
		if string(got) != string(want) {
			t.Fatalf("position %d: seat 1's view changed:\n got %s\nwant %s", i, got, want)
		}
	}
}
