// Package bot holds the computer players of Tabula. They are generic over
// the engine core: a bot sees an engine.State, asks it for Legal actions and
// picks one, so every registered game gets bots without game-specific code.
//
// Kinds:
//   - "random": uniformly random among Legal(seat) (through
//     engine.IndexedLegal when the state has it: same list, same pick).
//   - "greedy": one decision of lookahead. Each legal action is applied to a
//     Clone and the result is rated with the state's engine.Evaluator (or
//     Scores when the state is not one); a result waiting on chance is rated
//     as the mean over its outcomes (all of them when there are few, a few
//     sampled ones otherwise). See greedy.go for the details.
//   - "mcts-easy", "mcts-normal" ("mcts"), "mcts-hard": the search bot,
//     Monte Carlo tree search over determinisations (mcts.go), at three
//     budgets of iterations per decision (Levels; "mcts-hard:2000" names
//     a budget of its own).
//
// Bots are deterministic: all their randomness comes from a source seeded
// by the seed given to New (greedy: an rng.Stream keyed by it; random and
// the search bot: math/rand/v2 PCGs, a specified generator, so the same
// natively and in wasm, and cheap enough for the many draws), never from a
// global source or the clock, so a simulation with the same seeds replays
// exactly. The search bot's budget is counted in iterations, not time, and
// its choice also depends on the move number (MoveChooser). (Its scores
// use math.Exp and math.Log, which amd64 computes in assembly and wasm in
// Go: in a near-tie a search could choose differently natively and in the
// browser. Nothing replays a bot's choice: moves are in the log.)
//
// What a bot may see: the random and greedy bots read the whole State they
// are given, hidden cards included: they are for simulations, tests,
// filling empty seats and replaying taken-over network seats, where every
// peer must compute the same choice. The search bot plays fair: it
// searches determinisations of the state (Determinizer), which show its
// seat exactly what its view shows and redraw everything else, so its
// choice depends only on its seat's view. Chance is not foreseen by any
// bot: the engine draws at the moment of the draw, so a Clone holds no
// future cards to peek at.
package bot

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"tabula/engine"
	"tabula/engine/rng"
)

// Bot chooses an action for a seat.
type Bot interface {
	// Choose returns one of s.Legal(seat), or nil when seat has no legal
	// action. It never changes s.
	Choose(s engine.State, seat engine.Seat) engine.Action
}

// Kinds lists the bot kinds New accepts. New also takes "mcts", short for
// "mcts-normal", and a search bot kind with a budget of its own, in
// iterations per decision, after a colon ("mcts-hard:2000").
func Kinds() []string { return append([]string{"random", "greedy"}, Levels()...) }

// New returns a bot of the given kind whose choices are a pure function of
// seed and the states it is shown (and, for the search bot, of the move
// number: see MoveChooser).
func New(kind string, seed uint64) (Bot, error) {
	switch kind {
	case "random":
		return NewRandom(seed), nil
	case "greedy":
		return NewGreedy(seed), nil
	}
	name, budget, hasBudget := strings.Cut(kind, ":")
	level, search := strings.CutPrefix(name, "mcts-")
	if name == "mcts" {
		level, search = "normal", true
	}
	if m, ok := NewMCTS(level, seed); search && ok {
		if hasBudget {
			n, err := strconv.Atoi(budget)
			if err != nil || n < 1 {
				return nil, fmt.Errorf("bot kind %q: the budget after the colon must be a positive number of iterations", kind)
			}
			m.Iterations = n
		}
		return m, nil
	}
	return nil, fmt.Errorf("unknown bot kind %q (want one of %v)", kind, Kinds())
}

// stream is the bot's own random source. The key prefix differs from the
// chance keys of engine/rng, so a bot's choices are independent of the
// dice even when both use the same seed.
func stream(kind string, seed uint64) *rng.Stream {
	key := []byte("tabula/bot/" + kind + "/")
	key = binary.BigEndian.AppendUint64(key, seed)
	return rng.NewStream(key)
}

// Random picks uniformly among the legal actions.
type Random struct {
	pcg rand.PCG
	rnd *rand.Rand // over pcg
}

// randomSalt is the second PCG seed word of the random bot ("tabula/r"), so
// its stream for a seed is not that of another PCG user of the same seed.
const randomSalt = 0x7461_6275_6c61_2f72

// NewRandom returns a random bot whose choices are a pure function of seed
// and the states it is shown.
func NewRandom(seed uint64) *Random {
	b := &Random{pcg: *rand.NewPCG(seed, randomSalt)}
	b.rnd = rand.New(&b.pcg)
	return b
}

// Choose implements Bot. A state with engine.IndexedLegal is asked for the
// count and the one action picked, not the whole list: the same pick from
// the same list, without allocating it. (Listing the actions on the stack
// and picking from the list, in one enumeration, measured slower for Catan
// than counting, with bit counts over building spots, and walking to the
// pick.)
func (b *Random) Choose(s engine.State, seat engine.Seat) engine.Action {
	if ix, ok := s.(engine.IndexedLegal); ok {
		n := ix.LegalCount(seat)
		if n == 0 {
			return nil
		}
		return ix.LegalAt(seat, b.rnd.IntN(n))
	}
	legal := s.Legal(seat)
	if len(legal) == 0 {
		return nil
	}
	return legal[b.rnd.IntN(len(legal))]
}
