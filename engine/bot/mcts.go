package bot

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"sync"

	"tabula/engine"
)

// MCTS is the search bot: Monte Carlo tree search over the legal actions of
// any engine.State (information-set MCTS: one tree for the deciding seat,
// searched over many determinisations).
//
// Each iteration:
//
//  1. draws a determinisation of the position: the state with everything
//     the seat's view hides drawn afresh (Determinizer), so the search
//     uses only what the seat may see;
//  2. walks down the tree: at a decision, the upper confidence bound
//     (UCB1) picks among the children available in this determinisation,
//     counting each child's availability rather than its parent's visits
//     (ISMCTS); at chance, an outcome is drawn uniformly from the
//     ChanceRequest's ranges (open loop: the tree keys actions, not
//     outcomes); where several seats decide at once, the bot's own seat
//     decides first, so its choice never depends on the others' choices
//     made at the same time;
//  3. adds one node and plays on with the playout policy (greedy: the
//     best of a few actions rated one step ahead, with a share of random
//     moves; or random) until the game ends or Horizon actions from the
//     root have been made;
//  4. scores the end for every seat: a finished game 1 to the winners and
//     0 to the others; else the logistic of how much the seat's margin
//     (its evaluation minus Rival times the best other seat's, by the
//     state's engine.Evaluator or its Scores) grew since the root of this
//     determinisation, in units of the spread of that growth over the
//     first iterations, so the same bot fits any game's scale;
//  5. adds the score of the seat that acted to each edge it went down.
//
// Progressive widening keeps the tree narrow: a node with n visits offers
// only its Widen·n^WidenPow best children by a one-step rating. The root
// rates every action, over several chance draws; a node below it rates
// Sample actions drawn at random when first visited, and more as its
// widening asks for them, so a wide list of moves (trades, placements)
// costs little until the good ones are found.
//
// The move played is the root's most visited child. Budgets are counted in
// iterations, never in time, so every choice is a pure function of the
// bot's seed, the seat, the move number and what the seat sees.
type MCTS struct {
	Iterations int // iterations per decision
	// Horizon is how many actions from the root a playout runs before it
	// is scored; 0 is HorizonPerSeat actions per seat, about a round, or
	// what the game asks (Horizoner).
	Horizon   int
	Explore   float64 // UCB exploration constant (scores are in [0, 1])
	Widen     float64 // children offered: Widen·visits^WidenPow (at least 1)
	WidenPow  float64
	Rival     float64 // weight of the best other seat's evaluation in a margin
	Epsilon   float64 // share of random moves in greedy playouts
	Sample    int     // greedy playouts rate at most this many actions a step
	RootDraws int     // chance draws averaged in the root's one-step ratings
	Random    bool    // random playouts instead of greedy ones

	// Pause, when set, is called after every PauseEvery iterations (8 when
	// 0): the browser yields to the page there, so thinking never freezes
	// it. It cannot change the choice.
	Pause      func(done, total int)
	PauseEvery int

	// Last describes the root of the last search (for tests and tools).
	Last Search

	seed  uint64
	moves int // decisions asked through Choose (the move number it uses)
}

// Levels are the search bot's strengths, weakest first, by kind name as
// New takes them ("mcts" alone is "mcts-normal").
func Levels() []string { return []string{"mcts-easy", "mcts-normal", "mcts-hard"} }

// NewMCTS returns a search bot of the given level ("easy", "normal",
// "hard") whose choices are a pure function of seed, the move numbers and
// the views it is shown. ok is false for an unknown level.
func NewMCTS(level string, seed uint64) (m *MCTS, ok bool) {
	m = &MCTS{Explore: 0.7, Widen: 2, WidenPow: 0.5, Rival: 1,
		Epsilon: 0.1, Sample: 5, RootDraws: 6, seed: seed}
	switch level {
	case "easy":
		m.Iterations = 24
	case "normal", "":
		m.Iterations = 96
	case "hard":
		m.Iterations = 200
	default:
		return nil, false
	}
	return m, true
}

// Choose implements Bot. The move number is the count of decisions this
// bot was asked to make; callers that know the game's move number use
// ChooseMove.
func (m *MCTS) Choose(s engine.State, seat engine.Seat) engine.Action {
	move := m.moves
	m.moves++
	return m.ChooseMove(s, seat, move)
}

