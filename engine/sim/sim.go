// Package sim plays whole games between bots and checks every step, for
// cmd/sim, cross-game tests and benchmarks.
//
// A Runner plays one game described by a Spec and returns a Result. Direct
// is the in-process runner: it drives an engine.State (or, when the log is
// wanted, an engine.Match) with chance from rng.Seeded{Spec.Seed}, so a game
// is a pure function of its Spec and can be re-run alone from its seed. Other
// runners (the peer-to-peer one plays the same Spec through the sync
// protocol) plug into cmd/sim with the same signature.
//
// Spec.Check says how much Direct checks between entries:
//
//   - CheckStep (the default): check.Step after every entry (status shape,
//     legality only for deciders, the game's own check.Invariants).
//   - CheckSample: check.Quick after every entry (the same, but of the
//     game's invariants only its check.CheapInvariants) and check.Step
//     every Spec.CheckEvery entries and at the end. What only the full
//     check sees is caught up to CheckEvery entries late, or missed if it
//     heals before the next full check; re-running the seed under
//     CheckStep names the entry.
//   - CheckEnd: check.Step at the end of the game only.
//
// At the end of a game Direct runs check.Final: a clone hashes like the
// state, and the views encode (every seat's and the spectator's under
// CheckStep; under CheckSample one view per game, seat
// Seed mod (players+1) - 1, so consecutive seeds cover every view; under
// CheckEnd the same in every EndViewEvery-th game only, the games whose
// seed is a multiple of it, seat (Seed/EndViewEvery) mod (players+1) - 1,
// so consecutive such games cover every view).
//
// In every mode every chosen action must apply, after a round trip through
// JSON and the game's DecodeAction (for every action under Strict or
// Record, else for a sample: see Direct); every chance outcome must be
// accepted; a decider must have a legal action; a recorded log must load
// back (engine.Load) to the same hash. A panic anywhere is recovered and
// reported with the step where it happened.
package sim

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime/debug"

	"tabula/engine"
	"tabula/engine/bot"
	"tabula/engine/check"
	"tabula/engine/rng"
)

// DefaultMaxActions caps the seat actions of one game when Spec.MaxActions
// is 0: far above any real game, low enough to stop a loop in seconds.
const DefaultMaxActions = 20000

// Check modes for Spec.Check.
const (
	CheckStep   = "step"
	CheckSample = "sample"
	CheckEnd    = "end"
)

// CheckModes lists the values Spec.Check takes.
func CheckModes() []string { return []string{CheckStep, CheckSample, CheckEnd} }

// EndViewEvery is the stride, in seeds, of the games whose end view is
// checked under CheckEnd: a rich view takes as long to encode as a fast
// game's other checks, and CheckEnd is the mode for speed.
const EndViewEvery = 8

// roundTripEvery is the stride, in actions, of the JSON round trips of
// actions after each kind's first in a game (outside Strict and Record).
const roundTripEvery = 256

// DefaultCheckEvery is the stride of full checks under CheckSample when
// Spec.CheckEvery is 0.
const DefaultCheckEvery = 64

// Spec describes one game to play.
type Spec struct {
	Game  engine.Game
	Setup engine.Setup
	// Seed drives chance (rng.Seeded) and, through BotSeed, every bot.
	Seed uint64
	// Bots names a bot kind per seat (see bot.Kinds); a shorter list is
	// repeated, so one kind fills every seat.
	Bots       []string
	MaxActions int
	// Record keeps the log in an engine.Match, so Result.Save is set (and
	// checked to load back). Slower: every entry is hashed.
	Record bool
	// Strict adds costly checks at every step: clone hashes and refusals
	// (check.Clone, check.Refusals).
	Strict bool
	// Check is how much is checked between entries: CheckStep (also when
	// empty), CheckSample or CheckEnd (see the package doc).
	Check string
	// CheckEvery is the stride, in entries, of the full checks under
	// CheckSample (DefaultCheckEvery when 0).
	CheckEvery int
	// Kinds counts the actions applied by kind (Result.Kinds).
	Kinds bool
}

