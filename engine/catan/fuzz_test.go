package catan

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"tabula/engine"
	"tabula/engine/fuzzing"
	"tabula/engine/rng"
)

// FuzzRandomActions drives games with a mix of legal actions, random
// (mostly illegal) actions, malformed JSON and random chance outcomes,
// checking after every step: 19 of each resource between bank and hands,
// piece limits, 25 development cards, road lengths, the distance rule, no
// panic, no deadlock, and failed steps leave the hash unchanged.
//
// The fuzzer's bytes pick the game (players, board), a start position and
// then the kind of each step; when they run out a PRNG seeded from them
// goes on. An input plays a bounded number of steps from one of a few
// positions reached once per process by legal play (the opening, the
// middle, late in a game), so every input is cheap and still reaches deep
// states.
func FuzzRandomActions(f *testing.F) {
	f.Add([]byte{0})
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8})
	f.Add([]byte{0xff, 0x10, 0x20, 0x80, 0x81, 0x82})
	f.Add([]byte("catan fuzz corpus: trade heavy"))
	f.Add([]byte{3, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9})
	f.Add([]byte{0x55, 0xaa, 0x55, 0xaa, 0x01, 0xfe})
	for depth := range fuzzDepths { // one seed from every start position
		f.Add([]byte{byte(depth), byte(depth / 2), byte(depth), 0x7f, 0x3c})
	}
	starts := startPositions(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		seed := fuzzing.Seed(data)
		r := rand.New(rand.NewPCG(seed, 17))
		next := fuzzing.New(data, seed).Byte
		table := int(next()%2)*2 + int(next()%2)
		s := starts[table][int(next())%len(fuzzDepths)].Copy()
		src := rng.Seeded{Seed: seed}
		rp := newRandomPlayer(seed ^ 0xabcdef)
		chances := 0
		for i := 0; i < 300 && s.Phase != PhaseOver; i++ {
			fuzzStep(t, s, next(), r, rp, src, &chances)
			checkInvariants(t, s)
		}
	})
}

// fuzzDepths are the numbers of legal steps played to the start positions.
var fuzzDepths = [...]int{0, 150, 450, 800, 1200}

// startPositions are, for each table (3 or 4 players, beginner or random
// board), the positions after fuzzDepths legal steps of one fixed game
// (or its end, if it ends sooner). They are built the same way in every
// process, so a failing input replays.
func startPositions(tb testing.TB) [4][len(fuzzDepths)]*State {
	var out [4][len(fuzzDepths)]*State
	for table := range out {
		board := BoardBeginner
		if table%2 == 1 {
			board = BoardRandom
		}
		s, err := NewState(engine.Setup{Players: 3 + table/2, Options: map[string]string{OptBoard: board}})
		if err != nil {
			tb.Fatal(err)
		}
		rp := newRandomPlayer(uint64(table) + 1)
		src := rng.Seeded{Seed: uint64(table) + 1}
		chances, step := 0, 0
		for d, depth := range fuzzDepths {
			for ; step < depth && s.Phase != PhaseOver; step++ {
				if st := s.Status(); st.Chance != nil {
					if err := s.Resolve(src.Outcome(chances, *st.Chance)); err != nil {
						tb.Fatalf("start position: outcome refused: %v", err)
					}
					chances++
					continue
				}
				seat, a, ok := rp.pick(s)
				if !ok {
					tb.Fatalf("start position: seat %d has no legal action", seat)
				}
				if err := s.Apply(seat, a); err != nil {
					tb.Fatalf("start position: legal action refused: %v", err)
				}
			}
			out[table][d] = s.Copy()
		}
	}
	return out
}

