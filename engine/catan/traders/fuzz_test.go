package traders

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"tabula/engine"
	"tabula/engine/catan"
	"tabula/engine/check"
	"tabula/engine/fuzzing"
	"tabula/engine/rng"
)

// FuzzRandomActions plays games from the fuzzer's bytes: they pick the
// players and each step's kind (a legal action, movement favoured so that
// wagons travel; a random action of any kind, mostly illegal; malformed
// JSON; a fitting or unfit chance outcome), and a stream keyed by them
// fills in the rest. After every step the generic invariants of
// engine/check hold, and every 16th step (and at the end) the game's own: resources and gold conserved between bank and
// hands, the 36 cargo cards between stacks, wagons and deliveries, the
// chronicle deck, piece limits, barbarians on distinct paths. A refused
// action or outcome leaves the hash unchanged; nothing panics or
// deadlocks.
//
// An input plays a bounded number of steps from one of a few positions
// reached once per process by legal play (the opening, the middle, late
// in a game), so every input is cheap and still reaches deep states; the
// input's second byte picks the position.
func FuzzRandomActions(f *testing.F) {
	for _, in := range []string{"", "seed", "wagons and barbarians", "\xff\x10\x20\x80\x81"} {
		f.Add([]byte(in))
	}
	for depth := range fuzzDepths { // one seed from every start position
		f.Add([]byte{byte(depth), byte(depth), 0x7f, 0x3c})
	}
	starts := startPositions(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		seed := fuzzing.Seed(data)
		r := rand.New(rand.NewPCG(seed, 29))
		next := fuzzing.New(data, seed).Byte
		players := int(next() % 2)
		s := starts[players][int(next())%len(fuzzDepths)].Copy()
		src := rng.Seeded{Seed: seed}
		chances := 0
		for i := 0; i < 300 && !s.Status().Over; i++ {
			fuzzStep(t, s, next(), r, src, &chances)
			verify := check.Quick
			if i%16 == 0 {
				verify = check.Step
			}
			if err := verify(s, s.Players); err != nil {
				t.Fatalf("step %d (phase %v): %v", i, s.Phase, err)
			}
		}
		if err := check.Step(s, s.Players); err != nil {
			t.Fatalf("end (phase %v): %v", s.Phase, err)
		}
	})
}

// fuzzDepths are the numbers of legal steps played to the start positions.
var fuzzDepths = [...]int{0, 150, 450, 800, 1200}

// startPositions are, for 3 and 4 players, the positions after
// fuzzDepths legal steps of one fixed game.
func startPositions(tb testing.TB) [2][]*catan.State {
	var out [2][]*catan.State
	for players := range out {
		s, err := New(3 + players)
		if err != nil {
			tb.Fatal(err)
		}
		if out[players], err = fuzzing.Positions(s, uint64(players), fuzzDepths[:], (*catan.State).Copy); err != nil {
			tb.Fatalf("start position: %v", err)
		}
	}
	return out
}

