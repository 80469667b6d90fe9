package citiesknights

import (
	"math/rand/v2"
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/fuzzing"
	"tabula/engine/sealedtest"
)

// FuzzSealedDevice feeds a sealed device (one that holds other seats'
// progress cards and thefts unknown) random shows, draw outcomes (unknown, in range
// or not) and actions from positions of a sealed game: nothing panics, a
// refused step leaves the state's encoding unchanged, and the invariants
// (the sealed ones included) hold.
func FuzzSealedDevice(f *testing.F) {
	f.Add([]byte{0})
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8})
	f.Add([]byte{0xff, 0x10, 0x20, 0x80, 0x81, 0x82})
	starts := sealedStarts(f)
	decks := []string{"science", "trade", "politics", "development", engine.SecretDeck, ""}
	f.Fuzz(func(t *testing.T, data []byte) {
		seed := fuzzing.Seed(data)
		r := rand.New(rand.NewPCG(seed, 29))
		next := fuzzing.New(data, seed).Byte
		s := starts[int(next())%len(starts)].Copy()
		for i := 0; i < 200 && s.Phase != catan.PhaseOver; i++ {
			before := engine.HashHex(s)
			var err error
			switch b := next(); {
			case b%4 == 0:
				sh := engine.Shown{Deck: decks[int(b/4)%len(decks)]}
				for k := 0; k <= int(b/128); k++ {
					sh.Cards = append(sh.Cards, r.IntN(22)-2)
					sh.Values = append(sh.Values, r.IntN(22)-2)
				}
				err = s.Show(sh)
			case s.Status().Chance != nil:
				o := engine.Outcome{r.IntN(22) - 2}
				if b%2 == 0 {
					o = append(o, engine.Unknown)
				}
				if err = s.Resolve(o); err != nil {
					if engine.HashHex(s) != before {
						t.Fatalf("a refused outcome %v (%v) changed the state", o, err)
					}
					// Then a fitting one: unknown, or the first card.
					o = make(engine.Outcome, len(s.Status().Chance.Ranges))
					for k := range o {
						o[k] = engine.Unknown
					}
					if s.Resolve(o) != nil {
						s.Resolve(make(engine.Outcome, len(o)))
					}
					err = nil
				}
			default:
				seat := engine.Seat(r.IntN(s.Players))
				if legal := s.Legal(seat); len(legal) > 0 && b%3 != 0 {
					a := legal[r.IntN(len(legal))]
					for _, sh := range s.MustShow(seat, a) {
						if err := s.Show(sh); err != nil {
							t.Fatalf("its own show %v: %v", sh, err)
						}
					}
					before = engine.HashHex(s)
					err = s.Apply(seat, a)
				} else {
					err = s.Apply(seat, randomAction(r))
				}
			}
			if err != nil && engine.HashHex(s) != before {
				t.Fatalf("a refused step (%v) changed the state", err)
			}
			if err := s.CheckInvariants(); err != nil {
				t.Fatalf("step %d (phase %v): %v", i, s.Phase, err)
			}
		}
	})
}

// sealedStarts are positions of two sealed games as seat 1's device holds
// them, every 250 steps: one plain sealed, one with secret steals (its
// device holds thefts it does not know).
func sealedStarts(tb testing.TB) []*catan.State {
	var out []*catan.State
	for _, opts := range []map[string]string{nil, {engine.Secrets: "1"}} {
		table, err := sealedtest.New(Game, engine.Setup{Players: 3, Options: opts}, 13)
		if err != nil {
			tb.Fatal(err)
		}
		for k := 0; k < 4; k++ {
			if err := table.Play(250, nil); err != nil {
				tb.Fatal(err)
			}
			out = append(out, table.Devices[1].State.(*catan.State).Copy())
		}
	}
	for _, s := range out {
		for _, th := range s.Sealed.Thefts {
			if th.K == engine.Unknown {
				return out
			}
		}
	}
	tb.Fatal("no start holds a theft its device does not know")
	return nil
}
