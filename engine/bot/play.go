package bot

import (
	"fmt"

	"tabula/engine"
	"tabula/engine/rng"
)

// MoveChooser is a bot whose choice may depend on how far the game has
// gone: move counts the entries of the game's log before the decision.
// Callers that know it (the table, Play) use ChooseMove, so the choice is
// a pure function of the bot's seed, the state and the move, however often
// or in whichever order the bot is asked.
type MoveChooser interface {
	ChooseMove(s engine.State, seat engine.Seat, move int) engine.Action
}

// ChooseAt asks b for seat's action at move (through MoveChooser when b
// is one).
func ChooseAt(b Bot, s engine.State, seat engine.Seat, move int) engine.Action {
	if m, ok := b.(MoveChooser); ok {
		return m.ChooseMove(s, seat, move)
	}
	return b.Choose(s, seat)
}

// Play plays st on to the end, for tests and measurements: chance from
// rng.Seeded{seed} (the requests counted from this call), each decision by
// bots[seat] (several deciders act in Status order). It stops with an
// error when an entry is refused or after maxActions actions.
func Play(st engine.State, bots []Bot, seed uint64, maxActions int) error {
	return Walk(st, bots, seed, maxActions, nil)
}

// Walk is Play calling visit (when not nil) before each decision, with the
// state and the seat to decide; the walk stops early, without error, when
// visit returns false.
func Walk(st engine.State, bots []Bot, seed uint64, maxActions int, visit func(engine.State, engine.Seat) bool) error {
	src := rng.Seeded{Seed: seed}
	chance, actions := 0, 0
	for {
		s := st.Status()
		switch {
		case s.Over:
			return nil
		case s.Chance != nil:
			if err := st.Resolve(src.Outcome(chance, *s.Chance)); err != nil {
				return err
			}
			chance++
			continue
		case len(s.Deciders) == 0:
			return fmt.Errorf("bot: no decider and no chance")
		case actions >= maxActions:
			return fmt.Errorf("bot: still not over after %d actions", actions)
		}
		seat := s.Deciders[0]
		if visit != nil && !visit(st, seat) {
			return nil
		}
		a := ChooseAt(bots[seat], st, seat, chance+actions)
		if a == nil {
			return fmt.Errorf("bot: seat %d found no action", seat)
		}
		if err := st.Apply(seat, a); err != nil {
			return fmt.Errorf("bot: seat %d: %w", seat, err)
		}
		actions++
	}
}