// ChooseMove implements MoveChooser.
func (m *MCTS) ChooseMove(s engine.State, seat engine.Seat, move int) engine.Action {
	legal := s.Legal(seat)
	m.Last = Search{}
	switch len(legal) {
	case 0:
		return nil
	case 1:
		return legal[0]
	}
	src := rand.NewPCG(decisionSeed(m.seed, seat, move), mctsSalt)
	sr := &search{MCTS: m, rnd: rand.New(src), seat: seat, root: s, players: len(s.Scores())}
	sr.horizon = m.Horizon
	if sr.horizon <= 0 {
		per := HorizonPerSeat
		if h, ok := s.(Horizoner); ok && h.SearchHorizon() > 0 {
			per = h.SearchHorizon()
		}
		sr.horizon = per * sr.players
	}
	return sr.run(legal)
}

// Horizoner is implemented by states whose game says how far the search
// bot's playouts look, in actions per seat, when the bot sets no Horizon
// of its own: a game whose actions are large steps needs fewer of them to
// see as far, and a game whose every action is costly to rate keeps a
// decision within the time a player waits. 0 keeps HorizonPerSeat.
type Horizoner interface {
	SearchHorizon() int
}

// HorizonPerSeat is the default playout horizon, in actions per seat.
const HorizonPerSeat = 10

// mctsSalt is the second PCG seed word of the search bot ("tabula/m").
const mctsSalt = 0x7461_6275_6c61_2f6d

// decisionSeed mixes the bot's seed, the seat and the move number
// (splitmix64 finalisers).
func decisionSeed(seed uint64, seat engine.Seat, move int) uint64 {
	x := mix64(seed) ^ mix64(uint64(seat)<<40^uint64(move)+0x9e3779b97f4a7c15)
	return mix64(x)
}

func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// Search is what a decision's search found at its root: each action of
// the seat with its visits and mean score.
type Search struct {
	Iterations int
	Actions    []engine.Action
	Visits     []int
	Means      []float64
}

// search is one decision's search.
type search struct {
	*MCTS
	rnd     *rand.Rand
	seat    engine.Seat
	root    engine.State
	legal   []engine.Action // the seat's legal actions in root, the real state
	players int
	horizon int

	tree    *node
	temp    float64 // the logistic's unit; 0 until the warm-up is over
	warm    []pending
	evals   []float64 // scratch: evaluations per seat
	scratch []float64 // scratch: margins per seat
	// rivals[s] is the best other seat than s when margins last ran (at
	// the start of each iteration): the seat one-step ratings weigh.
	rivals []engine.Seat
	path   []step         // scratch: the edges of this iteration
	cands  []int          // scratch: candidate edges of a node
	perm   []int          // scratch: action indices of a playout step
	pool   []engine.State // released copies, for Recycler
}

// pending is a warm-up iteration whose score waits for the unit: its path
// and each seat's margin growth, or its final scores when the game ended.
type pending struct {
	path   []step
	growth []float64
	final  []float64
}

// step is an edge by its node and index: a node's edges may move in memory
// as it gains more.
type step struct {
	n *node
	i int32
}

// node is a decision point of the tree; edges are its children.
type node struct {
	edges  []edge
	index  map[edgeKey]int32
	visits int32
}

// edge is one seat's action from a node and its statistics.
type edge struct {
	seat   engine.Seat
	action engine.Action
	prior  float64 // one-step rating, for the widening order
	n      int32   // times chosen
	avail  int32   // times offered
	w      float64 // sum of the scores of seat
	child  *node
}

// edgeKey names an action of a seat within a node: the action itself when
// its type is comparable, else its JSON encoding.
type edgeKey struct {
	seat engine.Seat
	a    any
}

var comparableTypes sync.Map // reflect.Type → bool

func keyOf(seat engine.Seat, a engine.Action) edgeKey {
	t := reflect.TypeOf(a)
	c, ok := comparableTypes.Load(t)
	if !ok {
		c = t.Comparable()
		comparableTypes.Store(t, c)
	}
	if c.(bool) {
		return edgeKey{seat, a}
	}
	b, _ := json.Marshal(a)
	return edgeKey{seat, string(b)}
}