func fuzzStep(t *testing.T, s *State, b byte, r *rand.Rand, rp *randomPlayer, src rng.Seeded, chances *int) {
	t.Helper()
	st := s.Status()
	// State is plain arrays, so == compares everything the hash covers;
	// the hash itself is compared too after refused random actions.
	before := *s
	unchanged := func(what string, err error) {
		t.Helper()
		if *s != before {
			t.Fatalf("%s failed (%v) but changed the state", what, err)
		}
	}
	if st.Chance != nil {
		switch b % 8 {
		case 0: // an outcome that does not fit
			o := make(engine.Outcome, len(st.Chance.Ranges)+int(b/8%2))
			for i := range o {
				o[i] = r.IntN(10) - 2
				if i < len(st.Chance.Ranges) && b%3 == 0 {
					o[i] = st.Chance.Ranges[i]
				}
			}
			if err := st.Chance.Fits(o); err != nil {
				err := s.Resolve(o)
				if !errors.Is(err, engine.ErrBadOutcome) {
					t.Fatalf("unfit outcome %v for %v: %v", o, st.Chance, err)
				}
				unchanged("unfit outcome", err)
				return
			}
		case 1: // an action while chance is awaited
			err := s.Apply(engine.Seat(r.IntN(4)), randomAction(r))
			if !errors.Is(err, engine.ErrAwaitChance) {
				t.Fatalf("action during chance: %v", err)
			}
			unchanged("action during chance", err)
			return
		}
		var o engine.Outcome
		if b%8 == 2 {
			o = make(engine.Outcome, len(st.Chance.Ranges))
			for i, n := range st.Chance.Ranges {
				o[i] = r.IntN(n)
			}
		} else {
			o = src.Outcome(*chances, *st.Chance)
		}
		if err := s.Resolve(o); err != nil {
			t.Fatalf("fitting outcome %v refused: %v", o, err)
		}
		*chances++
		return
	}
	if len(st.Deciders) == 0 {
		t.Fatalf("phase %v: no deciders and no chance", s.Phase)
	}
	if err := s.Resolve(engine.Outcome{0}); !errors.Is(err, engine.ErrNoChance) {
		t.Fatalf("resolve without chance: %v", err)
	}
	switch {
	case b%16 < 11: // a legal action
		seat, a, ok := rp.pick(s)
		if !ok {
			t.Fatalf("phase %v: decider %d has no legal action", s.Phase, seat)
		}
		// Through JSON, as a log would carry it.
		raw, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		dec, err := Game{}.DecodeAction(raw)
		if err != nil {
			t.Fatalf("legal action %s does not decode: %v", raw, err)
		}
		if err := s.Apply(seat, dec); err != nil {
			t.Fatalf("legal action %s of seat %d refused: %v", raw, seat, err)
		}
	case b%16 < 14: // a random action by a random seat: mostly illegal
		seat := engine.Seat(r.IntN(6) - 1)
		a := randomAction(r)
		legal := hasAction(s, int(seat), a)
		hash := engine.Hash(s)
		err := s.Apply(seat, a)
		if err != nil {
			if legal {
				t.Fatalf("legal %v of seat %d refused: %v", a, seat, err)
			}
			unchanged(a.String(), err)
			if engine.Hash(s) != hash {
				t.Fatalf("%v failed (%v) but changed the hash", a, err)
			}
		}
	case b%16 == 14: // malformed JSON
		junk := [][]byte{[]byte(`{"type":"build-road"}`), []byte(`{"type":"roll","x":1}`), []byte(`{`),
			[]byte(`{"type":"discard","give":{"ore":-3}}`), {0xff, 0x00}, []byte(`{"type":"teleport"}`)}
		raw := junk[r.IntN(len(junk))]
		if _, err := (Game{}).DecodeAction(raw); !errors.Is(err, engine.ErrBadAction) {
			t.Fatalf("%q decoded: %v", raw, err)
		}
	default: // the legal list must all apply on a clone
		checkIndexedLegal(t, s)
		for _, seat := range st.Deciders {
			for _, a := range s.LegalActions(seat, nil) {
				c := s.Copy()
				if err := c.Do(seat, a); err != nil {
					t.Fatalf("legal %v of seat %d refused on a clone: %v", a, seat, err)
				}
			}
		}
		if *s != before {
			t.Fatal("clones share state with the original")
		}
	}
}

// randomAction is any action with random small fields.
func randomAction(r *rand.Rand) Action {
	rs := func() Resources {
		var x Resources
		for i := 0; i < r.IntN(3); i++ {
			x[r.IntN(NumResources)] += int8(r.IntN(4))
		}
		if r.IntN(10) == 0 {
			x[r.IntN(NumResources)] = int8(r.IntN(40) - 20)
		}
		return x
	}
	return Action{
		Type:     ActionType(r.IntN(int(numActionTypes)+2) - 1),
		Vertex:   r.IntN(NumVertices+4) - 2,
		Edge:     r.IntN(NumEdges+4) - 2,
		Hex:      r.IntN(NumHexes+4) - 2,
		Seat:     engine.Seat(r.IntN(6) - 1),
		Resource: Resource(r.IntN(7) - 1),
		Give:     rs(),
		Get:      rs(),
	}
}
