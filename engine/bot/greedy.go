package bot

import (
	"math"

	"tabula/engine"
	"tabula/engine/rng"
)

// Greedy looks one decision ahead. For each legal action it applies the
// action to a Clone and rates the result for its seat:
//
//   - a finished game is worth Win (shared among the winners) to a winner and
//     -Win to the others, so a move that wins is always taken;
//   - a result waiting on chance is worth the mean rating over the outcomes:
//     every outcome when there are at most Exhaustive of them (two dice: 36),
//     else Samples outcomes drawn from the bot's stream; chance that follows
//     chance is sampled once, and after that the state is rated as it is;
//   - any other state is worth the seat's own evaluation minus Rival times
//     the best evaluation among the other seats. The evaluation is
//     engine.Evaluator's Evaluate(seat) when the state has one, its Scores
//     otherwise. The rival term makes the bot prefer hurting the leader to
//     hurting nobody (robber, steals) without any game-specific code.
//
// Ties (within a relative 1e-9) go to the action whose Kind this bot chose
// least often in its last Window decisions for that seat, then to a seeded
// random pick. That generic rule keeps a bot from looping on actions that
// change nothing it can measure (proposing the same trade again and again)
// when an equally rated way forward (ending the turn) exists; it never
// overrides a better rating.
type Greedy struct {
	Exhaustive int     // enumerate chance outcomes up to this many
	Samples    int     // otherwise sample this many
	Rival      float64 // weight of the best opponent's evaluation
	Window     int     // decisions remembered per seat for tie-breaks

	rnd    *rng.Stream
	recent map[engine.Seat][]string
}

// Win is the rating of a won game; large enough to dominate any evaluation
// a game reports, small enough that averages over outcomes stay finite.
const Win = 1e9

// NewGreedy returns a greedy bot with the default settings.
func NewGreedy(seed uint64) *Greedy {
	return &Greedy{
		Exhaustive: 36,
		Samples:    4,
		Rival:      0.5,
		Window:     8,
		rnd:        stream("greedy", seed),
		recent:     map[engine.Seat][]string{},
	}
}

// Choose implements Bot.
func (g *Greedy) Choose(s engine.State, seat engine.Seat) engine.Action {
	legal := s.Legal(seat)
	switch len(legal) {
	case 0:
		return nil
	case 1:
		g.remember(seat, legal[0])
		return legal[0]
	}
	vals := g.ratings(s, seat, legal)
	best := math.Inf(-1)
	for _, v := range vals {
		best = math.Max(best, v)
	}
	// Candidates: the best rating within tolerance, then fewest repeats.
	var cands []int
	fewest := math.MaxInt
	for i, v := range vals {
		if !near(v, best) {
			continue
		}
		r := g.repeats(seat, legal[i].Kind())
		if r < fewest {
			fewest, cands = r, cands[:0]
		}
		if r == fewest {
			cands = append(cands, i)
		}
	}
	if len(cands) == 0 { // every action failed to apply on a clone
		cands = []int{0}
	}
	a := legal[cands[g.rnd.Intn(len(cands))]]
	g.remember(seat, a)
	return a
}

// ratings is Rate of each action of legal, in turn: the seats counted
// once (no game changes them), each copy made in the memory of the last.
func (g *Greedy) ratings(s engine.State, seat engine.Seat, legal []engine.Action) []float64 {
	vals := make([]float64, len(legal))
	seats := len(s.Scores())
	var spare engine.State
	for i, a := range legal {
		vals[i], spare = g.rateOn(s, seat, a, seats, spare)
	}
	return vals
}

// Rate is the greedy rating of seat taking a in s (s is not changed). An
// action the state refuses rates -Inf.
func (g *Greedy) Rate(s engine.State, seat engine.Seat, a engine.Action) float64 {
	v, _ := g.rateOn(s, seat, a, len(s.Scores()), nil)
	return v
}

// rateOn is Rate for a game of seats seats, on a copy of s made in spare's
// memory when s is a Recycler and spare is not nil; it returns the copy
// (nothing refers to it once rated) for the next action's.
func (g *Greedy) rateOn(s engine.State, seat engine.Seat, a engine.Action, seats int, spare engine.State) (float64, engine.State) {
	var c engine.State
	if r, ok := s.(Recycler); ok && spare != nil {
		c = r.CloneInto(spare)
	} else {
		c = s.Clone()
	}
	if err := c.Apply(seat, a); err != nil {
		return math.Inf(-1), c
	}
	return g.rate(c, seat, seats, 0), c
}