func (sr *search) run(legal []engine.Action) engine.Action {
	sr.evals = make([]float64, sr.players)
	sr.scratch = make([]float64, sr.players)
	sr.rivals = make([]engine.Seat, sr.players)
	sr.legal = legal
	sr.tree = sr.rootNode(legal)
	warmup := max(8, sr.Iterations/8)
	every := sr.PauseEvery
	if every <= 0 {
		every = 8
	}
	for it := 0; it < sr.Iterations; it++ {
		sr.iterate(it < warmup)
		if it == warmup-1 || it == sr.Iterations-1 && sr.temp == 0 {
			sr.endWarmup()
		}
		if sr.Pause != nil && (it+1)%every == 0 {
			sr.Pause(it+1, sr.Iterations)
		}
	}
	best := -1
	last := Search{Iterations: sr.Iterations}
	for i := range sr.tree.edges {
		e := &sr.tree.edges[i]
		if e.seat != sr.seat {
			continue
		}
		last.Actions = append(last.Actions, e.action)
		last.Visits = append(last.Visits, int(e.n))
		last.Means = append(last.Means, mean(e))
		if best < 0 || better(e, &sr.tree.edges[best]) {
			best = i
		}
	}
	sr.MCTS.Last = last
	return sr.tree.edges[best].action
}

// better orders root children: most visited, then best mean, then prior.
func better(a, b *edge) bool {
	if a.n != b.n {
		return a.n > b.n
	}
	ma, mb := mean(a), mean(b)
	if ma != mb {
		return ma > mb
	}
	return a.prior > b.prior
}

func mean(e *edge) float64 {
	if e.n == 0 {
		return 0
	}
	return e.w / float64(e.n)
}

// rootNode makes the root with every legal action of the seat, rated on
// one determinisation averaged over RootDraws chance draws.
func (sr *search) rootNode(legal []engine.Action) *node {
	n := &node{index: make(map[edgeKey]int32, len(legal))}
	d := determinize(sr.root, sr.seat, sr.rnd)
	sr.margins(d, sr.scratch) // sets the rivals
	for _, a := range legal {
		n.add(sr.seat, a, sr.rate(d, sr.seat, a, max(1, sr.RootDraws)))
	}
	return n
}

func (n *node) add(seat engine.Seat, a engine.Action, prior float64) int32 {
	n.edges = append(n.edges, edge{seat: seat, action: a, prior: prior})
	i := int32(len(n.edges) - 1)
	n.index[keyOf(seat, a)] = i
	return i
}

// iterate runs one iteration; during the warm-up its score is kept until
// the unit of growth is known.
func (sr *search) iterate(warm bool) {
	st := determinize(sr.root, sr.seat, sr.rnd)
	start := make([]float64, sr.players)
	sr.margins(st, start)
	sr.path = sr.path[:0]
	n := sr.tree
	depth := 0
	for n != nil && depth < sr.horizon {
		status := st.Status()
		if status.Over {
			break
		}
		if status.Chance != nil {
			if !sr.resolve(st, status.Chance) {
				break
			}
			continue
		}
		decider := sr.decider(status, depth)
		legal := st.Legal(decider)
		if n == sr.tree && decider == sr.seat {
			// At the root the seat chooses among what the real state lets
			// it do: a determinisation deals the others other hidden cards,
			// and may allow a move the real state refuses (a Commercial
			// Harbor with an opponent who, here, holds a commodity).
			legal = sr.legal
		}
		if len(legal) == 0 {
			break
		}
		i := sr.choose(n, st, decider, legal)
		if i < 0 {
			break
		}
		e := &n.edges[i] // valid until n gains edges, in a later iteration
		if st.Apply(decider, e.action) != nil {
			break
		}
		sr.path = append(sr.path, step{n, i})
		depth++
		if e.n == 0 { // a new leaf: one node per iteration
			n = nil
		} else {
			if e.child == nil {
				e.child = &node{index: map[edgeKey]int32{}}
			}
			n = e.child
		}
		e.n++
	}
	sr.playout(st, depth)
	p := pending{path: slices.Clone(sr.path)}
	if status := st.Status(); status.Over {
		p.final = make([]float64, sr.players)
		for _, w := range status.Winners {
			if int(w) >= 0 && int(w) < sr.players {
				p.final[w] = 1 / float64(len(status.Winners))
			}
		}
	} else {
		end := sr.margins(st, sr.scratch)
		for i := range start {
			start[i] = end[i] - start[i]
		}
		p.growth = start
	}
	if warm {
		sr.warm = append(sr.warm, p)
		return
	}
	sr.credit(p)
}

// endWarmup fixes the unit of margin growth (its spread over the warm-up
// iterations, every seat pooled) and credits the warm-up iterations.
func (sr *search) endWarmup() {
	sum, sq, k := 0.0, 0.0, 0
	for _, p := range sr.warm {
		for _, g := range p.growth {
			sum += g
			sq += g * g
			k++
		}
	}
	sr.temp = 1
	if k > 1 {
		m := sum / float64(k)
		if v := sq/float64(k) - m*m; v > 1e-12 {
			sr.temp = math.Sqrt(v)
		}
	}
	for _, p := range sr.warm {
		sr.credit(p)
	}
	sr.warm = nil
}

