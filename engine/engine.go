// Package engine is the game-independent core of Tabula.
//
// A game is its log: a Setup (game id, rules version, player count, options)
// followed by an ordered list of entries. Each entry is either one seat's
// Action or the Outcome of a chance request. The state of a game is the fold
// of its log over the game's initial State, so saving, loading, replay, undo,
// resync and network play all reduce to moving logs around.
//
// The contracts every game honours:
//
//   - Determinism: applying the same entries to the same Setup gives the same
//     state, byte for byte, natively and under GOOS=js GOARCH=wasm. Game code
//     uses no wall clock, no global random source and never lets map
//     iteration order affect state.
//   - Chance is an input: when the rules need chance the State reports a
//     ChanceRequest in its Status and waits for an Outcome entry. Hot-seat
//     play fills outcomes from a seeded source (package engine/rng); network
//     play fills them from a commit-reveal protocol. Replaying never re-rolls.
//   - Atomicity: Apply and Resolve either succeed or return an error and leave
//     the state exactly as it was.
//   - Legality lives here only: Legal enumerates what a seat may do (for bots
//     and the UI). Where a complete enumeration would explode (trade amounts,
//     fences) a game enumerates a documented canonical subset, and Apply still
//     validates any action precisely.
//   - Views: View(seat) is everything that seat may see; the UI and the
//     network layer never show a seat more than its view.
//
// Optional interfaces a State may add, which generic code (bots, engine/sim,
// engine/check) uses when present and never requires:
//
//   - Evaluator: a rating of the position, for the greedy bot.
//   - IndexedLegal: LegalCount and LegalAt, the list Legal returns without
//     building it, so a random bot or a simulation picks action i of n with
//     no allocation beyond the one action picked.
//   - bot.Determinizer (package engine/bot): a copy of the state that one
//     seat's view cannot tell from it, with the hidden parts redrawn, so the
//     search bot plays on what its seat may see. A game that hides nothing
//     needs none.
//   - bot.Recycler and bot.Horizoner: a copy made in the memory of one no
//     longer needed, and how far the search bot's playouts look in the
//     game's own actions.
//
// A Status is a report to read, not to keep changing: its slices and its
// ChanceRequest may be shared (games hand out fixed tables so Status need
// not allocate on every step), so callers never modify them.
//
// This package also owns the save format (save.go) and Match (match.go), the
// driver that keeps a state and its log together.
package engine

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
)

// Seat identifies a player by position in the seat order: 0 … players-1.
type Seat int

// Spectator is the seat whose View shows only public information.
const Spectator Seat = -1

// Action is one decision by one seat. Each game defines its concrete action
// type; it must round-trip through encoding/json, since the log stores it so.
type Action interface {
	// Kind names the action in the game's own words ("build-road", "harvest").
	Kind() string
}

// ChanceRequest says what the rules need from chance before play can go on.
//
// Every kind of chance (dice, a deck draw, a shuffle, a random steal) is
// expressed as a vector of independent uniform draws: Outcome[i] must lie in
// [0, Ranges[i]). Two six-sided dice are Ranges {6, 6}; drawing one card from
// a deck of 17 is {17}; a Fisher-Yates shuffle of n cards is {n, n-1, …, 2}.
// Keeping the shape this plain lets one seeded generator and one commit-reveal
// protocol serve every game.
type ChanceRequest struct {
	// Kind names the chance event for logs and UI ("dice", "draw", "steal").
	Kind   string `json:"kind"`
	Ranges []int  `json:"ranges"`
	// Sealed play only (sealed.go): the deck whose cards at positions
	// Cards the request opens, and the seats that learn them (nil: all).
	Deck     string `json:"deck,omitempty"`
	Cards    []int  `json:"cards,omitempty"`
	Audience []Seat `json:"audience,omitempty"`
	// Secret (sealed play with the Secrets option): the request is a
	// hidden value with no deck, numbered Secret (1, 2, … over the game),
	// a uniform value in Ranges[0] that only Audience learns.
	// OpensSecret: the request is public, and its value is that of the
	// secret so numbered, opened to every seat; with an Audience (the
	// SecretLooks option), opened to those seats only (a secret look).
	Secret      int `json:"secret,omitempty"`
	OpensSecret int `json:"opensSecret,omitempty"`
}