// Result is how one game went.
type Result struct {
	Seed    uint64
	Actions int // seat actions applied
	Chance  int // chance outcomes applied
	Over    bool
	Winners []engine.Seat
	Scores  []int
	Hash    string
	// Save is the game's log when Spec.Record (also for a failed game: the
	// entries up to the failure, for replaying it).
	Save *engine.Save
	// Err is the failure, wrapping ErrInvariant, ErrPanic or ErrCap.
	Err error
	// Kinds counts the actions applied by kind, when Spec.Kinds.
	Kinds map[string]int
}

// Runner plays one game.
type Runner func(Spec) Result

// Failure kinds, for errors.Is on Result.Err.
var (
	ErrInvariant = errors.New("invariant violated")
	ErrPanic     = errors.New("panic")
	ErrCap       = errors.New("action cap exceeded")
)

// BotSeed is the seed of the bot in seat for the game of seed.
func BotSeed(seed uint64, seat int) uint64 {
	return rng.NewStream(key("tabula/sim/bot", seed, uint64(seat))).Uint64()
}

// SeatShift draws, from the game's seed, how far a strength run turns its
// list of bots around the table (cmd/sim -rotate), so the bot under test
// sits in a seat drawn at random: seat i plays the list's entry
// (i+shift) mod players.
func SeatShift(seed uint64, players int) int {
	if players < 2 {
		return 0
	}
	return int(rng.NewStream(key("tabula/sim/seats", seed)).Uint64() % uint64(players))
}

// orderSeed seeds the draw of which simultaneous decider goes first in
// the game of seed.
func orderSeed(seed uint64) uint64 {
	return rng.NewStream(key("tabula/sim/order", seed)).Uint64()
}

// orderSalt is the second PCG seed word of the decider order ("tabula/o").
const orderSalt = 0x7461_6275_6c61_2f6f

func key(prefix string, vs ...uint64) []byte {
	k := []byte(prefix)
	for _, v := range vs {
		k = binary.BigEndian.AppendUint64(k, v)
	}
	return k
}

