package burgundy

import (
	"encoding/binary"
	"errors"
	"fmt"
	"testing"

	"tabula/engine"
	"tabula/engine/rng"
)

// source yields fuzz bytes, then a seeded stream once they run out, so short
// inputs still play long games.
type source struct {
	data   []byte
	stream *rng.Stream
}

func (src *source) intn(n int) int {
	if n <= 1 {
		return 0
	}
	if len(src.data) >= 2 {
		v := int(binary.BigEndian.Uint16(src.data))
		src.data = src.data[2:]
		return v % n
	}
	return src.stream.Intn(n)
}

// randomAction is an arbitrary, mostly illegal action.
func randomAction(src *source) Action {
	names := []string{ActTake, ActPlace, ActSell, ActWorkers, ActBuy, ActDiscard, ActShip, ActGoods, ActPass, ActEndTurn, "bogus"}
	return Action{
		Name:    names[src.intn(len(names))],
		Die:     src.intn(8) - 1,
		Workers: src.intn(5) - 1,
		Value:   src.intn(8) - 1,
		Tile:    src.intn(TileCount+3) - 1,
		Space:   src.intn(Spaces+3) - 1,
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
		src := &source{data: data, stream: rng.NewStream([]byte(fmt.Sprintf("fuzz/%d", seed)))}
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
					o[i] = src.intn(r)
				}
				if src.intn(10) == 0 { // a bad outcome first: refused, nothing changes
					bad := append(engine.Outcome(nil), o...)
					if len(bad) > 0 && src.intn(2) == 0 {
						bad[src.intn(len(bad))] = -1
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
				switch src.intn(4) {
				case 0: // an arbitrary action by an arbitrary seat
					a := randomAction(src)
					who := engine.Seat(src.intn(n+1) - 1)
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
					a := legal[src.intn(len(legal))]
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
				if n := len(s.Pending); n > 0 && len(s.frameOptions(s.Pending[n-1])) == 0 {
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