// Outcome is the answer to a ChanceRequest: one value per range.
type Outcome []int

// Fits reports whether o answers r: same length, every value in range.
func (r ChanceRequest) Fits(o Outcome) error {
	if len(o) != len(r.Ranges) {
		return fmt.Errorf("%w: %s needs %d values, got %d", ErrBadOutcome, r.Kind, len(r.Ranges), len(o))
	}
	if r.Hidden() {
		if err := r.fitsHidden(o); err != nil {
			return err
		}
	}
	for i, v := range o {
		if v == Unknown && r.Hidden() {
			continue
		}
		if v < 0 || v >= r.Ranges[i] {
			return fmt.Errorf("%w: %s value %d is %d, outside [0,%d)", ErrBadOutcome, r.Kind, i, v, r.Ranges[i])
		}
	}
	return nil
}

// Status says who must act next. Exactly one of these holds: the game is
// Over; Chance is non-nil (the next entry must be an Outcome); or Deciders
// lists the seats that may act now. Several deciders means simultaneous
// decisions (every player over the hand limit discards on a 7): their actions
// may arrive in any order and each is applied as it comes.
//
// A Status is read-only: Deciders, Winners and Chance may point into tables
// shared with other Status values (a game may return the same fixed slice
// every time), so copy them before changing anything.
type Status struct {
	Deciders []Seat         `json:"deciders,omitempty"`
	Chance   *ChanceRequest `json:"chance,omitempty"`
	Over     bool           `json:"over,omitempty"`
	Winners  []Seat         `json:"winners,omitempty"`
}

// Decides reports whether s may act now.
func (st Status) Decides(s Seat) bool {
	for _, d := range st.Deciders {
		if d == s {
			return true
		}
	}
	return false
}

// Setup is everything needed to create the initial state of a game.
type Setup struct {
	Game    string            `json:"game"`
	Players int               `json:"players"`
	Options map[string]string `json:"options,omitempty"`
}

// Option returns the named option or def when unset.
func (s Setup) Option(name, def string) string {
	if v, ok := s.Options[name]; ok {
		return v
	}
	return def
}

// Game is the rules of one game: a factory of initial states and a decoder of
// its actions. Games register themselves with Register.
type Game interface {
	// ID is the game id used across the project: "catan", "cities-knights",
	// "traders-barbarians", "burgundy", "agricola".
	ID() string
	// RulesVersion changes whenever a rule change could alter the fold of an
	// existing log; saves from another rules version are refused.
	RulesVersion() string
	// MinPlayers and MaxPlayers bound Setup.Players.
	MinPlayers() int
	MaxPlayers() int
	// New returns the initial state (often waiting for a chance outcome
	// that lays out the board or shuffles the decks).
	New(setup Setup) (State, error)
	// DecodeAction parses one action as the log stores it.
	DecodeAction(data []byte) (Action, error)
}

// State is one game in progress. Its exported fields must marshal
// deterministically with encoding/json: that encoding is what Hash covers.
type State interface {
	Status() Status
	// Legal enumerates the actions seat may take now (nil when it may not
	// act). The UI offers exactly these; bots choose among them.
	Legal(seat Seat) []Action
	// Apply performs seat's action or returns an error (wrapping
	// ErrIllegal, ErrNotYourTurn …) and leaves the state untouched.
	Apply(seat Seat, a Action) error
	// Resolve feeds the outcome of the pending chance request.
	Resolve(o Outcome) error
	// View is what seat may see, ready for encoding/json. Spectator sees
	// public information only.
	View(seat Seat) any
	// Clone returns an independent deep copy (bots search on clones).
	Clone() State
	// Scores are the current points per seat (final scores once Over).
	Scores() []int
}

// RulesReader is implemented by games whose rules changed only by
// allowing what an older version refused: a log written under such a
// version folds exactly as it did, so its files still load and verify.
type RulesReader interface {
	// ReadsRules reports whether logs of rules version v fold the same
	// under this build's rules.
	ReadsRules(v string) bool
}

// ReadsRules reports whether g folds a log of rules version v exactly as
// v did: v is g's own version, or one g declares (RulesReader).
func ReadsRules(g Game, v string) bool {
	if v == g.RulesVersion() {
		return true
	}
	r, ok := g.(RulesReader)
	return ok && r.ReadsRules(v)
}