// Direct plays spec in-process.
func Direct(spec Spec) (res Result) {
	res.Seed = spec.Seed
	var step where // the entry being made, or the last one made
	var m *engine.Match
	defer func() {
		if r := recover(); r != nil {
			res.Err = fmt.Errorf("%w at %s: %v\n%s", ErrPanic, step, r, debug.Stack())
		}
		if spec.Record && m != nil && res.Save == nil {
			res.Save = salvage(spec, m)
		}
	}()
	g, players := spec.Game, spec.Setup.Players
	violation := func(format string, args ...any) Result {
		res.Err = fmt.Errorf("%w at %s: %s", ErrInvariant, step, fmt.Sprintf(format, args...))
		return res
	}
	// after names the entry just made: the checks run between entries.
	after := func(err error) Result {
		res.Err = fmt.Errorf("%w after %s: %v", ErrInvariant, step, err)
		return res
	}
	if len(spec.Bots) == 0 {
		return violation("no bots")
	}
	mode, every := spec.Check, spec.CheckEvery
	switch mode {
	case "":
		mode = CheckStep
	case CheckStep, CheckSample, CheckEnd:
	default:
		return violation("unknown check mode %q (want one of %v)", mode, CheckModes())
	}
	if every <= 0 {
		every = DefaultCheckEvery
	}
	bots := make([]bot.Bot, players)
	for i := range bots {
		b, err := bot.New(spec.Bots[i%len(spec.Bots)], BotSeed(spec.Seed, i))
		if err != nil {
			return violation("%v", err)
		}
		bots[i] = b
	}
	var st engine.State
	var err error
	if spec.Record {
		m, err = engine.NewMatch(g, spec.Setup, nil)
		if m != nil {
			st = m.State
		}
	} else {
		st, err = engine.NewState(g, spec.Setup)
	}
	if err != nil {
		return violation("new game: %v", err)
	}
	lastFull := 0 // entries made at the last full check that passed
	// full runs check.Step. Under CheckSample a failure that check.Quick
	// (run after every entry) does not see may have arisen at any entry
	// since the last full check: the error says so.
	full := func() error {
		err := check.Step(st, players)
		if err == nil {
			lastFull = res.Actions + res.Chance
		} else if mode == CheckSample && check.Quick(st, players) == nil {
			err = fmt.Errorf("%w (sampled checks: found by the full check, which last passed after entry %d; check mode %q names the entry)",
				err, lastFull, CheckStep)
		}
		return err
	}
	maxActions := spec.MaxActions
	if maxActions <= 0 {
		maxActions = DefaultMaxActions
	}
	src := rng.Seeded{Seed: spec.Seed}
	// Which of several simultaneous deciders goes first is itself drawn,
	// so every order gets exercised. A PCG (math/rand/v2, a specified
	// generator: the same natively and in wasm) seeded from the game's
	// seed: the draw is made at every action, where rng.Stream's SHA-256
	// would cost as much as the bot's pick.
	order := rand.New(rand.NewPCG(orderSeed(spec.Seed), orderSalt))
	var chosen engine.Action // last action, for the refusal probe
	var seen kindSet         // action kinds round-tripped through JSON
	for {
		if m != nil {
			st = m.State
		}
		switch entries := res.Actions + res.Chance; {
		case mode == CheckStep || mode == CheckSample && entries%every == 0:
			if err := full(); err != nil {
				return after(err)
			}
		case mode == CheckSample:
			if err := check.Quick(st, players); err != nil {
				return after(err)
			}
		}
		if spec.Strict {
			step.strict = true
			if err := check.Clone(st); err != nil {
				return after(err)
			}
			if err := check.Refusals(st, players, chosen); err != nil {
				return after(err)
			}
		}
		s := st.Status()
		if s.Over {
			break
		}
		if s.Chance != nil {
			step = where{what: "chance", n: res.Chance, chance: s.Chance.Kind, entry: res.Actions + res.Chance + 1}
			o := src.Outcome(res.Chance, *s.Chance)
			if m != nil {
				err = m.Resolve(o)
			} else {
				err = st.Resolve(o)
			}
			if err != nil {
				return violation("outcome %v refused: %v", o, err)
			}
			res.Chance++
			continue
		}
		if res.Actions >= maxActions {
			res.Err = fmt.Errorf("%w: still not over after %d actions (last step %s)", ErrCap, res.Actions, step)
			return res
		}
		if len(s.Deciders) == 0 { // checked by Status too, but not every mode runs it
			return violation("the game is not over, awaits no chance and names no decider")
		}
		seat := s.Deciders[0]
		if len(s.Deciders) > 1 {
			seat = s.Deciders[order.IntN(len(s.Deciders))]
		}
		step = where{what: "action", n: res.Actions + 1, seat: seat, entry: res.Actions + res.Chance + 1}
		a := bots[seat].Choose(st, seat)
		step.action = a
		if a == nil {
			return violation("decider %d has no legal action", seat)
		}
		// Actions reach logs and peers as JSON, so the action applied is the
		// decoded one. The round trip costs as much as a fast game's Apply,
		// so outside Strict and Record it is done for each kind's first
		// action in the game and every roundTripEvery-th action after that.
		dec := a
		if spec.Strict || m != nil || res.Actions%roundTripEvery == 0 || !seen.seen(a.Kind()) {
			raw, err := json.Marshal(a)
			if err != nil {
				return violation("legal action %q does not encode: %v", a.Kind(), err)
			}
			if dec, err = g.DecodeAction(raw); err != nil {
				return violation("legal action does not decode: %v", err)
			}
		}
		if m != nil {
			err = m.Do(seat, a)
		} else {
			err = st.Apply(seat, dec)
		}
		if err != nil {
			return violation("legal action refused: %v", err)
		}
		chosen = dec
		res.Actions++
		if spec.Kinds {
			if res.Kinds == nil {
				res.Kinds = map[string]int{}
			}
			res.Kinds[a.Kind()]++
		}
	}
	if mode != CheckStep { // CheckStep has just checked the final state
		if err := full(); err != nil {
			return after(err)
		}
	}
	// check.Final, with the hash computed once. Views take long to encode
	// (a rich UI view is many kilobytes, as long as the rest of a game's
	// checks): one per game under CheckSample, rotating with the seed, one
	// per EndViewEvery games under CheckEnd.
	res.Hash = engine.HashHex(st)
	if err := check.CloneHash(st, res.Hash); err != nil {
		return after(err)
	}
	for seat := engine.Spectator; int(seat) < players; seat++ {
		if mode != CheckStep && !sampledView(mode, spec.Seed, players, seat) {
			continue
		}
		if err := check.View(st, seat); err != nil {
			return after(err)
		}
	}
	step = where{what: "end"}
	s := st.Status()
	res.Over, res.Winners, res.Scores = true, append([]engine.Seat(nil), s.Winners...), st.Scores()
	if m != nil {
		res.Save = newSave(spec, m)
		got, _, err := engine.Load(res.Save.Encode())
		if err != nil {
			return violation("the recorded log does not load: %v", err)
		}
		if h := engine.HashHex(got.State); h != res.Hash {
			return violation("the recorded log replays to %s, the game ended at %s", h[:12], res.Hash[:12])
		}
	}
	return res
}

