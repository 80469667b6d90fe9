package citiesknights

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/fuzzing"
	"tabula/engine/rng"
)

// FuzzRandomActions drives games with a mix of legal actions (through
// their JSON, as a log carries them), random (mostly illegal) actions of
// every kind, malformed JSON and unfit chance outcomes, checking after
// every step the invariants of the base game and the expansion (cards,
// commodities and progress cards conserved, piece limits), no panic, no
// deadlock, and that failed steps leave the hash unchanged. The fuzzer's
// bytes pick the table, a start position and then each step; when they
// run out a PRNG seeded from them goes on.
//
// An input plays a bounded number of steps from one of a few positions
// reached once per process by legal play (the opening, the middle, late
// in a game), so every input is cheap and still reaches deep states.
func FuzzRandomActions(f *testing.F) {
	f.Add([]byte{0})
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8})
	f.Add([]byte{0xff, 0x10, 0x20, 0x80, 0x81, 0x82})
	f.Add([]byte("cities and knights: knights and cards"))
	for depth := range fuzzDepths { // one seed from every start position
		f.Add([]byte{byte(depth), byte(depth / 2), byte(depth), 0x7f, 0x3c})
	}
	starts := startPositions(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		seed := fuzzing.Seed(data)
		r := rand.New(rand.NewPCG(seed, 23))
		next := fuzzing.New(data, seed).Byte
		table := int(next()%2)*2 + int(next()%2)
		s := starts[table][int(next())%len(fuzzDepths)].Copy()
		src := rng.Seeded{Seed: seed}
		chances := 0
		steps := 300
		if runtime.GOOS == "js" {
			steps = 150
		}
		for i := 0; i < steps && s.Phase != catan.PhaseOver; i++ {
			fuzzStep(t, s, next(), r, src, &chances)
			if err := s.CheckInvariants(); err != nil {
				t.Fatalf("step %d (phase %v): %v", i, s.Phase, err)
			}
		}
	})
}

// fuzzDepths are the numbers of legal steps played to the start positions.
var fuzzDepths = [...]int{0, 200, 600, 1000, 1400}

// startPositions are, for each table (3 or 4 players, beginner or random
// board), the positions after fuzzDepths legal steps of one fixed game.
func startPositions(tb testing.TB) [4][]*catan.State {
	var out [4][]*catan.State
	for table := range out {
		setup := engine.Setup{Players: 3 + table/2}
		if table%2 == 1 {
			setup.Options = map[string]string{catan.OptBoard: catan.BoardRandom}
		}
		s, err := Game.NewState(setup)
		if err != nil {
			tb.Fatal(err)
		}
		if out[table], err = fuzzing.Positions(s, uint64(table), fuzzDepths[:], (*catan.State).Copy); err != nil {
			tb.Fatalf("start position: %v", err)
		}
	}
	return out
}

func fuzzStep(t *testing.T, s *catan.State, b byte, r *rand.Rand, src rng.Seeded, chances *int) {
	t.Helper()
	st := s.Status()
	// The hash is what a failed step must leave alone; it is taken only
	// before steps that may fail (hashing is most of a step's cost).
	var hash string
	before := func() { hash = engine.HashHex(s) }
	unchanged := func(what string, err error) {
		t.Helper()
		if engine.HashHex(s) != hash {
			t.Fatalf("%s failed (%v) but changed the state", what, err)
		}
	}
	if st.Chance != nil {
		if b%8 == 0 { // an outcome that does not fit
			before()
			o := make(engine.Outcome, len(st.Chance.Ranges)+1)
			err := s.Resolve(o)
			if !errors.Is(err, engine.ErrBadOutcome) {
				t.Fatalf("unfit outcome for %v: %v", st.Chance, err)
			}
			unchanged("unfit outcome", err)
			return
		}
		if b%8 == 1 { // an action while chance is awaited
			before()
			err := s.Apply(engine.Seat(r.IntN(4)), randomAction(r))
			if err == nil {
				t.Fatal("an action was taken while chance was awaited")
			}
			unchanged("action during chance", err)
			return
		}
		if err := s.Resolve(src.Outcome(*chances, *st.Chance)); err != nil {
			t.Fatalf("fitting outcome refused: %v", err)
		}
		*chances++
		return
	}
	if len(st.Deciders) == 0 {
		t.Fatalf("phase %v: no deciders and no chance", s.Phase)
	}
	switch {
	case b%16 < 11: // a legal action, through JSON
		seat := st.Deciders[r.IntN(len(st.Deciders))]
		legal := s.Legal(seat)
		if len(legal) == 0 {
			t.Fatalf("phase %v: decider %d has no legal action", s.Phase, seat)
		}
		raw, err := json.Marshal(legal[r.IntN(len(legal))])
		if err != nil {
			t.Fatal(err)
		}
		a, err := Game.DecodeAction(raw)
		if err != nil {
			t.Fatalf("legal action %s does not decode: %v", raw, err)
		}
		if err := s.Apply(seat, a); err != nil {
			t.Fatalf("legal action %s of seat %d refused: %v", raw, seat, err)
		}
	case b%16 < 15: // a random action by a random seat: mostly illegal
		seat := engine.Seat(r.IntN(6) - 1)
		a := randomAction(r)
		before()
		legal := false
		for _, l := range s.Legal(seat) {
			legal = legal || l.(catan.Action) == a
		}
		if err := s.Apply(seat, a); err != nil {
			if legal {
				t.Fatalf("legal %v of seat %d refused: %v", a, seat, err)
			}
			unchanged(fmt.Sprint(a), err)
		}
	default: // every legal action applies on a clone; the original stays
		before()
		for _, seat := range st.Deciders {
			for _, a := range s.Legal(seat) {
				c := s.Copy()
				if err := c.Apply(seat, a); err != nil {
					t.Fatalf("legal %v of seat %d refused on a clone: %v", a, seat, err)
				}
			}
		}
		unchanged("clones", nil)
	}
}

// kinds are every action kind the game plays (the base game's and the
// expansion's), for random actions.
var kinds = func() []catan.ActionType {
	var out []catan.ActionType
	for i := 0; i < 128; i++ {
		t := catan.ActionType(i)
		if n := t.String(); n != fmt.Sprintf("ActionType(%d)", t) {
			out = append(out, t)
		}
	}
	return out
}()

// randomAction is an action of any kind with random small fields.
func randomAction(r *rand.Rand) catan.Action {
	rs := func() catan.Resources {
		var x catan.Resources
		for i := 0; i < r.IntN(3); i++ {
			x[r.IntN(8)] += int8(r.IntN(3))
		}
		if r.IntN(12) == 0 {
			x[r.IntN(8)] = int8(r.IntN(20) - 10)
		}
		return x
	}
	return catan.Action{
		Type:     kinds[r.IntN(len(kinds))],
		Vertex:   r.IntN(catan.NumVertices+4) - 2,
		To:       r.IntN(catan.NumVertices+4) - 2,
		Edge:     r.IntN(catan.NumEdges+4) - 2,
		Hex:      r.IntN(catan.NumHexes+4) - 2,
		Seat:     engine.Seat(r.IntN(6) - 1),
		Resource: catan.Resource(r.IntN(10) - 1),
		Card:     r.IntN(int(NumCards)+4) - 2,
		Dice:     [2]int8{int8(r.IntN(8) - 1), int8(r.IntN(8) - 1)},
		Give:     rs(),
		Get:      rs(),
	}
}