// SetupReader is implemented by games that read an older rules version
// whose setup meant something this build spells out: a default that
// changed (Agricola's card game became the default in agricola/2, so an
// agricola/1 setup without the option is the family game).
type SetupReader interface {
	// ReadSetup gives the setup a log of rules version v was played with,
	// as this build must read it.
	ReadSetup(v string, s Setup) Setup
}

// SetupFor is the setup under which g folds a log of rules version v
// written with setup s (s itself unless g is a SetupReader).
func SetupFor(g Game, v string, s Setup) Setup {
	if r, ok := g.(SetupReader); ok && v != g.RulesVersion() {
		return r.ReadSetup(v, s)
	}
	return s
}

// Evaluator is implemented by states that can rate a position for a seat;
// the greedy bot maximises it one decision ahead. Higher is better.
type Evaluator interface {
	Evaluate(seat Seat) float64
}

// IndexedLegal is implemented by states that can enumerate their legal
// actions without building the []Action of Legal (which boxes every action
// into an interface). It must describe exactly the list Legal returns:
// LegalCount(seat) == len(Legal(seat)) and LegalAt(seat, i) equals
// Legal(seat)[i], in the same order, so code that picks by index makes the
// same choice through either. Bots and simulations use it when present;
// only the action actually picked is allocated.
//
// A state type that wraps another by embedding and overrides Legal must
// override these too (or hide them), or they would describe the inner
// state's list.
type IndexedLegal interface {
	// LegalCount is len(Legal(seat)): 0 when seat may not act.
	LegalCount(seat Seat) int
	// LegalAt is Legal(seat)[i], or nil when i is out of range.
	LegalAt(seat Seat, i int) Action
}

// Errors that Apply and Resolve wrap, so callers can tell kinds apart with
// errors.Is and show a clear message.
var (
	ErrNotYourTurn = errors.New("not your turn")
	ErrIllegal     = errors.New("illegal action")
	ErrBadAction   = errors.New("malformed action")
	ErrBadOutcome  = errors.New("bad chance outcome")
	ErrNoChance    = errors.New("no chance outcome is awaited")
	ErrAwaitChance = errors.New("waiting for a chance outcome")
	ErrGameOver    = errors.New("the game is over")
)

// Illegal returns an error wrapping ErrIllegal with a reason a player can read.
func Illegal(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrIllegal, fmt.Sprintf(format, args...))
}

// CheckTurn is the common first step of Apply: the game must be waiting for
// seat's decision.
func CheckTurn(st Status, seat Seat) error {
	switch {
	case st.Over:
		return ErrGameOver
	case st.Chance != nil:
		return ErrAwaitChance
	case !st.Decides(seat):
		return fmt.Errorf("%w (seat %d)", ErrNotYourTurn, seat)
	}
	return nil
}

// CheckChance is the common first step of Resolve.
func CheckChance(st Status, o Outcome) error {
	if st.Over {
		return ErrGameOver
	}
	if st.Chance == nil {
		return ErrNoChance
	}
	return st.Chance.Fits(o)
}

// Hash is the state hash: SHA-256 over the state's canonical encoding
// (encoding/json of the state value, whose struct fields come in declaration
// order and whose map keys come sorted). Identical natively and in wasm.
func Hash(s State) [32]byte {
	var b []byte
	var err error
	if c, ok := s.(CanonicalEncoder); ok {
		b, err = c.EncodeCanonical()
	} else {
		b, err = json.Marshal(s)
	}
	if err != nil {
		// A state that cannot encode is a programming error in a game.
		panic(fmt.Sprintf("engine: state does not encode: %v", err))
	}
	return sha256.Sum256(b)
}

// CanonicalEncoder is implemented by states that write their canonical
// encoding by hand, because Hash runs after every logged entry (hot-seat
// saves, every peer-to-peer entry). The bytes must equal what encoding/json
// writes for the state; the game's tests must assert that on whole games.
type CanonicalEncoder interface {
	EncodeCanonical() ([]byte, error)
}

// HashHex is Hash as lower-case hex.
func HashHex(s State) string {
	h := Hash(s)
	return fmt.Sprintf("%x", h[:])
}
