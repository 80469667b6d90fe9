package burgundy

import (
	"errors"
	"testing"

	"tabula/engine"
	"tabula/engine/fuzzing"
)

// randomAction is an arbitrary, mostly illegal action.
func randomAction(src *fuzzing.Source) Action {
	names := []string{ActTake, ActPlace, ActSell, ActWorkers, ActBuy, ActDiscard, ActShip, ActGoods, ActPass, ActEndTurn, "bogus"}
	return Action{
		Name:    names[src.Intn(len(names))],
		Die:     src.Intn(8) - 1,
		Workers: src.Intn(5) - 1,
		Value:   src.Intn(8) - 1,
		Tile:    src.Intn(TileCount+3) - 1,
		Space:   src.Intn(Spaces+3) - 1,
	}
}

// FuzzRandomActions plays random legal and illegal actions with random
// chance outcomes and checks the invariants after every step.
func FuzzRandomActions(f *testing.F) {
	for seed := uint64(0); seed < 6; seed++ {
		f.Add(seed, uint8(2+seed%3), []byte{})
	}
	f.Add(uint64(42), uint8(4), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 250, 251, 252, 253})
	f.Add(uint64(7), uint8(3), []byte("castles of burgundy"))
	f.Fuzz(func(t *testing.T, seed uint64, players uint8, data []byte) {
		n := 2 + int(players)%3
		src := fuzzing.New(data, seed)
		st, err := Game{}.New(engine.Setup{Players: n})
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for step := 0; step < 2000 && s.Stage != StageOver; step++ {
			status := s.Status()
			if status.Chance != nil {
				req := *status.Chance
				o := make(engine.Outcome, len(req.Ranges))
				for i, r := range req.Ranges {
					o[i] = src.Intn(r)
				}
				if src.Intn(10) == 0 { // a bad outcome first: refused, nothing changes
					bad := append(engine.Outcome(nil), o...)
					if len(bad) > 0 && src.Intn(2) == 0 {
						bad[src.Intn(len(bad))] = -1
					} else {
						bad = append(bad, 0)
					}
					before := engine.HashHex(s)
					if err := s.Resolve(bad); !errors.Is(err, engine.ErrBadOutcome) || engine.HashHex(s) != before {
						t.Fatalf("bad outcome %v: err %v", bad, err)
					}
				}
				if err := s.Resolve(o); err != nil {
					t.Fatalf("outcome %v for %+v: %v", o, req, err)
				}
			} else {
				if len(status.Deciders) != 1 {
					t.Fatalf("deciders %v", status.Deciders)
				}
				seat := status.Deciders[0]
				legal := s.Legal(seat)
				if len(legal) == 0 {
					t.Fatalf("seat %d has no legal action (pending %v)", seat, s.Pending)
				}
				switch src.Intn(4) {
				case 0: // an arbitrary action by an arbitrary seat
					a := randomAction(src)
					who := engine.Seat(src.Intn(n+1) - 1)
					before := engine.HashHex(s)
					if err := s.Apply(who, a); err != nil {
						if engine.HashHex(s) != before {
							t.Fatalf("refused %v by %d changed the state", a, who)
						}
						if !errors.Is(err, engine.ErrIllegal) && !errors.Is(err, engine.ErrBadAction) && !errors.Is(err, engine.ErrNotYourTurn) {
							t.Fatalf("refusal of %v has no error kind: %v", a, err)
						}
					} else if !isLegal(legal, a) || who != seat {
						t.Fatalf("accepted %v by %d, not among the legal actions", a, who)
					}
				default:
					a := legal[src.Intn(len(legal))]
					if err := s.Apply(seat, a); err != nil {
						t.Fatalf("legal %v refused: %v", a, err)
					}
				}
			}
			if err := checkInvariants(s); err != nil {
				t.Fatalf("step %d: %v", step, err)
			}
			if step%10 == 0 && engine.HashHex(s.Clone()) != engine.HashHex(s) {
				t.Fatalf("step %d: clone hashes differently", step)
			}
			if s.Stage == StagePlay {
				if n := len(s.Pending); n > 0 && len(s.frameOptions(s.Pending[n-1], nil)) == 0 {
					t.Fatalf("pending %v has no options", s.Pending[n-1])
				}
			}
		}
		if s.Stage != StageOver {
			t.Fatalf("game not over after 2000 steps: %v", s)
		}
	})
}

func isLegal(legal []engine.Action, a Action) bool {
	for _, l := range legal {
		if l.(Action) == a {
			return true
		}
	}
	return false
}