// sampledView reports whether, outside CheckStep, the end view of seat is
// checked in the game of seed (see the package doc).
func sampledView(mode string, seed uint64, players int, seat engine.Seat) bool {
	if mode == CheckEnd {
		if seed%EndViewEvery != 0 {
			return false
		}
		seed /= EndViewEvery
	}
	return uint64(seat+1) == seed%uint64(players+1)
}

// kindSet is a set of action kinds: a small open-addressed table (a game
// has a few dozen kinds at most; more spill into a list), so the lookup at
// every action is a few byte reads and one string compare.
type kindSet struct {
	slots [64]string
	used  [64]bool
	n     int
	more  []string
}

// seen reports whether k is in the set, and adds it if not.
func (ks *kindSet) seen(k string) bool {
	h := uint(len(k)) * 0x9e37
	if len(k) > 0 {
		h += uint(k[0])*31 + uint(k[len(k)/2])*7 + uint(k[len(k)-1])
	}
	for i := 0; i < len(ks.slots); i++ {
		j := (h + uint(i)) % uint(len(ks.slots))
		if !ks.used[j] {
			if ks.n >= len(ks.slots)*3/4 {
				break // keep probes short: the rest go to the list
			}
			ks.slots[j], ks.used[j] = k, true
			ks.n++
			return false
		}
		if ks.slots[j] == k {
			return true
		}
	}
	for _, s := range ks.more {
		if s == k {
			return true
		}
	}
	ks.more = append(ks.more, k)
	return false
}

func newSave(spec Spec, m *engine.Match) *engine.Save {
	seats := make([]engine.SeatInfo, spec.Setup.Players)
	for i := range seats {
		kind := spec.Bots[i%len(spec.Bots)]
		seats[i] = engine.SeatInfo{Name: fmt.Sprintf("%s %d", kind, i+1), Kind: "bot:" + kind}
	}
	seed := spec.Seed
	return engine.NewSave(m, seats, engine.ChanceInfo{Seed: &seed}, map[string]string{"by": "cmd/sim"})
}

// salvage saves the entries of a failed game, refolded so the file's hash
// is that of a clean replay even if the failure left the state damaged.
func salvage(spec Spec, m *engine.Match) (s *engine.Save) {
	defer func() {
		if recover() != nil {
			s = nil
		}
	}()
	r, err := engine.Replay(m.Game, m.Setup, m.Entries)
	if err != nil {
		return nil
	}
	return newSave(spec, r)
}

// where names a step of a game for failure messages; the action is encoded
// only when a message is made.
type where struct {
	what   string // "", "chance", "action", "end"
	n      int    // chance or action number
	entry  int
	seat   engine.Seat
	chance string
	action engine.Action
	strict bool
}

func (w where) String() string {
	var s string
	switch w.what {
	case "":
		return "setup"
	case "chance":
		s = fmt.Sprintf("chance %d (%s, entry %d)", w.n, w.chance, w.entry)
	case "action":
		s = fmt.Sprintf("action %d (seat %d, entry %d)", w.n, w.seat, w.entry)
		if w.action != nil {
			if raw, err := json.Marshal(w.action); err == nil {
				s += " " + string(raw)
			} else {
				s += " " + w.action.Kind()
			}
		}
	default:
		s = w.what
	}
	if w.strict {
		s += " (strict checks)"
	}
	return s
}