// credit adds an iteration's scores to the edges it went down (their
// visits were counted on the way down).
func (sr *search) credit(p pending) {
	for _, s := range p.path {
		e := &s.n.edges[s.i]
		if p.final != nil {
			e.w += p.final[e.seat]
		} else {
			e.w += 1 / (1 + math.Exp(-p.growth[e.seat]/sr.temp))
		}
	}
}

// decider is the seat that acts at a decision point: the bot's seat at
// the root, and first among simultaneous deciders below it.
func (sr *search) decider(st engine.Status, depth int) engine.Seat {
	if depth == 0 || st.Decides(sr.seat) {
		return sr.seat
	}
	return st.Deciders[0]
}

// choose picks the edge to go down at n for decider (its index, -1 for
// none), adding edges for actions not seen there before.
func (sr *search) choose(n *node, st engine.State, decider engine.Seat, legal []engine.Action) int32 {
	k := int(math.Ceil(sr.Widen * math.Pow(float64(n.visits+1), sr.WidenPow)))
	cands, unrated := sr.cands[:0], sr.perm[:0]
	for i, a := range legal {
		if j, ok := n.index[keyOf(decider, a)]; ok {
			cands = append(cands, int(j))
		} else {
			unrated = append(unrated, i)
		}
	}
	// Rate actions not rated here yet, a few at a time (drawn at random)
	// as the widening asks for more: rating all of a long list at every
	// new node would cost more than the playouts.
	if len(cands) < k && len(unrated) > 0 {
		m := min(len(unrated), max(sr.Sample, k-len(cands)))
		for r := 0; r < m; r++ {
			j := r + sr.rnd.IntN(len(unrated)-r)
			unrated[r], unrated[j] = unrated[j], unrated[r]
			a := legal[unrated[r]]
			cands = append(cands, int(n.add(decider, a, sr.rate(st, decider, a, 1))))
		}
	}
	sr.perm = unrated
	// Offer the best few by prior, more as the node is visited.
	slices.SortStableFunc(cands, func(a, b int) int {
		pa, pb := n.edges[a].prior, n.edges[b].prior
		switch {
		case pa > pb:
			return -1
		case pa < pb:
			return 1
		}
		return 0
	})
	cands = cands[:max(1, min(k, len(cands)))]
	sr.cands = cands
	n.visits++
	best := int32(-1)
	bestScore := math.Inf(-1)
	for _, c := range cands {
		i := int32(c)
		e := &n.edges[i]
		e.avail++
		if math.IsInf(e.prior, -1) && best >= 0 {
			continue // refused on a clone
		}
		if e.n == 0 {
			if best < 0 || n.edges[best].n != 0 {
				best, bestScore = i, math.Inf(1)
			}
			continue
		}
		score := e.w/float64(e.n) + sr.Explore*math.Sqrt(math.Log(float64(e.avail))/float64(e.n))
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// resolve draws an outcome for the chance request uniformly and feeds it.
func (sr *search) resolve(st engine.State, req *engine.ChanceRequest) bool {
	o := make(engine.Outcome, len(req.Ranges))
	for i, r := range req.Ranges {
		if r > 1 {
			o[i] = sr.rnd.IntN(r)
		}
	}
	return st.Resolve(o) == nil
}

// playout plays st on from depth actions after the root.
func (sr *search) playout(st engine.State, depth int) {
	for ; depth < sr.horizon; depth++ {
		status := st.Status()
		for status.Chance != nil && !status.Over {
			if !sr.resolve(st, status.Chance) {
				return
			}
			status = st.Status()
		}
		if status.Over || len(status.Deciders) == 0 {
			return
		}
		d := status.Deciders[0]
		a := sr.policy(st, d)
		if a == nil || st.Apply(d, a) != nil {
			return
		}
	}
}

// policy is the playout's choice for seat d.
func (sr *search) policy(st engine.State, d engine.Seat) engine.Action {
	ix, indexed := st.(engine.IndexedLegal)
	var legal []engine.Action
	var count int
	if indexed {
		count = ix.LegalCount(d)
	} else {
		legal = st.Legal(d)
		count = len(legal)
	}
	at := func(i int) engine.Action {
		if indexed {
			return ix.LegalAt(d, i)
		}
		return legal[i]
	}
	switch {
	case count == 0:
		return nil
	case count == 1:
		return at(0)
	case sr.Random || sr.rnd.Float64() < sr.Epsilon:
		return at(sr.rnd.IntN(count))
	}
	var best engine.Action
	bestV := math.Inf(-1)
	try := func(a engine.Action) {
		if v := sr.rate(st, d, a, 1); v > bestV || best == nil {
			best, bestV = a, v
		}
	}
	if count <= sr.Sample {
		for i := 0; i < count; i++ {
			try(at(i))
		}
		return best
	}
	// Sample distinct actions: a partial Fisher-Yates over the indices.
	idx := sr.perm[:0]
	for i := 0; i < count; i++ {
		idx = append(idx, i)
	}
	sr.perm = idx
	for k := 0; k < sr.Sample; k++ {
		j := k + sr.rnd.IntN(count-k)
		idx[k], idx[j] = idx[j], idx[k]
		try(at(idx[k]))
	}
	return best
}

// rate is seat's margin after a on a clone of st, the chance that follows
// drawn draws times (each chained request once) and averaged; -Inf when
// the action is refused.
func (sr *search) rate(st engine.State, seat engine.Seat, a engine.Action, draws int) float64 {
	c := sr.clone(st)
	defer sr.release(c)
	if c.Apply(seat, a) != nil {
		return math.Inf(-1)
	}
	if status := c.Status(); status.Chance == nil {
		return sr.margin(c, status, seat)
	}
	sum := 0.0
	for k := 0; k < draws; k++ {
		x := c
		if k < draws-1 {
			x = sr.clone(c)
		}
		status := x.Status()
		for i := 0; i < 4 && status.Chance != nil && sr.resolve(x, status.Chance); i++ {
			status = x.Status()
		}
		sum += sr.margin(x, status, seat)
		if x != c {
			sr.release(x)
		}
	}
	return sum / float64(draws)
}

// clone is a copy of st to rate an action on: through Recycler into a
// released copy when the state offers it, else Clone.
func (sr *search) clone(st engine.State) engine.State {
	if r, ok := st.(Recycler); ok && len(sr.pool) > 0 {
		d := sr.pool[len(sr.pool)-1]
		sr.pool = sr.pool[:len(sr.pool)-1]
		return r.CloneInto(d)
	}
	return st.Clone()
}

// release hands back a copy made by clone once nothing refers to it.
func (sr *search) release(c engine.State) {
	if _, ok := c.(Recycler); ok && len(sr.pool) < 8 {
		sr.pool = append(sr.pool, c)
	}
}

// margin is seat's evaluation less Rival times its rival's (the best
// other seat at the start of the iteration) in st, whose status is given;
// a finished game is ±Win.
func (sr *search) margin(st engine.State, status engine.Status, seat engine.Seat) float64 {
	if status.Over {
		for _, w := range status.Winners {
			if w == seat {
				return Win
			}
		}
		return -Win
	}
	rival := sr.rivals[seat]
	if e, ok := st.(engine.Evaluator); ok {
		v := e.Evaluate(seat)
		if rival >= 0 {
			v -= sr.Rival * e.Evaluate(rival)
		}
		return v
	}
	sc := st.Scores()
	v := float64(sc[seat])
	if rival >= 0 {
		v -= sr.Rival * float64(sc[rival])
	}
	return v
}

// margins writes every seat's margin into out (len players) and returns
// it.
func (sr *search) margins(st engine.State, out []float64) []float64 {
	ev := sr.evals
	if e, ok := st.(engine.Evaluator); ok {
		for i := range ev {
			ev[i] = e.Evaluate(engine.Seat(i))
		}
	} else {
		for i, v := range st.Scores() {
			if i < len(ev) {
				ev[i] = float64(v)
			}
		}
	}
	first, second, top := math.Inf(-1), math.Inf(-1), -1
	for i, v := range ev {
		if v > first {
			first, second, top = v, first, i
		} else if v > second {
			second = v
		}
	}
	for i, v := range ev {
		rival := first
		sr.rivals[i] = engine.Seat(top)
		if i == top {
			rival = second
			sr.rivals[i] = engine.Seat(runnerUp(ev, top))
		}
		if math.IsInf(rival, -1) {
			rival = 0
		}
		out[i] = v - sr.Rival*rival
	}
	return out
}

// runnerUp is the index of the largest value of ev other than top (-1
// when there is none).
func runnerUp(ev []float64, top int) int {
	r := -1
	for i, v := range ev {
		if i != top && (r < 0 || v > ev[r]) {
			r = i
		}
	}
	return r
}