// rate rates s for seat; it may resolve chance on s itself (s is a scratch
// clone owned by the caller).
func (g *Greedy) rate(s engine.State, seat engine.Seat, seats, depth int) float64 {
	st := s.Status()
	if st.Over {
		return g.position(s, seat, seats) + final(st, seat)
	}
	if st.Chance == nil || depth >= 2 {
		return g.position(s, seat, seats)
	}
	ranges := st.Chance.Ranges
	o := make(engine.Outcome, len(ranges))
	if n := combinations(ranges, g.Exhaustive); depth == 0 && n > 0 {
		return g.average(s, seat, seats, depth, n, o, func(k int) {
			rest := k
			for i := len(ranges) - 1; i >= 0; i-- {
				o[i] = rest % ranges[i]
				rest /= ranges[i]
			}
		})
	}
	samples := g.Samples
	if depth > 0 || samples < 1 {
		samples = 1
	}
	return g.average(s, seat, seats, depth, samples, o, func(int) {
		for i, r := range ranges {
			o[i] = g.rnd.Intn(r)
		}
	})
}

// average rates seat after each of n outcomes, the k-th written into o by
// fill(k), over the outcomes that resolve; the last one is resolved on s
// itself (the caller's own copy), the others on clones. With none it is
// the position as it stands.
func (g *Greedy) average(s engine.State, seat engine.Seat, seats, depth, n int, o engine.Outcome, fill func(k int)) float64 {
	sum, got := 0.0, 0
	for k := 0; k < n; k++ {
		fill(k)
		c := s
		if k < n-1 {
			c = s.Clone()
		}
		if c.Resolve(o) != nil {
			continue
		}
		sum += g.rate(c, seat, seats, depth+1)
		got++
	}
	if got > 0 {
		return sum / float64(got)
	}
	return g.position(s, seat, seats)
}

// position is seat's evaluation minus Rival times the best other seat's,
// in a game of seats seats (Scores is asked only when the state has no
// evaluation of its own).
func (g *Greedy) position(s engine.State, seat engine.Seat, seats int) float64 {
	var eval func(engine.Seat) float64
	if e, ok := s.(engine.Evaluator); ok {
		eval = e.Evaluate
	} else {
		scores := s.Scores()
		eval = func(x engine.Seat) float64 { return float64(scores[x]) }
	}
	own := eval(seat)
	if math.IsNaN(own) {
		return math.Inf(-1)
	}
	if g.Rival == 0 {
		return own
	}
	rival := math.Inf(-1)
	for x := engine.Seat(0); int(x) < seats; x++ {
		if x != seat {
			if v := eval(x); !math.IsNaN(v) {
				rival = math.Max(rival, v)
			}
		}
	}
	if math.IsInf(rival, -1) {
		return own
	}
	return own - g.Rival*rival
}

// final is the bonus of a finished game for seat.
func final(st engine.Status, seat engine.Seat) float64 {
	for _, w := range st.Winners {
		if w == seat {
			return Win / float64(len(st.Winners))
		}
	}
	return -Win
}

// combinations is the number of distinct outcomes of ranges, or 0 when it
// exceeds limit.
func combinations(ranges []int, limit int) int {
	n := 1
	for _, r := range ranges {
		if r < 1 {
			return 0
		}
		n *= r
		if n > limit {
			return 0
		}
	}
	return n
}

func near(v, best float64) bool {
	if math.IsInf(best, -1) {
		return math.IsInf(v, -1)
	}
	return v >= best-1e-9*math.Max(1, math.Abs(best))
}

func (g *Greedy) repeats(seat engine.Seat, kind string) int {
	n := 0
	for _, k := range g.recent[seat] {
		if k == kind {
			n++
		}
	}
	return n
}

func (g *Greedy) remember(seat engine.Seat, a engine.Action) {
	if g.Window <= 0 {
		return
	}
	r := append(g.recent[seat], a.Kind())
	if len(r) > g.Window {
		r = r[len(r)-g.Window:]
	}
	g.recent[seat] = r
}
