// Package agricolatest drives random Agricola games for tests: the body
// of the fuzz tests of the family game (engine/agricola) and of the card
// game (engine/agricola/cards), so both check the same things.
package agricolatest

import (
	"errors"
	"testing"

	"tabula/engine"
	ag "tabula/engine/agricola"
	"tabula/engine/agricola/farmyard"
	"tabula/engine/fuzzing"
)

// randomAction is an arbitrary, mostly illegal action naming one of ids
// (cards, conversions) where it names a card.
func randomAction(src *fuzzing.Source, ids []string) Action {
	spaces := []string{"forest", "farm-expansion", "fencing", "sheep-market", "major-improvement", "lessons", "meeting-place", "side-job", "nowhere"}
	crops := []ag.Good{0, ag.Grain, ag.Vegetable, ag.Wood}
	kinds := append(ag.ActionKinds(), "bogus")
	rects := farmyard.Rectangles()
	a := Action{
		Name:   kinds[src.Intn(len(kinds))],
		Space:  spaces[src.Intn(len(spaces))],
		Cell:   farmyard.Cell(src.Intn(farmyard.Cells + 2)),
		Crop:   crops[src.Intn(len(crops))],
		Card:   ids[src.Intn(len(ids))],
		N:      src.Intn(17) - 1,
		Pay:    src.Intn(3),
		Sheep:  src.Intn(5),
		Boar:   src.Intn(3),
		Cattle: src.Intn(3),
	}
	switch src.Intn(3) {
	case 0:
		a.Fences = farmyard.Boundary(rects[src.Intn(len(rects))])
	case 1:
		a.Fences = farmyard.Fences(src.Intn(1<<16)) << src.Intn(30)
	}
	return a
}

// Action is the game's action.
type Action = ag.Action

// beyondLegal are the kinds Apply accepts beyond Legal's canonical subset
// (Options): any valid fence set, any herd that fits, a conversion several
// times or dominated, fewer newborns than the most.
var beyondLegal = map[string]bool{ag.ActFences: true, ag.ActKeep: true, ag.ActConvert: true, ag.ActBreed: true}

// Fuzz plays one game of setup with random legal and arbitrary actions
// and random chance outcomes (from seed and data), checking after every
// step that refusals change nothing and carry a kind of error, that
// accepted actions were legal, that the invariants hold and that clones
// hash alike; the game must end. ids are card and conversion ids the
// arbitrary actions name.
func Fuzz(t *testing.T, setup engine.Setup, seed uint64, data []byte, ids []string) {
	t.Helper()
	src := fuzzing.New(data, seed)
	st, err := ag.Game{}.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*ag.State)
	n := setup.Players
	for step := 0; step < 6000 && !s.Over; step++ {
		status := s.Status()
		if status.Chance != nil {
			req := *status.Chance
			o := make(engine.Outcome, len(req.Ranges))
			for i, r := range req.Ranges {
				o[i] = src.Intn(r)
			}
			if src.Intn(8) == 0 {
				before := engine.HashHex(s)
				if err := s.Resolve(append(append(engine.Outcome(nil), o...), 0)); !errors.Is(err, engine.ErrBadOutcome) || engine.HashHex(s) != before {
					t.Fatalf("bad outcome: %v", err)
				}
			}
			if err := s.Resolve(o); err != nil {
				t.Fatalf("outcome %v for %+v: %v", o, req, err)
			}
		} else {
			seat := status.Deciders[0]
			legal := s.Options(seat)
			if len(legal) == 0 {
				t.Fatalf("seat %d has no legal action (stack %+v)", seat, s.Stack)
			}
			if src.Intn(3) == 0 {
				a := randomAction(src, ids)
				who := engine.Seat(src.Intn(n+1) - 1)
				before := engine.HashHex(s)
				if err := s.Apply(who, a); err != nil {
					if engine.HashHex(s) != before {
						t.Fatalf("refused %v by %d changed the state", a, who)
					}
					if !errors.Is(err, engine.ErrIllegal) && !errors.Is(err, engine.ErrBadAction) && !errors.Is(err, engine.ErrNotYourTurn) {
						t.Fatalf("refusal of %v has no error kind: %v", a, err)
					}
				} else {
					in := false
					for _, l := range legal {
						in = in || l == a
					}
					if who != seat || (!in && !beyondLegal[a.Name]) {
						t.Fatalf("accepted %+v by %d, not among the legal actions %v", a, who, legal)
					}
				}
			} else {
				a := legal[src.Intn(len(legal))]
				if err := s.Apply(seat, a); err != nil {
					t.Fatalf("legal %v refused: %v", a, err)
				}
			}
		}
		if err := s.CheckInvariants(); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		if step%16 == 0 && engine.HashHex(s.Clone()) != engine.HashHex(s) {
			t.Fatalf("step %d: clone hashes differently", step)
		}
	}
	if !s.Over {
		t.Fatal("game not over after 6000 steps")
	}
}