func fuzzStep(t *testing.T, s *catan.State, b byte, r *rand.Rand, src rng.Seeded, chances *int) {
	t.Helper()
	st := s.Status()
	var hash [32]byte
	if b%16 >= 12 || st.Chance != nil && b%8 < 2 {
		hash = engine.Hash(s) // for the refusals below
	}
	unchanged := func(what string, err error) {
		t.Helper()
		if engine.Hash(s) != hash {
			t.Fatalf("%s failed (%v) but changed the state", what, err)
		}
	}
	if st.Chance != nil {
		if b%8 == 0 { // an outcome that does not fit
			o := make(engine.Outcome, len(st.Chance.Ranges)+int(b/8%2))
			for i := range o {
				o[i] = r.IntN(14) - 2
			}
			if st.Chance.Fits(o) != nil {
				err := s.Resolve(o)
				if !errors.Is(err, engine.ErrBadOutcome) {
					t.Fatalf("unfit outcome %v for %v: %v", o, st.Chance, err)
				}
				unchanged("unfit outcome", err)
				return
			}
		}
		if b%8 == 1 {
			err := s.Apply(engine.Seat(r.IntN(4)), randomAction(r))
			if !errors.Is(err, engine.ErrAwaitChance) {
				t.Fatalf("action during chance: %v", err)
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
	case b%16 < 12: // a legal action, through JSON as a log carries it
		seat := st.Deciders[r.IntN(len(st.Deciders))]
		acts := s.Legal(seat)
		if len(acts) == 0 {
			t.Fatalf("phase %v: decider %d has no legal action", s.Phase, seat)
		}
		a := acts[r.IntN(len(acts))]
		// Favour the wagon: a random movement action when there is one.
		var moves []engine.Action
		for _, x := range acts {
			if x.Kind() == "move-wagon" || x.Kind() == "drive-off" {
				moves = append(moves, x)
			}
		}
		if len(moves) > 0 && b%3 != 0 {
			a = moves[r.IntN(len(moves))]
		}
		raw, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		dec, err := Game.DecodeAction(raw)
		if err != nil {
			t.Fatalf("legal action %s does not decode: %v", raw, err)
		}
		if err := s.Apply(seat, dec); err != nil {
			t.Fatalf("legal action %s of seat %d refused: %v", raw, seat, err)
		}
	case b%16 < 15: // a random action by a random seat: mostly illegal
		seat := engine.Seat(r.IntN(6) - 1)
		a := randomAction(r)
		legal := false
		for _, x := range s.Legal(seat) {
			legal = legal || x.(catan.Action) == a
		}
		if err := s.Apply(seat, a); err != nil {
			if legal {
				t.Fatalf("legal %v of seat %d refused: %v", a, seat, err)
			}
			unchanged(a.String(), err)
		}
	default: // malformed JSON
		junk := [][]byte{[]byte(`{"type":"move-wagon"}`), []byte(`{"type":"drive-off","edge":1,"to":3}`),
			[]byte(`{"type":"move-barbarian","edge":3}`), []byte(`{"type":"buy-with-gold","resource":"gold","x":1}`),
			[]byte(`{"type":"move-wagon","vertex":1,"edge":2}`), []byte(`{`)}
		raw := junk[r.IntN(len(junk))]
		if _, err := Game.DecodeAction(raw); !errors.Is(err, engine.ErrBadAction) {
			t.Fatalf("%q decoded: %v", raw, err)
		}
	}
}

// kinds are the action kinds random actions draw from: the base game's
// and the scenario's.
var kinds = []catan.ActionType{
	catan.ActRoll, catan.ActBuildRoad, catan.ActBuildSettlement, catan.ActBuildCity, catan.ActBuyDevelopment,
	catan.ActPlayKnight, catan.ActPlayRoadBuilding, catan.ActDiscard, catan.ActMaritimeTrade,
	catan.ActProposeTrade, catan.ActAcceptTrade, catan.ActRejectTrade, catan.ActConfirmTrade, catan.ActEndTurn,
	ActMoveWagon, ActGrainBoost, ActDriveOff, ActPlaceBarbarian, ActMoveBarbarian, ActUpgradeWagon,
	ActBuyWithGold, ActPlaySwiftJourney,
}

// randomAction is an action of a random kind with random small fields.
func randomAction(r *rand.Rand) catan.Action {
	rs := func() catan.Resources {
		var x catan.Resources
		for i := 0; i < r.IntN(3); i++ {
			x[r.IntN(catan.NumCards)] += int8(r.IntN(4))
		}
		if r.IntN(10) == 0 {
			x[r.IntN(catan.NumCards)] = int8(r.IntN(40) - 20)
		}
		return x
	}
	return catan.Action{
		Type:     kinds[r.IntN(len(kinds))],
		Vertex:   r.IntN(NumNodes+4) - 2,
		Edge:     r.IntN(NumRoutes+4) - 2,
		To:       r.IntN(NumRoutes+4) - 2,
		Seat:     engine.Seat(r.IntN(6) - 1),
		Resource: catan.Resource(r.IntN(11) - 1),
		Give:     rs(),
		Get:      rs(),
	}
}
